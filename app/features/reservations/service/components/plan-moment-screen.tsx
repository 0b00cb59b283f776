import { useEffect, useRef, useState, type PointerEvent } from "react";
import { Link, useNavigation, useSubmit } from "react-router";
import { useKeptResult } from "../../../../components/admin/use-kept-result.ts";
import { NoticeInPage } from "../../../../components/forms/form-notice.tsx";
import { toastNotice } from "../../../../components/forms/toast-notice.ts";
import { Button } from "../../../../components/ui/button.tsx";
import { Input } from "../../../../components/ui/input.tsx";
import { Label } from "../../../../components/ui/label.tsx";
import { formatLongDate } from "../../../../lib/calendar.ts";
import { INTENT_FIELD, type Notice } from "../../../../lib/forms.ts";
import { useHydrated } from "../../../../lib/use-hydrated.ts";
import { cn } from "../../../../lib/utils.ts";
import { personsLabel, statusLabels, type AdminResult, type ReservationStatus } from "../../book/index.ts";
import {
  OverbookingDialog,
  OverbookingInPage,
  statusClasses,
  TableChoiceForm,
  TablePlace,
} from "../../booking/index.ts";
import {
  areaClosureOn,
  planHref,
  planMessages,
  TableHandles,
  tableHolds,
  TableOutline,
  type DiningTable,
} from "../../tables/index.ts";
import { planMomentHref, type PlanMoment, type PlanOccupant } from "../plan-moment.ts";

/**
 * The day on the plan (docs/product/tables.md): the chosen area's tables at one moment, each with the
 * party holding it (name, size, time, status — in words, the colour only repeats them) or 'frei'.
 * Once the scripts run, a party is dragged onto another table with the mouse or a finger; the list
 * under the plan says the same and offers 'Tisch ändern' to the keyboard and without scripts.
 */

export const PLAN_MOMENT_HELP_ID = "plan-moment-help";

type HeldStatus = Extract<ReservationStatus, "PENDING" | "CONFIRMED" | "ARRIVED">;

/** A held table's colours by its party's status; a free one is white. Each also says it in words. */
const heldFill: Record<HeldStatus, string> = {
  PENDING: "fill-amber-100 stroke-amber-700",
  CONFIRMED: "fill-green-100 stroke-green-800",
  ARRIVED: "fill-violet-100 stroke-violet-800",
};
const fillOf = (status: ReservationStatus) =>
  status in heldFill ? heldFill[status as HeldStatus] : heldFill.CONFIRMED;

const DOUBLE_BOOKED = "doppelt belegt";

/** What a table says in full: 'Tisch 4: Rossi, 4 Personen, 19:30 Uhr, Bestätigt', or 'frei'. */
function tableSummary(
  table: DiningTable,
  held: readonly PlanOccupant[],
  nextArrivals: Readonly<Record<number, string>>,
): string {
  if (held.length === 0)
    return `Tisch ${table.name}: frei${nextArrivals[table.id] ? `, reserviert ab ${nextArrivals[table.id]} Uhr` : ""}`;
  const parties = held.map(
    (occupant) =>
      `${occupant.name}, ${personsLabel(occupant.partySize)}, ${occupant.time} Uhr, ${statusLabels[occupant.status]}`,
  );
  return `Tisch ${table.name}${held.length > 1 ? ` (${DOUBLE_BOOKED})` : ""}: ${parties.join("; ")}`;
}

/** A text as it fits in `characters`: cut with '…'. */
const cut = (text: string, characters: number) =>
  text.length > characters ? `${text.slice(0, Math.max(1, characters - 1))}…` : text;

function noticeOf(result: AdminResult): Notice | undefined {
  if (!result.info) return result.notice;
  return {
    tone: result.outcome === "done" ? "success" : "error",
    title: result.info.title,
    description: result.info.message,
  };
}

