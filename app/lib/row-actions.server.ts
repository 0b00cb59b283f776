import { INTENT_FIELD, type FieldErrors, type Notice, type RowActionResult } from "./forms.ts";

/**
 * The server half of a staff screen's row actions: one handler per intent, each answering a notice
 * for a toast, field messages for a form, and the row it concerns; an unknown intent is refused.
 */
export type RowActionOutcome = Omit<RowActionResult, "resultId" | "intent"> & { status: number };

export type RowActionHandler<Deps> = (form: FormData, deps: Deps) => Promise<RowActionOutcome>;

export interface RowActionAnswer<Intent extends string> {
  result: RowActionResult<Intent | "unknown">;
  status: number;
}

/** Shared with the browser, which builds the same notices when no answer arrives (decision 0028). */
export { errorNotice } from "./forms.ts";

export const successNotice = (title: string, description = ""): Notice => ({
  tone: "success",
  title,
  description,
});

export const done = (notice: Notice, targetId?: number): RowActionOutcome => ({
  status: 200,
  outcome: "done",
  notice,
  targetId,
});
export const failed = (status: number, notice: Notice, targetId?: number): RowActionOutcome => ({
  status,
  outcome: "failed",
  notice,
  targetId,
});
export const invalid = (fieldErrors: FieldErrors, targetId?: number, notice?: Notice): RowActionOutcome => ({
  status: 400,
  outcome: "invalid",
  fieldErrors,
  targetId,
  notice,
});

export function rowActionDispatcher<Intent extends string, Deps>(
  handlers: Record<Intent, RowActionHandler<Deps>>,
  unknownAction: Notice,
) {
  return async (form: FormData, deps: Deps): Promise<RowActionAnswer<Intent>> => {
    const resultId = crypto.randomUUID();
    const intent = form.get(INTENT_FIELD);
    if (typeof intent !== "string" || !Object.hasOwn(handlers, intent))
      return {
        status: 400,
        result: { intent: "unknown", resultId, outcome: "failed", notice: unknownAction },
      };
    const { status, ...result } = await handlers[intent as Intent](form, deps);
    return { status, result: { ...result, intent: intent as Intent, resultId } };
  };
}
