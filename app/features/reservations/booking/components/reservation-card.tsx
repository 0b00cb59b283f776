import type { Reservation } from "../../book/index.ts";
import { Pencil, Trash2 } from "lucide-react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Button } from "../../../../components/ui/button.tsx";
import { NativeSelect } from "../../../../components/ui/select.tsx";
import { formatBerlinDate, formatBerlinDateTime, formatDate, telHref } from "../../../../lib/format.ts";
import { INTENT_FIELD } from "../../../../lib/forms.ts";
import { useHydrated } from "../../../../lib/use-hydrated.ts";
import { cn } from "../../../../lib/utils.ts";
import {
  adminMessages as A,
  guestActionLabels,
  RESERVATION_STATUSES,
  reservationMessages as M,
  sourceLabels,
  statusLabels,
  type ReservationStatus,
} from "../../book/index.ts";
import type { GuestHistory, ListedPlace } from "../../book/index.ts";
import { GuestHistoryLine } from "./guest-history-line.tsx";
import { TablePlace } from "./table-place.tsx";
import { planMessages } from "../../tables/index.ts";

/** A reservation as the staff screen receives it from its loader. */
export type ReservationRow = Reservation;

export const statusClasses: Record<ReservationStatus, string> = {
  PENDING: "border-amber-600 bg-amber-50 text-amber-900",
  CONFIRMED: "border-green-700 bg-green-50 text-green-900",
  ARRIVED: "border-violet-700 bg-violet-50 text-violet-900",
  COMPLETED: "border-stone-400 bg-stone-100 text-stone-800",
  NO_SHOW: "border-orange-800 bg-orange-50 text-orange-950",
  CANCELLED: "border-brand-700 bg-brand-50 text-brand-800",
  WAITLIST: "border-sky-700 bg-sky-50 text-sky-900",
};

