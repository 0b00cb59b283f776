import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CompiledQuery } from "kysely";
import { openDatabase, type DatabaseHandle } from "../../db/database.server.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { findPostgresBinaries, startThrowawayPostgres } from "../../tests/support/throwaway-postgres.ts";

/**
 * A bench's measurement on a fresh SQLite file and on a throwaway PostgreSQL server of its own (each
 * filled by `measure`), in that order. PostgreSQL is skipped, with a note through `say`, where its
 * programs are missing or it does not start.
 */
export async function onBothDatabases<Figures>(
  name: string,
  measure: (database: string, handle: DatabaseHandle) => Promise<Figures>,
  say: (line: string) => void,
): Promise<Figures[]> {
  const results: Figures[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tavola-bench-${name}-`));
  const sqlite = openDatabase({ kind: "sqlite", file: path.join(dir, "bench.sqlite") });
  try {
    results.push(await measure("SQLite", sqlite));
  } finally {
    await sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const binaries = findPostgresBinaries();
  if (!binaries) {
    say("PostgreSQL: übersprungen (keine Programme gefunden; PG_BIN=… setzen)");
    return results;
  }
  let server;
  try {
    server = await startThrowawayPostgres(binaries);
  } catch (error) {
    say(
      `PostgreSQL: übersprungen (startet nicht: ${error instanceof Error ? error.message.trim() : String(error)})`,
    );
    return results;
  }
  const postgres = openDatabase({ kind: "postgres", url: server.url });
  try {
    results.push(await measure("PostgreSQL", postgres));
  } finally {
    await postgres.close();
    server.stop();
  }
  return results;
}

/** A fresh database migrated and filled by `fill` with `rows` reservations, ready to be measured. */
export async function migratedAndFilled(
  database: string,
  handle: DatabaseHandle,
  fill: () => Promise<void>,
  rows: number,
  say: (line: string) => void,
): Promise<void> {
  await migrateToLatest(handle);
  const started = performance.now();
  await fill();
  // PostgreSQL plans by its statistics, which autovacuum gathers after a while; SQLite (as the app
  // runs it) keeps none.
  if (handle.dialect === "postgres") await handle.db.executeQuery(CompiledQuery.raw("ANALYZE"));
  say(
    `${database}: ${rows.toLocaleString("de-DE")} Reservierungen in ${Math.round(performance.now() - started)} ms`,
  );
}
