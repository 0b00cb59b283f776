import type { z } from "zod";

/**
 * Form validation shared by the browser and the server: the same schema, the first message per
 * field. An action answers 400 with these errors; the browser shows them before submitting.
 */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

export function fieldErrorsOf<Field extends string>(
  error: z.ZodError,
  fields: readonly Field[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (
      typeof field === "string" &&
      (fields as readonly string[]).includes(field) &&
      !errors[field as Field]
    ) {
      errors[field as Field] = issue.message;
    }
  }
  return errors;
}

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

/** The request's form data, or an empty form when the body is not a form (it then fails validation). */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