function Detail({
  label,
  children,
  className,
}: {
  label: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

/**
 * 'Tisch ändern' (decision 0053): a table or combination chosen for the party, which fixes it there,
 * or the book's own choice again. A plain form inside a disclosure: it works before (and without) the
 * page's scripts; a taken table is asked about ('Trotzdem zuweisen').
 */
export function TableChoiceForm({
  reservation,
  place,
  choices,
}: {
  reservation: Pick<ReservationRow, "id" | "customer_name">;
  place: Pick<ListedPlace, "unit" | "version">;
  choices: ReadonlyArray<{ key: string; label: string }>;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formData?.get(INTENT_FIELD) === "table" &&
    navigation.formData.get("id") === String(reservation.id);
  const selectId = `table-${reservation.id}`;
  return (
    <details className="mt-3 text-sm print:hidden">
      <summary className="cursor-pointer font-medium text-brand-700 underline-offset-2 hover:underline">
        Tisch ändern<span className="sr-only"> für {reservation.customer_name}</span>
      </summary>
      <Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
        <input type="hidden" name={INTENT_FIELD} value="table" />
        <input type="hidden" name="id" value={reservation.id} />
        <input type="hidden" name="place_version" value={place.version ?? ""} />
        <label htmlFor={selectId} className="font-medium">
          Tisch für {reservation.customer_name}
        </label>
        <NativeSelect
          id={selectId}
          name="unit"
          defaultValue={place.unit ?? "auto"}
          className="h-9 w-auto max-w-full"
        >
          <option value="auto">{planMessages.autoChoice}</option>
          {choices.map((choice) => (
            <option key={choice.key} value={choice.key}>
              {choice.label}
            </option>
          ))}
        </NativeSelect>
        <Button type="submit" size="sm" variant="outline" disabled={pending} aria-busy={pending || undefined}>
          Zuweisen
        </Button>
      </Form>
    </details>
  );
}

/**
 * One reservation (README, 'Reservations and e-mail'): customer, 'Angefragt am', the status drop-down (any status to any
 * other, saved at once), edit and delete, then date, time, party size, e-mail, phone and notes. A
 * waitlist request whose time has room again is flagged 'Platz frei' with one button 'Bestätigen'
 * (decision 0031): a plain form post, so it works before the page's scripts run too; nothing is
 * confirmed without it.
 */
export function ReservationCard({
  reservation,
  roomFree = false,
  history,
  place,
  areaWish,
  tableChoices,
  onEdit,
  onDelete,
}: {
  reservation: ReservationRow;
  /** A waitlist request whose time has room for its party again. */
  roomFree?: boolean;
  /** The guest's earlier visits (decision 0037); none: no line. */
  history?: GuestHistory | undefined;
  /** Where it sits, once tables are drawn (decision 0053); none: no 'Tisch' line. */
  place?: ListedPlace | undefined;
  /** The area the guest chose ('Bereichswunsch', decision 0054); none: no line. */
  areaWish?: string | undefined;
  /** The tables staff may choose ('Tisch ändern'); none: no tables drawn. */
  tableChoices?: ReadonlyArray<{ key: string; label: string }> | undefined;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const statusPending =
    navigation.state !== "idle" &&
    navigation.formData?.get(INTENT_FIELD) === "status" &&
    navigation.formData.get("id") === String(reservation.id);
  const shownStatus = statusPending
    ? ((navigation.formData?.get("status") as ReservationStatus | null) ?? reservation.status)
    : reservation.status;
  const name = reservation.customer_name;
  const statusId = `status-${reservation.id}`;
  const offerConfirm = roomFree && reservation.status === "WAITLIST";
  const confirming =
    statusPending && navigation.formData?.get("status") === "CONFIRMED" && reservation.status === "WAITLIST";

  return (
    <article
      className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm break-inside-avoid sm:p-5"
      aria-labelledby={`reservation-${reservation.id}`}
      data-status={reservation.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`reservation-${reservation.id}`} className="font-sans text-lg font-semibold break-words">
            {name}
          </h3>
          <p className="text-sm text-muted">
            Angefragt am {formatBerlinDate(reservation.created_at)}
            <span aria-hidden="true"> · </span>
            <span data-source={reservation.source}>Quelle: {sourceLabels[reservation.source]}</span>
          </p>
          <GuestHistoryLine history={history} className="mt-1" />
          {reservation.guest_action && reservation.guest_action_at ? (
            <p className="mt-1 text-sm font-semibold text-ink" data-guest-action={reservation.guest_action}>
              {guestActionLabels[reservation.guest_action]} am{" "}
              {formatBerlinDateTime(reservation.guest_action_at)} Uhr
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-1 print:hidden">
          <Form method="post" className="flex items-center gap-2">
            <input type="hidden" name={INTENT_FIELD} value="status" />
            <input type="hidden" name="id" value={reservation.id} />
            <label htmlFor={statusId} className="sr-only">
              Status für {name}
            </label>
            <NativeSelect
              id={statusId}
              name="status"
              value={shownStatus}
              disabled={statusPending}
              aria-busy={statusPending || undefined}
              onChange={(event) => {
                if (hydrated) submit(event.currentTarget.form, { method: "post" });
              }}
              className={cn("h-9 w-auto font-medium", statusClasses[shownStatus])}
            >
              {RESERVATION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusLabels[status]}
                </option>
              ))}
            </NativeSelect>
            {/* Only without scripts, where choosing a status cannot save it by itself (decision 0029). */}
            <Button className="scripting:hidden" type="submit" size="sm" variant="outline">
              Status speichern
            </Button>
          </Form>
          <Button
            variant="ghost"
            size="icon"
            onClick={onEdit}
            aria-label={`Reservierung von ${name} bearbeiten`}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={onDelete}
            aria-label={`Reservierung von ${name} löschen`}
            className="text-brand-700 hover:text-brand-800"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
        <p className="hidden font-medium print:block">{statusLabels[reservation.status]}</p>
      </div>
      {offerConfirm ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-md border border-green-700/40 bg-green-50 px-3 py-2 text-sm text-green-900">
          <p>
            <span className="font-semibold">{A.roomFree}:</span> Um {reservation.reservation_time} Uhr ist
            Platz für {reservation.party_size} {reservation.party_size === 1 ? "Person" : "Personen"}.
          </p>
          <Form method="post" className="print:hidden">
            <input type="hidden" name={INTENT_FIELD} value="status" />
            <input type="hidden" name="id" value={reservation.id} />
            <input type="hidden" name="status" value="CONFIRMED" />
            <Button type="submit" size="sm" disabled={confirming} aria-busy={confirming || undefined}>
              {A.confirmWaitlisted}
            </Button>
          </Form>
        </div>
      ) : null}
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-4">
        <Detail label="Datum">{formatDate(reservation.reservation_date)}</Detail>
        <Detail label="Uhrzeit">{reservation.reservation_time} Uhr</Detail>
        <Detail label="Personen">{reservation.party_size}</Detail>
        {place ? (
          <Detail label="Tisch">
            <TablePlace place={place} />
          </Detail>
        ) : null}
        {areaWish ? <Detail label={M.areaWishLabel}>{areaWish}</Detail> : null}
        <Detail label="Email">
          {reservation.email ? (
            <a
              href={`mailto:${reservation.email}`}
              className="text-brand-700 underline-offset-2 hover:underline"
            >
              {reservation.email}
            </a>
          ) : (
            "–"
          )}
        </Detail>
        {reservation.phone_number ? (
          <Detail label="Telefon">
            <a href={telHref(reservation.phone_number)} className="underline-offset-2 hover:underline">
              {reservation.phone_number}
            </a>
          </Detail>
        ) : null}
        {reservation.notes ? (
          <Detail label="Anmerkungen" className="col-span-full">
            <span className="whitespace-pre-line">{reservation.notes}</span>
          </Detail>
        ) : null}
      </dl>
      {place && tableChoices && tableChoices.length > 0 ? (
        <TableChoiceForm reservation={reservation} place={place} choices={tableChoices} />
      ) : null}
    </article>
  );
}
