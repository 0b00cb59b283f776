import { Clock, Phone } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Field } from "../../../../components/forms/field.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { telHref } from "../../../../lib/format.ts";
import { fieldErrorsOf, formText, INTENT_FIELD } from "../../../../lib/forms.ts";
import { doorEntryFields, doorEntrySchema, personsLabel } from "../../book/index.ts";
import { estimateWaits, waitLabel, type WaitEstimate } from "../door-waits.ts";
import type { DoorEntry } from "../evening.ts";
import { floorMessages as F } from "../floor-messages.ts";
import { floorParties, floorTime, stayOfFloor, type FloorMoment } from "../floor-moment.ts";
import { HiddenFields, type ServiceResult } from "./taps.tsx";
import { PartySizeField } from "./party-size-field.tsx";

/**
 * 'Warteliste vor Ort' (decision 0057): the parties waiting at the door, in the order they came, each
 * with its wait ('ca. 25 Min.', once tables are drawn) played forward from the tables' parties and
 * stays at the screen's clock — 'Tisch bereit: Tisch 7' with one tap to seat it when a fitting table
 * is free — and 'Gegangen'. Every tap is a form: it works before the scripts run.
 */
export function DoorList({
  entries,
  moment,
  onResult,
  onQuestion,
  pageResult,
}: {
  entries: readonly DoorEntry[];
  /** The plan at the screen's clock; none without tables (then no waits are estimated). */
  moment: FloorMoment | undefined;
  onResult: (result: ServiceResult) => void;
  onQuestion: (result: ServiceResult) => void;
  pageResult: ServiceResult | undefined;
}) {
  const waits = moment
    ? estimateWaits(
        stayOfFloor(moment.floor),
        moment.floor.units,
        floorParties(moment.day),
        entries,
        floorTime(moment.day, moment.now),
      )
    : undefined;
  const labels = moment?.floor.unitLabels ?? {};
  // Every entry shown since the page opened: its answer is told even once the entry has left the list
  // (seated or gone, the answer and the renewed list arrive together).
  const [shown, setShown] = useState(() => entries.map((entry) => entry.id));
  const added = entries.filter((entry) => !shown.includes(entry.id)).map((entry) => entry.id);
  if (added.length > 0) setShown([...shown, ...added]);
  return (
    <section aria-labelledby="warteliste-vor-ort" className="space-y-3 rounded-lg border bg-white p-4">
      <h3 id="warteliste-vor-ort" className="flex items-center gap-2 text-lg font-semibold">
        <Clock aria-hidden="true" className="size-5" />
        {F.doorTitle}
      </h3>
      <p className="text-sm text-muted">{F.doorHint}</p>
      <DoorForm onResult={onResult} pageResult={pageResult} />
      {shown.map((id) => (
        <DoorAnswer key={id} id={id} onResult={onResult} onQuestion={onQuestion} />
      ))}
      {entries.length === 0 ? (
        <p className="text-muted">{F.doorEmpty}</p>
      ) : (
        <ol aria-label={F.doorTitle} className="space-y-2">
          {entries.map((entry) => (
            <DoorRow
              key={entry.id}
              entry={entry}
              wait={waits?.get(entry.id)}
              estimated={waits !== undefined}
              labelOf={(key) => labels[key] ?? key}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

const doorFetcherKey = (id: number) => `door-${id}`;

/** Tells the answer of an entry's tap, once: a toast, or the question about the table. */
function DoorAnswer({
  id,
  onResult,
  onQuestion,
}: {
  id: number;
  onResult: (result: ServiceResult) => void;
  onQuestion: (result: ServiceResult) => void;
}) {
  const fetcher = useFetcher<ServiceResult>({ key: doorFetcherKey(id) });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const told = useRef<string>(undefined);
  useEffect(() => {
    if (!answer || told.current === answer.resultId) return;
    told.current = answer.resultId;
    if (answer.overbooking) onQuestion(answer);
    else onResult(answer);
  }, [answer, onResult, onQuestion]);
  return null;
}

function DoorRow({
  entry,
  wait,
  estimated,
  labelOf,
}: {
  entry: DoorEntry;
  wait: WaitEstimate | undefined;
  /** Waits are estimated (tables are drawn): a party without one fits no table. */
  estimated: boolean;
  labelOf: (key: string) => string;
}) {
  const fetcher = useFetcher<ServiceResult>({ key: doorFetcherKey(entry.id) });
  const busy = fetcher.state !== "idle";
  const ready = wait?.minutes === 0 ? labelOf(wait.unit.key) : undefined;
  const version = { id: String(entry.id), updated_at: entry.updatedAt };
  return (
    <li
      data-door-entry={entry.name}
      className="flex flex-col gap-2 rounded-md border border-stone-300 p-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="text-lg font-semibold">{entry.name}</span>
          <span className="font-medium">{personsLabel(entry.partySize)}</span>
          <span className="text-sm text-muted">{F.waitingSince(entry.since)}</span>
        </p>
        {ready ? (
          <p className="font-semibold text-green-900">{F.tableReady(ready)}</p>
        ) : wait ? (
          <p className="font-medium">{waitLabel(wait.minutes)}</p>
        ) : estimated ? (
          <p className="text-brand-800">{F.noFittingTable}</p>
        ) : null}
        {entry.note ? <p className="text-sm">{entry.note}</p> : null}
        {entry.phone ? (
          <p>
            <a className="inline-flex min-h-11 items-center gap-1 underline" href={telHref(entry.phone)}>
              <Phone aria-hidden="true" className="size-4" />
              {entry.phone}
            </a>
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {ready && wait ? (
          <fetcher.Form method="post">
            <HiddenFields fields={{ [INTENT_FIELD]: "door-seat", ...version, unit: wait.unit.key }} />
            <Button type="submit" size="lg" className="min-h-12 px-5 text-base" disabled={busy}>
              {F.seatAt(ready)}
            </Button>
          </fetcher.Form>
        ) : null}
        <fetcher.Form method="post">
          <HiddenFields fields={{ [INTENT_FIELD]: "door-gone", ...version }} />
          <Button
            type="submit"
            size="lg"
            variant="outline"
            className="min-h-12 px-5 text-base"
            disabled={busy}
            aria-label={`${F.doorLeft}: ${entry.name}`}
          >
            {F.doorLeft}
          </Button>
        </fetcher.Form>
      </div>
    </li>
  );
}

/** A party put on the list: checked in the browser with the server's schema, and again by the server. */
function DoorForm({
  onResult,
  pageResult,
}: {
  onResult: (result: ServiceResult) => void;
  pageResult: ServiceResult | undefined;
}) {
  const fetcher = useFetcher<ServiceResult>({ key: "door-add" });
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    onResult(answer);
    if (answer.outcome === "done") form.current?.reset();
  }, [answer, onResult]);
  const shown = answer ?? (pageResult?.intent === "door-add" ? pageResult : undefined);
  const [checked, setChecked] = useState<ServiceResult["fieldErrors"]>(undefined);
  const errors = checked ?? (shown?.outcome === "invalid" ? shown.fieldErrors : undefined);
  const check = (event: FormEvent<HTMLFormElement>) => {
    const parsed = doorEntrySchema.safeParse(formText(new FormData(event.currentTarget), doorEntryFields));
    setChecked(parsed.success ? undefined : fieldErrorsOf(parsed.error, doorEntryFields));
    if (!parsed.success) event.preventDefault();
  };
  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      onSubmit={check}
      className="flex flex-wrap items-end gap-3"
    >
      <input type="hidden" name={INTENT_FIELD} value="door-add" />
      <Field
        label={F.doorName}
        errors={errors?.name}
        className="min-w-40 flex-1"
        inputProps={{ name: "name", autoComplete: "off", required: true, className: "h-12 text-lg" }}
      />
      <PartySizeField label={F.doorPartySize} errors={errors?.party_size} defaultValue={2} />
      <Field
        label={F.doorPhone}
        errors={errors?.phone}
        className="min-w-40 flex-1"
        inputProps={{ name: "phone", type: "tel", autoComplete: "off", className: "h-12 text-lg" }}
      />
      <Field
        label={F.doorNote}
        errors={errors?.notes}
        className="min-w-40 flex-1"
        inputProps={{ name: "notes", autoComplete: "off", className: "h-12 text-lg" }}
      />
      <Button type="submit" size="lg" className="min-h-12 px-5 text-base" disabled={fetcher.state !== "idle"}>
        {F.doorSubmit}
      </Button>
    </fetcher.Form>
  );
}
