import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, StaffRole } from "../../../db/database.types.ts";
import { nowIso } from "../../../db/database.server.ts";
import { countHit } from "../../lib/rate-limit.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { createSession } from "./session.server.ts";
import { normalizeRecoveryCode, RECOVERY_CODE_LENGTH, SHORT_RECOVERY_CODE_LENGTH } from "./schema.ts";
import {
  clearSecondFactor,
  lockedOwnerCount,
  LookalikeUsernameError,
  setStaffPassword,
} from "./staff.server.ts";
import { generateTotpSecret, verifyTotp } from "./totp.server.ts";

/**
 * What staff do with accounts (decision 0025, docs/product/staff.md#accounts): their own password, sessions
 * and second factor on the Konto screen; owners add and remove accounts and reset them. Every function takes
 * the acting account's id from the session, never from the form.
 */
type Db = Kysely<Database>;

export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32: no i, l, o or u, which people read as other characters. */
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * 'xxxx-xxxx-xxxx-xxxx-xxxx-xxxx': 15 random bytes as 24 base32 characters, 120 bits (decision
 * 0027). That many bits make the unsalted SHA-256 kept of it as hard to reverse as to guess.
 */
function newRecoveryCode(): string {
  let code = "";
  let bits = 0;
  let value = 0;
  for (const byte of randomBytes(15)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      code += RECOVERY_ALPHABET[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return code.match(/.{4}/g)?.join("-") ?? code;
}

async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = nowIso();
  await db.deleteFrom("staff_recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("staff_recovery_codes")
    .values(
      codes.map((code) => ({
        user_id: userId,
        code_hash: sha256(normalizeRecoveryCode(code)),
        long_code: 1,
        created_at: now,
      })),
    )
    .execute();
  return codes;
}

// ——— Own password ———

/**
 * Checks of one's own current password (changing it, the second factor) per account: a stolen
 * session must not become a way to guess the password (decision 0025).
 */
export const OWN_PASSWORD_CHECKS = { max: 5, windowMs: 15 * 60 * 1000 };

export type OwnPasswordCheck =
  { verdict: "right" } | { verdict: "wrong" } | { verdict: "throttled"; retryAfterMs: number };

export async function confirmOwnPassword(
  db: Db,
  userId: number,
  password: string,
  now = new Date(),
): Promise<OwnPasswordCheck> {
  const limit = await countHit(db, `own-password:${userId}`, OWN_PASSWORD_CHECKS, now);
  if (!limit.allowed) return { verdict: "throttled", retryAfterMs: limit.retryAfterMs };
  const user = await db
    .selectFrom("staff_users")
    .select("password_hash")
    .where("id", "=", userId)
    .executeTakeFirst();
  // The whole password: the form's schema refuses one longer than any password can be (decision 0027).
  return user && (await verifyPassword(password, user.password_hash))
    ? { verdict: "right" }
    : { verdict: "wrong" };
}

/**
 * The current password must be right. Every session of the account ends — the others, any sign-in
 * waiting for its code, and this one, which is replaced by a new session (a new token after the
 * password changed); returns that session's token for the cookie.
 */
export async function changeOwnPassword(
  db: Db,
  userId: number,
  current: string,
  next: string,
  userAgent: string | null,
): Promise<Exclude<OwnPasswordCheck, { verdict: "right" }> | { verdict: "changed"; token: string }> {
  const check = await confirmOwnPassword(db, userId, current);
  if (check.verdict !== "right") return check;
  const passwordHash = await hashPassword(next);
  const token = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("staff_users")
      .set({
        password_hash: passwordHash,
        password_set_by: "staff",
        // Chosen by the account itself: Mein Konto no longer holds it (decision 0027).
        password_must_change: 0,
        updated_at: nowIso(),
      })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("staff_sessions").where("user_id", "=", userId).execute();
    await trx.deleteFrom("staff_sign_in_challenges").where("user_id", "=", userId).execute();
    return createSession(trx, userId, userAgent);
  });
  return { verdict: "changed", token };
}

// ——— Sessions ———

