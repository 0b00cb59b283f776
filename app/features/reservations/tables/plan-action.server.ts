import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { errorNotice, formId, saveFailedNotice, saveMessages, savedNotice } from "../../../lib/forms.ts";
import type { Logger } from "../../../lib/logger.server.ts";
import { staffActionDispatcher, type StaffActionOutcome } from "../../../lib/staff-actions.server.ts";
import { planMessages as M } from "./floor-plan.ts";
import {
  checkArea,
  checkClosure,
  checkCombination,
  checkMove,
  checkTable,
  type Checked,
} from "./plan-schemas.ts";
import {
  addClosure,
  deleteArea,
  deleteClosure,
  deleteCombination,
  deleteTable,
  duplicateTable,
  moveArea,
  moveTable,
  rotateTable,
  saveArea,
  saveCombination,
  saveTable,
  type PlanChange,
} from "./plan-store.server.ts";
import type { PlanIntent, PlanResult } from "./plan-result.ts";

/**
 * 'Tischplan''s changes through the staff forms' dispatcher (decision 0010). Only owners get here: the
 * route's middleware answers everyone else 403 first. Every field is checked again with the screen's
 * schema, then against the stored plan (plan-store.server.ts); a refused change changes nothing and
 * comes back with what was typed. Each change is logged with the username.
 */
export interface PlanActionDependencies {
  db: Kysely<Database>;
  logger: Logger;
  username: string;
  /** Today in Berlin: a closure that is over is refused. */
  today: string;
}

type Extra = Pick<PlanResult, "values">;
type Outcome = StaffActionOutcome<Extra>;

/** What was typed, to show again when a form comes back refused without JavaScript. */
function typedValues(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || name === "intent") continue;
    const before = values[name];
    values[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return values;
}

const invalidForm = (form: FormData, fieldErrors: Record<string, string | undefined>): Outcome => ({
  status: 400,
  result: {
    outcome: "invalid",
    fieldErrors,
    notice: saveFailedNotice(saveMessages.fixMarked),
    values: typedValues(form),
  },
});

const missingId = (message: string): Outcome => ({
  status: 404,
  result: { outcome: "failed", notice: errorNotice(message) },
});

/** The store's answer as the screen's: a toast, or the message beside its field. */
function answered(form: FormData, change: PlanChange, doneTitle: string): Outcome {
  if (change.ok)
    return {
      status: 200,
      result: {
        outcome: "done",
        targetId: change.id,
        notice:
          change.note === undefined
            ? savedNotice(doneTitle)
            : { ...savedNotice(doneTitle), description: change.note },
      },
    };
  if (change.field !== undefined)
    return {
      status: change.status,
      result: {
        outcome: "invalid",
        fieldErrors: { [change.field]: change.message },
        notice: saveFailedNotice(change.message),
        values: typedValues(form),
      },
    };
  return { status: change.status, result: { outcome: "failed", notice: saveFailedNotice(change.message) } };
}

type Handler = (form: FormData, deps: PlanActionDependencies) => Promise<Outcome>;

/** A form that names a stored row (`area_id`, `table_id`, …): without a valid id it concerns nothing. */
const withId =
  (
    field: string,
    missing: string,
    run: (id: number, form: FormData, deps: PlanActionDependencies) => Promise<Outcome>,
  ): Handler =>
  (form, deps) => {
    const id = formId(form, field);
    return id === undefined ? Promise.resolve(missingId(missing)) : run(id, form, deps);
  };

/** A form checked by its schema first. */
const checked =
  <T>(
    check: (form: FormData) => Checked<T>,
    run: (value: T, form: FormData, deps: PlanActionDependencies) => Promise<Outcome>,
  ): Handler =>
  (form, deps) => {
    const result = check(form);
    return result.success
      ? run(result.value, form, deps)
      : Promise.resolve(invalidForm(form, result.fieldErrors));
  };

/** The id of an existing row, or undefined for a new one ('' or absent); a forged id is refused. */
function optionalId(form: FormData, field: string): number | undefined | "forged" {
  const value = form.get(field);
  if (value === null || value === "") return undefined;
  return formId(form, field) ?? "forged";
}

const handlers: Record<PlanIntent, Handler> = {
  "area-save": checked(checkArea, async (input, form, { db, username }) => {
    const id = optionalId(form, "area_id");
    if (id === "forged") return missingId(M.areaMissing);
    return answered(form, await saveArea(db, { id, input }, username), M.areaSaved);
  }),
  "area-up": withId("area_id", M.areaMissing, async (id, form, { db, username }) =>
    answered(form, await moveArea(db, id, "up", username), M.areaSaved),
  ),
  "area-down": withId("area_id", M.areaMissing, async (id, form, { db, username }) =>
    answered(form, await moveArea(db, id, "down", username), M.areaSaved),
  ),
  "area-delete": withId("area_id", M.areaMissing, async (id, form, { db, username }) =>
    answered(form, await deleteArea(db, id, username), M.areaDeleted),
  ),
  "closure-add": withId("area_id", M.areaMissing, (areaId, form, deps) =>
    checked(checkClosure, async (input) =>
      answered(form, await addClosure(deps.db, areaId, input, deps), M.closureSaved),
    )(form, deps),
  ),
  "closure-delete": withId("closure_id", M.closureMissing, async (id, form, { db, username }) =>
    answered(form, await deleteClosure(db, id, username), M.closureDeleted),
  ),
  "table-save": withId("area_id", M.areaRequired, (areaId, form, deps) =>
    checked(checkTable, async (input) => {
      const id = optionalId(form, "table_id");
      if (id === "forged") return missingId(M.tableMissing);
      return answered(form, await saveTable(deps.db, { id, areaId, input }, deps.username), M.tableSaved);
    })(form, deps),
  ),
  "table-move": withId("table_id", M.tableMissing, (id, form, deps) =>
    checked(checkMove, async (to) =>
      answered(form, await moveTable(deps.db, id, to, deps.username), M.tableSaved),
    )(form, deps),
  ),
  "table-rotate": withId("table_id", M.tableMissing, async (id, form, { db, username }) =>
    answered(form, await rotateTable(db, id, username), M.tableSaved),
  ),
  "table-duplicate": withId("table_id", M.tableMissing, async (id, form, { db, username }) =>
    answered(form, await duplicateTable(db, id, username), M.tableSaved),
  ),
  "table-delete": withId("table_id", M.tableMissing, async (id, form, { db, username }) =>
    answered(form, await deleteTable(db, id, username), M.tableDeleted),
  ),
  "combination-save": checked(checkCombination, async (input, form, { db, username }) => {
    const id = optionalId(form, "combination_id");
    if (id === "forged") return missingId(M.combinationMissing);
    return answered(form, await saveCombination(db, { id, input }, username), M.combinationSaved);
  }),
  "combination-delete": withId("combination_id", M.combinationMissing, async (id, form, { db, username }) =>
    answered(form, await deleteCombination(db, id, username), M.combinationDeleted),
  ),
};

const dispatch = staffActionDispatcher<PlanIntent, PlanActionDependencies, Extra>(
  handlers,
  errorNotice(M.unknownAction),
);

/** Each change that took effect is logged with the username, as every staff screen's changes are. */
export async function handlePlanAction(form: FormData, deps: PlanActionDependencies) {
  const answer = await dispatch(form, deps);
  if (answer.result.outcome === "done")
    deps.logger.info("floor plan changed", {
      username: deps.username,
      change: answer.result.intent,
      id: answer.result.targetId,
    });
  return answer;
}
