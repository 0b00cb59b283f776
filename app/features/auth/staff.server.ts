import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, PasswordSetBy, StaffRole, StaffUser } from "../../../db/database.types.ts";
import { nowIso } from "../../../db/database.server.ts";
import { lookalikeOf } from "./lookalike.server.ts";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./password.server.ts";
import { normalizeUsername } from "./schema.ts";

type Db = Kysely<Database>;

/** A new name that looks like an existing account's (decision 0027): refused with this message. */
export class LookalikeUsernameError extends Error {
  /** The existing account's name, as shown. */
  readonly existing: string;
  constructor(existing: string) {
    super(lookalikeMessage(existing));
    this.name = "LookalikeUsernameError";
    this.existing = existing;
  }
}

export const lookalikeMessage = (existing: string) =>
  `Dieser Benutzername ist dem vorhandenen Konto „${existing}“ zum Verwechseln ähnlich. Bitte wählen Sie einen anderen.`;

export async function findStaffByUsername(db: Db, username: string): Promise<StaffUser | undefined> {
  return db
    .selectFrom("staff_users")
    .selectAll()
    .where("username_normalized", "=", normalizeUsername(username))
    .executeTakeFirst();
}

/** The account if the password is right; the same answer and timing for an unknown name and a wrong password. */
export async function authenticateStaff(
  db: Db,
  username: string,
  password: string,
): Promise<StaffUser | undefined> {
  const user = await findStaffByUsername(db, username);
  if (!user) {
    await verifyAgainstDecoy(password);
    return undefined;
  }
  return (await verifyPassword(password, user.password_hash)) ? user : undefined;
}

export interface SetPasswordOptions {
  /** Who set it (decision 0009): ADMIN_PASSWORD re-sets only a password it set itself. */
  setBy?: PasswordSetBy;
  role?: StaffRole;
  /**
   * The password was chosen for the account by someone else, who knows it: the account reaches only
   * Mein Konto until it has changed it (decision 0027).
   */
  mustChange?: boolean;
  /** Only create: an existing account keeps its password, and the answer is "exists". */
  onlyNew?: boolean;
}

/**
 * Creates the account or gives it a new password; an existing account's sessions end. A new account
 * is an owner when `role` says so or when there is no owner yet (the first account, made at start or
 * with the staff command, must be able to manage the others: decision 0025). A new name that looks
 * like an existing account's throws `LookalikeUsernameError`.
 */
export async function setStaffPassword(
  db: Db,
  username: string,
  password: string,
  { setBy = "staff", role, mustChange = false, onlyNew = false }: SetPasswordOptions = {},
): Promise<"created" | "updated" | "exists"> {
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("staff_users")
      .select("id")
      .where("username_normalized", "=", normalizeUsername(username))
      .executeTakeFirst();
    const passwordColumns = {
      password_hash: passwordHash,
      password_set_by: setBy,
      password_must_change: mustChange ? 1 : 0,
      updated_at: now,
    };
    if (existing && onlyNew) return "exists";
    if (existing) {
      await trx.updateTable("staff_users").set(passwordColumns).where("id", "=", existing.id).execute();
      await trx.deleteFrom("staff_sessions").where("user_id", "=", existing.id).execute();
      await trx.deleteFrom("staff_sign_in_challenges").where("user_id", "=", existing.id).execute();
      return "updated";
    }
    const similar = await lookalikeOf(trx, username);
    if (similar) throw new LookalikeUsernameError(similar);
    const owner = await trx
      .selectFrom("staff_users")
      .select("id")
      .where("role", "=", "owner")
      .executeTakeFirst();
    const inserted = await trx
      .insertInto("staff_users")
      .values({
        role: role ?? (owner ? "staff" : "owner"),
        username: username.normalize("NFKC").trim(),
        username_normalized: normalizeUsername(username),
        ...passwordColumns,
        created_at: now,
      })
      // Two owners adding the same name at once: the second is told it exists.
      .onConflict((conflict) => conflict.column("username_normalized").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0 ? "created" : "exists";
  });
}

export async function listStaff(
  db: Db,
): Promise<
  Array<
    Pick<
      StaffUser,
      "username" | "role" | "totp_secret" | "password_must_change" | "created_at" | "updated_at"
    >
  >
> {
  return db
    .selectFrom("staff_users")
    .select(["username", "role", "totp_secret", "password_must_change", "created_at", "updated_at"])
    .orderBy("username_normalized")
    .execute();
}

