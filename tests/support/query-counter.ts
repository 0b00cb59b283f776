import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from "kysely";

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