export function PlanMomentScreen({
  moment,
  areaId,
  result,
}: {
  moment: PlanMoment;
  /** The area asked for (`&bereich=`); else the first. */
  areaId: number | undefined;
  result: AdminResult | undefined;
}) {
  const hydrated = useHydrated();
  const { plan, date, time, occupants } = moment;
  const area = plan.areas.find((one) => one.id === areaId) ?? plan.areas[0];
  const tables = area ? plan.tables.filter((table) => table.areaId === area.id) : [];
  // Usually one party per table; two when staff seated one over another ('Trotzdem zuweisen').
  const byTable = new Map<number, PlanOccupant[]>();
  for (const occupant of occupants)
    for (const id of occupant.tableIds) byTable.set(id, [...(byTable.get(id) ?? []), occupant]);
  const unplaced = occupants.filter((occupant) => occupant.unit === undefined);
  const closure = area && areaClosureOn(area, date);

  // Every change here is a form post to this address — the list's 'Tisch ändern', the question's
  // button, and a drag — so every answer is the route's: one at a time, kept over the live updates'
  // revalidations; its toast once, its question until answered or dismissed.
  const answer = useKeptResult(result);
  const [dismissed, setDismissed] = useState<string>();
  const question = answer?.overbooking && answer.resultId !== dismissed ? answer.overbooking : undefined;
  const toasted = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!answer || answer.overbooking || toasted.current === answer.resultId) return;
    toasted.current = answer.resultId;
    const notice = noticeOf(answer);
    if (notice) toastNotice(notice);
  }, [answer]);

  const submit = useSubmit();
  const navigation = useNavigation();
  const moving = navigation.state === "submitting" && navigation.formData?.get(INTENT_FIELD) === "table";
  const onMove = hydrated
    ? (occupant: PlanOccupant, table: DiningTable) =>
        void submit(
          {
            [INTENT_FIELD]: "table",
            id: String(occupant.id),
            unit: `t${table.id}`,
            place_version: occupant.version,
          },
          { method: "post", preventScrollReset: true },
        )
    : undefined;

  const heldHere = tables.filter((table) => byTable.has(table.id)).length;
  const partiesHere = new Set(tables.flatMap((table) => byTable.get(table.id) ?? []));
  const guests = [...partiesHere].reduce((sum, occupant) => sum + occupant.partySize, 0);

  return (
    <div className="space-y-6">
      {!hydrated && answer && !answer.overbooking && noticeOf(answer) ? (
        <NoticeInPage notice={noticeOf(answer) as Notice} />
      ) : null}
      {!hydrated && answer?.overbooking ? <OverbookingInPage question={answer.overbooking} /> : null}

      <form method="get" action="/admin/tischplan" className="flex flex-wrap items-end gap-3">
        {area ? <input type="hidden" name="bereich" value={area.id} /> : null}
        <div className="space-y-1">
          <Label htmlFor="plan-moment-date">Datum</Label>
          <Input id="plan-moment-date" type="date" name="datum" defaultValue={date} className="w-auto" />
        </div>
        <div className="space-y-1">
          <Label htmlFor="plan-moment-time">Uhrzeit</Label>
          <Input id="plan-moment-time" type="time" name="zeit" defaultValue={time} className="w-auto" />
        </div>
        <Button type="submit" variant="outline">
          Anzeigen
        </Button>
        <Link
          to={`/admin/tischplan?datum=${moment.today}${area ? `&bereich=${area.id}` : ""}`}
          className="py-2 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          Jetzt
        </Link>
        <Link
          to={area ? planHref(area.id) : "/admin/tischplan"}
          className="py-2 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          Zum Tischplan
        </Link>
      </form>

      {plan.tables.length === 0 ? (
        <p>{planMessages.noTablesYet}</p>
      ) : (
        <>
          <nav aria-label="Bereiche" className="flex flex-wrap gap-2">
            {plan.areas.map((one) => (
              <Link
                key={one.id}
                to={planMomentHref(date, time, one.id)}
                preventScrollReset
                aria-current={one.id === area?.id ? "page" : undefined}
                className="rounded-full border border-stone-300 px-4 py-1.5 text-sm font-medium hover:bg-stone-100 aria-[current]:border-brand-700 aria-[current]:bg-brand-700 aria-[current]:text-white"
              >
                {one.name}
              </Link>
            ))}
          </nav>

          <h2 className="font-heading text-xl font-semibold">
            {area?.name}, {formatLongDate(date)}, {time} Uhr
          </h2>
          {closure ? (
            <p className="font-medium text-brand-800">Geschlossen{closure.note ? `: ${closure.note}` : ""}</p>
          ) : null}
          <p>
            {`${heldHere} von ${tables.length} ${tables.length === 1 ? "Tisch" : "Tischen"} belegt, ${personsLabel(guests)}.`}
          </p>
          {/* Only this screen's own move is said: the live updates of others stay quiet. */}
          <p aria-live="polite" className="sr-only">
            {moving ? "Wird verschoben …" : ""}
          </p>

          {area ? (
            <MomentDrawing
              areaName={area.name}
              width={area.width}
              height={area.height}
              tables={tables}
              byTable={byTable}
              nextArrivals={moment.nextArrivals}
              onMove={onMove}
            />
          ) : null}
          <p id={PLAN_MOMENT_HELP_ID} className="text-sm text-muted">
            Weiß: frei; gelb: ausstehend; grün: bestätigt; violett: eingetroffen.
            {hydrated
              ? " Eine Reservierung mit Maus oder Finger auf einen anderen Tisch ziehen, um sie dorthin zu setzen."
              : ""}{" "}
            Mit der Tastatur: „Tisch ändern“ in der Liste.
          </p>

          <MomentList
            tables={tables}
            byTable={byTable}
            nextArrivals={moment.nextArrivals}
            choices={moment.choices}
          />
          {unplaced.length > 0 ? (
            <section aria-labelledby="plan-moment-unplaced" className="space-y-2">
              <h2 id="plan-moment-unplaced" className="font-heading text-lg font-semibold">
                {planMessages.noTable}
              </h2>
              <ul className="space-y-3">
                {unplaced.map((occupant) => (
                  <li key={occupant.id}>
                    <OccupantLine occupant={occupant} />
                    <TableChoiceForm
                      reservation={{ id: occupant.id, customer_name: occupant.name }}
                      place={occupant}
                      choices={moment.choices}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
      <OverbookingDialog question={question} onClose={() => setDismissed(answer?.resultId)} />
    </div>
  );
}

/** 'Rossi, 4 Personen, 19:30, Bestätigt' with its status chip. */
function OccupantLine({ occupant }: { occupant: PlanOccupant }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-semibold">{occupant.name}</span>{" "}
      <span>
        {personsLabel(occupant.partySize)}, {occupant.time} Uhr
      </span>{" "}
      <span
        className={cn("rounded-full border px-2 py-0.5 text-xs font-medium", statusClasses[occupant.status])}
      >
        {statusLabels[occupant.status]}
      </span>
      {occupant.closedArea ? <TablePlace place={occupant} /> : null}
    </span>
  );
}

function MomentList({
  tables,
  byTable,
  nextArrivals,
  choices,
}: {
  tables: readonly DiningTable[];
  byTable: ReadonlyMap<number, readonly PlanOccupant[]>;
  nextArrivals: Readonly<Record<number, string>>;
  choices: PlanMoment["choices"];
}) {
  if (tables.length === 0)
    return <p className="text-sm text-muted">In diesem Bereich stehen noch keine Tische.</p>;
  return (
    <ul className="divide-y divide-stone-200 rounded-lg border border-stone-300 bg-white" aria-label="Tische">
      {tables.map((table) => {
        const held = byTable.get(table.id) ?? [];
        return (
          <li key={table.id} className="px-4 py-3" data-plan-row={table.name}>
            <span className="mr-2 font-semibold">Tisch {table.name}:</span>{" "}
            {held.length > 1 ? <strong className="mr-2 text-brand-800">{DOUBLE_BOOKED}: </strong> : null}
            {held.length === 0 ? (
              <span>
                frei
                {nextArrivals[table.id] ? `, reserviert ab ${nextArrivals[table.id]} Uhr` : ""}
              </span>
            ) : null}
            {held.map((occupant) =>
              // A combination's party is listed, with 'Tisch ändern', at its first table.
              occupant.tableIds[0] === table.id ? (
                <div key={occupant.id}>
                  {occupant.tableIds.length > 1 ? <span className="mr-2">{occupant.label}, </span> : null}
                  <OccupantLine occupant={occupant} />
                  <TableChoiceForm
                    reservation={{ id: occupant.id, customer_name: occupant.name }}
                    place={occupant}
                    choices={choices}
                  />
                </div>
              ) : (
                <span key={occupant.id} className="mr-2">
                  {occupant.label} ({occupant.name})
                </span>
              ),
            )}
          </li>
        );
      })}
    </ul>
  );
}

interface Drag {
  occupant: PlanOccupant;
  /** Where the pointer is, in the plan's centimetres. */
  x: number;
  y: number;
  /** The table under it. */
  over?: number | undefined;
}

/**
 * The plan with its parties. The drawing is one picture for assistive technology (the list says
 * everything in it); a drag is the pointer's shortcut for the list's 'Tisch ändern'.
 */
function MomentDrawing({
  areaName,
  width,
  height,
  tables,
  byTable,
  nextArrivals,
  onMove,
}: {
  areaName: string;
  width: number;
  height: number;
  tables: readonly DiningTable[];
  byTable: ReadonlyMap<number, readonly PlanOccupant[]>;
  nextArrivals: Readonly<Record<number, string>>;
  onMove: ((occupant: PlanOccupant, table: DiningTable) => void) | undefined;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag>();
  // The drag as the handlers see it: state reaches their closures a render late, and a finger's
  // events can come faster than renders.
  const latest = useRef<Drag>(undefined);
  const showDrag = (next: Drag | undefined) => {
    latest.current = next;
    setDrag(next);
  };

  const pointOf = (event: PointerEvent<Element>) => {
    const matrix = svgRef.current?.getScreenCTM();
    if (!matrix) return undefined;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  };
  // Where a drop lands: the table under the point, as it stands.
  const tableAt = (point: { x: number; y: number }) => tables.find((table) => tableHolds(table, point));

  const start = (occupant: PlanOccupant) => (event: PointerEvent<Element>) => {
    if (!onMove || event.button !== 0) return;
    const point = pointOf(event);
    if (!point) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    showDrag({ occupant, ...point });
  };
  const move = (event: PointerEvent<Element>) => {
    const current = latest.current;
    const point = current && pointOf(event);
    if (current && point) showDrag({ ...current, ...point, over: tableAt(point)?.id });
  };
  const drop = () => {
    const current = latest.current;
    if (!current) return;
    showDrag(undefined);
    const target = tables.find((table) => table.id === current.over);
    if (target && !current.occupant.tableIds.includes(target.id)) onMove?.(current.occupant, target);
  };

  const fontSize = Math.max(20, Math.round(width / 45));
  const parties = new Set(tables.flatMap((table) => byTable.get(table.id) ?? [])).size;
  const free = tables.filter((table) => !byTable.has(table.id)).length;
  return (
    // Scrolled sideways on a phone: the keyboard reaches it too.
    <div
      className="overflow-x-auto rounded-lg border border-stone-300 bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
      tabIndex={0}
      role="region"
      aria-label={`Plan ${areaName}`}
    >
      <div className="relative min-w-[36rem] select-none">
        <svg
          ref={svgRef}
          viewBox={`0 0 ${width} ${height}`}
          className="block h-auto w-full"
          role="img"
          aria-label={`Plan ${areaName}: ${parties} ${parties === 1 ? "Reservierung" : "Reservierungen"}, ${free} ${free === 1 ? "Tisch" : "Tische"} frei`}
          aria-describedby={PLAN_MOMENT_HELP_ID}
        >
          <rect width={width} height={height} className="fill-stone-50" />
          {tables.map((table) => {
            const held = byTable.get(table.id) ?? [];
            const occupant = held[0];
            const centreX = table.x + table.width / 2;
            const centreY = table.y + table.height / 2;
            const target = drag?.over === table.id && !drag.occupant.tableIds.includes(table.id);
            // Each line with a shorter way to say it, for a small table.
            const words: Array<readonly string[]> = occupant
              ? [
                  [occupant.name],
                  [`${occupant.partySize} Pers. · ${occupant.time}`, occupant.time],
                  held.length > 1 ? [DOUBLE_BOOKED, "doppelt"] : [statusLabels[occupant.status]],
                ]
              : [["frei"], ...(nextArrivals[table.id] ? [[`ab ${nextArrivals[table.id]}`]] : [])];
            // The table's text fits inside it: its name and lines scaled to its size, the lines cut.
            const size = Math.min(
              fontSize,
              table.width / 4,
              (table.height * 0.9) / (1 + 0.95 * words.length),
            );
            const lineSize = size * 0.75;
            const room = Math.floor((table.width * 0.92) / (lineSize * 0.56));
            const lines = words.map((ways) =>
              cut(ways.find((way) => way.length <= room) ?? ways.at(-1) ?? "", room),
            );
            const top = centreY - (size * (1 + 0.95 * lines.length)) / 2 + size * 0.8;
            return (
              <g key={table.id} data-plan-table={table.name} data-held={occupant ? "yes" : "no"}>
                <title>{tableSummary(table, held, nextArrivals)}</title>
                <TableOutline
                  table={table}
                  at={table}
                  className={cn(
                    "[stroke-width:3]",
                    occupant
                      ? fillOf(occupant.status)
                      : "fill-white stroke-stone-500 [stroke-dasharray:10_6]",
                    held.length > 1 && "stroke-brand-800 [stroke-width:8]",
                    target && "stroke-brand-800 [stroke-width:10]",
                    occupant && drag?.occupant === occupant && "opacity-60",
                  )}
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
                      {line}
                    </tspan>
                  ))}
                </text>
              </g>
            );
          })}
          {drag ? (
            <text
              x={drag.x + 12}
              y={drag.y - 12}
              fontSize={fontSize * 0.8}
              fontWeight={700}
              className="pointer-events-none fill-brand-800"
            >
              {cut(drag.occupant.name, 20)}
            </text>
          ) : null}
        </svg>
        {onMove ? (
          <TableHandles
            plan={{ width, height }}
            tables={tables}
            handleOf={(table) => {
              // With two parties at one table, the first is the one taken along.
              const occupant = byTable.get(table.id)?.[0];
              return occupant
                ? {
                    // The whole of what the table says, also where its text is cut: shown on hover.
                    title: tableSummary(table, byTable.get(table.id) ?? [], nextArrivals),
                    onPointerDown: start(occupant),
                    onPointerMove: move,
                    onPointerUp: drop,
                    onPointerCancel: () => showDrag(undefined),
                    // A live update that takes the party away mid-drag ends the drag.
                    onLostPointerCapture: () => showDrag(undefined),
                  }
                : undefined;
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