export type BootstrapResult =
  | { kind: "configured"; username: string; change: "created" | "updated" | "unchanged" | "kept" }
  | { kind: "generated"; username: string; password: string }
  | { kind: "existing" };

/**
 * The run contract at start (docs/decisions/0009): ADMIN_USERNAME/ADMIN_PASSWORD create that account
 * if it does not exist, and replace its password only while the password is still one that
 * ADMIN_PASSWORD set: a password set later with `npm run staff -- set-password` is kept ("kept").
 * Whoever runs the server chose ADMIN_PASSWORD, so it need not be changed at sign-in (decision 0027).
 * Without them, a database with no account gets one with a random password, shown once, that must
 * be changed at the first sign-in: it stood in a terminal or a log.
 */
export async function ensureStaffAccount(
  db: Db,
  admin: { username: string; password: string } | undefined,
): Promise<BootstrapResult> {
  if (admin) {
    const existing = await findStaffByUsername(db, admin.username);
    if (existing && existing.password_set_by !== "environment") {
      return { kind: "configured", username: existing.username, change: "kept" };
    }
    if (existing && (await verifyPassword(admin.password, existing.password_hash))) {
      return { kind: "configured", username: existing.username, change: "unchanged" };
    }
    const change = await setStaffPassword(db, admin.username, admin.password, {
      setBy: "environment",
      role: "owner",
    });
    return {
      kind: "configured",
      username: admin.username,
      change: change === "created" ? "created" : "updated",
    };
  }
  const any = await db.selectFrom("staff_users").select("id").limit(1).executeTakeFirst();
  if (any) return { kind: "existing" };
  const password = generatePassword();
  await setStaffPassword(db, "admin", password, { setBy: "generated", mustChange: true });
  return { kind: "generated", username: "admin", password };
}

/** 20 characters from an alphabet without look-alikes (no 0/O, 1/l/I): about 115 bits. */
export function generatePassword(length = 20): string {
  const alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(length * 2);
  let password = "";
  for (let i = 0; password.length < length && i < bytes.length; i++) {
    const byte = bytes[i] ?? 0;
    // Rejection sampling keeps every character equally likely.
    if (byte < 256 - (256 % alphabet.length)) password += alphabet[byte % alphabet.length];
  }
  return password.length === length ? password : generatePassword(length);
}

/** For emergencies from the terminal: a role, or the second factor off (a lost phone, no owner to ask). */
/**
 * How many owners there are, with every owner's row locked until the transaction ends (PostgreSQL;
 * SQLite runs one writer at a time anyway): two changes that each take away an owner — removing
 * one, demoting one — take turns, and the second sees the first's result.
 */
export async function lockedOwnerCount(trx: Db): Promise<number> {
  await trx
    .updateTable("staff_users")
    .set((eb) => ({ role: eb.ref("role") }))
    .where("role", "=", "owner")
    .execute();
  const owners = await trx
    .selectFrom("staff_users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("role", "=", "owner")
    .executeTakeFirstOrThrow();
  return Number(owners.count);
}

export async function setStaffRole(
  db: Db,
  username: string,
  role: StaffRole,
): Promise<"done" | "not-found" | "last-owner"> {
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom("staff_users")
      .select(["id", "role"])
      .where("username_normalized", "=", normalizeUsername(username))
      .executeTakeFirst();
    if (!account) return "not-found";
    // Nobody could manage the accounts any more.
    if (account.role === "owner" && role === "staff" && (await lockedOwnerCount(trx)) <= 1)
      return "last-owner";
    await trx
      .updateTable("staff_users")
      .set({ role, updated_at: nowIso() })
      .where("id", "=", account.id)
      .execute();
    return "done";
  });
}

/** The second factor off: secret, pending secret and recovery codes gone (inside the caller's transaction). */
export async function clearSecondFactor(db: Db, userId: number): Promise<void> {
  await db
    .updateTable("staff_users")
    .set({
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      updated_at: nowIso(),
    })
    .where("id", "=", userId)
    .execute();
  await db.deleteFrom("staff_recovery_codes").where("user_id", "=", userId).execute();
  await db.deleteFrom("staff_sign_in_challenges").where("user_id", "=", userId).execute();
}

export async function turnOffSecondFactor(db: Db, username: string): Promise<boolean> {
  const user = await findStaffByUsername(db, username);
  if (!user) return false;
  await db.transaction().execute(async (trx) => {
    await clearSecondFactor(trx, user.id);
    await trx.deleteFrom("staff_sessions").where("user_id", "=", user.id).execute();
  });
  return true;
}
