import type { Kysely } from "kysely";
import type { Database } from "../../lib/database.types.ts";
import { fieldErrorsOf, type FieldErrors } from "../../lib/forms.ts";
import { loginFields, loginSchema, type LoginField } from "./schema.ts";
import { createSession, deleteSession } from "./session.server.ts";
import { authenticateStaff } from "./staff.server.ts";
import { clearFailures, lockedFor, loginThrottleKeys, recordFailure } from "./throttle.server.ts";

export type SignInResult =
  | { kind: "invalid"; fieldErrors: FieldErrors<LoginField> }
  | { kind: "throttled"; retryAfterSeconds: number }
  | { kind: "rejected" }
  | { kind: "signed-in"; token: string; username: string };

/**
 * The whole sign-in decision, independent of HTTP: validate, refuse while throttled, check the
 * password, count the failure or start a fresh session (a new id; the previous session ends).
 */
export async function signIn(
  db: Kysely<Database>,
  input: {
    username: string;
    password: string;
    clientAddress: string;
    userAgent: string | null;
    previousToken?: string | undefined;
  },
): Promise<SignInResult> {
  const parsed = loginSchema.safeParse({ username: input.username, password: input.password });
  if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error, loginFields) };
  const { username, password } = parsed.data;
  const keys = loginThrottleKeys(input.clientAddress, username);
  const lockedMs = await lockedFor(db, keys);
  if (lockedMs > 0) return { kind: "throttled", retryAfterSeconds: Math.ceil(lockedMs / 1000) };

  const user = await authenticateStaff(db, username, password);
  if (!user) {
    await recordFailure(db, keys);
    return { kind: "rejected" };
  }
  await clearFailures(db, keys);
  if (input.previousToken) await deleteSession(db, input.previousToken);
  const token = await createSession(db, user.id, input.userAgent);
  return { kind: "signed-in", token, username: user.username };
}
