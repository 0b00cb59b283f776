import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { columnTypes, notNull, type MigrationDb } from "./schema-helpers.ts";

/**
 * Guests see, change and cancel their own reservation through a link in their e-mails (decision
 * 0033):
 * - `reservation_links`: the hash of each link's random token, never the token; a reservation has
 *   one per e-mail that carried a link, and they go with it.
 * - `guest_action`, `guest_action_at`: what the guest did last through the link ('cancelled',
 *   'changed', 'attending') and when, for the staff's cards.
 * - `reminder_sent_at`: set in the transaction that writes the reminder to the outbox, so each
 *   reservation is reminded once, whichever process gets there first.
 * - The reminder's settings: on or off, and the hour of the day before (Europe/Berlin).
 */
export function guestSelfService(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable("reservation_links")
        .addColumn("token_hash", "varchar(64)", (col) => col.primaryKey())
        .addColumn("reservation_id", "integer", (col) =>
          col.notNull().references("reservations.id").onDelete("cascade"),
        )
        .addColumn("created_at", t.timestamp, notNull)
        .execute();
      await db.schema
        .createIndex("reservation_links_reservation_idx")
        .on("reservation_links")
        .column("reservation_id")
        .execute();
      await db.schema.alterTable("reservations").addColumn("guest_action", "varchar(20)").execute();
      await db.schema.alterTable("reservations").addColumn("guest_action_at", t.timestamp).execute();
      await db.schema.alterTable("reservations").addColumn("reminder_sent_at", t.timestamp).execute();
      // The reminder's query: confirmed reservations of one date not yet reminded.
      await db.schema
        .createIndex("reservations_reminder_idx")
        .on("reservations")
        .columns(["reservation_date", "status"])
        .execute();
      await db.schema
        .alterTable("reservation_settings")
        .addColumn("reminder_enabled", "integer", (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable("reservation_settings")
        .addColumn("reminder_hour", "integer", (col) => col.notNull().defaultTo(10))
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.alterTable("reservation_settings").dropColumn("reminder_hour").execute();
      await db.schema.alterTable("reservation_settings").dropColumn("reminder_enabled").execute();
      await db.schema.dropIndex("reservations_reminder_idx").execute();
      await db.schema.alterTable("reservations").dropColumn("reminder_sent_at").execute();
      await db.schema.alterTable("reservations").dropColumn("guest_action_at").execute();
      await db.schema.alterTable("reservations").dropColumn("guest_action").execute();
      await db.schema.dropTable("reservation_links").execute();
    },
  };
}
