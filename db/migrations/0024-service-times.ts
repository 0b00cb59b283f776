import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { columnTypes, type MigrationDb } from "./schema-helpers.ts";

/**
 * The evening on the plan (decision 0057): when a party was marked 'Eingetroffen' and when
 * 'Abgeschlossen'. The plan says 'Belegt seit 18:40' from the first, and the stays staff really see
 * (the observed turn times) are the difference. Unknown for the past: null, and the screens fall
 * back to the reserved time.
 */
export function serviceTimes(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await db.schema.alterTable("reservations").addColumn("arrived_at", t.timestamp).execute();
      await db.schema.alterTable("reservations").addColumn("left_at", t.timestamp).execute();
    },
    async down(db: MigrationDb) {
      await db.schema.alterTable("reservations").dropColumn("left_at").execute();
      await db.schema.alterTable("reservations").dropColumn("arrived_at").execute();
    },
  };
}
