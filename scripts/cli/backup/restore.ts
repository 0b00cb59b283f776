import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from "../../../db/database.server.ts";
import { makePrivateDir, tightenDataDir } from "../../../db/private-files.server.ts";
import { isPictureKey, type PictureStorage } from "../../../app/common/pictures/storage.server.ts";
import { migrateToLatest, migrateUpTo } from "../../../db/migrate.ts";
import { reapplyErasures, type Erasure } from "../../../app/features/guest-data/index.server.ts";
import {
  deleteExpiredGuestData,
  type RetentionResult,
} from "../../../app/features/reservations/retention/index.server.ts";
import { sha256OfFile } from "./files.ts";
import { BackupError, FILE_FOLDERS, type Manifest } from "./manifest.ts";
import { ARCHIVE_LIMITS, readArchive, type ArchiveLimits } from "./read-archive.ts";
import { linesOf, loose, normaliserFor, readRows, tableShapes, type LooseDb, type Value } from "./tables.ts";

export interface RestoreResult {
  ms: number;
  manifest: Manifest;
  rows: number;
  files: number;
  fileBytes: number;
  /** Migrations newer than the archive, run over its data after the rows were in. */
  laterMigrations: string[];
  /** Files of the archive no picture key can name, left out of an S3 store. */
  skippedFiles: string[];
  /** Rows the erasure record named that the archive still held, erased again (decision 0042). */
  erasedAgain: { reservations: number; mails: number };
  /** What the retention periods erased right after the restore (the archive may be weeks old). */
  retention: RetentionResult;
}

const where = (target: DatabaseTarget) =>
  target.kind === "sqlite" ? target.file : new URL(target.url).pathname.slice(1) || target.url;

/** Refuses a target that holds anything: a restore never overwrites or mixes. */
async function refuseUnlessEmpty(target: DatabaseTarget, dataDir: string, store: PictureStorage | undefined) {
  if (target.kind === "postgres" || fs.existsSync(target.file)) {
    const database = openDatabase(target);
    try {
      const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
      if (tables.length > 0)
        throw new BackupError(
          `Die Zieldatenbank ${where(target)} ist nicht leer (${tables.length} Tabellen, z. B. ${tables[0]?.name}). ` +
            "Eine Wiederherstellung überschreibt nichts: nehmen Sie einen neuen DATA_DIR oder eine leere PostgreSQL-Datenbank.",
        );
    } finally {
      await database.close();
    }
  }
  if (store) {
    const keys = await store.list();
    if (keys.length > 0)
      throw new BackupError(
        `Der Bildspeicher (S3) ist nicht leer (${keys.length} Objekte, z. B. ${keys[0]}). Eine Wiederherstellung überschreibt nichts: nehmen Sie einen leeren Bucket.`,
      );
    return;
  }
  for (const folder of FILE_FOLDERS) {
    const entries = await fsp.readdir(path.join(dataDir, folder)).catch(() => []);
    if (entries.length > 0)
      throw new BackupError(
        `Der Ordner ${path.join(dataDir, folder)} ist nicht leer. Eine Wiederherstellung überschreibt nichts: nehmen Sie einen neuen DATA_DIR.`,
      );
  }
}

const CHUNK_VALUES = 5000;

/** `pictures/gallery/x.webp` → the store's key `gallery/x.webp`. */
const keyOf = (file: string) => file.slice(file.indexOf("/") + 1);

/**
 * The archive's rows into the schema, in one transaction: the rows migrations put there are
 * replaced, self-references filled in last, PostgreSQL's id counters set past the highest id, and
 * every table read back and compared before the commit.
 */
