import { CalendarClock, Hourglass, Mail, Printer, Search, Settings } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { useKeptResult } from "../../../../components/admin/use-kept-result.ts";
import { NoticeInPage } from "../../../../components/forms/form-notice.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { Input } from "../../../../components/ui/input.tsx";
import { Label } from "../../../../components/ui/label.tsx";
import { formatLongDate } from "../../../../lib/calendar.ts";
import { useHydrated } from "../../../../lib/use-hydrated.ts";
import { cn } from "../../../../lib/utils.ts";
import { adminMessages as A } from "../../book/index.ts";
import type { CapacitySettings } from "../../availability/index.ts";
import { dayCapacity, summarizeDay } from "../../availability/index.ts";
import type { AdminResult, ListResult, ReservationView } from "../../book/index.ts";
import { ReservationCard, type ReservationRow } from "./reservation-card.tsx";
import {
  DeleteReservationDialog,
  InfoDialog,
  OverbookingDialog,
  OverbookingInPage,
  ReservationFormDialog,
} from "./reservation-dialogs.tsx";
import { DaySummaryPanel } from "./day-summary-panel.tsx";

export interface ReservationsScreenProps {
  view: ReservationView;
  today: string;
  list: ListResult;
  /** The settings the day's capacity figures need; without online seats they show nothing new. */
  capacity: CapacitySettings;
  /** Outbox messages not sent yet: a hint with a link to the outbox. */
  mailsWaiting: number;
  result: AdminResult | undefined;
}

const SEARCH_DEBOUNCE_MS = 500;

/** One of the list's views ('Heute', 'Ausstehend', 'Warteliste'): a link, marked when it is shown. */
function ViewLink({
  to,
  current,
  onClick,
  children,
}: {
  to: string;
  current: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button asChild variant={current ? "default" : "outline"}>
      <Link to={to} aria-current={current ? "true" : undefined} onClick={onClick}>
        {children}
      </Link>
    </Button>
  );
}

function groupByDate(reservations: readonly ReservationRow[]) {
  const groups = new Map<string, ReservationRow[]>();
  for (const reservation of reservations) {
    const group = groups.get(reservation.reservation_date) ?? [];
    group.push(reservation);
    groups.set(reservation.reservation_date, group);
  }
  return [...groups.entries()];
}

/**
 * 'Reservierungen einsehen' (README, 'Reservations and e-mail'): a day (default today), the pending requests, or a
 * name search that overrides both; cards under date headings; add, edit, status, delete with the
 * dialogs of docs/product/reservations.md#staff-screen. The address holds the view, so reloading or printing
 * shows the same list.
 */
