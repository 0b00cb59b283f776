import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { columnTypes, notNull, withId, type MigrationDb } from "./schema-helpers.ts";

/**
 * What changed in the reservation book, one row per change, written in the change's own transaction
 * (decision 0035): every server process reads the rows after the last it saw and tells the staff
 * screens it keeps open. No foreign key: the row of a deleted reservation outlives it, and the
 * housekeeping deletes rows older than a day. The ids only grow (AUTOINCREMENT on SQLite, an
 * identity on PostgreSQL), so 'after the last one seen' is one look at the primary key.
 */
export function reservationEvents(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("reservation_events"), dialect)
        .addColumn("kind", "text", notNull)
        .addColumn("reservation_id", "integer", notNull)
        .addColumn("reservation_date", t.date, notNull)
        // The day it left, when a change moved it: that day's screens must drop it too.
        .addColumn("previous_date", t.date)
        .addColumn("reservation_time", "text")
        .addColumn("party_size", "integer")
        .addColumn("created_at", t.timestamp, notNull)
        .execute();
      await db.schema
        .createIndex("reservation_events_created_idx")
        .on("reservation_events")
        .column("created_at")
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropTable("reservation_events").execute();
    },
  };
}