async function fill(database: DatabaseHandle, manifest: Manifest, rows: Map<string, Value[][]>) {
  const shapes = await tableShapes(loose(database.db));
  for (const table of manifest.tables) {
    const have = shapes.get(table.name)?.columns.map((column) => column.name) ?? [];
    const same =
      have.length === table.columns.length && table.columns.every((column) => have.includes(column));
    if (!same)
      throw new BackupError(
        `Tabelle ${table.name}: das Schema passt nicht zum Archiv (Spalten ${have.join(", ") || "keine"} statt ${table.columns.join(", ")}).`,
      );
  }
  await database.db.transaction().execute(async (transaction) => {
    const db: LooseDb = loose(transaction);
    for (const table of [...manifest.tables].reverse()) await db.deleteFrom(table.name).execute();
    for (const table of manifest.tables) {
      const objects = (rows.get(table.name) ?? []).map((row) =>
        Object.fromEntries(
          table.columns.map((column, index) => [
            column,
            table.selfReferences.includes(column) ? null : (row[index] ?? null),
          ]),
        ),
      );
      const chunk = Math.max(1, Math.floor(CHUNK_VALUES / table.columns.length));
      for (let start = 0; start < objects.length; start += chunk)
        await db
          .insertInto(table.name)
          .values(objects.slice(start, start + chunk))
          .execute();
    }
    for (const table of manifest.tables) {
      if (table.selfReferences.length === 0) continue;
      const id = table.columns.indexOf("id");
      if (id === -1) throw new BackupError(`Tabelle ${table.name}: Selbstbezug ohne Spalte id.`);
      for (const row of rows.get(table.name) ?? []) {
        const set = Object.fromEntries(
          table.selfReferences.map((column) => [column, row[table.columns.indexOf(column)] ?? null]),
        );
        if (Object.values(set).every((value) => value === null)) continue;
        await db
          .updateTable(table.name)
          .set(set)
          .where("id", "=", row[id] ?? null)
          .execute();
      }
    }
    if (database.dialect === "postgres") {
      // PostgreSQL's identity counters do not see ids given explicitly (SQLite's AUTOINCREMENT does).
      for (const table of manifest.tables) {
        for (const column of shapes.get(table.name)?.columns ?? []) {
          if (!column.isAutoIncrementing) continue;
          await sql`select setval(pg_get_serial_sequence(${table.name}, ${column.name}), coalesce(max(${sql.ref(column.name)}), 0) + 1, false) from ${sql.table(table.name)}`.execute(
            transaction,
          );
        }
      }
    }
    for (const table of manifest.tables) {
      const columns = table.columns.map(
        (name) => shapes.get(table.name)?.columns.find((column) => column.name === name) ?? { dataType: "" },
      );
      const normalise = normaliserFor(database.dialect, columns);
      const expected = linesOf((rows.get(table.name) ?? []).map(normalise));
      const actual = linesOf((await readRows(db, table.name, table.columns)).map(normalise));
      if (expected.length !== actual.length || expected.some((line, index) => line !== actual[index]))
        throw new BackupError(
          `Prüfung nach dem Einfügen: Tabelle ${table.name} weicht vom Archiv ab (${actual.length} statt ${expected.length} Zeilen).`,
        );
    }
  });
}

/** Removes everything a failed restore wrote, so the target is as empty as it was. */
async function undo(
  target: DatabaseTarget,
  dataDir: string,
  createdDataDir: boolean,
  stage: string,
  pictureFolders: boolean,
) {
  if (target.kind === "postgres") {
    const database = openDatabase(target);
    try {
      for (const table of await database.db.introspection.getTables({ withInternalKyselyTables: true }))
        await database.db.schema.dropTable(table.name).ifExists().cascade().execute();
    } finally {
      await database.close();
    }
  } else {
    for (const suffix of ["", "-wal", "-shm", "-journal"])
      await fsp.rm(`${target.file}${suffix}`, { force: true });
  }
  await fsp.rm(stage, { recursive: true, force: true });
  // The picture folders were empty or missing before (refuseUnlessEmpty): empty they are again.
  // With an S3 store they were neither checked nor written: they are left as they are.
  for (const folder of pictureFolders ? FILE_FOLDERS : []) {
    const at = path.join(dataDir, folder);
    for (const entry of await fsp.readdir(at).catch(() => []))
      await fsp.rm(path.join(at, entry), { recursive: true, force: true });
  }
  if (createdDataDir) await fsp.rm(dataDir, { recursive: true, force: true });
}

/**
 * Restores an archive of createBackup into an empty target (decision 0023): checks the whole
 * archive first, builds the schema the archive was taken at, fills it in one transaction, runs
 * any later migrations, then puts the files in place and checks each against its hash. On any
 * failure everything written is removed again and the error says why.
 */
