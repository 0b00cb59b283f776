import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

/**
 * Column types that mean the same on both engines. Migrations are written once against these
 * helpers, so what runs on SQLite runs on PostgreSQL.
 */
export function columnTypes(dialect: Dialect) {
  const postgres = dialect === "postgres";
  return {
    timestamp: postgres ? ("timestamptz" as const) : ("text" as const),
    date: postgres ? ("date" as const) : ("text" as const),
  };
}

type AnyTable = CreateTableBuilder<string, string>;

export function withId(table: AnyTable, dialect: Dialect): AnyTable {
  return dialect === "postgres"
    ? table.addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement());
}

export const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

// Migration functions receive an untyped database: the schema they build is the one that the
// application's types describe afterwards.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MigrationDb = Kysely<any>;
