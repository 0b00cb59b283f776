import type { ActionFailure } from "../../../lib/action-failures.ts";
import { formId, INTENT_FIELD } from "../../../lib/forms.ts";
import { adminMessages as A } from "../book/index.ts";
import { planMessages } from "../tables/index.ts";
import type { AdminIntent, AdminResult } from "../book/index.ts";

const messages: Record<AdminIntent, (detail: string) => string> = {
  create: () => A.addFailed,
  update: A.updateFailed,
  status: A.quickStatusFailed,
  delete: A.deleteFailed,
  table: planMessages.tableFailed,
};

/**
 * What 'Reservierungen einsehen' shows when an action's answer never arrives (decision 0028): the
 * info dialog 'Fehler' with the screen's message for that action and the reason, as when the action
 * itself fails; the status drop-down shows the stored status again.
 */
export function adminFailureResult(form: FormData, failure: ActionFailure): AdminResult {
  const sent = form.get(INTENT_FIELD);
  const intent =
    typeof sent === "string" && Object.hasOwn(messages, sent) ? (sent as AdminIntent) : undefined;
  return {
    intent: intent ?? "unknown",
    resultId: failure.id,
    outcome: "failed",
    info: { title: "Fehler", message: (intent ? messages[intent] : A.updateFailed)(failure.detail) },
    reservationId: formId(form),
  };
}
