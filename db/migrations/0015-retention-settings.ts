import type { Migration } from "kysely/migration";
import type { MigrationDb } from "./schema-helpers.ts";

/**
 * How long guest data is kept, as 'Reservierungseinstellungen' set it (decision 0033): the 'Besondere
 * Wünsche' (often allergies, health data) are erased N days after the reserved date, and the
 * reservation is anonymised N months after it. The defaults are what the privacy policy promised
 * before: one day, twelve months.
 *
 * And the reminder's own index from 0014 goes again: the index on (status, reservation_date,
 * reservation_time) serves its query on both engines, in its order, so the second index only cost
 * every write (measured by `npm run bench:reminders`).
 */
export function retentionSettings(): Migration {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .alterTable("reservation_settings")
        .addColumn("notes_erase_days", "integer", (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable("reservation_settings")
        .addColumn("anonymise_after_months", "integer", (col) => col.notNull().defaultTo(12))
        .execute();
      await db.schema.dropIndex("reservations_reminder_idx").execute();
    },
    async down(db: MigrationDb) {
      await db.schema
        .createIndex("reservations_reminder_idx")
        .on("reservations")
        .columns(["reservation_date", "status"])
        .execute();
      await db.schema.alterTable("reservation_settings").dropColumn("anonymise_after_months").execute();
      await db.schema.alterTable("reservation_settings").dropColumn("notes_erase_days").execute();
    },
  };
}
