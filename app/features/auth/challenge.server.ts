import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.types.ts";
import { hashToken, readTokenCookie, tokenCookie, type CookieSettings } from "./session.server.ts";

/**
 * Between a right password and the code of an account with a second factor: a random token in its
 * own cookie (only its hash stored), valid five minutes and for five codes. Not a session: it opens
 * nothing but the code form (decision 0025).
 */
export const CHALLENGE_MS = 5 * 60 * 1000;
export const CHALLENGE_ATTEMPTS = 5;

type Db = Kysely<Database>;

export const challengeCookieName = ({ secure }: CookieSettings) =>
  secure ? "__Host-tavola_anmeldung" : "tavola_anmeldung";

export const challengeCookie = (token: string, settings: CookieSettings): string =>
  tokenCookie(
    challengeCookieName(settings),
    token,
    { maxAgeSeconds: CHALLENGE_MS / 1000, sameSite: "Strict" },
    settings,
  );

export const clearedChallengeCookie = (settings: CookieSettings): string =>
  tokenCookie(challengeCookieName(settings), "", { maxAgeSeconds: 0, sameSite: "Strict" }, settings);

export const readChallengeToken = (request: Request, settings: CookieSettings): string | undefined =>
  readTokenCookie(request, challengeCookieName(settings));

export async function createChallenge(db: Db, userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.deleteFrom("staff_sign_in_challenges").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("staff_sign_in_challenges")
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CHALLENGE_MS).toISOString(),
    })
    .execute();
  return token;
}

export interface OpenChallenge {
  id: string;
  userId: number;
  username: string;
}

/** The challenge if it is open; counts this attempt, and closes it after the last one. */
export async function takeChallengeAttempt(
  db: Db,
  token: string,
  now = new Date(),
): Promise<(OpenChallenge & { attemptsLeft: number }) | undefined> {
  const id = hashToken(token);
  const counted = await db
    .updateTable("staff_sign_in_challenges")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("expires_at", ">", now.toISOString())
    .where("attempts", "<", CHALLENGE_ATTEMPTS)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0) {
    await closeChallenge(db, id);
    return undefined;
  }
  const row = await db
    .selectFrom("staff_sign_in_challenges")
    .innerJoin("staff_users", "staff_users.id", "staff_sign_in_challenges.user_id")
    .select(["staff_sign_in_challenges.user_id", "staff_sign_in_challenges.attempts", "staff_users.username"])
    .where("staff_sign_in_challenges.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  return { id, userId: row.user_id, username: row.username, attemptsLeft: CHALLENGE_ATTEMPTS - row.attempts };
}

/** Whether the token belongs to an open challenge (the sign-in page shows the code form then). */
export async function challengeIsOpen(db: Db, token: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom("staff_sign_in_challenges")
    .select("id")
    .where("id", "=", hashToken(token))
    .where("expires_at", ">", now.toISOString())
    .where("attempts", "<", CHALLENGE_ATTEMPTS)
    .executeTakeFirst();
  return row !== undefined;
}

export async function closeChallenge(db: Db, id: string): Promise<void> {
  await db.deleteFrom("staff_sign_in_challenges").where("id", "=", id).execute();
}
