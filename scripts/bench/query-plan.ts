import { CompiledQuery, type Compilable } from "kysely";
import type { DatabaseHandle } from "../../db/database.server.ts";
import type { Dialect } from "../../db/dialect.ts";

/**
 * A query's plan as the database would run it, for the benchmarks: SQLite's `EXPLAIN QUERY PLAN`
 * (one line per step, indented under its parent), PostgreSQL's `EXPLAIN` (its text lines), each
 * asked with the query's own parameters.
 */
export async function explain(handle: DatabaseHandle, query: Compilable): Promise<string[]> {
  const compiled = query.compile();
  const prefix = handle.dialect === "sqlite" ? "EXPLAIN QUERY PLAN " : "EXPLAIN ";
  const { rows } = await handle.db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`${prefix}${compiled.sql}`, [...compiled.parameters]),
  );
  if (handle.dialect === "postgres") return rows.map((row) => String(row["QUERY PLAN"]));
  const depth = new Map<number, number>([[0, -1]]);
  return rows.map((row) => {
    const level = (depth.get(Number(row.parent)) ?? -1) + 1;
    depth.set(Number(row.id), level);
    return `${"  ".repeat(level)}${String(row.detail)}`;
  });
}

export interface PlanReading {
  /** The indexes the plan reads `table` through, in the order it names them. */
  indexes: string[];
  /** Whether it reads every row of `table`: a full table scan, or a scan of a whole index. */
  fullScan: boolean;
}

/** What a plan of `explain` says about `table`. */
export function readPlan(dialect: Dialect, table: string, lines: string[]): PlanReading {
  const indexes = new Set<string>();
  let fullScan = false;
  for (const line of lines.map((text) => text.trim())) {
    if (dialect === "sqlite") {
      // SEARCH t USING INDEX i (a=? AND b=?) · SEARCH t USING COVERING INDEX i (…) · SCAN t ·
      // SCAN t USING INDEX i (every row, in the index's order)
      const step = /^(SEARCH|SCAN) (\S+)(?: AS \S+)?(?: USING (?:COVERING )?INDEX (\S+))?/.exec(line);
      if (!step || step[2] !== table) continue;
      if (step[3]) indexes.add(step[3]);
      if (step[1] === "SCAN") fullScan = true;
    } else {
      // Index Scan using i on t · Index Only Scan using i on t · Bitmap Index Scan on i · Seq Scan on t
      const index =
        /(?:Index(?: Only)? Scan(?: Backward)? using (\S+) on (\S+)|Bitmap Index Scan on (\S+))/.exec(line);
      if (index && (index[2] === undefined || index[2] === table)) indexes.add(index[1] ?? index[3] ?? "");
      if (new RegExp(`Seq Scan on ${table}(\\s|$)`).test(line)) fullScan = true;
    }
  }
  return { indexes: [...indexes], fullScan };
}
