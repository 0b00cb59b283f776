import type { Migration } from "kysely/migration";
import type { MigrationDb } from "./schema-helpers.ts";

/**
 * 'Bereichswunsch' (decision 0054): whether guests may choose an area on the form — off on every
 * installation until an owner turns it on — and the area a reservation's guest chose. A wish goes
 * with its area (set to null), never with the reservation.
 */
export function areaWishes(): Migration {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .alterTable("reservation_settings")
        .addColumn("area_wish", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("reservations")
        .addColumn("area_wish_id", "integer", (col) => col.references("floor_areas.id").onDelete("set null"))
        .execute();
      // Deleting an area sets its wishes to null: found by the index, not by reading every reservation.
      await db.schema
        .createIndex("reservations_area_wish_idx")
        .on("reservations")
        .column("area_wish_id")
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropIndex("reservations_area_wish_idx").execute();
      await db.schema.alterTable("reservations").dropColumn("area_wish_id").execute();
      await db.schema.alterTable("reservation_settings").dropColumn("area_wish").execute();
    },
  };
}
