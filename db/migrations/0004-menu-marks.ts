import type { Migration } from "kysely/migration";
import type { MigrationDb } from "./schema-helpers.ts";

/**
 * Menus (docs/decisions/0018): every dish — on the Speisekarte, the Wochenkarte and the home page's
 * showcase — carries its allergens (letters A–N) and additives (numbers 1–12) as canonical text,
 * 'A,C,G' and '1,3'; empty means none declared.
 */
const tables = ["menu_items", "weekly_meals", "featured_dishes"] as const;

export function menuMarks(): Migration {
  return {
    async up(db: MigrationDb) {
      for (const table of tables) {
        await db.schema.alterTable(table).addColumn("allergens", "varchar(40)").execute();
        await db.schema.alterTable(table).addColumn("additives", "varchar(40)").execute();
      }
    },
    async down(db: MigrationDb) {
      for (const table of tables) {
        await db.schema.alterTable(table).dropColumn("additives").execute();
        await db.schema.alterTable(table).dropColumn("allergens").execute();
      }
    },
  };
}
