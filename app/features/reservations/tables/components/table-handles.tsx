import type { HTMLAttributes } from "react";
import type { TablePlacement } from "../floor-plan.ts";
import { boundsOf } from "../plan-geometry.ts";

/**
 * Where a finger takes hold of a table on a plan. Chromium keeps `touch-action` for boxes only: on a
 * shape inside an `<svg>` it is ignored, and a finger that moves over a table pans the page and
 * cancels the drag. So each table that may be dragged gets an invisible HTML handle over it with
 * `touch-action: none`, laid over the drawing in its own proportions (the drawing and the handles
 * share a `relative` box). The handles are for the pointer only: the plan's links, lists and forms
 * stay the way for the keyboard, assistive technology and a page without scripts.
 */
export function TableHandles<Table extends TablePlacement & { id: number }>({
  plan,
  tables,
  handleOf,
}: {
  plan: { width: number; height: number };
  tables: readonly Table[];
  /** The handle's pointer handlers (and data attributes) for a table that may be dragged. */
  handleOf: (table: Table) => HTMLAttributes<HTMLDivElement> | undefined;
}) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      {tables.map((table) => {
        const handle = handleOf(table);
        if (!handle) return null;
        const box = boundsOf(table);
        const percent = (value: number, of: number) => `${(value / of) * 100}%`;
        return (
          <div
            key={table.id}
            {...handle}
            className="pointer-events-auto absolute cursor-grab rounded-md hover:bg-amber-300/25"
            style={{
              left: percent(box.left, plan.width),
              top: percent(box.top, plan.height),
              width: percent(box.right - box.left, plan.width),
              height: percent(box.bottom - box.top, plan.height),
              touchAction: "none",
            }}
          />
        );
      })}
    </div>
  );
}
