import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from "kysely";
import type { Database } from "../../db/database.types.ts";

/** Counts the queries sent through `db.withPlugin(counter)`: for benchmarks and tests of query counts. */
export class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    this.count += 1;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

/**
 * Every statement `db` itself runs from now until `stop()`, as SQL: for a test of what one request
 * reads through a handle it does not build (the app's own). Wraps the handle's query executor, which
 * every query built from `db` runs through.
 */
export function recordStatements(db: Kysely<Database>): { statements: string[]; stop(): void } {
  const executor = db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  const statements: string[] = [];
  executor.executeQuery = (query, options) => {
    statements.push(query.sql);
    return original(query, options);
  };
  return { statements, stop: () => void (executor.executeQuery = original) };
}
