import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { columnTypes, notNull, withId, type MigrationDb } from "./schema-helpers.ts";

/**
 * The evening on the plan (decision 0057):
 * - when a party was marked 'Eingetroffen' and when 'Abgeschlossen': the plan says 'Belegt seit
 *   18:40' from the first, and the stays staff really see (the observed turn times) are the
 *   difference. Unknown for the past: null, and the screens fall back to the reserved time;
 * - the door's wait list ('Warteliste vor Ort'): guests without a reservation waiting for a table,
 *   kept for their day only (`service_date`) and erased afterwards. The walk-in a waiting party
 *   became is named (`reservation_id`) without a foreign key: undoing that walk-in deletes it, and
 *   the entry goes back to waiting.
 */
export function eveningOnThePlan(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await db.schema.alterTable("reservations").addColumn("arrived_at", t.timestamp).execute();
      await db.schema.alterTable("reservations").addColumn("left_at", t.timestamp).execute();
      await withId(db.schema.createTable("door_waitlist"), dialect)
        .addColumn("service_date", t.date, notNull)
        .addColumn("name", "text", notNull)
        .addColumn("party_size", "integer", notNull)
        .addColumn("phone_number", "text")
        .addColumn("note", "text")
        .addColumn("status", "text", (col) =>
          col
            .notNull()
            .defaultTo("waiting")
            .check(sql`status in ('waiting', 'seated', 'gone')`),
        )
        .addColumn("reservation_id", "integer")
        .addColumn("created_at", t.timestamp, notNull)
        .addColumn("updated_at", t.timestamp, notNull)
        .execute();
      await db.schema
        .createIndex("door_waitlist_date_idx")
        .on("door_waitlist")
        .column("service_date")
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropTable("door_waitlist").execute();
      await db.schema.alterTable("reservations").dropColumn("left_at").execute();
      await db.schema.alterTable("reservations").dropColumn("arrived_at").execute();
    },
  };
}
