import { sql } from "kysely";
import type { ColumnMetadata, Kysely } from "kysely";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import type { Database } from "../../../db/database.types.ts";
import type { Dialect } from "../../../db/dialect.ts";
import { BackupError } from "./manifest.ts";

/**
 * Which tables a backup holds, in the order a restore fills them: a row that others point at comes
 * first. A table a migration adds must be named here or in EPHEMERAL_TABLES — a backup refuses a
 * database with a table it does not know rather than leave it out silently (decision 0023).
 */
export interface BackedUpTable {
  name: string;
  /** Columns pointing at rows of the same table: filled after all of its rows are in. */
  selfReferences: string[];
}

export const BACKED_UP_TABLES: readonly BackedUpTable[] = [
  { name: "site_content", selfReferences: [] },
  { name: "page_versions", selfReferences: [] },
  { name: "announcements", selfReferences: [] },
  { name: "categories", selfReferences: ["parent_id"] },
  { name: "menu_items", selfReferences: [] },
  { name: "weekly_meals", selfReferences: [] },
  { name: "active_menu_configurations", selfReferences: [] },
  { name: "featured_dishes", selfReferences: [] },
  { name: "gallery_images", selfReferences: [] },
  { name: "staff_users", selfReferences: [] },
  { name: "staff_recovery_codes", selfReferences: [] },
  { name: "staff_policy", selfReferences: [] },
  { name: "reservations", selfReferences: [] },
  // Guests' links keep working after a restore (decision 0033).
  { name: "reservation_links", selfReferences: [] },
  { name: "mail_outbox", selfReferences: [] },
  { name: "reservation_settings", selfReferences: [] },
  { name: "reservation_closures", selfReferences: [] },
  { name: "reservation_day_hours", selfReferences: [] },
  { name: "floor_areas", selfReferences: [] },
  { name: "floor_area_closures", selfReferences: [] },
  { name: "dining_tables", selfReferences: [] },
  { name: "table_combinations", selfReferences: [] },
  { name: "table_combination_members", selfReferences: [] },
  { name: "table_assignments", selfReferences: [] },
  // Which rows 'Gastdaten' erased: a restore of this archive carries them on (decision 0042).
  { name: "guest_erasures", selfReferences: [] },
];

/**
 * Left out, and why: what they hold is worth nothing after a restore, and a sign-in session is a
 * credential a copy lying on a backup disk should not carry. A restored site asks staff to sign in.
 */
export const EPHEMERAL_TABLES: Readonly<Record<string, string>> = {
  staff_sessions: "Anmeldungen: nach einer Wiederherstellung melden sich die Mitarbeiter neu an",
  staff_sign_in_challenges:
    "angefangene Anmeldungen (zwischen Passwort und Code), höchstens 5 Minuten gültig",
  login_throttle: "Zähler fehlgeschlagener Anmeldungen, höchstens 15 Minuten gültig",
  rate_limit_counters: "Zähler je Adresse für Reservierungsanfragen, höchstens 10 Minuten gültig",
  reservation_day_locks:
    "Sperrzeilen je Datum, die gleichzeitige Buchungen nacheinander prüfen; sie halten nichts",
  reservation_events:
    "was sich an Reservierungen geändert hat, für offene Mitarbeiterbildschirme; höchstens einen Tag alt",
  housekeeping_runs:
    "wann die Aufräumarbeiten des Servers zuletzt liefen; eine wiederhergestellte Website räumt gleich auf",
  // Names and numbers kept for one evening only (decision 0057): a backup must not keep them longer.
  door_waitlist:
    "die Warteliste vor Ort: Namen und Telefonnummern nur für den Abend, danach gelöscht; eine Sicherung trägt sie nicht weiter",
};

export type Value = string | number | null;
export type Row = Record<string, unknown>;
/** The tables named at run time: a backup reads whatever columns the schema has. */
export type LooseDb = Kysely<Record<string, Row>>;
export const loose = (db: Kysely<Database>): LooseDb => db as unknown as LooseDb;

