import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { migrationNames } from "../migrate.ts";
import {
  BackupError,
  dataEntryName,
  fileEntryName,
  isSafeFilePath,
  MANIFEST_NAME,
  parseManifest,
  type FileManifest,
  type Manifest,
  type TableManifest,
} from "./manifest.ts";
import type { Value } from "./tables.ts";
import { readTar, TarError, type TarEntrySink } from "./tar.ts";

export interface ReadArchive {
  manifest: Manifest;
  /** Every table's rows, checked against the manifest's count and hash. */
  rows: Map<string, Value[][]>;
}

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/** What an entry name says about itself when the manifest does not name it. */
function strayEntry(name: string): BackupError {
  const unsafe =
    name.startsWith("/") || name.includes("\\") || name.includes("\0") || name.split("/").includes("..");
  return new BackupError(
    unsafe
      ? `Das Archiv enthält einen unsicheren Pfad (${JSON.stringify(name)}): abgelehnt, nichts wurde wiederhergestellt.`
      : `Das Archiv enthält ${JSON.stringify(name)}, das im Manifest nicht steht: abgelehnt.`,
  );
}

function collect(limit: number, done: (data: Buffer) => void): TarEntrySink {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    write(chunk) {
      size += chunk.length;
      if (size > limit) throw new BackupError("Ein Eintrag des Archivs ist größer als erlaubt.");
      chunks.push(Buffer.from(chunk));
    },
    end: () => done(Buffer.concat(chunks)),
  };
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** A table's lines back into rows, each as long as the column list and of the archive's value types. */
function parseRows(table: TableManifest, data: Buffer): Value[][] {
  const text = data.toString("utf8");
  const lines = text === "" ? [] : text.replace(/\n$/, "").split("\n");
  if (lines.length !== table.rows)
    throw new BackupError(
      `Tabelle ${table.name}: ${lines.length} Zeilen im Archiv, das Manifest sagt ${table.rows}.`,
    );
  return lines.map((line) => {
    const row: unknown = JSON.parse(line);
    if (
      !Array.isArray(row) ||
      row.length !== table.columns.length ||
      !row.every((value) => value === null || typeof value === "string" || typeof value === "number")
    )
      throw new BackupError(`Tabelle ${table.name}: eine Zeile passt nicht zu ihren Spalten.`);
    return row as Value[];
  });
}

/** Refuses an archive from a newer version, or from a schema history this version does not share. */
function checkMigrations(manifest: Manifest) {
  const known = migrationNames();
  const shared = manifest.migrations.every((name, index) => known[index] === name);
  if (!shared)
    throw new BackupError(
      `Das Archiv stammt von einer anderen oder neueren Version (Migrationen bis ${manifest.migrations.at(-1)}); ` +
        `diese Version kennt Migrationen bis ${known.at(-1)}. Stellen Sie es mit der Version wieder her, die es geschrieben hat.`,
    );
}

/**
 * Reads and checks a whole archive before anything is restored: the manifest must come first and be
 * known; every other entry must be named by it, once, with its size and sha256; nothing may be
 * missing. The files go to `stage` (a folder of the restore's own under DATA_DIR), the rows into
 * memory. Any doubt refuses the archive with a German reason.
 */
export async function readArchive(archive: string, stage: string): Promise<ReadArchive> {
  let manifest: Manifest | undefined;
  const tables = new Map<string, TableManifest>();
  const files = new Map<string, FileManifest>();
  const seen = new Set<string>();
  const rows = new Map<string, Value[][]>();
  const opened = new Set<fsp.FileHandle>();

  const open = async (header: { name: string; size: number }): Promise<TarEntrySink> => {
    if (!manifest) {
      if (header.name !== MANIFEST_NAME)
        throw new BackupError("Das Archiv hat kein Manifest (manifest.json muss der erste Eintrag sein).");
      return collect(MAX_MANIFEST_BYTES, (data) => {
        manifest = parseManifest(data.toString("utf8"));
        checkMigrations(manifest);
        for (const table of manifest.tables) tables.set(dataEntryName(table.name), table);
        for (const file of manifest.files) files.set(fileEntryName(file.path), file);
      });
    }
    if (seen.has(header.name)) throw new BackupError(`Das Archiv enthält ${header.name} zweimal.`);
    seen.add(header.name);
    const table = tables.get(header.name);
    const file = files.get(header.name);
    if (file && header.size !== file.size)
      throw new BackupError(`${file.path}: ${header.size} Bytes im Archiv, das Manifest sagt ${file.size}.`);
    if (table)
      return collect(Number.MAX_SAFE_INTEGER, (data) => {
        if (sha256(data) !== table.sha256)
          throw new BackupError(
            `Tabelle ${table.name}: Prüfsumme (sha256) stimmt nicht mit dem Manifest überein.`,
          );
        rows.set(table.name, parseRows(table, data));
      });
    if (file && isSafeFilePath(file.path)) {
      const to = path.join(stage, file.path);
      await fsp.mkdir(path.dirname(to), { recursive: true });
      const handle = await fsp.open(to, "wx");
      opened.add(handle);
      const hash = createHash("sha256");
      return {
        async write(chunk) {
          hash.update(chunk);
          await handle.write(chunk);
        },
        async end() {
          opened.delete(handle);
          await handle.close();
          if (hash.digest("hex") !== file.sha256)
            throw new BackupError(`${file.path}: Prüfsumme (sha256) stimmt nicht mit dem Manifest überein.`);
        },
      };
    }
    throw strayEntry(header.name);
  };

  try {
    await pipeline(
      fs.createReadStream(archive),
      zlib.createGunzip(),
      async (source: AsyncIterable<Buffer>) => {
        await readTar(source, open);
      },
    );
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if (error instanceof TarError) throw new BackupError(error.message);
    if (error instanceof SyntaxError) throw new BackupError("Eine Tabelle im Archiv ist kein gültiges JSON.");
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (code.startsWith("Z_"))
      throw new BackupError(`Das Archiv ist beschädigt oder kein gzip-Archiv (${(error as Error).message}).`);
    throw error;
  } finally {
    // An entry cut off mid-way leaves its file open; the caller removes the stage.
    for (const handle of opened) await handle.close();
  }
  if (!manifest) throw new BackupError("Das Archiv hat kein Manifest (manifest.json fehlt).");
  const missing = [...tables.keys(), ...files.keys()].filter((name) => !seen.has(name));
  if (missing.length > 0)
    throw new BackupError(
      `Im Archiv fehlen Einträge, die das Manifest nennt: ${missing.slice(0, 5).join(", ")}.`,
    );
  return { manifest, rows };
}
