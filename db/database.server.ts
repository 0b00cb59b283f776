import path from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { Kysely, PostgresDialect, sql, SqliteAdapter, SqliteDialect, type SqliteDatabase } from "kysely";
import pg from "pg";
import type { Dialect } from "./dialect.ts";
import type { Database } from "./database.types.ts";
import { createPrivateFileSync, makePrivateDirSync } from "./private-files.server.ts";
import { shareCommits } from "./shared-commit.server.ts";

export type DatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Statements kept prepared per connection; compiling the same SQL again cost ~0.15 ms a query. */
const STATEMENT_CACHE_SIZE = 250;

/**
 * Kysely's SQLite driver expects better-sqlite3's shape; node:sqlite needs only this adapter. It keeps
 * the most recently used statements prepared (queries built by Kysely repeat the same SQL text with
 * new parameters); SQL that varies in shape, like a batch insert, only ever evicts the oldest.
 */
function adaptNodeSqlite(database: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, { statement: StatementSync; reader: boolean }>();
  const prepared = (sql: string) => {
    const hit = cache.get(sql);
    if (hit) {
      // Most recently used last, so the first key is the one to evict.
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    const statement = database.prepare(sql);
    const entry = { statement, reader: statement.columns().length > 0 };
    cache.set(sql, entry);
    if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return entry;
  };
  type Params = Parameters<StatementSync["all"]>;
  const bind = (parameters: ReadonlyArray<unknown>) => parameters as Params;
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql) {
      // Kysely opens every transaction with a plain `begin`, which takes the write lock only at the
      // first write: if another process (a second server, `npm run staff`) wrote in between, that
      // write fails at once with SQLITE_BUSY instead of waiting. `begin immediate` waits its turn
      // (busy_timeout) at the start instead (decision 0021).
      const { statement, reader } = prepared(sql === "begin" ? "begin immediate" : sql);
      return {
        reader,
        all: (parameters) => statement.all(...bind(parameters)),
        run: (parameters) =>
          // On some errors (a full disk: SQLITE_FULL) SQLite has rolled the transaction back itself;
          // Kysely's rollback would then fail with 'no transaction is active' and hide the real error.
          sql === "rollback" && !database.isTransaction
            ? { changes: 0, lastInsertRowid: 0 }
            : statement.run(...bind(parameters)),
        // A stream holds its statement open while other queries run: it gets one of its own.
        iterate: (parameters) => database.prepare(sql).iterate(...bind(parameters)),
      };
    },
  };
}

function openSqlite(file: string): DatabaseSync {
  if (file !== ":memory:") {
    makePrivateDirSync(path.dirname(file));
    // SQLite gives the -wal and -shm files it makes the database file's mode (decision 0026).
    createPrivateFileSync(file);
  }
  const database = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 });
  database.exec("PRAGMA journal_mode = WAL");
  database.exec("PRAGMA synchronous = FULL");
  database.exec("PRAGMA foreign_keys = ON");
  database.exec("PRAGMA busy_timeout = 5000");
  // Erased guest data (Gastdaten, the retention run) is overwritten with zeros instead of left in the
  // file's free space, where anyone holding a copy of the file could still read it; with
  // `checkpointErasures` after an erasure the -wal file holds none of it either.
  database.exec("PRAGMA secure_delete = ON");
  return database;
}

// PostgreSQL returns the same JavaScript values as SQLite: dates as 'YYYY-MM-DD', timestamps as
// ISO strings in UTC, and counts (int8) as numbers.
const PG_DATE = 1082;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;
const PG_INT8 = 20;
const toIso = (value: string) => new Date(value).toISOString();
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === PG_DATE) return (value: string) => value;
    if (oid === PG_TIMESTAMPTZ) return toIso;
    if (oid === PG_TIMESTAMP) return (value: string) => toIso(`${value}Z`);
    if (oid === PG_INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format ?? "text");
  },
} as pg.CustomTypesConfig;

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, types: pgTypes });
    // An idle connection the database dropped (a restart) reports here; unheard, the error would end
    // the process. The pool opens a new connection for the next query; a query in flight fails on
    // its own (and the guest sees 'vorübergehend nicht erreichbar', server/database-away.ts).
    pool.on("error", () => undefined);
    // The same for a connection handed out but idle in between its queries (a transaction waiting for
    // work done elsewhere, db/once-per-period.server.ts): its next query fails instead, and the pool
    // drops the connection when it comes back.
    pool.on("connect", (client) => client.on("error", () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // Shared only by work on one date (decision 0055): PostgreSQL runs other transactions side by side.
    shareCommits(db, { byKey: true });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  const database = openSqlite(target.file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: adaptNodeSqlite(database) }) });
  shareCommits(db);
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/**
 * After guest data was erased (Gastdaten, the retention run): SQLite copies the WAL's pages into the
 * database file and empties the -wal file, whose older frames still hold the erased rows' text
 * (`secure_delete` zeroes it in the pages themselves). Best effort: a reader of another process may
 * hold the WAL for a moment, and the next checkpoint then finishes the work. PostgreSQL: nothing to
 * do here (its dead rows go with VACUUM, which autovacuum runs).
 */
export async function checkpointErasures(db: Kysely<Database>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}

/** The current time as stored in timestamp columns. */
export const nowIso = (): string => new Date().toISOString();
