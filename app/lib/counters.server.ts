import type { Kysely } from "kysely";
import type { Database } from "../../db/database.types.ts";

/**
 * Fixed-window counters per key, kept in the database so they hold across restarts and across
 * several server processes on one PostgreSQL (decisions 0009 and 0017). Each caller keeps its own
 * policy (limits, windows, messages, sweeping); this module only counts.
 */

/** The tables that hold counters, each with its count column (a qualified name where Kysely needs one). */
const counterTables = {
  login_throttle: { count: "attempts", qualified: "login_throttle.attempts" },
  rate_limit_counters: { count: "hits", qualified: "rate_limit_counters.hits" },
} as const;

export type CounterTable = keyof typeof counterTables;

/** What a key has counted in its current window. */
export interface WindowCount {
  count: number;
  /** ISO 8601; the window ends `windowMs` after it. */
  windowStartedAt: string;
}

/** What the `key` columns hold; a longer key is cut, as every caller did before counting. */
const KEY_LENGTH = 300;

/**
 * Counts one more for each key and says how many each has now, in one atomic statement (insert, or
 * increment, returning the count), so parallel requests cannot slip past a limit. A key whose window
 * has run out starts again at 1 in a new window. Rows expire when their window does.
 * The answers come in the order of `keys`.
 */
export async function countOneMore<const Keys extends readonly string[]>(
  db: Kysely<Database>,
  table: CounterTable,
  keys: Keys,
  windowMs: number,
  now = new Date(),
): Promise<{ [K in keyof Keys]: WindowCount }> {
  const { count, qualified } = counterTables[table];
  const nowText = now.toISOString();
  const windowStart = new Date(now.getTime() - windowMs).toISOString();
  const expires = new Date(now.getTime() + windowMs).toISOString();
  const stored = keys.map((key) => key.slice(0, KEY_LENGTH));
  const rows = await db
    .insertInto(table)
    .values(stored.map((key) => ({ key, [count]: 1, window_started_at: nowText, expires_at: expires })))
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => {
        const windowOpen = eb(`${table}.window_started_at`, ">", windowStart);
        const keepOrRestart = <C extends "window_started_at" | "expires_at">(column: C) =>
          eb
            .case()
            .when(windowOpen)
            .then(eb.ref(`${table}.${column}`))
            .else(eb.ref(`excluded.${column}`))
            .end();
        return {
          [count]: eb
            .case()
            .when(windowOpen)
            .then(eb(qualified, "+", 1))
            .else(1)
            .end(),
          window_started_at: keepOrRestart("window_started_at"),
          expires_at: keepOrRestart("expires_at"),
        };
      }),
    )
    .returning(["key", count, "window_started_at"])
    .execute();
  const counted = (key: string): WindowCount => {
    const row = rows.find((candidate) => candidate.key === key);
    return row
      ? { count: row[count], windowStartedAt: row.window_started_at }
      : { count: 1, windowStartedAt: nowText };
  };
  return stored.map(counted) as { [K in keyof Keys]: WindowCount };
}

/** Milliseconds until a window ends, at least one second: what a refused client is told to wait. */
export const untilWindowEnds = (counted: WindowCount, windowMs: number, now: Date) =>
  Math.max(1000, Date.parse(counted.windowStartedAt) + windowMs - now.getTime());
