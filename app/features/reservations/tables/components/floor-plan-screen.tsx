import { Plus } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { OwnersOnlyNote } from "../../../../components/admin/owners-only-note.tsx";
import { useKeptResult } from "../../../../components/admin/use-kept-result.ts";
import { NoticeInPage } from "../../../../components/forms/form-notice.tsx";
import { toastNotice } from "../../../../components/forms/toast-notice.ts";
import { useHydrated } from "../../../../lib/use-hydrated.ts";
import {
  planMessages as M,
  planSeats,
  type DiningTable,
  type FloorArea,
  type FloorPlan,
} from "../floor-plan.ts";
import type { PlanResult } from "../plan-result.ts";
import { AreaForm, ClosuresPanel } from "./area-forms.tsx";
import { PLAN_HELP_ID, PlanDrawing } from "./plan-drawing.tsx";
import { CombinationsPanel, TableForm, TableList } from "./plan-forms.tsx";

/** What the address chose: `?bereich=<id>|neu` and `&tisch=<id>`. */
export interface PlanSelection {
  area: number | "new" | undefined;
  table: number | undefined;
}

export const planHref = (area: number | "new", table?: number) =>
  `/admin/tischplan?bereich=${area === "new" ? "neu" : area}${table === undefined ? "" : `&tisch=${table}`}`;

const CREATING: ReadonlyArray<PlanResult["intent"]> = ["table-save", "table-duplicate"];

/**
 * 'Tischplan' (decision 0052): the areas as tabs, the chosen area's plan with its tables, the selected
 * table's exact values, the combinations, and the area's own settings and closed dates. Every staff
 * member sees it; only owners change it. Plain forms and links, so it works before its scripts run.
 */
