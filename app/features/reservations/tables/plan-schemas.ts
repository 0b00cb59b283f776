import { isCalendarDate } from "../../../lib/calendar.ts";
import { fieldErrorsOf, formText, MAX_ID, type FieldErrors } from "../../../lib/forms.ts";
import { CONTROL_CHARACTERS_MESSAGE, isCleanLine } from "../../../lib/text-rules.ts";
import { z } from "../../../lib/zod.ts";
import { nameKey, planLimits as L, planMessages as M, TABLE_SHAPES } from "./floor-plan.ts";

/**
 * One schema per form of 'Tischplan', shared by the screen (which checks before sending,
 * components/plan-forms.tsx) and the action (which checks again): fields arrive as text and leave as
 * numbers and flags. What needs the stored plan — a name twice, an overlap, a table off the plan —
 * the store checks (plan-store.server.ts).
 */

/** A whole number from a field's text, within [min, max] (`outside`: the message for one beyond them). */
const wholeNumber = (min: number, max: number, message: string, outside = message) =>
  z
    .string(message)
    .trim()
    .regex(/^-?\d{1,6}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, outside);

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "1" || value === "true");

/** A name: one clean line, at most `max` characters, also as compared (some letters grow in lower case). */
const line = (max: number, required: string, tooLong: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((value) => nameKey(value).length <= max, tooLong)
    .refine(isCleanLine, CONTROL_CHARACTERS_MESSAGE);

export const areaFields = ["name", "online", "plan_width", "plan_height"] as const;
export const areaSchema = z.object({
  name: line(L.areaName, M.areaNameRequired, M.areaNameTooLong),
  online: checkbox,
  plan_width: wholeNumber(L.planMin, L.planMax, M.planSize),
  plan_height: wholeNumber(L.planMin, L.planMax, M.planSize),
});
export type AreaInput = z.output<typeof areaSchema>;

export const closureFields = ["from", "to", "note"] as const;
export const closureSchema = z
  .object({
    from: z.string(M.closureDate).trim().refine(isCalendarDate, M.closureDate),
    to: z.string(M.closureDate).trim().refine(isCalendarDate, M.closureDate),
    note: z
      .string()
      .trim()
      .max(L.closureNote, M.closureNoteTooLong)
      .refine(isCleanLine, CONTROL_CHARACTERS_MESSAGE),
  })
  .refine((closure) => closure.to >= closure.from, { message: M.closureOrder, path: ["to"] });
export type ClosureInput = z.output<typeof closureSchema>;

const seatsOrdered = <T extends { seats_min: number; seats_max: number }>(value: T) =>
  value.seats_min <= value.seats_max;

export const tableFields = [
  "name",
  "seats_min",
  "seats_max",
  "shape",
  "x",
  "y",
  "width",
  "height",
  "rotation",
  "online",
] as const;
export const tableSchema = z
  .object({
    name: line(L.tableName, M.tableNameRequired, M.tableNameTooLong),
    seats_min: wholeNumber(1, L.tableSeatsMax, M.seats(L.tableSeatsMax)),
    seats_max: wholeNumber(1, L.tableSeatsMax, M.seats(L.tableSeatsMax)),
    shape: z.enum(TABLE_SHAPES, M.shapeRequired),
    x: wholeNumber(-L.planMax, L.planMax, M.position, M.offPlan),
    y: wholeNumber(-L.planMax, L.planMax, M.position, M.offPlan),
    width: wholeNumber(L.tableSizeMin, L.tableSizeMax, M.length),
    // A round or square table is as deep as it is wide: the field may be left as it was.
    height: z.string().optional(),
    rotation: wholeNumber(0, 359, M.rotation),
    online: checkbox,
  })
  .transform((table, context) => {
    if (table.shape !== "rectangle") return { ...table, height: table.width };
    const height = wholeNumber(L.tableSizeMin, L.tableSizeMax, M.length).safeParse(table.height ?? "");
    if (!height.success) {
      context.addIssue({ code: "custom", message: M.length, path: ["height"] });
      return z.NEVER;
    }
    return { ...table, height: height.data };
  })
  .refine(seatsOrdered, { message: M.seatsOrder, path: ["seats_max"] });
export type TableInput = z.output<typeof tableSchema>;

export const moveFields = ["x", "y"] as const;
export const moveSchema = z.object({
  x: wholeNumber(-L.planMax, L.planMax, M.position, M.offPlan),
  y: wholeNumber(-L.planMax, L.planMax, M.position, M.offPlan),
});

export const combinationFields = ["tables", "seats_min", "seats_max"] as const;
export const combinationSchema = z
  .object({
    tables: z
      .array(
        z
          .string()
          .regex(/^\d{1,10}$/, M.combinationTables)
          .transform(Number)
          .refine((id) => id >= 1 && id <= MAX_ID, M.combinationTables),
        M.combinationTables,
      )
      // No combination has more tables than an area.
      .max(L.tablesPerArea, M.combinationTables)
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
      .refine((ids) => ids.length >= 2, M.combinationTables),
    seats_min: wholeNumber(1, L.combinationSeatsMax, M.seats(L.combinationSeatsMax)),
    seats_max: wholeNumber(1, L.combinationSeatsMax, M.seats(L.combinationSeatsMax)),
  })
  .refine(seatsOrdered, { message: M.seatsOrder, path: ["seats_max"] });
export type CombinationInput = z.output<typeof combinationSchema>;

export type Checked<T> = { success: true; value: T } | { success: false; fieldErrors: FieldErrors };

function check<T>(schema: z.ZodType<T>, values: unknown): Checked<T> {
  const parsed = schema.safeParse(values);
  return parsed.success
    ? { success: true, value: parsed.data }
    : { success: false, fieldErrors: fieldErrorsOf(parsed.error) };
}

/** The form's fields as the schemas take them; an unticked checkbox is absent. */
function formValues(form: FormData, fields: readonly string[]): Record<string, string | undefined> {
  const text = formText(form, fields);
  return Object.fromEntries(fields.map((field) => [field, form.has(field) ? text[field] : undefined]));
}

export const checkArea = (form: FormData) => check(areaSchema, formValues(form, areaFields));
// A closure without a note has the empty one.
export const checkClosure = (form: FormData) =>
  check(closureSchema, { ...formValues(form, closureFields), note: formText(form, ["note"]).note });
export const checkTable = (form: FormData) => check(tableSchema, formValues(form, tableFields));
export const checkMove = (form: FormData) => check(moveSchema, formValues(form, moveFields));
export function checkCombination(form: FormData): Checked<CombinationInput> {
  const checked = check(combinationSchema, {
    ...formValues(form, ["seats_min", "seats_max"]),
    tables: form.getAll("tables").filter((value) => typeof value === "string"),
  });
  if (checked.success) return checked;
  // One message for the tables' choice, whichever of them was wrong ('tables.3' is 'tables').
  const fieldErrors: FieldErrors = {};
  for (const [name, message] of Object.entries(checked.fieldErrors))
    fieldErrors[name.startsWith("tables.") ? "tables" : name] ??= message;
  return { success: false, fieldErrors };
}
