import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { MigrationDb } from "./schema-helpers.ts";

/**
 * 'Gastdaten' (a guest's request for their data, Art. 15, 17 and 20 GDPR) looks a guest up by their
 * e-mail address, without regard to case, in the reservations and in the outbox (as recipient, and as
 * Reply-To of the restaurant's notices), and finds the outbox's e-mails of the reservations it found.
 * Without these indexes each of those reads every row; with 50,000 reservations a search would read
 * them all several times. The e-mail indexes are on `lower(…)`, the expression the search compares:
 * both engines use an index on an expression when the query names the same expression. SQLite's
 * lower() folds ASCII only, which is all an address the forms accept contains.
 */
export function guestDataIndexes(): Migration {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createIndex("reservations_email_idx")
        .on("reservations")
        .expression(sql`lower(email)`)
        .execute();
      await db.schema
        .createIndex("mail_outbox_recipient_idx")
        .on("mail_outbox")
        .expression(sql`lower(recipient)`)
        .execute();
      await db.schema
        .createIndex("mail_outbox_reply_to_idx")
        .on("mail_outbox")
        .expression(sql`lower(reply_to)`)
        .execute();
      // Also what deleting a reservation needs: its e-mails' reference is set to null (on delete set null).
      await db.schema
        .createIndex("mail_outbox_reservation_idx")
        .on("mail_outbox")
        .column("reservation_id")
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropIndex("mail_outbox_reservation_idx").execute();
      await db.schema.dropIndex("mail_outbox_reply_to_idx").execute();
      await db.schema.dropIndex("mail_outbox_recipient_idx").execute();
      await db.schema.dropIndex("reservations_email_idx").execute();
    },
  };
}
