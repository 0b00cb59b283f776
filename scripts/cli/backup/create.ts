import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { makePrivateDir, PRIVATE_FILE_MODE } from "../../../db/private-files.server.ts";
import { isPictureKey, type PictureStorage } from "../../../app/common/pictures/storage.server.ts";
import { findFiles, referencedFiles, sha256OfFile } from "./files.ts";
import {
  BackupError,
  FILE_FOLDERS,
  isSafeFilePath,
  dataEntryName,
  fileEntryName,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_NAME,
  type FileManifest,
  type Manifest,
  type TableManifest,
} from "./manifest.ts";
import {
  appliedMigrations,
  BACKED_UP_TABLES,
  dataOf,
  EPHEMERAL_TABLES,
  inSnapshot,
  linesOf,
  readRows,
  tableShapes,
  unknownTables,
  type Value,
} from "./tables.ts";
import { tarStream, type TarEntry } from "./tar.ts";

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  manifest: Manifest;
  /** Files in the picture folders that are not the site's data (left out). */
  skippedFiles: string[];
}

const root = path.resolve(import.meta.dirname, "../../..");

function appVersion(): Manifest["app"] {
  let version = "unbekannt";
  try {
    version = String(
      (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version?: unknown }).version,
    );
  } catch {
    // A deployment without package.json still backs up.
  }
  const git = spawnSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" });
  return { version, commit: git.status === 0 ? git.stdout.trim() : null };
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** One consistent read of every backed-up table, with the schema's migrations. */
async function readDatabase(database: DatabaseHandle) {
  return inSnapshot(database, async (db) => {
    const shapes = await tableShapes(db);
    if (shapes.size === 0)
      throw new BackupError("Die Datenbank ist leer (keine Tabellen): nichts zu sichern.");
    const unknown = unknownTables(shapes.keys());
    if (unknown.length > 0)
      throw new BackupError(
        `Die Datenbank hat Tabellen, die die Sicherung nicht kennt: ${unknown.join(", ")}. ` +
          "Sie müssen in scripts/cli/backup/tables.ts gesichert oder als flüchtig ausgelassen werden. Nichts wurde geschrieben.",
      );
    const migrations = await appliedMigrations(db);
    const tables = new Map<string, { columns: string[]; rows: Value[][]; selfReferences: string[] }>();
    // A table a later migration adds is missing from an older schema: the archive says which it has.
    for (const table of BACKED_UP_TABLES.filter((candidate) => shapes.has(candidate.name))) {
      const columns = shapes.get(table.name)?.columns.map((column) => column.name) ?? [];
      tables.set(table.name, {
        columns,
        rows: await readRows(db, table.name, columns),
        selfReferences: table.selfReferences.filter((column) => columns.includes(column)),
      });
    }
    return { migrations, tables };
  });
}

/**
 * Hard links to the files as they are now, in a folder of the backup's own: a picture deleted while
 * the archive is written stays readable, and its size and hash stay those in the manifest (the
 * storage never rewrites a file, it writes a new one and renames). Copies where links don't work.
 */