export function FloorPlanScreen({
  plan,
  selection,
  canChange,
  today,
  result,
}: {
  plan: FloorPlan;
  selection: PlanSelection;
  canChange: boolean;
  today: string;
  result: PlanResult | undefined;
}) {
  const hydrated = useHydrated();
  // The forms are drawn anew for each answer, keyed by the last one: kept over the address update
  // that follows it (React Router forgets the action's data then), so nothing typed meanwhile is lost.
  const answerKey = useKeptResult(result)?.resultId ?? "";
  const navigate = useNavigate();
  const mover = useFetcher<PlanResult>({ key: "table-move" });

  // What the answer made or chose wins over the address: a new table is selected, also without
  // scripts, in its area (a table saved into another area takes the screen along).
  const made = result?.outcome === "done" ? result.targetId : undefined;
  const tableId = made !== undefined && result && CREATING.includes(result.intent) ? made : selection.table;
  const madeTable =
    made !== undefined && result && CREATING.includes(result.intent)
      ? plan.tables.find((table) => table.id === made)
      : undefined;
  const areaId =
    madeTable?.areaId ?? (made !== undefined && result?.intent === "area-save" ? made : selection.area);
  // 'Neuer Bereich' is an owner's form; anyone else sees the first area.
  const area: FloorArea | undefined =
    areaId === "new" && canChange
      ? undefined
      : (plan.areas.find((candidate) => candidate.id === areaId) ?? plan.areas[0]);
  const tables = area ? plan.tables.filter((table) => table.areaId === area.id) : [];
  const selected = tables.find((table) => table.id === tableId);

  // Each answer once: its toast, and — once the plan read after it holds what it made — the address
  // that says what is now selected (the plan may arrive a render after the answer).
  const toasted = useRef<string | undefined>(undefined);
  const addressed = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!result) return;
    if (toasted.current !== result.resultId) {
      toasted.current = result.resultId;
      if (result.notice) toastNotice(result.notice);
    }
    const makes =
      result.outcome === "done" && (result.intent === "area-save" || CREATING.includes(result.intent));
    if (!makes || addressed.current === result.resultId || !area) return;
    const arrived = result.intent === "area-save" ? area.id === made : selected?.id === made;
    if (!arrived) return;
    addressed.current = result.resultId;
    void navigate(planHref(area.id, selected?.id), { replace: true, preventScrollReset: true });
  }, [result, area, selected, made, navigate]);
  const moveHandled = useRef<string | undefined>(undefined);
  useEffect(() => {
    const answer = mover.data;
    if (!answer || moveHandled.current === answer.resultId || mover.state !== "idle") return;
    moveHandled.current = answer.resultId;
    // A move that worked shows itself; a refused one says why, and the table goes back.
    if (answer.outcome !== "done" && answer.notice) toastNotice(answer.notice);
  }, [mover.data, mover.state]);

  const pendingMove = new Map<number, { x: number; y: number }>();
  if (mover.state !== "idle" && mover.formData) {
    const id = Number(mover.formData.get("table_id"));
    pendingMove.set(id, { x: Number(mover.formData.get("x")), y: Number(mover.formData.get("y")) });
  }
  const onMove =
    hydrated && canChange
      ? (table: DiningTable, to: { x: number; y: number }) =>
          mover.submit(
            { intent: "table-move", table_id: String(table.id), x: String(to.x), y: String(to.y) },
            { method: "post", preventScrollReset: true },
          )
      : undefined;

  const seats = planSeats(plan);

  return (
    <div className="space-y-6">
      {canChange ? null : <OwnersOnlyNote text={M.ownersOnly} />}
      {!hydrated && result?.notice ? <NoticeInPage notice={result.notice} /> : null}
      <p className="text-sm">
        {seats === undefined
          ? M.noTablesYet
          : `${plan.tables.length} ${plan.tables.length === 1 ? "Tisch" : "Tische"} mit ${seats.total} Plätzen, davon ${seats.online} online buchbar. ${M.tablesDecide}`}
      </p>
      {seats === undefined ? null : (
        <p>
          <Link
            // The day on the plan: who sits where now (docs/product/tables.md).
            to={`/admin/tischplan?datum=${today}${typeof area?.id === "number" ? `&bereich=${area.id}` : ""}`}
            className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            Belegung ansehen
          </Link>
        </p>
      )}

      <nav aria-label="Bereiche" className="flex flex-wrap gap-2">
        {plan.areas.map((one) => (
          <Link
            key={one.id}
            to={planHref(one.id)}
            preventScrollReset
            aria-current={one.id === area?.id ? "page" : undefined}
            className="rounded-full border border-stone-300 px-4 py-1.5 text-sm font-medium hover:bg-stone-100 aria-[current]:border-brand-700 aria-[current]:bg-brand-700 aria-[current]:text-white"
          >
            {one.name}
          </Link>
        ))}
        {canChange ? (
          <Link
            to={planHref("new")}
            preventScrollReset
            aria-current={area === undefined ? "page" : undefined}
            className="inline-flex items-center gap-1 rounded-full border border-dashed border-stone-400 px-4 py-1.5 text-sm font-medium hover:bg-stone-100 aria-[current]:border-brand-700"
          >
            <Plus className="size-4" aria-hidden="true" /> Neuer Bereich
          </Link>
        ) : null}
      </nav>

      {area === undefined ? (
        canChange ? (
          <AreaForm area={undefined} result={result} canChange={canChange} />
        ) : (
          <p>Es ist noch kein Bereich angelegt.</p>
        )
      ) : (
        <>
          <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
            <div className="min-w-0 space-y-3">
              <PlanDrawing
                area={area}
                tables={tables}
                selectedId={selected?.id}
                hrefOf={(table) => planHref(area.id, table.id)}
                onMove={onMove}
                pending={pendingMove}
              />
              <p id={PLAN_HELP_ID} className="text-sm text-muted">
                {canChange
                  ? "Einen Tisch wählen, dann mit den Pfeiltasten um 10 cm verschieben (mit Umschalttaste um 50 cm) oder mit Maus oder Finger ziehen. Genaue Werte stehen im Formular. Gestrichelt: nicht online buchbar."
                  : "Einen Tisch wählen, um seine Angaben zu sehen. Gestrichelt: nicht online buchbar."}
              </p>
              {selected ? (
                <p>
                  <Link
                    to={planHref(area.id)}
                    preventScrollReset
                    className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
                  >
                    {canChange ? "Neuen Tisch anlegen" : "Auswahl aufheben"}
                  </Link>
                </p>
              ) : null}
              <TableList
                tables={tables}
                selectedId={selected?.id}
                hrefOf={(table) => planHref(area.id, table.id)}
              />
            </div>
            <div className="space-y-6">
              {selected || canChange ? (
                <TableForm
                  // Drawn anew for another table or answer; a move on the plan updates its place alone.
                  key={`${selected?.id ?? "new"}-${answerKey}`}
                  area={area}
                  areas={plan.areas}
                  table={selected}
                  result={result}
                  canChange={canChange}
                />
              ) : null}
            </div>
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <CombinationsPanel
              key={`combinations-${area.id}-${answerKey}`}
              tables={tables}
              combinations={plan.combinations.filter((combination) => combination.areaId === area.id)}
              result={result}
              canChange={canChange}
            />
            <ClosuresPanel
              key={`closures-${area.id}-${answerKey}`}
              area={area}
              result={result}
              canChange={canChange}
              today={today}
            />
          </div>
          <AreaForm
            key={`area-${area.id}-${answerKey}`}
            area={area}
            result={result}
            canChange={canChange}
            isFirst={plan.areas[0]?.id === area.id}
            isLast={plan.areas.at(-1)?.id === area.id}
          />
        </>
      )}
    </div>
  );
}
