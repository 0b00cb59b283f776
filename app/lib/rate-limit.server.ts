import type { Kysely } from "kysely";
import type { Database } from "../../db/database.types.ts";

/**
 * Fixed-window counters per key (e.g. reservation requests per address), kept in the database so
 * they hold across restarts and across several server processes on one PostgreSQL. A hit is counted
 * in one atomic statement (insert or increment, returning the count), so parallel requests cannot
 * slip past the limit. Rows expire and are swept, so invented keys leave nothing behind.
 */
export interface RateLimit {
  /** Hits allowed per window; 0 means no limit. */
  max: number;
  windowMs: number;
}

export interface RateVerdict {
  allowed: boolean;
  /** Milliseconds until the window ends (for Retry-After) when not allowed. */
  retryAfterMs: number;
}

const SWEEP_EVERY_MS = 5 * 60 * 1000;
let lastSweep = 0;

export async function countHit(
  db: Kysely<Database>,
  key: string,
  limit: RateLimit,
  now = new Date(),
): Promise<RateVerdict> {
  if (limit.max <= 0) return { allowed: true, retryAfterMs: 0 };
  const nowText = now.toISOString();
  const windowStart = new Date(now.getTime() - limit.windowMs).toISOString();
  const expires = new Date(now.getTime() + limit.windowMs).toISOString();
  const row = await db
    .insertInto("rate_limit_counters")
    .values({ key: key.slice(0, 300), hits: 1, window_started_at: nowText, expires_at: expires })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => {
        const windowOpen = eb("rate_limit_counters.window_started_at", ">", windowStart);
        const keepOrRestart = <C extends "window_started_at" | "expires_at">(column: C) =>
          eb
            .case()
            .when(windowOpen)
            .then(eb.ref(`rate_limit_counters.${column}`))
            .else(eb.ref(`excluded.${column}`))
            .end();
        return {
          hits: eb
            .case()
            .when(windowOpen)
            .then(eb("rate_limit_counters.hits", "+", 1))
            .else(1)
            .end(),
          window_started_at: keepOrRestart("window_started_at"),
          expires_at: keepOrRestart("expires_at"),
        };
      }),
    )
    .returning(["hits", "window_started_at"])
    .executeTakeFirstOrThrow();
  if (now.getTime() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = now.getTime();
    await db.deleteFrom("rate_limit_counters").where("expires_at", "<", nowText).execute();
  }
  if (row.hits <= limit.max) return { allowed: true, retryAfterMs: 0 };
  return {
    allowed: false,
    retryAfterMs: Math.max(1000, Date.parse(row.window_started_at) + limit.windowMs - now.getTime()),
  };
}
