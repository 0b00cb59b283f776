import { errorNotice, type FieldErrors } from "../../lib/forms.ts";
import type { Logger } from "../../lib/logger.server.ts";
import {
  successNotice,
  type StaffActionHandler,
  type StaffActionOutcome,
} from "../../lib/staff-actions.server.ts";
import type { AccountFormExtra } from "./action-results.ts";
import { HashingBusyError } from "./password.server.ts";
import { passwordProblem } from "./password-policy.server.ts";

/**
 * What Mein Konto and Konten share on the server: their answers (a notice for the form they belong
 * to, field messages beside the fields), the password rules for a new password, and one answer for
 * anything a handler did not expect.
 */
export type AccountOutcome<Target> = StaffActionOutcome<AccountFormExtra<Target>>;
export type AccountHandler<Deps, Target> = StaffActionHandler<Deps, AccountFormExtra<Target>>;

/** 'Fehler' with the description, in the form `target` names; with field messages it is `invalid`. */
export const failed = <Target>(
  target: Target,
  description: string,
  status = 400,
  fieldErrors?: FieldErrors,
): AccountOutcome<Target> => ({
  status,
  result: {
    target,
    outcome: fieldErrors ? "invalid" : "failed",
    notice: errorNotice(description),
    ...(fieldErrors ? { fieldErrors } : {}),
  },
});

export const done = <Target>(
  target: Target,
  title: string,
  description: string,
  extra: { recoveryCodes?: string[] } = {},
): AccountOutcome<Target> => ({
  status: 200,
  result: { target, outcome: "done", notice: successNotice(title, description), ...extra },
});

/** 'Bitte prüfen Sie die Felder.' with each field's message beside it. */
export const invalidFields = <Target>(target: Target, fieldErrors: FieldErrors) =>
  failed(target, "Bitte prüfen Sie die Felder.", 400, fieldErrors);

/** A new password that breaks the rules of decision 0025 (common, or the account's name), or nothing. */
export function refusedNewPassword<Target>(
  target: Target,
  password: string,
  username: string,
): AccountOutcome<Target> | undefined {
  const problem = passwordProblem(password, username);
  return problem ? failed(target, problem, 400, { password: problem }) : undefined;
}

/**
 * The handlers, each answering what it did not expect in the form `fallback` names: a busy password
 * hasher (503, try again), anything else logged (500).
 */
export function withAccountFailures<Intent extends string, Deps extends { logger: Logger }, Target>(
  handlers: Record<Intent, AccountHandler<Deps, Target>>,
  fallback: Target,
  what: string,
): Record<Intent, AccountHandler<Deps, Target>> {
  const guarded = {} as Record<Intent, AccountHandler<Deps, Target>>;
  for (const intent of Object.keys(handlers) as Intent[]) {
    guarded[intent] = async (form, deps) => {
      try {
        return await handlers[intent](form, deps);
      } catch (error) {
        if (error instanceof HashingBusyError)
          return failed(
            fallback,
            "Der Server ist gerade ausgelastet. Bitte versuchen Sie es gleich noch einmal.",
            503,
          );
        deps.logger.error(what, { error, intent });
        return failed(fallback, "Ein unerwarteter Fehler ist aufgetreten.", 500);
      }
    };
  }
  return guarded;
}