export interface TableShape {
  name: string;
  columns: ColumnMetadata[];
}

/** The application's tables as the database has them (without Kysely's migration tables). */
export async function tableShapes(db: LooseDb): Promise<Map<string, TableShape>> {
  const tables = await db.introspection.getTables();
  return new Map(tables.map((table) => [table.name, { name: table.name, columns: table.columns }]));
}

/** Tables the database has that a backup neither holds nor leaves out on purpose. */
export function unknownTables(names: Iterable<string>): string[] {
  const known = new Set([...BACKED_UP_TABLES.map((table) => table.name), ...Object.keys(EPHEMERAL_TABLES)]);
  return [...names].filter((name) => !known.has(name)).sort();
}

/**
 * Runs `read` on one unchanging view of the database while the server goes on writing. PostgreSQL:
 * a read-only transaction at repeatable read. SQLite: a deferred transaction — the app's own
 * `begin` takes the write lock at once (db.server.ts), which would hold every writer up for the
 * whole backup; a deferred one only reads, and in WAL mode writers never wait for a reader.
 */
export async function inSnapshot<T>(database: DatabaseHandle, read: (db: LooseDb) => Promise<T>): Promise<T> {
  const db = loose(database.db);
  if (database.dialect === "postgres")
    return db.transaction().setIsolationLevel("repeatable read").setAccessMode("read only").execute(read);
  return db.connection().execute(async (connection) => {
    await sql`begin deferred`.execute(connection);
    try {
      return await read(connection);
    } finally {
      await sql`rollback`.execute(connection);
    }
  });
}

/** The migrations the schema has run, in order. */
export async function appliedMigrations(db: LooseDb): Promise<string[]> {
  const rows = await db.selectFrom("kysely_migration").select("name").orderBy("name").execute();
  return rows.map((row) => String(row.name));
}

/** A value as the archive keeps it: text, a number or null; anything else has no neutral form. */
export function archiveValue(table: string, column: string, value: unknown): Value {
  if (value === null || typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "bigint" && Number.isSafeInteger(Number(value))) return Number(value);
  throw new BackupError(`${table}.${column}: Wert vom Typ ${typeof value} lässt sich nicht sichern.`);
}

export async function readRows(db: LooseDb, table: string, columns: string[]): Promise<Value[][]> {
  const rows = await db.selectFrom(table).select(columns).execute();
  return rows.map((row) => columns.map((column) => archiveValue(table, column, row[column])));
}

/**
 * Rows as the archive's lines: JSON arrays in column order, sorted, so the same rows give the same
 * bytes (and hash) whichever engine returned them in whichever order.
 */
export function linesOf(rows: Value[][]): string[] {
  return rows.map((row) => JSON.stringify(row)).sort();
}

export const dataOf = (lines: string[]): Buffer => Buffer.from(lines.map((line) => `${line}\n`).join(""));

const TIMESTAMP_TYPES = new Set(["timestamptz", "timestamp"]);

/**
 * How the target engine gives back a value it was given: PostgreSQL turns any timestamp into the
 * app's ISO form with milliseconds (db.server.ts), SQLite keeps text as it came. Comparing an
 * archive with a restored database compares both through this.
 */
export function normaliserFor(
  dialect: Dialect,
  columns: ReadonlyArray<Pick<ColumnMetadata, "dataType">>,
): (row: Value[]) => Value[] {
  const timestamps = columns.map(
    (column) => dialect === "postgres" && TIMESTAMP_TYPES.has(column.dataType.toLowerCase()),
  );
  return (row) =>
    row.map((value, index) => {
      if (!timestamps[index] || typeof value !== "string") return value;
      const time = Date.parse(value);
      return Number.isNaN(time) ? value : new Date(time).toISOString();
    });
}
