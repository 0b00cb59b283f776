import { Phone, UserPlus } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useFetcher, useNavigate } from "react-router";
import { useKeptResult } from "../../../../components/admin/use-kept-result.ts";
import { NoticeInPage } from "../../../../components/forms/form-notice.tsx";
import { Field } from "../../../../components/forms/field.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { berlinNow, formatLongDate } from "../../../../lib/calendar.ts";
import { telHref } from "../../../../lib/format.ts";
import { fieldErrorsOf, formText, INTENT_FIELD } from "../../../../lib/forms.ts";
import { useHydrated } from "../../../../lib/use-hydrated.ts";
import { cn } from "../../../../lib/utils.ts";
import {
  MAX_STAFF_PARTY_SIZE,
  personsLabel,
  serviceMessages as S,
  sourceLabels,
  statusLabels,
} from "../../book/index.ts";
import { walkInFields, walkInSchema } from "../../book/index.ts";
import type { ServiceDay, ServiceEntry } from "../evening.ts";
import { HiddenFields, noticeOf, undoFields, useTapToasts, type ServiceResult } from "./taps.tsx";
import { floorMessages as F } from "../floor-messages.ts";
import { ServiceFloorView } from "./service-floor.tsx";
import { walkInProposals, type WalkInProposal } from "../floor-moment.ts";
import { DoorList } from "./door-list.tsx";
import { PartySizeField } from "./party-size-field.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../../components/ui/dialog.tsx";
import type { Notice } from "../../../../lib/forms.ts";
import { noShowDue, noShowFrom, offeredServiceActions } from "../../book/index.ts";
import { GuestHistoryLine, OverbookingInPage, TablePlace } from "../../booking/index.ts";
import { statusClasses } from "../../booking/index.ts";

