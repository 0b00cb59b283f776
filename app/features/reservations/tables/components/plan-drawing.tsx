import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { Link, useNavigate } from "react-router";
import { TableHandles } from "./table-handles.tsx";
import {
  planLimits,
  seatsLabel,
  shapeLabels,
  type DiningTable,
  type FloorArea,
  type TablePlacement,
} from "../floor-plan.ts";

/**
 * An area's plan as an SVG on a grid (decision 0052). Each table is a link that selects it, so the
 * plan works before its scripts run; once they run, an owner moves the selected table with the arrow
 * keys (10 cm, with Shift 50 cm) or drags any table with the mouse or a finger (by its handle,
 * `TableHandles`). A move is shown at once and sent when the keys or the pointer rest (`onMove`); a
 * refused move goes back to where the table is stored.
 */
export interface PlanDrawingProps {
  area: FloorArea;
  tables: readonly DiningTable[];
  selectedId: number | undefined;
  /** Where a table links to: the screen's address with it selected. */
  hrefOf: (table: DiningTable) => string;
  /** Set when the table may be moved here (an owner, the scripts running). */
  onMove?: ((table: DiningTable, to: { x: number; y: number }) => void) | undefined;
  /** A move sent and not yet answered, or refused: drawn where it was put until the plan is read again. */
  pending?: ReadonlyMap<number, { x: number; y: number }>;
}

export const PLAN_HELP_ID = "plan-help";

const snap = (value: number) => Math.round(value / planLimits.step) * planLimits.step;

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** How long the keys rest before a keyboard move is sent. */
const KEYS_REST_MS = 600;

export function PlanDrawing({ area, tables, selectedId, hrefOf, onMove, pending }: PlanDrawingProps) {
  const navigate = useNavigate();
  const svgRef = useRef<SVGSVGElement>(null);
  const [moving, setMoving] = useState<{ id: number; x: number; y: number } | undefined>();
  const drag = useRef<{
    id: number;
    startX: number;
    startY: number;
    fromX: number;
    fromY: number;
    moved: boolean;
  }>(undefined);
  const keyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The move under way as the event handlers see it: state arrives in their closures a render late.
  const latest = useRef(moving);
  const showMove = (next: typeof moving) => {
    latest.current = next;
    setMoving(next);
  };
  useEffect(() => () => clearTimeout(keyTimer.current), []);

  const at = (table: DiningTable) =>
    moving?.id === table.id ? moving : (pending?.get(table.id) ?? { x: table.x, y: table.y });

  /** Plan units per screen pixel: the drawing is scaled to its box. */
  const unitsPerPixel = () => {
    const box = svgRef.current?.getBoundingClientRect();
    return box && box.width > 0 ? area.width / box.width : 1;
  };

  const send = (table: DiningTable) => {
    const to = latest.current;
    clearTimeout(keyTimer.current);
    if (!to || to.id !== table.id || !onMove) return;
    showMove(undefined);
    if (to.x !== table.x || to.y !== table.y) onMove(table, { x: to.x, y: to.y });
  };

  const pointerDown = (table: DiningTable) => (event: PointerEvent<Element>) => {
    if (!onMove || event.button !== 0) return;
    const from = at(table);
    drag.current = {
      id: table.id,
      startX: event.clientX,
      startY: event.clientY,
      fromX: from.x,
      fromY: from.y,
      moved: false,
    };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const pointerMove = (table: DiningTable) => (event: PointerEvent<Element>) => {
    const current = drag.current;
    if (!current || current.id !== table.id) return;
    const scale = unitsPerPixel();
    const dx = (event.clientX - current.startX) * scale;
    const dy = (event.clientY - current.startY) * scale;
    // A few pixels are a shaky click, not a move.
    if (!current.moved && Math.hypot(event.clientX - current.startX, event.clientY - current.startY) < 4)
      return;
    current.moved = true;
    showMove({ id: table.id, x: snap(current.fromX + dx), y: snap(current.fromY + dy) });
  };
  const pointerUp = (table: DiningTable) => () => {
    const current = drag.current;
    if (!current || current.id !== table.id) return;
    if (current.moved) send(table);
    // The click that follows a drag must not select: `moved` stays set until it has passed.
    setTimeout(() => {
      drag.current = undefined;
    }, 0);
  };

  const keyDown = (table: DiningTable) => (event: KeyboardEvent<Element>) => {
    const arrow = ARROWS[event.key];
    if (!onMove || !arrow || table.id !== selectedId) return;
    event.preventDefault();
    const step = event.shiftKey ? planLimits.bigStep : planLimits.step;
    // From the move under way as this handler last left it, not as the last render saw it.
    const current = latest.current;
    const from = current?.id === table.id ? current : at(table);
    showMove({ id: table.id, x: from.x + arrow[0] * step, y: from.y + arrow[1] * step });
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => send(table), KEYS_REST_MS);
  };

  const fontSize = Math.max(20, Math.round(area.width / 40));
  const chosen = tables.find((table) => table.id === selectedId);
  const chosenAt = chosen ? at(chosen) : undefined;
  // A click on a handle that did not drag selects its table, as its link does, and focuses the link
  // for the arrow keys.
  const select = (table: DiningTable) => (event: MouseEvent) => {
    if (drag.current?.moved) return;
    // Ctrl or Cmd: the table's address in a new tab, as its link would open it.
    if (event.ctrlKey || event.metaKey) {
      window.open(hrefOf(table), "_blank", "noopener");
      return;
    }
    void navigate(hrefOf(table), { replace: true, preventScrollReset: true });
    svgRef.current?.querySelector<SVGElement>(`[data-table="${CSS.escape(table.name)}"]`)?.focus();
  };

  return (
    <div className="overflow-x-auto rounded-lg border border-stone-300 bg-white">
      {/* Where the selected table stands, said again after each move (the keyboard's way to see it). */}
      <p aria-live="polite" className="sr-only">
        {chosen && chosenAt && onMove
          ? `Tisch ${chosen.name}: ${chosenAt.x} cm von links, ${chosenAt.y} cm von oben`
          : ""}
      </p>
      <div className="relative min-w-[36rem]">
        <svg
          ref={svgRef}
          viewBox={`0 0 ${area.width} ${area.height}`}
          className="block h-auto w-full"
          role="group"
          aria-label={`Plan ${area.name}`}
          aria-describedby={PLAN_HELP_ID}
        >
          <defs>
            <pattern
              id={`grid-${area.id}`}
              width={planLimits.grid}
              height={planLimits.grid}
              patternUnits="userSpaceOnUse"
            >
              <path
                d={`M ${planLimits.grid} 0 L 0 0 0 ${planLimits.grid}`}
                fill="none"
                stroke="#e7e5e4"
                strokeWidth={2}
              />
            </pattern>
          </defs>
          <rect width={area.width} height={area.height} fill={`url(#grid-${area.id})`} />
          {tables.map((table) => {
            const { x, y } = at(table);
            const selected = table.id === selectedId;
            const centreX = x + table.width / 2;
            const centreY = y + table.height / 2;
            const caption =
              table.seatsMin === table.seatsMax ? `${table.seatsMax}` : `${table.seatsMin}–${table.seatsMax}`;
            const label = [
              `Tisch ${table.name}`,
              seatsLabel(table),
              shapeLabels[table.shape],
              table.onlineBookable ? undefined : "nicht online buchbar",
              selected ? "ausgewählt" : undefined,
            ]
              .filter(Boolean)
              .join(", ");
            return (
              <Link
                key={table.id}
                to={hrefOf(table)}
                replace
                preventScrollReset
                aria-label={label}
                aria-current={selected ? "true" : undefined}
                data-table={table.name}
                className="group cursor-pointer outline-none"
                onKeyDown={keyDown(table)}
                onBlur={() => send(table)}
              >
                <TableOutline
                  table={table}
                  at={{ x, y }}
                  className={tableClass(selected, table.onlineBookable)}
                />
                {/* One text, the name and the seats apart by a space: the link's name begins with what it shows. */}
                <text textAnchor="middle" className="pointer-events-none">
                  <tspan
                    x={centreX}
                    y={centreY - fontSize * 0.15}
                    fontSize={fontSize}
                    fontWeight={700}
                    className="fill-stone-900"
                  >
                    {table.name}
                  </tspan>{" "}
                  <tspan
                    x={centreX}
                    y={centreY + fontSize}
                    fontSize={fontSize * 0.8}
                    className="fill-stone-700"
                  >
                    {caption}
                  </tspan>
                </text>
              </Link>
            );
          })}
        </svg>
        {onMove ? (
          <TableHandles
            plan={area}
            tables={tables.map((table) => ({ ...table, ...at(table) }))}
            handleOf={(table) => {
              const stored = tables.find((one) => one.id === table.id) ?? table;
              return {
                onClick: select(stored),
                onPointerDown: pointerDown(stored),
                onPointerMove: pointerMove(stored),
                onPointerUp: pointerUp(stored),
                onPointerCancel: pointerUp(stored),
              };
            }}
          />
        ) : null}
      </div>
    </div>
  );
}

