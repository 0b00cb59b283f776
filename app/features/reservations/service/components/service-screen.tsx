import { Phone, UserPlus } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useFetcher, useNavigate } from "react-router";
import { useKeptResult } from "../../../../components/admin/use-kept-result.ts";
import { NoticeInPage } from "../../../../components/forms/form-notice.tsx";
import { Field } from "../../../../components/forms/field.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { berlinNow, formatLongDate } from "../../../../lib/calendar.ts";
import { telHref } from "../../../../lib/format.ts";
import { fieldErrorsOf, formText, INTENT_FIELD, type StaffActionResult } from "../../../../lib/forms.ts";
import { cn } from "../../../../lib/utils.ts";
import {
  MAX_STAFF_PARTY_SIZE,
  personsLabel,
  serviceMessages as S,
  sourceLabels,
  statusLabels,
  UNDO_SECONDS,
} from "../../book/index.ts";
import { walkInFields, walkInSchema } from "../../book/index.ts";
import type { ServiceDay, ServiceEntry, UndoOffer } from "../evening.ts";
import { noShowDue, noShowFrom, offeredServiceActions } from "../../book/index.ts";
import { GuestHistoryLine, TablePlace } from "../../booking/index.ts";
import { statusClasses } from "../../booking/index.ts";

/** What the service action answers: the shared staff answer, and what 'Rückgängig' needs. */
export type ServiceResult = StaffActionResult & { undo?: UndoOffer };

export interface ServiceScreenProps {
  day: ServiceDay;
  /** When the server read the day (ISO): the first render judges 'Nicht erschienen' by it, as the server did. */
  readAt: string;
  /** The walk-in form's one-time key. */
  walkInKey: string;
  result: ServiceResult | undefined;
}

const actionLabels = { ARRIVED: S.arrived, COMPLETED: S.completed, NO_SHOW: S.noShow } as const;

