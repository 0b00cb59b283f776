/**
 * The form kit's plain half, shared by the browser and the server (decision 0010): one mapper from
 * validation issues to field messages, reading submitted forms, and the texts shown after a save.
 * No runtime import of Zod: guests' pages load this module and must not load Zod (decision 0008).
 */

/** Messages by field name, the first one per field. Nested fields are named by their path: `stats.2.label`. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/** What the mapper needs of a validation issue; Zod's issues have this shape. */
export interface ValidationIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** A field's name from an issue's path: `["stats", 2, "label"]` is `stats.2.label`; `[]` is `""`, the form itself. */
export const pathName = (path: readonly PropertyKey[]): string => path.map(String).join(".");

/**
 * The one mapper from validation issues (a `ZodError`) to field messages: the first message for every
 * field path. With `fields`, only those names are kept (and the result is typed by them).
 */
export function fieldErrorsOf<Field extends string = string>(
  error: { readonly issues: readonly ValidationIssue[] },
  fields?: readonly Field[],
): FieldErrors<Field> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = pathName(issue.path);
    if (fields && !(fields as readonly string[]).includes(name)) continue;
    errors[name] ??= issue.message;
  }
  return errors as FieldErrors<Field>;
}

/**
 * The messages under one part of a form, named relative to it: within `"2"`, `"2.title"` becomes
 * `"title"` and a message for `"2"` itself becomes `""`. Lists of cards take each card's messages so.
 */
export function errorsWithin(errors: FieldErrors, path: string): FieldErrors {
  const within: FieldErrors = {};
  for (const [name, message] of Object.entries(errors)) {
    if (name === path) within[""] = message;
    else if (name.startsWith(`${path}.`)) within[name.slice(path.length + 1)] = message;
  }
  return within;
}

/** The messages without those of one part of the form (e.g. a list whose items moved). */
export function withoutErrorsWithin(errors: FieldErrors, path: string): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([name]) => name !== path && !name.startsWith(`${path}.`)),
  );
}

/** The field a submit button names its intent in (`<button name="intent" value="save">`). */
export const INTENT_FIELD = "intent";

/** Text fields of a submitted form as plain strings ('' when missing or not text). */
export function formText<Field extends string>(
  form: FormData,
  fields: readonly Field[],
): Record<Field, string> {
  const values = {} as Record<Field, string>;
  for (const field of fields) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}

/** The largest id an `integer` column holds on PostgreSQL; a larger one can only be forged. */
export const MAX_ID = 2_147_483_647;

/** A record id from a form field ('id' by default): digits only, 1 to MAX_ID, or undefined. */
export function formId(form: FormData, field = "id"): number | undefined {
  const value = form.get(field);
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

/** The request's form data, or an empty form when the body is not a form (it then fails validation). */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

/**
 * What a screen tells staff after a submission: as a toast with JavaScript, inline without it
 * (`toastNotice`, `FormNotice` in `app/components/forms`).
 */
export interface Notice {
  tone: "success" | "error";
  title: string;
  description: string;
}

/** The texts around saving, the same on every staff screen (docs/product/staff.md#saving). */
export const saveMessages = {
  saving: "Speichere...",
  savedDescription: "Die Änderungen wurden erfolgreich gespeichert.",
  failedTitle: "Fehler beim Speichern",
  failedDescription: "Die Änderungen konnten nicht gespeichert werden.",
  unexpectedDescription: "Ein unerwarteter Fehler ist aufgetreten.",
  fixMarked: "Bitte korrigieren Sie die markierten Angaben.",
} as const;

/** 'Inhalt gespeichert' / 'Die Änderungen wurden erfolgreich gespeichert.': the title names what was saved. */
export const savedNotice = (title: string): Notice => ({
  tone: "success",
  title,
  description: saveMessages.savedDescription,
});

/** An error for a toast or an info box: 'Fehler' unless another title is given. */
export const errorNotice = (description: string, title = "Fehler"): Notice => ({
  tone: "error",
  title,
  description,
});

/** 'Fehler beim Speichern' with the usual or another description. */
export const saveFailedNotice = (description: string = saveMessages.failedDescription): Notice => ({
  tone: "error",
  title: saveMessages.failedTitle,
  description,
});

/**
 * What a staff form's action answers (`staffActionDispatcher` in `staff-actions.server.ts`): the
 * notice is shown as a toast (or in the page), the field messages beside their fields, and a dialog
 * closes on `done`. Each answer has its own id, so the same answer twice counts twice.
 */
export interface StaffActionResult<Intent extends string = string> {
  intent: Intent;
  resultId: string;
  outcome: "done" | "invalid" | "failed";
  notice?: Notice;
  fieldErrors?: FieldErrors;
  /** The row the answer is about. */
  targetId?: number;
}