/**
 * A table's outline where it stands, turned about its centre, with the frame the keyboard's focus
 * shows around it (inside a focusable `group`).
 */
export function TableOutline({
  table,
  at,
  className,
}: {
  table: TablePlacement;
  at: { x: number; y: number };
  className: string;
}) {
  const { x, y } = at;
  const centreX = x + table.width / 2;
  const centreY = y + table.height / 2;
  return (
    <g transform={`rotate(${table.rotation} ${centreX} ${centreY})`}>
      {table.shape === "round" ? (
        <circle cx={centreX} cy={centreY} r={table.width / 2 + FOCUS_GAP} className={FOCUS_FRAME} />
      ) : (
        <rect
          x={x - FOCUS_GAP}
          y={y - FOCUS_GAP}
          width={table.width + 2 * FOCUS_GAP}
          height={table.height + 2 * FOCUS_GAP}
          rx={10}
          className={FOCUS_FRAME}
        />
      )}
      {table.shape === "round" ? (
        <circle cx={centreX} cy={centreY} r={table.width / 2} className={className} />
      ) : (
        <rect x={x} y={y} width={table.width} height={table.height} rx={6} className={className} />
      )}
    </g>
  );
}

const FOCUS_GAP = 14;
const FOCUS_FRAME = "fill-none stroke-amber-600 [stroke-width:6] opacity-0 group-focus-visible:opacity-100";

/** Selected: thick dark outline; not online bookable: dashed — never colour alone. */
function tableClass(selected: boolean, online: boolean): string {
  return [
    "fill-stone-100 group-hover:fill-amber-50 group-focus-visible:fill-amber-100",
    selected
      ? "stroke-brand-800 [stroke-width:8]"
      : "stroke-stone-600 [stroke-width:3] group-focus-visible:[stroke-width:6]",
    online ? "" : "[stroke-dasharray:12_8]",
  ].join(" ");
}
