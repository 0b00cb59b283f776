import { data } from "react-router";
import { INTENT_FIELD, type FieldErrors, type Notice, type StaffActionResult } from "./forms.ts";

/**
 * The server half of every staff form: one handler per intent (the submit button's `intent`), each
 * answering a notice for a toast, field messages for a form and the row it concerns, with the HTTP
 * status (and headers, such as a cookie or Retry-After). The dispatcher adds the intent and a fresh
 * id, so the same answer twice counts twice. A screen that needs more in its answer (recovery codes
 * shown once, the sign-in's next step) names it in `Extra`.
 */

/** No fields beyond the shared ones. */
export type NoExtra = Record<never, never>;

/** The fields a handler answers; the dispatcher adds `intent` and `resultId`. */
export type StaffActionFields<Extra extends object = NoExtra> = Omit<
  StaffActionResult,
  "intent" | "resultId"
> &
  Extra;

export interface StaffActionOutcome<Extra extends object = NoExtra> {
  status: number;
  headers?: HeadersInit;
  result: StaffActionFields<Extra>;
}

export type StaffActionHandler<Deps, Extra extends object = NoExtra> = (
  form: FormData,
  deps: Deps,
) => Promise<StaffActionOutcome<Extra>>;

export interface StaffActionAnswer<Intent extends string, Extra extends object = NoExtra> {
  result: StaffActionResult<Intent | "unknown"> & Extra;
  status: number;
  headers?: HeadersInit;
}

/** Shared with the browser, which builds the same notices when no answer arrives (decision 0028). */
export { errorNotice } from "./forms.ts";

export const successNotice = (title: string, description = ""): Notice => ({
  tone: "success",
  title,
  description,
});

export const done = (notice: Notice, targetId?: number): StaffActionOutcome => ({
  status: 200,
  result: { outcome: "done", notice, targetId },
});
export const failed = (status: number, notice: Notice, targetId?: number): StaffActionOutcome => ({
  status,
  result: { outcome: "failed", notice, targetId },
});
export const invalid = (
  fieldErrors: FieldErrors,
  targetId?: number,
  notice?: Notice,
): StaffActionOutcome => ({
  status: 400,
  result: { outcome: "invalid", fieldErrors, targetId, notice },
});

/**
 * What a form whose intent no handler knows gets: a notice (answered with 400), a whole outcome, or
 * `{ intent }` — the handler a form with a single purpose goes to without naming it (the sign-in).
 */
export type UnknownIntent<Intent extends string, Extra extends object> =
  Notice | StaffActionOutcome<Extra> | { intent: Intent };

export function staffActionDispatcher<Intent extends string, Deps, Extra extends object = NoExtra>(
  handlers: Record<Intent, StaffActionHandler<Deps, Extra>>,
  unknown: UnknownIntent<Intent, Extra>,
) {
  return async (form: FormData, deps: Deps): Promise<StaffActionAnswer<Intent, Extra>> => {
    const resultId = crypto.randomUUID();
    const sent = form.get(INTENT_FIELD);
    let intent: Intent | undefined =
      typeof sent === "string" && Object.hasOwn(handlers, sent) ? (sent as Intent) : undefined;
    if (intent === undefined && "intent" in unknown) intent = unknown.intent;
    if (intent === undefined) {
      const outcome: StaffActionOutcome<Extra> =
        "result" in unknown
          ? unknown
          : ({ status: 400, result: { outcome: "failed", notice: unknown } } as StaffActionOutcome<Extra>);
      return { ...outcome, result: { ...outcome.result, intent: "unknown", resultId } };
    }
    const outcome = await handlers[intent](form, deps);
    return { ...outcome, result: { ...outcome.result, intent, resultId } };
  };
}

/** The route action's response: the result with its status and headers. */
export const staffActionResponse = <Intent extends string, Extra extends object>(
  answer: StaffActionAnswer<Intent, Extra>,
) => data(answer.result, { status: answer.status, headers: answer.headers });
