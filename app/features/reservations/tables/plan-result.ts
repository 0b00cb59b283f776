import type { StaffActionResult } from "../../../lib/forms.ts";

/** The forms of 'Tischplan', each a submit button's `intent`. */
export const PLAN_INTENTS = [
  "area-save",
  "area-up",
  "area-down",
  "area-delete",
  "closure-add",
  "closure-delete",
  "table-save",
  "table-move",
  "table-rotate",
  "table-duplicate",
  "table-delete",
  "combination-save",
  "combination-delete",
] as const;
export type PlanIntent = (typeof PLAN_INTENTS)[number];

/** The action's answer: the shared one, and what was typed when a form comes back refused. */
export type PlanResult = StaffActionResult<PlanIntent | "unknown"> & {
  values?: Record<string, string | string[]>;
};
