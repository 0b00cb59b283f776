import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { MigrationDb } from "./schema-helpers.ts";

/**
 * First passwords, a required second factor, longer recovery codes and look-alike usernames
 * (decision 0027):
 * - `staff_users.password_must_change`: a password someone else chose (the one printed at the first
 *   start, one an owner set in Konten) opens only Mein Konto until the account has chosen its own.
 *   A password still as generated at the first start is such a password already.
 * - `staff_policy`: one row; whether owners require a second factor of owners, of everyone, or not.
 * - `staff_recovery_codes.long_code`: codes made from now on carry 120 bits; the shorter ones made
 *   before keep working, and Mein Konto asks for new ones while any is left.
 * - `staff_users.username_normalized` is now NFKC and case-folded, as sign-in compares names.
 */
export function firstPasswordsAndRequiredSecondFactor(): Migration {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .alterTable("staff_users")
        .addColumn("password_must_change", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
      await db
        .updateTable("staff_users")
        .set({ password_must_change: 1 })
        .where("password_set_by", "=", "generated")
        .execute();

      await db.schema
        .alterTable("staff_recovery_codes")
        .addColumn("long_code", "integer", (col) => col.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable("staff_policy")
        .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
        .addColumn("second_factor_required", "varchar(10)", (col) =>
          col
            .notNull()
            .defaultTo("off")
            .check(sql`second_factor_required in ('off', 'owners', 'everyone')`),
        )
        .execute();
      await db.insertInto("staff_policy").values({ id: 1, second_factor_required: "off" }).execute();

      // The rule of app/features/auth/schema.ts (normalizeUsername), written out here because a
      // migration must not change when the application's code does. A name whose new form another
      // account already has keeps its old form: which of two look-alikes was meant is not ours to guess.
      const fold = (name: string) =>
        name.trim().normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");
      const rows: Array<{ id: number; username: string; username_normalized: string }> = await db
        .selectFrom("staff_users")
        .select(["id", "username", "username_normalized"])
        .orderBy("id")
        .execute();
      const taken = new Set(rows.map((row) => row.username_normalized));
      for (const row of rows) {
        const folded = fold(row.username);
        if (folded === row.username_normalized || taken.has(folded) || folded.length > 100) continue;
        taken.delete(row.username_normalized);
        taken.add(folded);
        await db
          .updateTable("staff_users")
          .set({ username_normalized: folded })
          .where("id", "=", row.id)
          .execute();
      }
    },
    async down(db: MigrationDb) {
      await db.schema.dropTable("staff_policy").execute();
      await db.schema.alterTable("staff_recovery_codes").dropColumn("long_code").execute();
      await db.schema.alterTable("staff_users").dropColumn("password_must_change").execute();
    },
  };
}