export function ReservationsScreen({
  view,
  today,
  list,
  capacity,
  mailsWaiting,
  result: answered,
}: ReservationsScreenProps) {
  // The answer stays while live updates renew the list (decision 0035).
  const result = useKeptResult(answered);
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const shownDate = view.mode === "date" ? view.date : today;

  // Each dialog remembers the answer that was current when it opened: a newer one to its form closes it.
  const [adding, setAdding] = useState<{ after: string | undefined } | undefined>();
  const [editing, setEditing] = useState<
    { reservation: ReservationRow; after: string | undefined } | undefined
  >();
  const [deleting, setDeleting] = useState<
    { reservation: ReservationRow; after: string | undefined } | undefined
  >();
  const [dismissed, setDismissed] = useState<string | undefined>();
  const answeredSince = (intent: AdminResult["intent"], after: string | undefined) =>
    result !== undefined &&
    result.intent === intent &&
    result.outcome !== "invalid" &&
    result.resultId !== after;
  // An answer closes its dialog for good (state adjusted while rendering, as React recommends over
  // an effect): a later answer to another form must not bring it back.
  if (adding && answeredSince("create", adding.after)) setAdding(undefined);
  if (editing && answeredSince("update", editing.after)) setEditing(undefined);
  if (deleting && answeredSince("delete", deleting.after)) setDeleting(undefined);
  const info = result?.info && result.resultId !== dismissed ? result.info : undefined;
  const formErrors = (intent: AdminResult["intent"], after: string | undefined) =>
    result?.intent === intent && result.outcome === "invalid" && result.resultId !== after
      ? result.fieldErrors
      : undefined;
  // 'Überbucht: … Trotzdem speichern?' (decision 0031): in the dialog whose form was sent, else (a
  // change of status) in a dialog of its own; without JavaScript in the page.
  const questionFor = (intent: AdminResult["intent"], after: string | undefined) =>
    result?.intent === intent && result.overbooking && result.resultId !== after
      ? { message: result.overbooking.message, id: result.resultId }
      : undefined;
  const statusQuestion =
    hydrated && (result?.intent === "status" || result?.intent === "table") && result.resultId !== dismissed
      ? result.overbooking
      : undefined;

  // The name search: debounced, and it replaces the history entry instead of adding one per letter.
  const [query, setQuery] = useState(view.mode === "search" ? view.query : "");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const search = (text: string) => {
    setQuery(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (text.trim()) next.set("q", text.trim());
          else next.delete("q");
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }, SEARCH_DEBOUNCE_MS);
  };
  /** 'Heute' and 'Ausstehend' leave the search; a search still waiting for its debounce is dropped. */
  const leaveSearch = () => {
    clearTimeout(timer.current);
    setQuery("");
  };
  const searching = view.mode === "search";
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === "/admin/reservations" &&
    navigation.formMethod === undefined;

  const reservations = list.ok ? list.reservations : [];
  const roomFor = new Set(list.ok ? list.roomFor : []);
  const title =
    view.mode === "search"
      ? `Suchergebnisse für „${view.query}“`
      : view.mode === "pending"
        ? "Alle ausstehenden Anfragen"
        : view.mode === "waitlist"
          ? "Alle Anfragen auf der Warteliste"
          : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Button onClick={() => setAdding({ after: result?.resultId })}>+ Neue Reservierung</Button>
        <div className="flex flex-wrap gap-2">
          {view.mode === "date" && list.ok && reservations.length > 0 ? (
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden="true" />
              Tagesliste drucken
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to="/admin/reservations/einstellungen">
              <Settings aria-hidden="true" />
              Einstellungen
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin/reservations/e-mails">
              <Mail aria-hidden="true" />
              E-Mail-Ausgang
              {mailsWaiting > 0 ? (
                <span className="rounded-full bg-amber-100 px-2 text-xs text-amber-900">
                  {mailsWaiting} wartend
                </span>
              ) : null}
            </Link>
          </Button>
        </div>
      </div>

      <div className="grid gap-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm md:grid-cols-[auto_1fr] print:hidden">
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search" aria-label="Datum">
          <div className="space-y-2">
            <Label htmlFor="reservation-date">Datum auswählen</Label>
            <Input
              id="reservation-date"
              type="date"
              name="date"
              className="w-44"
              value={shownDate}
              onChange={(event) => {
                const date = event.currentTarget.value;
                if (!date) return;
                leaveSearch();
                setSearchParams({ date }, { preventScrollReset: true });
              }}
            />
          </div>
          {/* Only without scripts (with them, choosing a date shows it): rendered the same before and after
              hydration, so nothing moves under a press while the screen hydrates (decision 0029). */}
          <Button className="scripting:hidden" type="submit" variant="outline">
            Anzeigen
          </Button>
          <ViewLink
            to={`?date=${today}`}
            current={view.mode === "date" && view.date === today}
            onClick={leaveSearch}
          >
            Heute
          </ViewLink>
          <ViewLink to="?view=pending" current={view.mode === "pending"} onClick={leaveSearch}>
            <CalendarClock aria-hidden="true" />
            Ausstehend
          </ViewLink>
          <ViewLink to="?view=warteliste" current={view.mode === "waitlist"} onClick={leaveSearch}>
            <Hourglass aria-hidden="true" />
            Warteliste
          </ViewLink>
        </Form>
        <Form
          method="get"
          role="search"
          className="flex items-end gap-2 md:justify-self-end"
          onSubmit={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            search(query);
          }}
        >
          <div className="w-full space-y-2 md:w-72">
            <Label htmlFor="reservation-search">Nach Name suchen</Label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
                aria-hidden="true"
              />
              <Input
                id="reservation-search"
                type="search"
                name="q"
                placeholder="Kundenname..."
                className="pl-9"
                autoComplete="off"
                value={query}
                onChange={(event) => search(event.currentTarget.value)}
              />
            </div>
          </div>
          <Button className="scripting:hidden" type="submit" variant="outline">
            Suchen
          </Button>
        </Form>
      </div>

      {result?.overbooking && !hydrated ? <OverbookingInPage question={result.overbooking} /> : null}
      {result && !hydrated && result.info ? (
        <NoticeInPage
          notice={{
            tone: result.info.title === "Erfolg" ? "success" : "error",
            title: result.info.title,
            description: result.info.message,
          }}
        />
      ) : null}

      {title ? (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-lg font-semibold">{title}</p>
          {searching ? (
            <p className="text-sm text-muted">
              Die Suche ersetzt Datum und Ausstehend. Leeren Sie das Suchfeld, um zurückzukehren.
            </p>
          ) : null}
        </div>
      ) : null}
      {list.ok ? <p className="hidden text-sm print:block">Tagesliste · Stand {list.readAt}</p> : null}
      {list.ok && list.total > list.reservations.length ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
        >
          {A.truncated(list.reservations.length, list.total)}
        </p>
      ) : null}

      {loading ? (
        <p
          role="status"
          className="rounded-lg border border-dashed border-stone-300 bg-white p-6 text-center text-muted"
        >
          {A.loading}
        </p>
      ) : !list.ok ? (
        <div role="alert" className="rounded-lg border border-brand-700/40 bg-brand-50 p-6 text-brand-800">
          <p className="font-semibold">Fehler</p>
          <p className="mt-1">{list.message}</p>
          <p className="mt-2 text-sm">{A.loadHint}</p>
        </div>
      ) : reservations.length === 0 ? (
        <div className="rounded-lg border border-dashed border-stone-300 bg-white p-10 text-center">
          <p className="font-serif text-xl font-semibold">{A.emptyTitle}</p>
          <p className="mt-1 text-muted">{A.emptyText}</p>
        </div>
      ) : (
        <div
          className={cn(
            "space-y-8",
            view.mode === "date" && "lg:grid lg:gap-6 lg:space-y-0 print:block",
            // The seats column needs room beside the guests (decision 0031).
            view.mode === "date" &&
              (capacity.onlineSeats === null ? "lg:grid-cols-[1fr_18rem]" : "lg:grid-cols-[1fr_22rem]"),
          )}
        >
          <div className="space-y-8">
            {groupByDate(reservations).map(([date, group]) => (
              <section key={date} aria-labelledby={`day-${date}`}>
                <h2
                  id={`day-${date}`}
                  className="mb-3 border-b border-stone-200 pb-2 font-sans text-base font-semibold text-stone-700"
                >
                  {formatLongDate(date)}
                  <span className="ml-2 font-normal text-muted">
                    ({group.length} {group.length === 1 ? "Reservierung" : "Reservierungen"})
                  </span>
                </h2>
                <div className="space-y-3">
                  {group.map((reservation) => (
                    <ReservationCard
                      key={reservation.id}
                      reservation={reservation}
                      roomFree={roomFor.has(reservation.id)}
                      history={list.ok ? list.history[reservation.id] : undefined}
                      place={list.ok ? list.places?.[reservation.id] : undefined}
                      areaWish={list.ok ? list.areaWishes?.[reservation.id] : undefined}
                      tableChoices={list.ok ? list.tableChoices : undefined}
                      onEdit={() => setEditing({ reservation, after: result?.resultId })}
                      onDelete={() => setDeleting({ reservation, after: result?.resultId })}
                    />
                  ))}
                </div>
              </section>
            ))}
          </div>
          {view.mode === "date" ? (
            <DaySummaryPanel
              summary={summarizeDay(reservations)}
              capacity={dayCapacity(reservations, capacity)}
            />
          ) : null}
        </div>
      )}

      <ReservationFormDialog
        key={`add-${adding?.after ?? ""}`}
        open={adding !== undefined}
        onOpenChange={(open) => (open ? undefined : setAdding(undefined))}
        defaultDate={shownDate}
        serverErrors={adding ? formErrors("create", adding.after) : undefined}
        question={adding ? questionFor("create", adding.after) : undefined}
      />
      <ReservationFormDialog
        key={`edit-${editing?.reservation.id ?? ""}-${editing?.after ?? ""}`}
        open={editing !== undefined}
        onOpenChange={(open) => (open ? undefined : setEditing(undefined))}
        reservation={editing?.reservation}
        defaultDate={shownDate}
        serverErrors={editing ? formErrors("update", editing.after) : undefined}
        question={editing ? questionFor("update", editing.after) : undefined}
      />
      <DeleteReservationDialog
        reservation={deleting?.reservation}
        onOpenChange={(open) => (open ? undefined : setDeleting(undefined))}
      />
      <InfoDialog info={info} onClose={() => setDismissed(result?.resultId)} />
      <OverbookingDialog question={statusQuestion} onClose={() => setDismissed(result?.resultId)} />
    </div>
  );
}
