import type { Kysely } from "kysely";
import { compiledOnce } from "../../db/compiled-once.server.ts";
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
  const { count } = counterTables[table];
  const nowText = now.toISOString();
  const stored = keys.map((key) => key.slice(0, KEY_LENGTH));
  const values: Record<string, string> = {
    now: nowText,
    windowStart: new Date(now.getTime() - windowMs).toISOString(),
    expires: new Date(now.getTime() + windowMs).toISOString(),
  };
  stored.forEach((key, i) => (values[`key${i}`] = key));
  const rows = (await upsertFor(table, stored.length)(db, values)) as Array<
    { key: string; window_started_at: string } & Record<typeof count, number>
  >;
  const counted = (key: string): WindowCount => {
    const row = rows.find((candidate) => candidate.key === key);
    return row
      ? { count: row[count], windowStartedAt: row.window_started_at }
      : { count: 1, windowStartedAt: nowText };
  };
  return stored.map(counted) as { [K in keyof Keys]: WindowCount };
}

/**
 * The statement counting `keys` keys of `table` at once (insert, or increment, returning the counts),
 * compiled once per table and number of keys (decision 0032): every guest's request counts one.
 */
function upsertFor(table: CounterTable, keys: number) {
  const shape = `${table}/${keys}`;
  let upsert = upserts.get(shape);
  if (!upsert) {
    const { count, qualified } = counterTables[table];
    upsert = compiledOnce((db: Kysely<Database>, values: Record<string, string>) =>
      db
        .insertInto(table)
        .values(
          Array.from({ length: keys }, (_, i) => ({
            key: values[`key${i}`] as string,
            [count]: 1,
            window_started_at: values.now as string,
            expires_at: values.expires as string,
          })),
        )
        .onConflict((oc) =>
          oc.column("key").doUpdateSet((eb) => {
            const windowOpen = eb(`${table}.window_started_at`, ">", values.windowStart as string);
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
        .returning(["key", count, "window_started_at"]),
    );
    upserts.set(shape, upsert);
  }
  return upsert;
}
const upserts = new Map<string, ReturnType<typeof compiledOnce<unknown, Record<string, string>>>>();

/** Milliseconds until a window ends, at least one second: what a refused client is told to wait. */
export const untilWindowEnds = (counted: WindowCount, windowMs: number, now: Date) =>
  Math.max(1000, Date.parse(counted.windowStartedAt) + windowMs - now.getTime());