async function pinFiles(dataDir: string, files: string[]): Promise<{ folder: string; pinned: string[] }> {
  const folder = await fsp.mkdtemp(path.join(dataDir, ".sicherung-"));
  const pinned: string[] = [];
  for (const file of files) {
    const to = path.join(folder, file);
    await makePrivateDir(path.dirname(to));
    try {
      await fsp.link(path.join(dataDir, file), to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Deleted since the folder was read: it is not part of this backup.
      if (code === "ENOENT") continue;
      await fsp.copyFile(path.join(dataDir, file), to);
    }
    pinned.push(file);
  }
  return { folder, pinned };
}

/**
 * An S3 store's pictures (decision 0038), downloaded into a folder of the backup's own, as pinFiles
 * pins a folder's: after the rows, so every picture a row names is there (pictures are never
 * rewritten, only added and removed). A key that is not a picture's (not a safe path) is left out
 * and named, like a stray file in the folder.
 */
async function downloadObjects(
  dataDir: string,
  storage: PictureStorage,
): Promise<{ folder: string; pinned: string[]; skipped: string[] }> {
  const folder = await fsp.mkdtemp(path.join(dataDir, ".sicherung-"));
  const pinned: string[] = [];
  const skipped: string[] = [];
  const [pictures] = FILE_FOLDERS;
  try {
    for (const key of await storage.list()) {
      const file = `${pictures}/${key}`;
      // Not a picture's key (a robots.txt put there for a public bucket, a name in capitals): named
      // and left out, not a failed backup.
      if (!isSafeFilePath(file) || !isPictureKey(key)) {
        skipped.push(file);
        continue;
      }
      const data = await storage.read(key);
      // Removed since it was listed: it is not part of this backup.
      if (!data) continue;
      const to = path.join(folder, file);
      await makePrivateDir(path.dirname(to));
      await fsp.writeFile(to, data, { mode: PRIVATE_FILE_MODE });
      pinned.push(file);
    }
  } catch (error) {
    await fsp.rm(folder, { recursive: true, force: true });
    throw new BackupError(
      `Die Bilder konnten nicht aus dem Bildspeicher gelesen werden: ${error instanceof Error ? error.message : String(error)}. Nichts wurde geschrieben.`,
    );
  }
  return { folder, pinned, skipped };
}

/** Moves the finished archive to its name without ever replacing a file of that name. */
async function publish(temporary: string, target: string) {
  try {
    await fsp.link(temporary, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") throw new BackupError(`${target} gibt es schon. Nichts wurde geschrieben.`);
    // A file system without hard links: check, then rename (a tiny window, but never half a file).
    if (fs.existsSync(target)) throw new BackupError(`${target} gibt es schon. Nichts wurde geschrieben.`);
    await fsp.rename(temporary, target);
    return;
  }
  await fsp.rm(temporary, { force: true });
}

/**
 * Writes one archive (decision 0023) of the database and the pictures while the server runs:
 * the rows in one consistent snapshot, then the files. Written under a temporary name and renamed
 * when complete, so an archive with its final name is always whole; an existing file is never
 * replaced.
 */
export async function createBackup(options: {
  database: DatabaseHandle;
  dataDir: string;
  target: string;
  /** An S3 picture store to back up (decision 0038); without it, the pictures are DATA_DIR's folder. */
  pictures?: PictureStorage;
}): Promise<BackupResult> {
  const started = performance.now();
  const { database, dataDir } = options;
  const target = path.resolve(options.target);
  if (fs.existsSync(target)) throw new BackupError(`${target} gibt es schon. Nichts wurde geschrieben.`);

  const { migrations, tables } = await readDatabase(database);
  const data = new Map<string, Buffer>();
  const tableManifests: TableManifest[] = [];
  for (const [name, table] of tables) {
    const bytes = dataOf(linesOf(table.rows));
    data.set(name, bytes);
    tableManifests.push({
      name,
      columns: table.columns,
      selfReferences: table.selfReferences,
      rows: table.rows.length,
      sha256: sha256(bytes),
    });
  }

  await makePrivateDir(dataDir);
  const fromStore = options.pictures?.kind === "s3" ? options.pictures : undefined;
  let found: { skipped: string[] };
  let folder: string;
  let pinned: string[];
  if (fromStore) {
    const downloaded = await downloadObjects(dataDir, fromStore);
    ({ folder, pinned } = downloaded);
    found = { skipped: downloaded.skipped };
  } else {
    const files = await findFiles(dataDir);
    found = files;
    ({ folder, pinned } = await pinFiles(dataDir, files.files));
  }
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.unfertig`);
  try {
    const files: FileManifest[] = [];
    for (const file of pinned) {
      const stat = await fsp.stat(path.join(folder, file));
      files.push({ path: file, size: stat.size, sha256: await sha256OfFile(path.join(folder, file)) });
    }
    const present = new Set(pinned);
    const missingFiles = [...referencedFiles(tables)].filter((file) => !present.has(file)).sort();
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      app: appVersion(),
      source: { dialect: database.dialect },
      migrations,
      tables: tableManifests,
      excludedTables: Object.keys(EPHEMERAL_TABLES),
      files,
      missingFiles,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    const buffered = (name: string, bytes: Buffer): TarEntry => ({
      name,
      size: bytes.length,
      body: async function* () {
        yield bytes;
      },
    });
    const entries: TarEntry[] = [
      buffered(MANIFEST_NAME, manifestBytes),
      ...tableManifests.map((table) =>
        buffered(dataEntryName(table.name), data.get(table.name) ?? Buffer.alloc(0)),
      ),
      ...files.map((file) => ({
        name: fileEntryName(file.path),
        size: file.size,
        body: () => fs.createReadStream(path.join(folder, file.path)) as AsyncIterable<Buffer>,
      })),
    ];
    // A folder made for the archives is the owner's only, like the archives (decision 0026).
    await makePrivateDir(path.dirname(target));
    await pipeline(
      Readable.from(tarStream(entries)),
      zlib.createGzip(),
      // Guests' details and password hashes: for the owner's eyes only.
      fs.createWriteStream(temporary, { flags: "wx", mode: 0o600 }),
    );
    const handle = await fsp.open(temporary, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await publish(temporary, target);
    return {
      file: target,
      bytes: (await fsp.stat(target)).size,
      ms: performance.now() - started,
      manifest,
      skippedFiles: found.skipped,
    };
  } finally {
    await fsp.rm(temporary, { force: true });
    await fsp.rm(folder, { recursive: true, force: true });
  }
}