export interface SessionView {
  id: string;
  device: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** 'Firefox auf Windows' from a user agent: enough to recognise one's own devices. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return "Unbekanntes Gerät";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /OPR\//.test(userAgent)
      ? "Opera"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrome\/|Chromium\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : undefined;
  const system = /iPhone|iPad/.test(userAgent)
    ? "iOS"
    : /Android/.test(userAgent)
      ? "Android"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : undefined;
  if (browser && system) return `${browser} auf ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

export async function listSessions(db: Db, userId: number, currentSessionId: string): Promise<SessionView[]> {
  const rows = await db
    .selectFrom("staff_sessions")
    .select(["id", "user_agent", "created_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", nowIso())
    .orderBy("last_seen_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.user_agent),
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the account's own sessions; another account's session id changes nothing. */
export async function endSession(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("staff_sessions")
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function endOtherSessions(db: Db, userId: number, currentSessionId: string): Promise<number> {
  const result = await db
    .deleteFrom("staff_sessions")
    .where("user_id", "=", userId)
    .where("id", "!=", currentSessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ——— Second factor ———

export interface SecondFactorState {
  enabled: boolean;
  /** A secret waiting to be confirmed with a code (shown as a QR code). */
  pendingSecret: string | null;
  recoveryCodesLeft: number;
  /** Unused codes of the shorter kind made before decision 0027: Mein Konto asks for new ones. */
  shortRecoveryCodesLeft: number;
}

export async function secondFactorState(db: Db, userId: number): Promise<SecondFactorState> {
  const user = await db
    .selectFrom("staff_users")
    .select(["totp_secret", "totp_pending_secret"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const unused = await db
    .selectFrom("staff_recovery_codes")
    .select("long_code")
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
  return {
    enabled: user.totp_secret !== null,
    pendingSecret: user.totp_secret === null ? user.totp_pending_secret : null,
    recoveryCodesLeft: unused.length,
    shortRecoveryCodesLeft: unused.filter((code) => Number(code.long_code) === 0).length,
  };
}

/** A new secret to scan; the second factor is on only once a code from it is confirmed. */
export async function beginSecondFactor(db: Db, userId: number): Promise<string> {
  const secret = generateTotpSecret();
  await db
    .updateTable("staff_users")
    .set({ totp_pending_secret: secret })
    .where("id", "=", userId)
    .where("totp_secret", "is", null)
    .execute();
  return secret;
}

/** The code from the app proves it was set up: the factor is on, and the recovery codes are returned once. */
export async function confirmSecondFactor(
  db: Db,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<string[] | undefined> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("staff_users")
      .select(["totp_pending_secret", "totp_secret"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user?.totp_pending_secret || user.totp_secret) return undefined;
    const step = verifyTotp(user.totp_pending_secret, code, now, null);
    if (step === undefined) return undefined;
    await trx
      .updateTable("staff_users")
      .set({
        totp_secret: user.totp_pending_secret,
        totp_pending_secret: null,
        totp_enabled_at: new Date(now).toISOString(),
        totp_last_step: step,
        updated_at: nowIso(),
      })
      .where("id", "=", userId)
      .execute();
    return replaceRecoveryCodes(trx, userId);
  });
}

export async function disableSecondFactor(db: Db, userId: number): Promise<void> {
  await db.transaction().execute((trx) => clearSecondFactor(trx, userId));
}

export async function renewRecoveryCodes(db: Db, userId: number): Promise<string[] | undefined> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("staff_users")
      .select("totp_secret")
      .where("id", "=", userId)
      .executeTakeFirst();
    return user?.totp_secret ? replaceRecoveryCodes(trx, userId) : undefined;
  });
}

/**
 * The second step of a sign-in: a code from the app (once per step, never an older step than the
 * last accepted) or an unused recovery code (used up by this). Atomic against a parallel use.
 */
export async function verifySecondFactor(
  db: Db,
  userId: number,
  input: string,
  now = Date.now(),
): Promise<"code" | "recovery-code" | "no-second-factor" | undefined> {
  const user = await db
    .selectFrom("staff_users")
    .select(["totp_secret", "totp_last_step"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user?.totp_secret) return "no-second-factor";
  const step = verifyTotp(user.totp_secret, input, now, user.totp_last_step);
  if (step !== undefined) {
    const taken = await db
      .updateTable("staff_users")
      .set({ totp_last_step: step })
      .where("id", "=", userId)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) > 0 ? "code" : undefined;
  }
  const normalized = normalizeRecoveryCode(input);
  if (normalized.length !== RECOVERY_CODE_LENGTH && normalized.length !== SHORT_RECOVERY_CODE_LENGTH)
    return undefined;
  const used = await db
    .updateTable("staff_recovery_codes")
    .set({ used_at: nowIso() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", sha256(normalized))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) > 0 ? "recovery-code" : undefined;
}

// ——— Owners: the accounts ———

export interface AccountView {
  id: number;
  username: string;
  role: StaffRole;
  secondFactor: boolean;
  /** Still signs in with a password someone else chose (decision 0027). */
  mustChangePassword: boolean;
  createdAt: string;
}

export async function listAccounts(db: Db): Promise<AccountView[]> {
  const rows = await db
    .selectFrom("staff_users")
    .select(["id", "username", "role", "totp_secret", "password_must_change", "created_at"])
    .orderBy("username_normalized")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    role: row.role,
    secondFactor: row.totp_secret !== null,
    mustChangePassword: Number(row.password_must_change) === 1,
    createdAt: row.created_at,
  }));
}

export type CreateAccountResult =
  { outcome: "created" } | { outcome: "exists" } | { outcome: "lookalike"; existing: string };

/**
 * An owner adds an account. The owner chose its password and hands it over, so the account changes
 * it at its first sign-in (decision 0027); a name like an existing account's is refused.
 */
export async function createAccount(
  db: Db,
  account: { username: string; password: string; role: StaffRole },
): Promise<CreateAccountResult> {
  try {
    const result = await setStaffPassword(db, account.username, account.password, {
      role: account.role,
      mustChange: true,
      onlyNew: true,
    });
    return { outcome: result === "created" ? "created" : "exists" };
  } catch (error) {
    if (error instanceof LookalikeUsernameError) return { outcome: "lookalike", existing: error.existing };
    throw error;
  }
}

export type AccountChange = "done" | "not-found" | "self" | "last-owner";

/** Removes an account and its sessions; never one's own, never the last owner. */
export async function removeAccount(db: Db, actorId: number, accountId: number): Promise<AccountChange> {
  if (actorId === accountId) return "self";
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom("staff_users")
      .select("role")
      .where("id", "=", accountId)
      .executeTakeFirst();
    if (!account) return "not-found";
    if (account.role === "owner" && (await lockedOwnerCount(trx)) <= 1) return "last-owner";
    await trx.deleteFrom("staff_sessions").where("user_id", "=", accountId).execute();
    await trx.deleteFrom("staff_users").where("id", "=", accountId).execute();
    return "done";
  });
}

/** An owner sets a new password for someone who forgot theirs: that account's sessions end. */
export async function resetAccountPassword(
  db: Db,
  actorId: number,
  accountId: number,
  password: string,
): Promise<AccountChange> {
  if (actorId === accountId) return "self";
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("staff_users")
      .set({
        password_hash: passwordHash,
        password_set_by: "staff",
        // The owner knows it: it opens only Mein Konto until its holder chose another (decision 0027).
        password_must_change: 1,
        updated_at: nowIso(),
      })
      .where("id", "=", accountId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return "not-found";
    await trx.deleteFrom("staff_sessions").where("user_id", "=", accountId).execute();
    await trx.deleteFrom("staff_sign_in_challenges").where("user_id", "=", accountId).execute();
    return "done";
  });
}

/** A lost phone: the owner turns the account's second factor off; it signs in with its password again. */
export async function resetAccountSecondFactor(
  db: Db,
  actorId: number,
  accountId: number,
): Promise<AccountChange> {
  if (actorId === accountId) return "self";
  const exists = await db
    .selectFrom("staff_users")
    .select("id")
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!exists) return "not-found";
  await disableSecondFactor(db, accountId);
  await db.deleteFrom("staff_sessions").where("user_id", "=", accountId).execute();
  return "done";
}

export async function accountName(db: Db, accountId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom("staff_users")
    .select("username")
    .where("id", "=", accountId)
    .executeTakeFirst();
  return row?.username;
}

export async function hasSecondFactor(db: Db, accountId: number): Promise<boolean> {
  const row = await db
    .selectFrom("staff_users")
    .select("totp_secret")
    .where("id", "=", accountId)
    .executeTakeFirst();
  return Boolean(row?.totp_secret);
}
