import type { Kysely } from "kysely";
import type { Database } from "../../db/database.types.ts";
import { countOneMore, untilWindowEnds } from "./counters.server.ts";

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

/**
 * Counts one hit of `key`. Every few minutes it also sweeps expired rows; a caller counting inside a
 * transaction of its own passes `sweep: false` and calls `sweepRateLimits` after the commit, so the
 * transaction holds no other key's row.
 */
export async function countHit(
  db: Kysely<Database>,
  key: string,
  limit: RateLimit,
  now = new Date(),
  { sweep = true }: { sweep?: boolean } = {},
): Promise<RateVerdict> {
  if (limit.max <= 0) return { allowed: true, retryAfterMs: 0 };
  const [counted] = await countOneMore(db, "rate_limit_counters", [key], limit.windowMs, now);
  if (sweep) await sweepRateLimits(db, now);
  if (counted.count <= limit.max) return { allowed: true, retryAfterMs: 0 };
  return { allowed: false, retryAfterMs: untilWindowEnds(counted, limit.windowMs, now) };
}

/**
 * Takes back one hit of `key` counted in a statement of its own, for a request that then failed (a
 * guest is not held back by the server's own trouble); a counter back at 0 is removed. In the
 * current window only: a window that began since counts the next request, not this one.
 */
export async function giveBackHit(db: Kysely<Database>, key: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("rate_limit_counters")
      .set((eb) => ({ hits: eb("hits", "-", 1) }))
      .where("key", "=", key)
      .where("hits", ">", 0)
      .where("expires_at", ">", now.toISOString())
      .returning("hits")
      .executeTakeFirst();
    if (row && row.hits <= 0)
      await trx.deleteFrom("rate_limit_counters").where("key", "=", key).where("hits", "<=", 0).execute();
  });
}

/** Deletes expired counters, at most once every few minutes per process. */
export async function sweepRateLimits(db: Kysely<Database>, now = new Date()): Promise<void> {
  if (now.getTime() - lastSweep <= SWEEP_EVERY_MS) return;
  lastSweep = now.getTime();
  await db.deleteFrom("rate_limit_counters").where("expires_at", "<", now.toISOString()).execute();
}
