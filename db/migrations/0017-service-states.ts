import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { replaceStatusCheck, WITH_WAITLIST } from "./0012-reservation-waitlist.ts";
import type { MigrationDb } from "./schema-helpers.ts";

const WITH_SERVICE_STATES =
  "status in ('PENDING', 'CONFIRMED', 'COMPLETED', 'CANCELLED', 'WAITLIST', 'ARRIVED', 'NO_SHOW')";

/**
 * The evening's book (decision 0034):
 * - two more states, 'Eingetroffen' (ARRIVED) and 'Nicht erschienen' (NO_SHOW), in the status check
 *   (rebuilt on SQLite as 0012 does);
 * - where each reservation came from (`source`): a guest's request carries its form's key, so every
 *   stored row with a key came from the guest's form, every other one from staff;
 * - whether the settings confirmed it at once (`auto_confirmed`): unknown for the past, so 0;
 * - the phone number's key (`phone_key`, app/lib/phone.ts), indexed, so a guest's earlier visits are
 *   found by their number without reading every reservation.
 */
/**
 * `storedPhoneKey` of app/lib/phone.ts as it was when this migration was written: a migration that
 * has run never changes, so it keeps its own copy rather than follow later edits of the application.
 */
function phoneKeyAsOf0017(value: string): string | null {
  const digits = value.replace(/\D/g, "");
  const international = value.trimStart().startsWith("+")
    ? digits
    : digits.startsWith("00")
      ? digits.slice(2)
      : undefined;
  const key =
    international === undefined
      ? digits
      : international.startsWith("49")
        ? `0${international.slice(2).replace(/^0/, "")}`
        : `00${international}`;
  return key.length >= 5 ? key : null;
}

export function serviceStates(dialect: Dialect): Migration {
  return {
    async up(db: MigrationDb) {
      await replaceStatusCheck(db, dialect, WITH_WAITLIST, WITH_SERVICE_STATES);
      await db.schema
        .alterTable("reservations")
        .addColumn("source", "text", (col) =>
          col
            .notNull()
            .defaultTo("staff")
            .check(sql`source in ('online', 'staff', 'walk-in')`),
        )
        .execute();
      await db.schema
        .alterTable("reservations")
        .addColumn("auto_confirmed", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("reservations").addColumn("phone_key", "text").execute();
      await db
        .updateTable("reservations")
        .set({ source: "online" })
        .where("request_token", "is not", null)
        .execute();
      const phones: Array<{ id: number; phone_number: string }> = await db
        .selectFrom("reservations")
        .select(["id", "phone_number"])
        .where("phone_number", "is not", null)
        .execute();
      for (const row of phones) {
        const key = phoneKeyAsOf0017(row.phone_number);
        if (key !== null)
          await db.updateTable("reservations").set({ phone_key: key }).where("id", "=", row.id).execute();
      }
      await db.schema
        .createIndex("reservations_phone_key_idx")
        .on("reservations")
        .column("phone_key")
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropIndex("reservations_phone_key_idx").execute();
      await db.schema.alterTable("reservations").dropColumn("phone_key").execute();
      await db.schema.alterTable("reservations").dropColumn("auto_confirmed").execute();
      await db.schema.alterTable("reservations").dropColumn("source").execute();
      // The states go back to their nearest older one: at the table is done, not come is cancelled.
      await db
        .updateTable("reservations")
        .set({ status: "COMPLETED" })
        .where("status", "=", "ARRIVED")
        .execute();
      await db
        .updateTable("reservations")
        .set({ status: "CANCELLED" })
        .where("status", "=", "NO_SHOW")
        .execute();
      await replaceStatusCheck(db, dialect, WITH_SERVICE_STATES, WITH_WAITLIST);
    },
  };
}
