import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { columnTypes, notNull, type MigrationDb } from "./schema-helpers.ts";

/**
 * Sign-in protection (docs/decisions/0009): attempts are counted before the password check, every
 * counter row expires, and an account remembers who set its password last, so ADMIN_PASSWORD at
 * start never undoes a password set with the staff command.
 * The old throttle rows hold nothing worth keeping (at most 15 minutes of failures).
 */
export function signInProtection(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await db.schema.dropTable("login_throttle").execute();
      await db.schema
        .createTable("login_throttle")
        .addColumn("key", "varchar(300)", (col) => col.primaryKey())
        .addColumn("attempts", "integer", notNull)
        .addColumn("window_started_at", t.timestamp, notNull)
        .addColumn("expires_at", t.timestamp, notNull)
        .execute();
      await db.schema
        .createIndex("login_throttle_expires_idx")
        .on("login_throttle")
        .column("expires_at")
        .execute();
      await db.schema
        .alterTable("staff_users")
        .addColumn("password_set_by", "varchar(20)", (col) =>
          col
            .notNull()
            .defaultTo("staff")
            .check(sql`password_set_by in ('environment', 'staff', 'generated')`),
        )
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.alterTable("staff_users").dropColumn("password_set_by").execute();
      await db.schema.dropTable("login_throttle").execute();
      await db.schema
        .createTable("login_throttle")
        .addColumn("key", "varchar(200)", (col) => col.primaryKey())
        .addColumn("failures", "integer", notNull)
        .addColumn("window_started_at", t.timestamp, notNull)
        .addColumn("locked_until", t.timestamp)
        .execute();
    },
  };
}