export interface ServiceScreenProps {
  day: ServiceDay;
  /** When the server read the day (ISO): the first render judges 'Nicht erschienen' by it, as the server did. */
  readAt: string;
  /** The walk-in form's one-time key. */
  walkInKey: string;
  result: ServiceResult | undefined;
  /** The list or, once tables are drawn, the plan (decision 0057). */
  view: "list" | "plan";
  /** The walk-in's size asked with 'Tisch vorschlagen' before the scripts run. */
  walkInSize?: number | undefined;
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
 * 'Service' (decision 0034): the day's reservations by time for the host stand — big buttons for
 * 'Eingetroffen', 'Abgeschlossen' and 'Nicht erschienen', a bar of the seats held per time, the
 * guests' notes, walk-ins. Every tap is a form: it works before the scripts run, and afterwards
 * without leaving the page, with 'Rückgängig' in its toast.
 */
export function ServiceScreen({
  day,
  readAt,
  walkInKey,
  result: answered,
  view,
  walkInSize,
}: ServiceScreenProps) {
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
  // A question about a table ('Tisch belegt', decision 0057): asked until answered or dismissed.
  const [question, setQuestion] = useState<ServiceResult>();
  const floor = view === "plan" ? day.floor : undefined;
  const dayHref = (date?: string) => `/admin/service${date ? `?datum=${date}` : ""}`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">{formatLongDate(day.date)}</h2>
          <p className="text-muted">{S.summary(day.expectedGuests, day.arrivedGuests)}</p>
        </div>
        <div className="flex flex-wrap gap-4">
          {day.floor ? (
            <nav aria-label={F.viewChoice} className="flex gap-2">
              <DayLink
                to={`${dayHref(isToday ? undefined : day.date)}${isToday ? "?" : "&"}ansicht=liste`}
                current={!floor}
              >
                {F.listView}
              </DayLink>
              <DayLink
                to={`${dayHref(isToday ? undefined : day.date)}${isToday ? "?" : "&"}ansicht=plan`}
                current={!!floor}
              >
                {F.planView}
              </DayLink>
            </nav>
          ) : null}
          <nav aria-label="Tag" className="flex gap-2">
            <DayLink to={dayHref()} current={isToday}>
              {S.today}
            </DayLink>
            <DayLink to={dayHref(day.tomorrow)} current={day.date === day.tomorrow}>
              {S.tomorrow}
            </DayLink>
          </nav>
        </div>
      </div>

      {/* A form sent as a page (without JavaScript, or before it ran): its answer and undo show here. */}
      {result?.overbooking ? <OverbookingInPage question={result.overbooking} /> : null}
      {result && noticeOf(result) ? (
        <div className="space-y-2">
          <NoticeInPage notice={noticeOf(result) as Notice} />
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

      {isToday ? (
        <WalkInForm
          onResult={showToast}
          onQuestion={setQuestion}
          pageResult={result}
          formKey={walkInKey}
          {...(floor ? { proposalsFor: (size: number) => walkInProposals({ day, floor, now }, size) } : {})}
          defaultSize={walkInSize}
        />
      ) : null}

      {isToday ? (
        <DoorList
          entries={day.door}
          moment={day.floor ? { day, floor: day.floor, now } : undefined}
          onResult={showToast}
          onQuestion={setQuestion}
          pageResult={result}
        />
      ) : null}

      {day.waitlist > 0 ? (
        <p>
          <Link className="underline" to={`/admin/reservations?view=warteliste`}>
            {S.waitlist(day.waitlist)}
          </Link>
        </p>
      ) : null}

      {floor ? (
        <ServiceFloorView
          moment={{ day, floor, now }}
          walkInKey={walkInKey}
          onResult={showToast}
          onQuestion={setQuestion}
        />
      ) : null}
      {!floor && day.slots.length === 0 ? <p className="text-muted">{S.empty}</p> : null}
      {(floor ? [] : day.slots).map((slot) => (
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
      <QuestionDialog question={question} onClose={() => setQuestion(undefined)} onResult={showToast} />
    </div>
  );
}

/**
 * A question about a table ('Tisch belegt: … Trotzdem hier setzen?', decision 0057): 'Trotzdem setzen'
 * sends the tap again with the host's yes, and its answer is toasted like any tap's.
 */
function QuestionDialog({
  question,
  onClose,
  onResult,
}: {
  question: ServiceResult | undefined;
  onClose: () => void;
  onResult: (result: ServiceResult) => void;
}) {
  const fetcher = useFetcher<ServiceResult>({ key: "service-question" });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const asked = question?.overbooking;
  useEffect(() => {
    if (!answer) return;
    onResult(answer);
    onClose();
    // Only the answer's first arrival: `onClose` and `onResult` are new functions on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  return (
    <Dialog open={asked !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-md" role="alertdialog">
        <DialogHeader>
          <DialogTitle>{asked?.title ?? F.questionTitle}</DialogTitle>
          <DialogDescription className="text-base text-ink">{asked?.message}</DialogDescription>
        </DialogHeader>
        {asked ? (
          <fetcher.Form method="post" className="flex flex-wrap justify-end gap-2">
            <HiddenFields fields={asked.values} />
            <Button type="button" variant="outline" size="lg" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" size="lg" disabled={fetcher.state !== "idle"}>
              {asked.confirm ?? F.seatAnyway}
            </Button>
          </fetcher.Form>
        ) : null}
      </DialogContent>
    </Dialog>
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
  onQuestion,
  pageResult,
  formKey,
  proposalsFor,
  defaultSize = 2,
}: {
  onResult: (result: ServiceResult) => void;
  /** A question about the table chosen ('Tisch belegt', decision 0057). */
  onQuestion: (result: ServiceResult) => void;
  formKey: string;
  /** The answer of a form sent without JavaScript: its field messages show here. */
  pageResult: ServiceResult | undefined;
  /** On the plan: the tables free for a walk-in of a size, the best first (decision 0057). */
  proposalsFor?: (size: number) => WalkInProposal[];
  defaultSize?: number | undefined;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ServiceResult>({ key: "service-walk-in" });
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [size, setSize] = useState(defaultSize);
  const sizeIn = (element: HTMLFormElement | null) => {
    const field = element?.elements.namedItem("party_size");
    const value = field instanceof HTMLInputElement ? Number(field.value) : Number.NaN;
    return Number.isInteger(value) && value >= 1 && value <= MAX_STAFF_PARTY_SIZE ? value : undefined;
  };
  // A size typed before the scripts ran is the one proposed for.
  useEffect(() => {
    const typed = sizeIn(form.current);
    if (typed !== undefined) setSize(typed);
  }, []);
  useEffect(() => {
    if (!answer) return;
    if (answer.overbooking) onQuestion(answer);
    else onResult(answer);
    // Ready for the next guests at the door.
    if (answer.outcome === "done") {
      form.current?.reset();
      setSize(sizeIn(form.current) ?? defaultSize);
    }
    // Only a new answer: the callbacks are new functions on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  const proposals = proposalsFor?.(size);
  const shown = answer ?? (pageResult?.intent === "walk-in" ? pageResult : undefined);
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
        <PartySizeField
          label={S.walkInPartySize}
          errors={errors?.party_size}
          defaultValue={defaultSize}
          onChange={(event) => {
            const value = Number(event.currentTarget.value);
            if (Number.isInteger(value) && value >= 1 && value <= MAX_STAFF_PARTY_SIZE) setSize(value);
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
        {proposals ? (
          <div className="w-full space-y-2">
            <p id="walk-in-proposals" className="font-medium">
              {F.proposals}
            </p>
            {proposals.length === 0 ? (
              <p className="text-muted">{F.noProposal(size)}</p>
            ) : (
              <ul aria-labelledby="walk-in-proposals" className="flex flex-wrap gap-2 [&>li]:max-w-full">
                {proposals.slice(0, PROPOSALS_SHOWN).map((proposal, index) => (
                  <li key={proposal.key}>
                    <Button
                      type="submit"
                      name="unit"
                      value={proposal.key}
                      size="lg"
                      variant={index === 0 ? "default" : "outline"}
                      className="h-auto min-h-12 px-4 py-2 text-left text-base whitespace-normal"
                      disabled={fetcher.state !== "idle"}
                    >
                      {proposal.label} ·{" "}
                      {proposal.freeUntil ? F.freeUntil(proposal.freeUntil) : F.freeAllEvening}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {/* Before the scripts run the list follows the size only when asked: a GET of this page. */}
            {hydrated ? null : (
              <Button type="submit" formMethod="get" formNoValidate variant="outline" className="min-h-11">
                {F.proposeFor}
              </Button>
            )}
          </div>
        ) : null}
      </fetcher.Form>
    </section>
  );
}

/** The walk-in form proposes this many tables at most: the best ones. */
const PROPOSALS_SHOWN = 6;
