import type { Kysely } from "kysely";
import type { Database, StaffUser } from "../../../db/database.types.ts";
import { fieldErrorsOf, type FieldErrors } from "../../lib/forms.ts";
import { HashingBusyError } from "./password.server.ts";
import { verifySecondFactor } from "./accounts.server.ts";
import { closeChallenge, createChallenge, takeChallengeAttempt } from "./challenge.server.ts";
import { loginFields, loginSchema, secondFactorSchema, type LoginField } from "./schema.ts";
import { createSession, deleteSession } from "./session.server.ts";
import { authenticateStaff } from "./staff.server.ts";
import { countHit } from "../../lib/rate-limit.server.ts";
import { countAttempt, recordSuccess, signInKeys, sweepExpired } from "./throttle.server.ts";

export type SignInResult =
  | { kind: "invalid"; fieldErrors: FieldErrors<LoginField> }
  | { kind: "throttled"; retryAfterSeconds: number }
  | { kind: "rejected" }
  | { kind: "second-factor"; challengeToken: string }
  | { kind: "signed-in"; token: string; username: string };

/** Seams for tests: the password check and the slowdown's wait. */
export interface SignInDependencies {
  authenticate: (db: Kysely<Database>, username: string, password: string) => Promise<StaffUser | undefined>;
  wait: (ms: number) => Promise<void>;
}

const defaultDependencies: SignInDependencies = {
  authenticate: authenticateStaff,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Codes of the second step per account, from all addresses together (decision 0025). */
export const CODES_PER_ACCOUNT = { max: 10, windowMs: 15 * 60 * 1000 };
/** And per day: a year of guessing stays far from the code (decision 0025). */
export const CODES_PER_ACCOUNT_DAY = { max: 50, windowMs: 24 * 60 * 60 * 1000 };

/** When every password-check slot is taken, the browser is asked to come back this much later. */
const BUSY_RETRY_SECONDS = 5;

/**
 * The whole sign-in decision, independent of HTTP: validate, count the attempt (before any password
 * is hashed), refuse or slow down per docs/decisions/0009, check the password, and start a fresh
 * session (a new id; the previous session ends).
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
  dependencies: Partial<SignInDependencies> = {},
): Promise<SignInResult> {
  const { authenticate, wait } = { ...defaultDependencies, ...dependencies };
  const parsed = loginSchema.safeParse({ username: input.username, password: input.password });
  if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error, loginFields) };
  const { username, password } = parsed.data;
  await sweepExpired(db);
  const keys = signInKeys(input.clientAddress, username);
  const verdict = await countAttempt(db, keys);
  if (verdict.refusedForMs > 0) {
    return { kind: "throttled", retryAfterSeconds: Math.ceil(verdict.refusedForMs / 1000) };
  }
  if (verdict.delayMs > 0) await wait(verdict.delayMs);

  let user: StaffUser | undefined;
  try {
    user = await authenticate(db, username, password);
  } catch (error) {
    if (error instanceof HashingBusyError)
      return { kind: "throttled", retryAfterSeconds: BUSY_RETRY_SECONDS };
    throw error;
  }
  if (!user) return { kind: "rejected" };
  // The password alone opens nothing: the counters stay until the code is right too.
  if (user.totp_secret) return { kind: "second-factor", challengeToken: await createChallenge(db, user.id) };
  await recordSuccess(db, keys);
  if (input.previousToken) await deleteSession(db, input.previousToken);
  const token = await createSession(db, user.id, input.userAgent);
  return { kind: "signed-in", token, username: user.username };
}

export type SecondStepResult =
  | { kind: "invalid"; message: string }
  | { kind: "expired" }
  | { kind: "throttled"; retryAfterSeconds: number }
  | { kind: "wrong-code"; attemptsLeft: number }
  | { kind: "signed-in"; token: string; username: string; usedRecoveryCode: boolean };

/**
 * The second step: the code from the app or a recovery code, for an open challenge. Each code
 * counts against the challenge (five) and against the same sign-in limits as passwords.
 */
export async function completeSecondFactor(
  db: Kysely<Database>,
  input: {
    challengeToken: string | undefined;
    code: string;
    clientAddress: string;
    userAgent: string | null;
    previousToken?: string | undefined;
  },
  now = new Date(),
  wait: SignInDependencies["wait"] = defaultDependencies.wait,
): Promise<SecondStepResult> {
  if (!input.challengeToken) return { kind: "expired" };
  const parsed = secondFactorSchema.safeParse({ code: input.code });
  if (!parsed.success) return { kind: "invalid", message: parsed.error.issues[0]?.message ?? "" };
  await sweepExpired(db);
  const challenge = await takeChallengeAttempt(db, input.challengeToken, now);
  if (!challenge) return { kind: "expired" };
  const keys = signInKeys(input.clientAddress, challenge.username);
  const verdict = await countAttempt(db, keys);
  // Per account, from every address together: someone who has the password gets ten codes per
  // quarter hour, however many addresses and sign-ins they use (the limits above count per address).
  const perAccount = await countHit(db, `second-factor:${challenge.userId}`, CODES_PER_ACCOUNT, now);
  const perDay = await countHit(db, `second-factor-day:${challenge.userId}`, CODES_PER_ACCOUNT_DAY, now);
  if (verdict.refusedForMs > 0 || !perAccount.allowed || !perDay.allowed) {
    await closeChallenge(db, challenge.id);
    const waitMs = Math.max(verdict.refusedForMs, perAccount.retryAfterMs, perDay.retryAfterMs);
    return { kind: "throttled", retryAfterSeconds: Math.ceil(waitMs / 1000) };
  }
  if (verdict.delayMs > 0) await wait(verdict.delayMs);
  const verified = await verifySecondFactor(db, challenge.userId, parsed.data.code, now.getTime());
  if (verified === "no-second-factor") {
    // Turned off (or reset by an owner) since the password was accepted: start again.
    await closeChallenge(db, challenge.id);
    return { kind: "expired" };
  }
  if (!verified) {
    if (challenge.attemptsLeft <= 0) await closeChallenge(db, challenge.id);
    return challenge.attemptsLeft <= 0
      ? { kind: "expired" }
      : { kind: "wrong-code", attemptsLeft: challenge.attemptsLeft };
  }
  await closeChallenge(db, challenge.id);
  await recordSuccess(db, keys);
  if (input.previousToken) await deleteSession(db, input.previousToken);
  const token = await createSession(db, challenge.userId, input.userAgent, now);
  return {
    kind: "signed-in",
    token,
    username: challenge.username,
    usedRecoveryCode: verified === "recovery-code",
  };
}
