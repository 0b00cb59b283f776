import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { columnTypes, notNull, withId, type MigrationDb } from "./schema-helpers.ts";

/**
 * 'Reservierungseinstellungen' (app/features/reservations/book/reservation-settings.ts): one row of
 * what the restaurant can seat and how guests may book it, the closed date ranges ('Betriebsferien') and
 * single dates with their own hours. No row means the defaults: on a fresh installation nothing is
 * limited, so the migration writes none. Empty settings are null; calendar dates and 'HH:MM' times
 * as decision 0003 keeps them.
 */
export function reservationSettings(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable("reservation_settings")
        .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
        .addColumn("total_seats", "integer")
        .addColumn("online_seats", "integer")
        .addColumn("stay_small_minutes", "integer", notNull)
        .addColumn("stay_medium_minutes", "integer", notNull)
        .addColumn("stay_large_minutes", "integer", notNull)
        .addColumn("arrivals_per_slot", "integer")
        .addColumn("largest_online_party", "integer", notNull)
        .addColumn("lead_minutes", "integer", notNull)
        .addColumn("horizon_months", "integer", notNull)
        .addColumn("auto_confirm_up_to", "integer")
        .addColumn("updated_at", t.timestamp, notNull)
        .addColumn("updated_by", "varchar(100)", notNull)
        .execute();

      await withId(db.schema.createTable("reservation_closures"), dialect)
        .addColumn("starts_on", t.date, notNull)
        .addColumn("ends_on", t.date, notNull)
        .addColumn("note", "varchar(200)", notNull)
        .addCheckConstraint("reservation_closures_range", sql`ends_on >= starts_on`)
        .execute();

      await withId(db.schema.createTable("reservation_day_hours"), dialect)
        .addColumn("day", t.date, (col) => col.notNull().unique())
        .addColumn("opens", "varchar(5)", notNull)
        .addColumn("closes", "varchar(5)", notNull)
        .addColumn("note", "varchar(200)", notNull)
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropTable("reservation_day_hours").execute();
      await db.schema.dropTable("reservation_closures").execute();
      await db.schema.dropTable("reservation_settings").execute();
    },
  };
}