export async function restoreBackup(options: {
  archive: string;
  dataDir: string;
  target: DatabaseTarget;
  /** What the archive may declare: ARCHIVE_LIMITS, or what a test sets. */
  limits?: Partial<ArchiveLimits>;
  /** An S3 picture store to restore the pictures into (decision 0038); without it, DATA_DIR's folder. */
  pictures?: PictureStorage;
  /**
   * The record of erased guest data, newer than the archive (`loeschungen.json`): its rows are
   * erased again before anything is served (decision 0042).
   */
  erasures?: readonly Erasure[];
  /**
   * Run the retention periods over the restored data before anything is served (db:restore does;
   * `now` for tests). Without it the database is the archive's, row for row.
   */
  retention?: { now?: Date };
}): Promise<RestoreResult> {
  const started = performance.now();
  const archive = path.resolve(options.archive);
  const dataDir = path.resolve(options.dataDir);
  const { target } = options;
  if (!fs.existsSync(archive)) throw new BackupError(`Das Archiv ${archive} gibt es nicht.`);
  const store = options.pictures?.kind === "s3" ? options.pictures : undefined;
  await refuseUnlessEmpty(target, dataDir, store);
  /** The keys put into the store so far: what a failed restore removes again. */
  const put: string[] = [];

  const createdDataDir = !fs.existsSync(dataDir);
  // Private like the server's (decision 0026): a DATA_DIR made by hand for the restore is tightened.
  await tightenDataDir(dataDir);
  const stage = await fsp.mkdtemp(path.join(dataDir, ".wiederherstellung-"));
  let database: DatabaseHandle | undefined;
  try {
    const { manifest, rows } = await readArchive(archive, stage, { ...ARCHIVE_LIMITS, ...options.limits });

    database = openDatabase(target);
    await migrateUpTo(database, manifest.migrations.at(-1) ?? "");
    await fill(database, manifest, rows);
    const laterMigrations = await migrateToLatest(database);
    // Art. 17 GDPR: what was erased since the archive was written stays erased, and what has passed
    // its retention period since then goes now, not at the server's next housekeeping run.
    const erasedAgain = await reapplyErasures(database.db, options.erasures ?? []);
    const retention = options.retention
      ? await deleteExpiredGuestData(database.db, options.retention.now)
      : { notes: 0, anonymised: 0, mails: 0 };
    await database.close();
    database = undefined;

    let fileBytes = 0;
    // A folder's archive may hold a file no picture key can name (a stray 'Thumbs.db'): the store
    // takes only pictures' keys, so such a file is left out and named, not a failed restore.
    const skippedFiles = store ? manifest.files.filter((file) => !isPictureKey(keyOf(file.path))) : [];
    const storedFiles = manifest.files.filter((file) => !skippedFiles.includes(file));
    if (store) {
      for (const file of storedFiles) {
        const key = keyOf(file.path);
        put.push(key);
        await store.put(key, await fsp.readFile(path.join(stage, file.path)));
      }
      // Read back, as the files are: a store that takes an object is not yet one that gives it back.
      for (const file of storedFiles) {
        const back = await store.read(keyOf(file.path));
        if (!back || createHash("sha256").update(back).digest("hex") !== file.sha256)
          throw new BackupError(`${file.path}: im Bildspeicher stimmt die Prüfsumme nicht.`);
        fileBytes += file.size;
      }
    }
    for (const file of store ? [] : manifest.files) {
      const to = path.join(dataDir, file.path);
      await makePrivateDir(path.dirname(to));
      await fsp.rename(path.join(stage, file.path), to);
    }
    for (const file of store ? [] : manifest.files) {
      const to = path.join(dataDir, file.path);
      if ((await sha256OfFile(to)) !== file.sha256)
        throw new BackupError(`${file.path}: nach dem Schreiben stimmt die Prüfsumme nicht.`);
      fileBytes += file.size;
    }
    await fsp.rm(stage, { recursive: true, force: true });
    return {
      ms: performance.now() - started,
      manifest,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files: storedFiles.length,
      fileBytes,
      laterMigrations,
      skippedFiles: skippedFiles.map((file) => file.path),
      erasedAgain,
      retention,
    };
  } catch (error) {
    await database?.close().catch(() => undefined);
    await undo(target, dataDir, createdDataDir, stage, !store);
    for (const key of put) await store?.remove(key).catch(() => undefined);
    throw error;
  }
}
