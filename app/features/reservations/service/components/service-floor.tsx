import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "../../../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "../../../../components/ui/dialog.tsx";
import { NativeSelect } from "../../../../components/ui/select.tsx";
import { INTENT_FIELD } from "../../../../lib/forms.ts";
import { useHydrated } from "../../../../lib/use-hydrated.ts";
import { cn } from "../../../../lib/utils.ts";
import { personsLabel, serviceMessages as S, statusLabels } from "../../book/index.ts";
import { TableOutline, type DiningTable } from "../../tables/index.ts";
import type { ServiceEntry, ServiceFloor } from "../evening.ts";
import { floorMessages as F } from "../floor-messages.ts";
import { stateLabel, type TableState } from "../table-states.ts";
import { floorStates, type FloorMoment } from "../floor-moment.ts";
import { HiddenFields, type ServiceResult } from "./taps.tsx";

/**
 * The plan view of 'Service' (decision 0057): each area's tables with their state in words and
 * colour — 'Frei', 'Reserviert 19:30', 'Belegt seit 18:40', 'Bald frei', 'Überzogen' — and what a tap
 * on a table offers for it. The list under each drawing says and offers the same (the keyboard's and
 * a narrow screen's way, and the way before the scripts run); once they run, a table tapped on the
 * drawing opens its choices in a dialog.
 */

/** Fill and text colours per state; the state is always written too. */
const stateColours: Record<TableState["kind"], { fill: string; chip: string }> = {
  free: {
    fill: "fill-white stroke-stone-500 [stroke-dasharray:10_6]",
    chip: "border-stone-400 bg-white text-ink",
  },
  due: { fill: "fill-amber-100 stroke-amber-700", chip: "border-amber-700 bg-amber-50 text-amber-950" },
  seated: { fill: "fill-green-100 stroke-green-800", chip: "border-green-800 bg-green-50 text-green-950" },
  "soon-free": {
    fill: "fill-orange-100 stroke-orange-700",
    chip: "border-orange-700 bg-orange-50 text-orange-950",
  },
  overdue: { fill: "fill-red-100 stroke-red-800", chip: "border-red-800 bg-red-50 text-red-950" },
};

/** The state's details in words: who, how many, since when and until when, and who comes next. */
function stateDetails(state: TableState): string[] {
  if (state.kind === "free") return [state.next ? F.freeUntil(state.next.time) : F.freeAllEvening];
  if (state.kind === "due")
    return [
      `${state.party.name}, ${personsLabel(state.party.partySize)}, ${statusLabels[state.party.status]}`,
    ];
  return [
    `${state.party.name}, ${personsLabel(state.party.partySize)}`,
    F.untilStay(state.until),
    ...(state.others.length > 0
      ? [`${F.doubleBooked}: ${state.others.map((other) => other.name).join(", ")}`]
      : []),
    ...(state.next ? [F.nextParty(state.next.time, state.next.name)] : []),
  ];
}

const tableAnchor = (id: number) => `tisch-${id}`;

/** The state as the drawing may write it: in full, then shorter. */
function shortLabels(state: TableState): string[] {
  switch (state.kind) {
    case "due":
      return [stateLabel(state), `Res. ${state.party.time}`, state.party.time];
    case "seated":
      return [stateLabel(state), `seit ${state.since}`, state.since];
    case "overdue":
      return [stateLabel(state), "überz."];
    default:
      return [stateLabel(state)];
  }
}

/** The first way to say it that fits `room` characters, else the shortest cut with '…'. */
function fitted(ways: readonly string[], room: number): string {
  const way = ways.find((one) => one.length <= room) ?? ways.at(-1) ?? "";
  return way.length > room ? `${way.slice(0, Math.max(1, room - 1))}…` : way;
}

