import type { ActionFailure } from "../../lib/action-failures.ts";
import { errorNotice, formId, INTENT_FIELD, type StaffActionResult } from "../../lib/forms.ts";

/**
 * What the sign-in, Mein Konto and Konten answer, for the browser and the server alike: the staff
 * form's result (`StaffActionResult`) and what each of these screens needs besides. Types and plain
 * functions only, so the screens' browser code may import it.
 */

/** Mein Konto's and Konten's answers name the form on the screen they belong to. */
export interface AccountFormExtra<Target> {
  target: Target;
  /** Shown once, right after they were made: only their hashes are kept. */
  recoveryCodes?: string[];
}
export type AccountFormResult<Target> = StaffActionResult & AccountFormExtra<Target>;

/** Mein Konto's sections. */
export type MyAccountTarget = "password" | "second-factor" | "sessions";
/** Konten's forms: the new account, the second-factor rule, or an account's row (its id). */
export type AccountAdminTarget = number | "new" | "policy";

/** The section a Mein Konto form belongs to, by its intent. */
export function myAccountTarget(form: FormData): MyAccountTarget {
  const intent = form.get(INTENT_FIELD);
  if (intent === "end-session" || intent === "end-other-sessions") return "sessions";
  return typeof intent === "string" && (intent.startsWith("totp-") || intent === "recovery-renew")
    ? "second-factor"
    : "password";
}

/** The Konten form a failure belongs to: the setting's, the new account's, or the account's row. */
export function accountAdminTarget(form: FormData): AccountAdminTarget {
  const intent = form.get(INTENT_FIELD);
  if (intent === "second-factor-policy") return "policy";
  return intent === "create" ? "new" : (formId(form) ?? "new");
}

/**
 * A form without an answer of the action's own says so where it was sent from (decision 0028);
 * a refusal (403, no longer an owner) still goes to the error boundary.
 */
export const accountFormFailure =
  <Target>(targetOf: (form: FormData) => Target) =>
  (form: FormData, failure: ActionFailure): AccountFormResult<Target> => ({
    intent: String(form.get(INTENT_FIELD) ?? "unknown"),
    resultId: failure.id,
    outcome: "failed",
    target: targetOf(form),
    notice: errorNotice(failure.detail),
  });

/** The answer if it belongs to this form, else nothing. */
export const answerFor = <Target>(result: AccountFormResult<Target> | undefined, target: Target) =>
  result?.target === target ? result : undefined;

export type LoginIntent = "sign-in" | "second-factor" | "restart";

/** The sign-in's own fields: which step comes next and the name typed, for a page without JavaScript. */
export interface LoginExtra {
  /** `code`: the password was right, the code from the app is next; `signed-in`: the dashboard is next. */
  step?: "code" | "signed-in";
  values?: { username: string };
  /** A word about the sign-in (a recovery code was used): the page without JavaScript waits longer. */
  note?: string;
}
export type LoginResult = StaffActionResult<LoginIntent | "unknown"> & LoginExtra;
