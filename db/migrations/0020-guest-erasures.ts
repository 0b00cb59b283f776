import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { columnTypes, notNull, type MigrationDb } from "./schema-helpers.ts";

/**
 * What 'Gastdaten' erased (Art. 17 GDPR), so a restore of an older backup erases it again
 * (app/features/guest-data/erasures.server.ts): each erased reservation and e-mail by its id and
 * the instant it was written — which rows, never what they held.
 */
export function guestErasures(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable("guest_erasures")
        .addColumn("kind", "text", notNull)
        .addColumn("row_id", "integer", notNull)
        .addColumn("row_created_at", t.timestamp, notNull)
        .addColumn("erased_at", t.timestamp, notNull)
        .addPrimaryKeyConstraint("guest_erasures_pk", ["kind", "row_id", "row_created_at"])
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropTable("guest_erasures").execute();
    },
  };
}
