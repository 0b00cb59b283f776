import type { ActionFailure } from "../../lib/action-failures.ts";
import { errorNotice, INTENT_FIELD, type StaffActionResult } from "../../lib/forms.ts";
import type { OutboxFilter } from "../../common/mail/outbox.server.ts";

/** The outbox screen's filters and texts, for its loader and its page alike. */
export const outboxFilters: Array<{ value: OutboxFilter; label: string }> = [
  { value: "all", label: "Alle" },
  { value: "waiting", label: "Wartend" },
  { value: "failed", label: "Fehlgeschlagen" },
  { value: "sent", label: "Gesendet" },
];

export const mailKindLabels: Record<string, string> = {
  "reservation-notice": "Neue Reservierung (an das Restaurant)",
  "reservation-confirmation": "Bestätigung (an den Gast)",
  "reservation-cancellation": "Stornierung (an den Gast)",
};

export type OutboxIntent = "resend";
export type OutboxResult = StaffActionResult<OutboxIntent | "unknown">;

/** 'Erneut senden' without an answer of the action's own says so in the page (decision 0028). */
export const outboxFailure = (form: FormData, failure: ActionFailure): OutboxResult => ({
  intent: form.get(INTENT_FIELD) === "resend" ? "resend" : "unknown",
  resultId: failure.id,
  outcome: "failed",
  notice: errorNotice(`Die E-Mail konnte nicht erneut gesendet werden. ${failure.detail}`),
});
