import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { columnTypes, notNull, type MigrationDb } from "./schema-helpers.ts";

/**
 * Which table or combination each reservation sits at (decision 0053): at most one row per
 * reservation, naming a table or a combination. `fixed` is 1 when staff chose it: the book never moves
 * such a party to make room. The row goes with its reservation, its table or its combination; a party
 * whose row went is seated again at the next change of its day.
 */
export function tableAssignments(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable("table_assignments")
        .addColumn("reservation_id", "integer", (col) =>
          col.primaryKey().references("reservations.id").onDelete("cascade"),
        )
        .addColumn("table_id", "integer", (col) => col.references("dining_tables.id").onDelete("cascade"))
        .addColumn("combination_id", "integer", (col) =>
          col.references("table_combinations.id").onDelete("cascade"),
        )
        .addColumn("fixed", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("assigned_at", t.timestamp, notNull)
        .addCheckConstraint("table_assignments_one_unit", sql`(table_id is null) <> (combination_id is null)`)
        .execute();
      await db.schema
        .createIndex("table_assignments_table_idx")
        .on("table_assignments")
        .column("table_id")
        .execute();
      await db.schema
        .createIndex("table_assignments_combination_idx")
        .on("table_assignments")
        .column("combination_id")
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropTable("table_assignments").execute();
    },
  };
}
