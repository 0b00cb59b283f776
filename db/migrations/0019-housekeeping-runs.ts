import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { columnTypes, notNull, type MigrationDb } from "./schema-helpers.ts";

/**
 * When each of the server's own periodic jobs last began and finished (decision 0039): with several
 * servers on one database, the one that claims a period by moving `started_at` forward runs the job,
 * the others find the period taken.
 */
export function housekeepingRuns(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable("housekeeping_runs")
        .addColumn("job", "text", (col) => col.primaryKey())
        .addColumn("started_at", t.timestamp, notNull)
        .addColumn("finished_at", t.timestamp)
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropTable("housekeeping_runs").execute();
    },
  };
}
