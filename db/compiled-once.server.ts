import type { Compilable, CompiledQuery, Kysely } from "kysely";
import type { Database } from "./database.types.ts";

/**
 * A query built and compiled by Kysely once per engine and run again with new values (decision
 * 0032). Building a query and compiling it to SQL costs 4–13 µs, as much as SQLite's own work for
 * a lookup by key, and a guest's request runs the same handful of queries every time.
 *
 * `build` gets stand-ins for its named values (`values.date`, …) and must place each one it reads
 * as a value of the query (a `where` value, an inserted value), unchanged: the compiled parameters
 * are the stand-ins' places, filled with the real values on every run. A value `build` changes
 * (`values.name.trim()`) fails at once, one it turns into something else is refused at the first
 * run: both are programming errors. What `build` decides by a value (`values.x ? … : …`,
 * `values.x ?? null`) is decided once, for the stand-in: decide before, and pass the result. A list
 * (`in` with a value) cannot be compiled once, nor an `undefined` value (Kysely would leave its
 * column out): both are refused at every run. Write such lists into `build` as constants, or use
 * Kysely directly.
 */

type Values = Record<string, unknown>;

/** Stands for the value named `name` while `build` runs. */
class Placeholder {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

type Slot = { value: string } | { constant: unknown };

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  slots: Slot[];
}

/** The values' stand-ins: each name read becomes a placeholder, remembered in `read`. */
function standIns(read: Set<string>): Values {
  return new Proxy(
    {},
    {
      get(_, name) {
        if (typeof name !== "string") return undefined;
        read.add(name);
        return new Placeholder(name);
      },
    },
  );
}

function compile<Row>(query: CompiledQuery<Row>, read: ReadonlySet<string>): Compiled<Row> {
  const slots = query.parameters.map((parameter): Slot =>
    parameter instanceof Placeholder ? { value: parameter.name } : { constant: parameter },
  );
  const placed = new Set(slots.flatMap((slot) => ("value" in slot ? [slot.value] : [])));
  const lost = [...read].filter((name) => !placed.has(name));
  if (lost.length > 0)
    throw new Error(`compiledOnce: ${lost.join(", ")} not placed as values unchanged in ${query.sql}`);
  return { query, slots };
}

export function compiledOnce<Row, Named extends Values = Record<never, never>>(
  build: (db: Kysely<Database>, values: Named) => Compilable<Row>,
): (db: Kysely<Database>, ...values: keyof Named extends never ? [] : [Named]) => Promise<Row[]> {
  // Keyed by the engine's adapter class: the SQL depends on the engine only, and a transaction
  // shares its database's adapter.
  const byEngine = new Map<unknown, Compiled<Row>>();
  return async (db, ...given) => {
    const values = (given[0] ?? {}) as Named;
    const executor = db.getExecutor();
    // A plugin may rewrite each query anew: then nothing is kept.
    if (executor.plugins.length > 0) return (await db.executeQuery(build(db, values))).rows;
    const engine = executor.adapter.constructor;
    let compiled = byEngine.get(engine);
    if (!compiled) {
      const read = new Set<string>();
      compiled = compile(build(db, standIns(read) as Named).compile(), read);
      byEngine.set(engine, compiled);
    }
    const parameters = compiled.slots.map((slot) => {
      if (!("value" in slot)) return slot.constant;
      const value = values[slot.value];
      if (value === undefined || Array.isArray(value))
        throw new Error(
          `compiledOnce: ${slot.value} is ${String(value)}, not one value, in ${compiled.query.sql}`,
        );
      return value;
    });
    return (await db.executeQuery<Row>({ ...compiled.query, parameters })).rows;
  };
}
