import type { Kysely } from "kysely";
import type { Database } from "../../lib/database.types.ts";

type Db = Kysely<Database>;

/**
 * Sign-in throttling, kept in the database so it holds across restarts and across several server
 * processes on one PostgreSQL. Failures are counted per client address and per username within a
 * window; past the limit that key is refused until the lock runs out.
 */
export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

export const loginThrottleRules = {
  address: { maxFailures: 10, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 },
  username: { maxFailures: 5, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 },
} satisfies Record<string, ThrottleRule>;

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

export function loginThrottleKeys(clientAddress: string, username: string): ThrottleKey[] {
  return [
    { key: `address:${clientAddress}`, rule: loginThrottleRules.address },
    {
      key: `username:${username.trim().toLocaleLowerCase("de-DE")}`.slice(0, 200),
      rule: loginThrottleRules.username,
    },
  ];
}

/** Milliseconds until the first of these keys is free again, or 0 when none is locked. */
export async function lockedFor(db: Db, keys: ThrottleKey[], now = new Date()): Promise<number> {
  const rows = await db
    .selectFrom("login_throttle")
    .select(["locked_until"])
    .where(
      "key",
      "in",
      keys.map((k) => k.key),
    )
    .execute();
  const remaining = rows.map((row) => (row.locked_until ? Date.parse(row.locked_until) - now.getTime() : 0));
  return Math.max(0, ...remaining);
}

export async function recordFailure(db: Db, keys: ThrottleKey[], now = new Date()): Promise<void> {
  const nowText = now.toISOString();
  await db.transaction().execute(async (trx) => {
    for (const { key, rule } of keys) {
      const row = await trx
        .selectFrom("login_throttle")
        .selectAll()
        .where("key", "=", key)
        .executeTakeFirst();
      const windowOpen = row && Date.parse(row.window_started_at) + rule.windowMs > now.getTime();
      const failures = windowOpen ? row.failures + 1 : 1;
      const lockedUntil =
        failures >= rule.maxFailures ? new Date(now.getTime() + rule.lockMs).toISOString() : null;
      if (row) {
        await trx
          .updateTable("login_throttle")
          .set({
            failures: lockedUntil ? 0 : failures,
            window_started_at: windowOpen && !lockedUntil ? row.window_started_at : nowText,
            locked_until: lockedUntil,
          })
          .where("key", "=", key)
          .execute();
      } else {
        await trx
          .insertInto("login_throttle")
          .values({
            key,
            failures: lockedUntil ? 0 : failures,
            window_started_at: nowText,
            locked_until: lockedUntil,
          })
          .onConflict((oc) => oc.column("key").doNothing())
          .execute();
      }
    }
  });
}

export async function clearFailures(db: Db, keys: ThrottleKey[]): Promise<void> {
  await db
    .deleteFrom("login_throttle")
    .where(
      "key",
      "in",
      keys.map((k) => k.key),
    )
    .execute();
}
