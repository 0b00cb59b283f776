import type { Migration } from "kysely/migration";
import type { MigrationDb } from "./schema-helpers.ts";

/**
 * One row per reservation date, written first by every transaction that checks the capacity of that
 * date and stores a reservation (decision 0031). Writing the row serialises those transactions per
 * date on PostgreSQL (a row lock) as on SQLite (one writer), so two guests taking the last seats at
 * the same moment cannot both succeed. The rows hold nothing else.
 */
export function reservationDayLocks(): Migration {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable("reservation_day_locks")
        .addColumn("day", "varchar(10)", (column) => column.primaryKey())
        .addColumn("writes", "bigint", (column) => column.notNull().defaultTo(0))
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropTable("reservation_day_locks").execute();
    },
  };
}
