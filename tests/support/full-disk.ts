import type { Kysely, KyselyPlugin, PluginTransformQueryArgs } from "kysely";
import type { Database } from "../../db/database.types.ts";
import type { Dialect } from "../../db/dialect.ts";

/** What each engine throws when its disk is full: node:sqlite's SQLITE_FULL, PostgreSQL's disk_full. */
export function diskFullError(dialect: Dialect): Error {
  return dialect === "sqlite"
    ? Object.assign(new Error("database or disk is full"), { code: "ERR_SQLITE_ERROR", errcode: 13 })
    : Object.assign(new Error('could not extend file "base/16384/16400": No space left on device'), {
        code: "53100",
      });
}

/**
 * The database as it behaves on a full disk: reads work, any insert into `table` fails as the engine
 * would. (The drill `npm run drill -- disk-full` fills a real disk; this is the quick test's twin.)
 */
export function fullOnInsert(
  db: Kysely<Database>,
  dialect: Dialect,
  table: keyof Database,
): Kysely<Database> {
  const plugin: KyselyPlugin = {
    transformQuery({ node }: PluginTransformQueryArgs) {
      if (node.kind === "InsertQueryNode" && node.into?.table.identifier.name === table)
        throw diskFullError(dialect);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return db.withPlugin(plugin);
}
