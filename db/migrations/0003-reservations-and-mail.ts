import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { columnTypes, notNull, type MigrationDb } from "./schema-helpers.ts";

/**
 * Reservations and e-mail (docs/decisions/0017):
 * - a guest's request carries the one-time key of the form it came from, unique, so the same
 *   request sent twice (double click, resend after a timeout) is stored once;
 * - an outbox message is claimed by one process before it is sent (a claim that runs out is free
 *   again), has a Reply-To, the restaurant's address as sender when MAIL_FROM is not set, and may
 *   carry attachments (the confirmation's calendar entry);
 * - counters for per-address limits (reservation requests), each row with its expiry.
 */
export function reservationsAndMail(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await db.schema.alterTable("reservations").addColumn("request_token", "varchar(64)").execute();
      await db.schema
        .createIndex("reservations_request_token_unique")
        .unique()
        .on("reservations")
        .column("request_token")
        .execute();

      await db.schema.alterTable("mail_outbox").addColumn("reply_to", "varchar(254)").execute();
      await db.schema.alterTable("mail_outbox").addColumn("sender", "varchar(254)").execute();
      await db.schema.alterTable("mail_outbox").addColumn("attachments", "text").execute();
      await db.schema.alterTable("mail_outbox").addColumn("claim_token", "varchar(64)").execute();
      await db.schema.alterTable("mail_outbox").addColumn("claimed_until", t.timestamp).execute();
      await db.schema.createIndex("mail_outbox_created_idx").on("mail_outbox").column("created_at").execute();

      await db.schema
        .createTable("rate_limit_counters")
        .addColumn("key", "varchar(300)", (col) => col.primaryKey())
        .addColumn("hits", "integer", notNull)
        .addColumn("window_started_at", t.timestamp, notNull)
        .addColumn("expires_at", t.timestamp, notNull)
        .execute();
      await db.schema
        .createIndex("rate_limit_counters_expires_idx")
        .on("rate_limit_counters")
        .column("expires_at")
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropTable("rate_limit_counters").execute();
      await db.schema.dropIndex("mail_outbox_created_idx").execute();
      for (const column of ["claimed_until", "claim_token", "attachments", "sender", "reply_to"]) {
        await db.schema.alterTable("mail_outbox").dropColumn(column).execute();
      }
      await db.schema.dropIndex("reservations_request_token_unique").execute();
      await db.schema.alterTable("reservations").dropColumn("request_token").execute();
    },
  };
}
