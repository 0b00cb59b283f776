import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { columnTypes, notNull, withId, type MigrationDb } from "./schema-helpers.ts";

/**
 * 'Tischplan' (decision 0052): the restaurant's areas ('Innenraum', 'Terrasse') with the dates each is
 * closed, its tables with their seats and their place on the area's plan, and the tables staff may push
 * together. Positions and sizes are whole centimetres on the area's plan, rotations whole degrees. A
 * fresh installation has none of them: the seats rule decides, as before.
 */
export function floorPlan(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("floor_areas"), dialect)
        .addColumn("name", "varchar(60)", notNull)
        // Unique without regard to case: 'Terrasse' and 'terrasse' are one area.
        .addColumn("name_key", "text", (col) => col.notNull().unique())
        .addColumn("sort_order", "integer", notNull)
        .addColumn("online_bookable", "integer", (col) => col.notNull().defaultTo(1))
        .addColumn("plan_width", "integer", notNull)
        .addColumn("plan_height", "integer", notNull)
        .addColumn("updated_at", t.timestamp, notNull)
        .addColumn("updated_by", "varchar(100)", notNull)
        .execute();

      await withId(db.schema.createTable("floor_area_closures"), dialect)
        .addColumn("area_id", "integer", (col) =>
          col.notNull().references("floor_areas.id").onDelete("cascade"),
        )
        .addColumn("starts_on", t.date, notNull)
        .addColumn("ends_on", t.date, notNull)
        .addColumn("note", "varchar(200)", notNull)
        .addCheckConstraint("floor_area_closures_range", sql`ends_on >= starts_on`)
        .execute();
      await db.schema
        .createIndex("floor_area_closures_area_idx")
        .on("floor_area_closures")
        .column("area_id")
        .execute();

      await withId(db.schema.createTable("dining_tables"), dialect)
        // No cascade: an area with tables is not deleted (the store refuses it first).
        .addColumn("area_id", "integer", (col) => col.notNull().references("floor_areas.id"))
        .addColumn("name", "varchar(30)", notNull)
        .addColumn("name_key", "text", (col) => col.notNull().unique())
        .addColumn("seats_min", "integer", notNull)
        .addColumn("seats_max", "integer", notNull)
        .addColumn("shape", "text", (col) =>
          col.notNull().check(sql`shape in ('round', 'square', 'rectangle')`),
        )
        .addColumn("x", "integer", notNull)
        .addColumn("y", "integer", notNull)
        .addColumn("width", "integer", notNull)
        .addColumn("height", "integer", notNull)
        .addColumn("rotation", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("online_bookable", "integer", (col) => col.notNull().defaultTo(1))
        .addCheckConstraint("dining_tables_seats", sql`seats_min >= 1 and seats_max >= seats_min`)
        .execute();
      await db.schema.createIndex("dining_tables_area_idx").on("dining_tables").column("area_id").execute();

      await withId(db.schema.createTable("table_combinations"), dialect)
        .addColumn("area_id", "integer", (col) => col.notNull().references("floor_areas.id"))
        .addColumn("seats_min", "integer", notNull)
        .addColumn("seats_max", "integer", notNull)
        .addCheckConstraint("table_combinations_seats", sql`seats_min >= 1 and seats_max >= seats_min`)
        .execute();

      await db.schema
        .createTable("table_combination_members")
        .addColumn("combination_id", "integer", (col) =>
          col.notNull().references("table_combinations.id").onDelete("cascade"),
        )
        .addColumn("table_id", "integer", (col) => col.notNull().references("dining_tables.id"))
        .addPrimaryKeyConstraint("table_combination_members_pk", ["combination_id", "table_id"])
        .execute();
      await db.schema
        .createIndex("table_combination_members_table_idx")
        .on("table_combination_members")
        .column("table_id")
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropTable("table_combination_members").execute();
      await db.schema.dropTable("table_combinations").execute();
      await db.schema.dropTable("dining_tables").execute();
      await db.schema.dropTable("floor_area_closures").execute();
      await db.schema.dropTable("floor_areas").execute();
    },
  };
}
