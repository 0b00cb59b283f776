import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { replace } from "react-router";
import type { Database } from "../../../db/database.types.ts";
import type { PendingStep, StaffSession } from "../../common/app-context.ts";
import { secondFactorRequiredFor } from "./schema.ts";
import { readSecondFactorPolicy } from "./second-factor-policy.server.ts";

type Db = Kysely<Database>;

/** A session ends after 2 hours without a request, and 12 hours after sign-in at the latest. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most once a minute, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface CookieSettings {
  /** `Secure` and the `__Host-` prefix: only when the site is served over https. */
  secure: boolean;
}

export const sessionCookieName = ({ secure }: CookieSettings) =>
  secure ? "__Host-tavola_session" : "tavola_session";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A random token of ours in the cookie `name` (43 base64url characters), or undefined. */
export function readTokenCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      const value = rest.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** A token cookie (`HttpOnly`, path `/`, `Secure` behind https); an empty value with age 0 clears it. */
export function tokenCookie(
  name: string,
  value: string,
  { maxAgeSeconds, sameSite }: { maxAgeSeconds: number; sameSite: "Lax" | "Strict" },
  settings: CookieSettings,
): string {
  const attributes = [
    `${name}=${value}`,
    "Path=/",
    "HttpOnly",
    `SameSite=${sameSite}`,
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (settings.secure) attributes.push("Secure");
  return attributes.join("; ");
}

export const readSessionToken = (request: Request, settings: CookieSettings): string | undefined =>
  readTokenCookie(request, sessionCookieName(settings));

export const sessionCookie = (token: string, settings: CookieSettings): string =>
  tokenCookie(
    sessionCookieName(settings),
    token,
    { maxAgeSeconds: Math.floor(SESSION_ABSOLUTE_MS / 1000), sameSite: "Lax" },
    settings,
  );

export const clearedSessionCookie = (settings: CookieSettings): string =>
  tokenCookie(sessionCookieName(settings), "", { maxAgeSeconds: 0, sameSite: "Lax" }, settings);

/** A new random session for the account; returns the token for the cookie (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: number,
  userAgent: string | null,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const created = now.toISOString();
  await db
    .insertInto("staff_sessions")
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: created,
      last_seen_at: created,
      expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
      user_agent: userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  // Expired sessions of anyone are swept at sign-in: the table stays small without a timer.
  await db
    .deleteFrom("staff_sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", created),
        eb("last_seen_at", "<=", new Date(now.getTime() - SESSION_IDLE_MS).toISOString()),
      ]),
    )
    .execute();
  return token;
}

/** A signed-in staff member; the shape lives with the request's context (decision 0049). */
export type { StaffSession };

/** Mein Konto: the one screen an account with pending steps reaches. */
export const ACCOUNT_PATH = "/admin/konto";

/** The signed-in staff member for this token, or undefined when it is unknown, idle too long or expired. */
export async function findSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<StaffSession | undefined> {
  const id = hashToken(token);
  const row = await db
    .selectFrom("staff_sessions")
    .innerJoin("staff_users", "staff_users.id", "staff_sessions.user_id")
    .select([
      "staff_sessions.user_id",
      "staff_sessions.last_seen_at",
      "staff_sessions.expires_at",
      "staff_users.username",
      "staff_users.role",
      "staff_users.password_must_change",
      "staff_users.totp_secret",
    ])
    .where("staff_sessions.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now.getTime() || lastSeen + SESSION_IDLE_MS <= now.getTime()) {
    await db.deleteFrom("staff_sessions").where("id", "=", id).execute();
    return undefined;
  }
  if (now.getTime() - lastSeen >= TOUCH_INTERVAL_MS) {
    await db
      .updateTable("staff_sessions")
      .set({ last_seen_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
  }
  const pending: PendingStep[] = [];
  if (Number(row.password_must_change) === 1) pending.push("change-password");
  // The policy is read only for accounts without a second factor: the others never wait for it.
  if (row.totp_secret === null && secondFactorRequiredFor(await readSecondFactorPolicy(db), row.role))
    pending.push("set-up-second-factor");
  return { userId: row.user_id, username: row.username, role: row.role, sessionId: id, pending };
}

/**
 * Whether the session with this id is still open — not signed out, expired, idle too long, nor its
 * account removed — without counting as activity: a screen left open with its event stream does
 * not keep its session alive (decision 0035).
 */
export async function sessionStillOpen(db: Db, sessionId: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom("staff_sessions")
    .innerJoin("staff_users", "staff_users.id", "staff_sessions.user_id")
    .select(["staff_sessions.last_seen_at", "staff_sessions.expires_at"])
    .where("staff_sessions.id", "=", sessionId)
    .executeTakeFirst();
  if (!row) return false;
  return (
    Date.parse(row.expires_at) > now.getTime() &&
    Date.parse(row.last_seen_at) + SESSION_IDLE_MS > now.getTime()
  );
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom("staff_sessions").where("id", "=", hashToken(token)).execute();
}

export async function currentStaff(
  db: Db,
  request: Request,
  settings: CookieSettings,
): Promise<StaffSession | undefined> {
  const token = readSessionToken(request, settings);
  return token ? findSession(db, token) : undefined;
}

/** An owner passes; anyone else gets 403, with `reason` as its text. */
export function refuseUnlessOwner(
  staff: StaffSession,
  reason = "Nur Inhaber dürfen Konten verwalten.",
): StaffSession {
  if (staff.role !== "owner")
    throw new Response(reason, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return staff;
}

export interface GuardOptions {
  /**
   * Only for Mein Konto (`staffGuard` decides by the address): an account with pending steps is let
   * in, to do them there. Everywhere else the guard sends it to Mein Konto (decision 0027).
   */
  allowPending?: boolean;
}

/** Who may use an admin screen: the session, or why not (signed out; steps pending on Mein Konto). */
export type StaffAccess = { granted: StaffSession } | { refused: "signed-out" | "pending" };

/**
 * The guard's decision for the session a request came with, for the few callers that answer a
 * refusal in their own way (the picture upload answers JSON); everything else uses `requireAccess`.
 */
export function accessOf(
  staff: StaffSession | undefined,
  { allowPending = false }: GuardOptions = {},
): StaffAccess {
  if (!staff) return { refused: "signed-out" };
  if (staff.pending.length > 0 && !allowPending) return { refused: "pending" };
  return { granted: staff };
}

/**
 * The staff check the admin layout's middleware runs for every loader and action below it
 * (`staffGuard`, decision 0030): without a valid session it throws a
 * redirect to /login that replaces the history entry (docs/product/staff.md#guard), so no data is read or
 * changed. An account that must first change its password or set up its second factor is sent to Mein Konto
 * the same way, for a page and for a form sent to an action alike: the action does not run.
 */
export function requireAccess(staff: StaffSession | undefined, options: GuardOptions = {}): StaffSession {
  const access = accessOf(staff, options);
  if ("granted" in access) return access.granted;
  throw replace(access.refused === "signed-out" ? "/login" : ACCOUNT_PATH, {
    headers: { "Cache-Control": "no-store" },
  });
}

/** `accessOf` for the session read from the request's cookie. */
export async function staffAccess(
  db: Db,
  request: Request,
  settings: CookieSettings,
  options: GuardOptions = {},
): Promise<StaffAccess> {
  return accessOf(await currentStaff(db, request, settings), options);
}

/** `requireAccess` for the session read from the request's cookie. */
export async function requireStaff(
  db: Db,
  request: Request,
  settings: CookieSettings,
  options: GuardOptions = {},
): Promise<StaffSession> {
  return requireAccess(await currentStaff(db, request, settings), options);
}
