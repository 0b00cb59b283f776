import type { Migration } from "kysely/migration";
import type { MigrationDb } from "./schema-helpers.ts";

/**
 * The version of what guests' pages show (docs/decisions/0020): one row, counted up by every change
 * staff make. A server keeps rendered pages only while the version it rendered them at is current,
 * so a change shows at once on every server that shares the database.
 */
export function pageVersions(): Migration {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable("page_versions")
        .addColumn("id", "integer", (column) => column.primaryKey())
        .addColumn("version", "bigint", (column) => column.notNull())
        .execute();
      await db.insertInto("page_versions").values({ id: 1, version: 0 }).execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropTable("page_versions").execute();
    },
  };
}