/** The clock the 'Nicht erschienen' buttons follow: the server's reading first, then the browser's, each half minute. */
function useClock(readAt: string): Date {
  const [now, setNow] = useState(() => new Date(readAt));
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The toasts of the taps, each once (by its answer's id), with 'Rückgängig' for ten seconds; one
 * fetcher sends every undo. Called from each row's own answer, so two quick taps on two rows each
 * get their toast.
 */
function useTapToasts(undo: (offer: NonNullable<ServiceResult["undo"]>) => void) {
  const shown = useRef(new Set<string>());
  const send = useRef(undo);
  useEffect(() => {
    send.current = undo;
  });
  return useCallback((result: ServiceResult) => {
    if (shown.current.has(result.resultId) || !result.notice) return;
    shown.current.add(result.resultId);
    const { notice, undo: offer } = result;
    void import("../../../../components/ui/toaster.tsx").then(({ toast }) => {
      if (notice.tone !== "success") {
        toast.error(notice.title, { description: notice.description });
        return;
      }
      toast.success(notice.title, {
        description: notice.description,
        duration: offer ? UNDO_SECONDS * 1000 : undefined,
        action: offer ? { label: S.undo, onClick: () => send.current(offer) } : undefined,
      });
    });
  }, []);
}

/** The hidden fields of an undo, for the fetcher and for the form shown without JavaScript. */
const undoFields = (offer: NonNullable<ServiceResult["undo"]>) => ({
  [INTENT_FIELD]: offer.status ? "undo" : "undo-walk-in",
  id: String(offer.id),
  updated_at: offer.updatedAt,
  ...(offer.status ? { status: offer.status } : {}),
});

function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
}

/**
 * 'Service' (decision 0034): the day's reservations by time for the host stand — big buttons for
 * 'Eingetroffen', 'Abgeschlossen' and 'Nicht erschienen', a bar of the seats held per time, the
 * guests' notes, walk-ins. Every tap is a form: it works before the scripts run, and afterwards
 * without leaving the page, with 'Rückgängig' in its toast.
 */
export function ServiceScreen({ day, readAt, walkInKey, result: answered }: ServiceScreenProps) {
  // A form sent as a page keeps its answer (and undo) while live updates renew the day (decision 0035).
  const result = useKeptResult(answered);
  const now = useClock(readAt);
  const undoer = useFetcher<ServiceResult>({ key: "service-undo" });
  const showToast = useTapToasts((offer) => void undoer.submit(undoFields(offer), { method: "post" }));
  const undone = undoer.state === "idle" ? undoer.data : undefined;
  useEffect(() => {
    if (undone) showToast(undone);
  }, [undone, showToast]);
  const isToday = day.date === day.today;
  // A screen left open on today moves to the next day by itself once the Berlin date changes
  // (decision 0034): named by the browser's date, so a server whose clock is a moment behind
  // still shows the new day.
  const navigate = useNavigate();
  const clockDate = berlinNow(now).date;
  useEffect(() => {
    if (isToday && clockDate > day.date)
      void navigate(`/admin/service?datum=${clockDate}`, { replace: true });
  }, [isToday, clockDate, day.date, navigate]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">{formatLongDate(day.date)}</h2>
          <p className="text-muted">{S.summary(day.expectedGuests, day.arrivedGuests)}</p>
        </div>
        <nav aria-label="Tag" className="flex gap-2">
          <DayLink to="/admin/service" current={isToday}>
            {S.today}
          </DayLink>
          <DayLink to={`/admin/service?datum=${day.tomorrow}`} current={day.date === day.tomorrow}>
            {S.tomorrow}
          </DayLink>
        </nav>
      </div>

      {/* A form sent as a page (without JavaScript, or before it ran): its answer and undo show here. */}
      {result?.notice ? (
        <div className="space-y-2">
          <NoticeInPage notice={result.notice} />
          {result.undo ? (
            <Form method="post">
              <HiddenFields fields={undoFields(result.undo)} />
              <Button type="submit" variant="outline">
                {S.undo}
              </Button>
            </Form>
          ) : null}
        </div>
      ) : null}

      {isToday ? <WalkInForm onResult={showToast} pageResult={result} formKey={walkInKey} /> : null}

      {day.waitlist > 0 ? (
        <p>
          <Link className="underline" to={`/admin/reservations?view=warteliste`}>
            {S.waitlist(day.waitlist)}
          </Link>
        </p>
      ) : null}

      {day.slots.length === 0 ? <p className="text-muted">{S.empty}</p> : null}
      {day.slots.map((slot) => (
        <section key={slot.time} aria-labelledby={`zeit-${slot.time}`} className="space-y-3">
          <div className="flex flex-wrap items-center gap-3">
            <h3 id={`zeit-${slot.time}`} className="text-lg font-semibold tabular-nums">
              {slot.time} Uhr
            </h3>
            <SeatsBar held={slot.seatsHeld} capacity={day.capacity} />
          </div>
          <ul className="space-y-3">
            {slot.entries.map((entry) => (
              <ServiceRow key={entry.id} entry={entry} date={day.date} now={now} onResult={showToast} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function DayLink({ to, current, children }: { to: string; current: boolean; children: string }) {
  return (
    <Button asChild size="lg" variant={current ? "default" : "outline"}>
      <Link to={to} aria-current={current ? "page" : undefined}>
        {children}
      </Link>
    </Button>
  );
}

function SeatsBar({ held, capacity }: { held: number; capacity: number | null }) {
  if (capacity === null || capacity <= 0)
    return <p className="text-sm text-muted">{S.seatsHeldNoLimit(held)}</p>;
  const share = Math.min(1, held / capacity);
  return (
    <div className="flex min-w-48 flex-1 items-center gap-3">
      <div aria-hidden="true" className="h-3 flex-1 overflow-hidden rounded-full bg-stone-200">
        <div
          className={cn("h-full rounded-full", held > capacity ? "bg-brand-700" : "bg-green-700")}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      <p className="text-sm tabular-nums">{S.seatsHeld(held, capacity)}</p>
    </div>
  );
}

/** One tap's fetcher per row, so taps on different rows never cancel each other. */
function ServiceRow({
  entry,
  date,
  now,
  onResult,
}: {
  entry: ServiceEntry;
  date: string;
  now: Date;
  onResult: (result: ServiceResult) => void;
}) {
  const fetcher = useFetcher<ServiceResult>({ key: `service-${entry.id}` });
  const rowRef = useRef<HTMLLIElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    onResult(answer);
    // The tapped button went (disabled, then another took its place): the keyboard stays on the row.
    if (document.activeElement === null || document.activeElement === document.body) rowRef.current?.focus();
  }, [answer, onResult]);
  const done = entry.status === "COMPLETED" || entry.status === "CANCELLED" || entry.status === "NO_SHOW";
  const actions = offeredServiceActions(entry.status, date, entry.time, now);
  const waitingForNoShow =
    (entry.status === "PENDING" || entry.status === "CONFIRMED") && !noShowDue(date, entry.time, now);
  return (
    <li
      ref={rowRef}
      tabIndex={-1}
      className={cn(
        "flex flex-col gap-3 rounded-lg border bg-white p-4 focus-visible:outline-2 focus-visible:outline-brand-600 sm:flex-row sm:items-center sm:justify-between",
        done && "bg-stone-50",
      )}
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className={cn("text-lg font-semibold", entry.status === "CANCELLED" && "line-through")}>
            {entry.name}
          </span>
          <span className="font-medium">{personsLabel(entry.partySize)}</span>
          {entry.place ? (
            <span className="rounded-full border border-stone-400 px-2 py-0.5 text-sm">
              <TablePlace place={entry.place} />
            </span>
          ) : null}
          <span className={cn("rounded-full border px-2 py-0.5 text-sm", statusClasses[entry.status])}>
            <span className="sr-only">Status: </span>
            {statusLabels[entry.status]}
          </span>
          {entry.guestConfirmed ? (
            <span className="rounded-full border border-green-700 bg-green-50 px-2 py-0.5 text-sm text-green-900">
              {S.guestConfirmed}
            </span>
          ) : null}
          {entry.source !== "online" ? (
            <span className="rounded-full border border-stone-400 px-2 py-0.5 text-sm">
              {sourceLabels[entry.source]}
            </span>
          ) : null}
        </p>
        <GuestHistoryLine history={entry.history} />
        {entry.notes ? (
          <p className="rounded-md border border-amber-600 bg-amber-50 px-3 py-2 text-amber-950">
            {entry.notes}
          </p>
        ) : null}
        {entry.phone ? (
          <p>
            <a className="inline-flex items-center gap-1 underline" href={telHref(entry.phone)}>
              <Phone aria-hidden="true" className="size-4" />
              {entry.phone}
            </a>
          </p>
        ) : null}
      </div>
      {actions.length > 0 || waitingForNoShow ? (
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          {actions.map((status) => (
            <fetcher.Form key={status} method="post">
              <HiddenFields
                fields={{ [INTENT_FIELD]: "mark", id: String(entry.id), status, updated_at: entry.updatedAt }}
              />
              <Button
                type="submit"
                size="lg"
                variant={status === "NO_SHOW" ? "outline" : "default"}
                className="min-h-12 px-5 text-base"
                disabled={fetcher.state !== "idle"}
                aria-label={`${actionLabels[status]}: ${entry.name}, ${entry.time} Uhr`}
              >
                {actionLabels[status]}
              </Button>
            </fetcher.Form>
          ))}
          {waitingForNoShow ? (
            <p className="text-sm text-muted">
              {S.noShow} ab {noShowFrom(entry.time)} Uhr
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function WalkInForm({
  onResult,
  pageResult,
  formKey,
}: {
  onResult: (result: ServiceResult) => void;
  formKey: string;
  /** The answer of a form sent without JavaScript: its field messages show here. */
  pageResult: ServiceResult | undefined;
}) {
  const fetcher = useFetcher<ServiceResult>({ key: "service-walk-in" });
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    onResult(answer);
    // Ready for the next guests at the door.
    if (answer.outcome === "done") form.current?.reset();
  }, [answer, onResult]);
  const shown = answer ?? pageResult;
  // The server's schema checks first in the browser, with its German messages (decision 0010).
  const [checked, setChecked] = useState<ServiceResult["fieldErrors"]>(undefined);
  const errors = checked ?? (shown?.outcome === "invalid" ? shown.fieldErrors : undefined);
  const check = (event: FormEvent<HTMLFormElement>) => {
    const parsed = walkInSchema.safeParse(formText(new FormData(event.currentTarget), walkInFields));
    setChecked(parsed.success ? undefined : fieldErrorsOf(parsed.error, walkInFields));
    if (!parsed.success) event.preventDefault();
  };
  return (
    <section aria-labelledby="laufkundschaft" className="rounded-lg border bg-white p-4">
      <h3 id="laufkundschaft" className="flex items-center gap-2 text-lg font-semibold">
        <UserPlus aria-hidden="true" className="size-5" />
        {S.walkInTitle}
      </h3>
      <p className="mb-3 text-sm text-muted">{S.walkInHint}</p>
      <fetcher.Form
        ref={form}
        method="post"
        noValidate
        onSubmit={check}
        className="flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name={INTENT_FIELD} value="walk-in" />
        <input type="hidden" name="request_token" value={formKey} />
        <Field
          label={S.walkInPartySize}
          errors={errors?.party_size}
          className="w-28"
          inputProps={{
            name: "party_size",
            type: "number",
            inputMode: "numeric",
            min: 1,
            max: MAX_STAFF_PARTY_SIZE,
            defaultValue: 2,
            required: true,
            className: "h-12 text-lg",
          }}
        />
        <Field
          label={S.walkInName}
          errors={errors?.name}
          className="min-w-48 flex-1"
          inputProps={{ name: "name", autoComplete: "off", className: "h-12 text-lg" }}
        />
        <Button
          type="submit"
          size="lg"
          className="min-h-12 px-5 text-base"
          disabled={fetcher.state !== "idle"}
        >
          {S.walkInSubmit}
        </Button>
      </fetcher.Form>
    </section>
  );
}
