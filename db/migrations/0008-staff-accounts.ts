import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { columnTypes, notNull, withId, type MigrationDb } from "./schema-helpers.ts";

/**
 * Staff accounts that staff manage (decision 0025): a role per account (owners manage
 * accounts; the accounts that exist already were made by whoever runs the server, so they become
 * owners), a time-based one-time password per account, recovery codes (hashed), and the short-lived
 * second step of a sign-in between the password and the code.
 */
export function staffAccounts(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await db.schema
        .alterTable("staff_users")
        .addColumn("role", "varchar(10)", (col) =>
          col
            .notNull()
            .defaultTo("staff")
            .check(sql`role in ('owner', 'staff')`),
        )
        .execute();
      await db.updateTable("staff_users").set({ role: "owner" }).execute();
      await db.schema.alterTable("staff_users").addColumn("totp_secret", "varchar(64)").execute();
      await db.schema.alterTable("staff_users").addColumn("totp_pending_secret", "varchar(64)").execute();
      await db.schema.alterTable("staff_users").addColumn("totp_enabled_at", t.timestamp).execute();
      await db.schema.alterTable("staff_users").addColumn("totp_last_step", "bigint").execute();

      await withId(db.schema.createTable("staff_recovery_codes"), dialect)
        .addColumn("user_id", "integer", (col) =>
          col.notNull().references("staff_users.id").onDelete("cascade"),
        )
        .addColumn("code_hash", "varchar(64)", notNull)
        .addColumn("used_at", t.timestamp)
        .addColumn("created_at", t.timestamp, notNull)
        .execute();
      await db.schema
        .createIndex("staff_recovery_codes_user_idx")
        .on("staff_recovery_codes")
        .column("user_id")
        .execute();

      await db.schema
        .createTable("staff_sign_in_challenges")
        .addColumn("id", "varchar(64)", (col) => col.primaryKey())
        .addColumn("user_id", "integer", (col) =>
          col.notNull().references("staff_users.id").onDelete("cascade"),
        )
        .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("created_at", t.timestamp, notNull)
        .addColumn("expires_at", t.timestamp, notNull)
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropTable("staff_sign_in_challenges").execute();
      await db.schema.dropTable("staff_recovery_codes").execute();
      for (const column of [
        "totp_last_step",
        "totp_enabled_at",
        "totp_pending_secret",
        "totp_secret",
        "role",
      ])
        await db.schema.alterTable("staff_users").dropColumn(column).execute();
    },
  };
}