export function ServiceFloorView({
  moment,
  walkInKey,
  onResult,
  onQuestion,
}: {
  moment: FloorMoment;
  walkInKey: string;
  onResult: (result: ServiceResult) => void;
  onQuestion: (result: ServiceResult) => void;
}) {
  const hydrated = useHydrated();
  const { day, floor } = moment;
  const states = floorStates(moment);
  const entries = new Map(day.slots.flatMap((slot) => slot.entries).map((entry) => [entry.id, entry]));
  const [opened, setOpened] = useState<number>();
  const openedTable = floor.tables.find((table) => table.id === opened);
  const openedState = opened === undefined ? undefined : states.get(opened);
  const actions = (table: DiningTable, state: TableState, onDone?: () => void) => (
    <TableActions
      table={table}
      state={state}
      entries={entries}
      isToday={day.date === day.today}
      choices={floor.choices}
      walkInKey={walkInKey}
      onResult={(result) => {
        if (result.overbooking) onQuestion(result);
        else onResult(result);
        if (result.outcome === "done") onDone?.();
      }}
    />
  );

  return (
    <div className="space-y-8">
      <p className="text-sm text-muted">{F.legend}</p>
      {day.date !== day.today ? <p>{F.otherDayNoTaps}</p> : null}
      {floor.areas.map((area) => {
        const tables = floor.tables.filter((table) => table.areaId === area.id);
        const headingId = `bereich-${area.id}`;
        return (
          <section key={area.id} aria-labelledby={headingId} className="space-y-3">
            <h3 id={headingId} className="text-lg font-semibold">
              {area.name}
            </h3>
            {area.closed ? (
              <p className="text-muted">{F.closedArea(area.closedNote)}</p>
            ) : (
              <>
                <FloorDrawing
                  area={area}
                  tables={tables}
                  states={states}
                  onOpen={hydrated ? setOpened : undefined}
                />
                <ul aria-label={`Tische ${area.name}`} className="grid gap-3 lg:grid-cols-2">
                  {tables.map((table) => {
                    const state = states.get(table.id) ?? { kind: "free" as const };
                    return (
                      <li
                        key={table.id}
                        id={tableAnchor(table.id)}
                        data-floor-table={table.name}
                        data-state={state.kind}
                        className="scroll-mt-24 rounded-lg border bg-white p-3"
                      >
                        <TableHeading table={table} state={state} />
                        {actions(table, state)}
                      </li>
                    );
                  })}
                </ul>
              </>
            )}
          </section>
        );
      })}
      <Dialog
        open={openedTable !== undefined}
        onOpenChange={(open) => (open ? undefined : setOpened(undefined))}
      >
        <DialogContent className="max-w-lg">
          {openedTable && openedState ? (
            <>
              <DialogHeader>
                <DialogTitle>Tisch {openedTable.name}</DialogTitle>
              </DialogHeader>
              <TableHeading table={openedTable} state={openedState} />
              {actions(openedTable, openedState, () => setOpened(undefined))}
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function TableHeading({ table, state }: { table: DiningTable; state: TableState }) {
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-lg font-semibold">Tisch {table.name}</span>
        <span className="text-sm text-muted">
          {table.seatsMin === table.seatsMax ? `${table.seatsMax}` : `${table.seatsMin}–${table.seatsMax}`}{" "}
          Plätze
        </span>
        <span
          className={cn("rounded-full border px-2 py-0.5 text-sm font-medium", stateColours[state.kind].chip)}
        >
          {stateLabel(state)}
        </span>
      </p>
      {stateDetails(state).map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/**
 * What a table offers for its state: the party due there arrives ('Eingetroffen'), the party at it
 * leaves ('Tisch frei'), either moves ('Tisch wechseln'), or a walk-in sits at a free table. Each a
 * form: a page without scripts sends it as it is.
 */
function TableActions({
  table,
  state,
  entries,
  isToday,
  choices,
  walkInKey,
  onResult,
}: {
  table: DiningTable;
  state: TableState;
  entries: ReadonlyMap<number, ServiceEntry>;
  isToday: boolean;
  choices: ServiceFloor["choices"];
  walkInKey: string;
  onResult: (result: ServiceResult) => void;
}) {
  const fetcher = useFetcher<ServiceResult>({ key: `floor-${table.id}` });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const told = useRef<string>(undefined);
  useEffect(() => {
    if (!answer || told.current === answer.resultId) return;
    told.current = answer.resultId;
    onResult(answer);
  }, [answer, onResult]);
  const busy = fetcher.state !== "idle";
  const party = state.kind === "free" ? undefined : state.party;
  const entry = party && entries.get(party.id);
  const buttonClass = "min-h-12 px-5 text-base";

  return (
    <div className="mt-3 flex flex-wrap items-end gap-3">
      {isToday && entry && state.kind === "due" ? (
        <fetcher.Form method="post">
          <HiddenFields
            fields={{
              [INTENT_FIELD]: "mark",
              id: String(entry.id),
              status: "ARRIVED",
              updated_at: entry.updatedAt,
              at_table: "1",
            }}
          />
          <Button
            type="submit"
            size="lg"
            className={buttonClass}
            disabled={busy}
            aria-label={`${S.arrived}: ${entry.name}, Tisch ${table.name}`}
          >
            {S.arrived}
          </Button>
        </fetcher.Form>
      ) : null}
      {isToday && entry && state.kind !== "free" && state.kind !== "due" ? (
        <fetcher.Form method="post">
          <HiddenFields
            fields={{
              [INTENT_FIELD]: "mark",
              id: String(entry.id),
              status: "COMPLETED",
              updated_at: entry.updatedAt,
            }}
          />
          <Button
            type="submit"
            size="lg"
            className={buttonClass}
            disabled={busy}
            aria-label={`${F.tableFree}: Tisch ${table.name}, ${entry.name}`}
          >
            {F.tableFree}
          </Button>
        </fetcher.Form>
      ) : null}
      {isToday && state.kind === "free" ? (
        <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
          <HiddenFields
            fields={{
              [INTENT_FIELD]: "walk-in",
              unit: `t${table.id}`,
              request_token: `${walkInKey}-t${table.id}`,
              name: "",
            }}
          />
          <div className="space-y-1">
            <label htmlFor={`walk-in-size-${table.id}`} className="block text-sm font-medium">
              {S.walkInPartySize}
            </label>
            <input
              id={`walk-in-size-${table.id}`}
              name="party_size"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              required
              defaultValue={Math.max(table.seatsMin, Math.min(2, table.seatsMax))}
              className="h-12 w-24 rounded-md border border-stone-400 px-3 text-lg"
            />
          </div>
          <Button
            type="submit"
            size="lg"
            variant="outline"
            className={buttonClass}
            disabled={busy}
            aria-label={`${F.walkInHere}: Tisch ${table.name}`}
          >
            {F.walkInHere}
          </Button>
        </fetcher.Form>
      ) : null}
      {entry?.place ? (
        <details className="w-full text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-700 underline-offset-2 hover:underline">
            {F.changeTable}
            <span className="sr-only"> für {entry.name}</span>
          </summary>
          <fetcher.Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
            <HiddenFields
              fields={{
                [INTENT_FIELD]: "table",
                id: String(entry.id),
                place_version: entry.place.version ?? "",
              }}
            />
            <label htmlFor={`floor-table-${table.id}-${entry.id}`} className="font-medium">
              Tisch für {entry.name}
            </label>
            <NativeSelect
              id={`floor-table-${table.id}-${entry.id}`}
              name="unit"
              defaultValue={entry.place.unit ?? ""}
              className="h-11 w-auto max-w-full"
            >
              {choices.map((choice) => (
                <option key={choice.key} value={choice.key}>
                  {choice.label}
                </option>
              ))}
            </NativeSelect>
            <Button type="submit" variant="outline" className="min-h-11" disabled={busy}>
              {F.changeTable}
            </Button>
          </fetcher.Form>
        </details>
      ) : null}
    </div>
  );
}

/**
 * The area's drawing with each table's state written on it. Its tables are a pointer's way in: a
 * link to the table's row before the scripts run, then a button opening the table's dialog — at
 * least 44 × 44 pixels, however small the table is drawn. Assistive technology reads the list.
 */
function FloorDrawing({
  area,
  tables,
  states,
  onOpen,
}: {
  area: ServiceFloor["areas"][number];
  tables: readonly DiningTable[];
  states: ReadonlyMap<number, TableState>;
  onOpen: ((id: number) => void) | undefined;
}) {
  const { width, height } = area;
  const fontSize = Math.max(20, Math.round(width / 45));
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-stone-300 bg-white md:block">
      <div className="relative select-none">
        <svg viewBox={`0 0 ${width} ${height}`} className="block h-auto w-full" aria-hidden="true">
          <rect width={width} height={height} className="fill-stone-50" />
          {tables.map((table) => {
            const state = states.get(table.id) ?? { kind: "free" as const };
            const centreX = table.x + table.width / 2;
            const centreY = table.y + table.height / 2;
            // Each line with shorter ways to say it, for a small table.
            const lines = [shortLabels(state), ...(state.kind === "free" ? [] : [[state.party.name]])];
            const size = Math.min(
              fontSize,
              table.width / 4,
              (table.height * 0.9) / (1 + 0.95 * lines.length),
            );
            const lineSize = size * 0.75;
            const room = Math.max(3, Math.floor((table.width * 0.92) / (lineSize * 0.56)));
            const top = centreY - (size * (1 + 0.95 * lines.length)) / 2 + size * 0.8;
            return (
              <g key={table.id}>
                <TableOutline
                  table={table}
                  at={table}
                  className={cn("[stroke-width:3]", stateColours[state.kind].fill)}
                />
                <text textAnchor="middle" className="pointer-events-none">
                  <tspan x={centreX} y={top} fontSize={size} fontWeight={700} className="fill-stone-900">
                    {table.name}
                  </tspan>
                  {lines.map((line, index) => (
                    <tspan
                      key={index}
                      x={centreX}
                      dy={size * (index === 0 ? 1.05 : 0.95)}
                      fontSize={lineSize}
                      className="fill-stone-800"
                    >
                      {fitted(line, room)}
                    </tspan>
                  ))}
                </text>
              </g>
            );
          })}
        </svg>
        <div aria-hidden="true" className="absolute inset-0">
          {tables.map((table) => {
            const state = states.get(table.id) ?? { kind: "free" as const };
            const percent = (value: number, of: number) => `${(value / of) * 100}%`;
            const style = {
              left: percent(table.x + table.width / 2, width),
              top: percent(table.y + table.height / 2, height),
              width: `max(44px, ${percent(table.width, width)})`,
              height: `max(44px, ${percent(table.height, height)})`,
              transform: "translate(-50%, -50%)",
            };
            const className =
              "absolute block cursor-pointer rounded-md hover:bg-amber-300/25 focus-visible:outline-2 focus-visible:outline-brand-600";
            const title = `Tisch ${table.name}: ${stateLabel(state)}`;
            return onOpen ? (
              <button
                key={table.id}
                type="button"
                tabIndex={-1}
                title={title}
                data-floor-handle={table.name}
                className={className}
                style={style}
                onClick={() => onOpen(table.id)}
              />
            ) : (
              <a
                key={table.id}
                href={`#${tableAnchor(table.id)}`}
                tabIndex={-1}
                title={title}
                data-floor-handle={table.name}
                className={className}
                style={style}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
