import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { makePrivateDir, PRIVATE_FILE_MODE } from "../../../db/private-files.server.ts";
import { migrationNames } from "../../../db/migrate.ts";
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

const MiB = 1024 * 1024;
const MAX_MANIFEST_BYTES = 64 * MiB;

/**
 * What a restore holds in memory and writes, whatever an archive declares (decision 0026): the
 * declared sizes are checked before a byte of an entry is read, so a small archive that inflates
 * to gigabytes (a decompression bomb) is refused having written nothing.
 */
export interface ArchiveLimits {
  /** Every table's rows together: they stay in memory until the one transaction that inserts them. */
  rowBytes: number;
  /** One row (one JSON line); no stored text comes near it (request bodies are at most 1 MiB). */
  lineBytes: number;
  /** One file of `pictures/`: more than any picture the upload writes (40 megapixels, 4 bytes each). */
  fileBytes: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  rowBytes: 256 * MiB,
  lineBytes: 4 * MiB,
  fileBytes: 256 * MiB,
};

const inMiB = (bytes: number) => `${Math.ceil(bytes / MiB).toLocaleString("de-DE")} MiB`;

/** The free space on the disk of `folder`, for the files an archive declares. */
async function freeBytes(folder: string): Promise<number> {
  const stats = await fsp.statfs(folder);
  return stats.bavail * stats.bsize;
}

/** Refuses declared file sizes no picture has, or more than the disk has room for. */
async function checkFileSizes(manifest: Manifest, stage: string, limits: ArchiveLimits) {
  let total = 0;
  for (const file of manifest.files) {
    if (file.size > limits.fileBytes)
      throw new BackupError(
        `${file.path}: das Manifest gibt ${inMiB(file.size)} an, mehr als eine Bilddatei haben kann ` +
          `(höchstens ${inMiB(limits.fileBytes)}).`,
      );
    total += file.size;
  }
  const free = await freeBytes(stage);
  if (total > free)
    throw new BackupError(
      `Die Dateien des Archivs bräuchten ${inMiB(total)}, auf dem Datenträger von DATA_DIR sind nur ` +
        `${inMiB(free)} frei.`,
    );
}

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

function collect(
  limit: number,
  done: (data: Buffer) => void | Promise<void>,
  check: (chunk: Buffer) => void = () => undefined,
): TarEntrySink {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    write(chunk) {
      size += chunk.length;
      if (size > limit) throw new BackupError("Ein Eintrag des Archivs ist größer als erlaubt.");
      check(chunk);
      chunks.push(Buffer.from(chunk));
    },
    end: () => done(Buffer.concat(chunks)),
  };
}

/** A check for a table's bytes as they arrive: no line longer than `limit`. */
function linesAtMost(table: TableManifest, limit: number): (chunk: Buffer) => void {
  let line = 0;
  return (chunk) => {
    for (let from = 0; ;) {
      const end = chunk.indexOf(0x0a, from);
      line += (end === -1 ? chunk.length : end) - from;
      if (line > limit)
        throw new BackupError(
          `Tabelle ${table.name}: eine Zeile ist länger als ${inMiB(limit)}, was keine gespeicherte ` +
            "Zeile sein kann.",
        );
      if (end === -1) return;
      line = 0;
      from = end + 1;
    }
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
export async function readArchive(
  archive: string,
  stage: string,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<ReadArchive> {
  let manifest: Manifest | undefined;
  let rowBytesLeft = limits.rowBytes;
  const tables = new Map<string, TableManifest>();
  const files = new Map<string, FileManifest>();
  const seen = new Set<string>();
  const rows = new Map<string, Value[][]>();
  const opened = new Set<fsp.FileHandle>();

  const open = async (header: { name: string; size: number }): Promise<TarEntrySink> => {
    if (!manifest) {
      if (header.name !== MANIFEST_NAME)
        throw new BackupError("Das Archiv hat kein Manifest (manifest.json muss der erste Eintrag sein).");
      if (header.size > MAX_MANIFEST_BYTES)
        throw new BackupError(
          `Das Manifest des Archivs ist ${inMiB(header.size)} groß (höchstens ${inMiB(MAX_MANIFEST_BYTES)}).`,
        );
      return collect(MAX_MANIFEST_BYTES, async (data) => {
        const parsed = parseManifest(data.toString("utf8"));
        checkMigrations(parsed);
        await checkFileSizes(parsed, stage, limits);
        manifest = parsed;
        for (const table of parsed.tables) tables.set(dataEntryName(table.name), table);
        for (const file of parsed.files) files.set(fileEntryName(file.path), file);
      });
    }
    if (seen.has(header.name)) throw new BackupError(`Das Archiv enthält ${header.name} zweimal.`);
    seen.add(header.name);
    const table = tables.get(header.name);
    const file = files.get(header.name);
    if (file && header.size !== file.size)
      throw new BackupError(`${file.path}: ${header.size} Bytes im Archiv, das Manifest sagt ${file.size}.`);
    if (table) {
      if (header.size > rowBytesLeft)
        throw new BackupError(
          `Tabelle ${table.name}: ${inMiB(header.size)} im Archiv, mehr als eine Wiederherstellung im ` +
            `Speicher hält (höchstens ${inMiB(limits.rowBytes)} für alle Tabellen zusammen).`,
        );
      rowBytesLeft -= header.size;
      return collect(
        header.size,
        (data) => {
          if (sha256(data) !== table.sha256)
            throw new BackupError(
              `Tabelle ${table.name}: Prüfsumme (sha256) stimmt nicht mit dem Manifest überein.`,
            );
          rows.set(table.name, parseRows(table, data));
        },
        linesAtMost(table, limits.lineBytes),
      );
    }
    if (file && isSafeFilePath(file.path)) {
      const to = path.join(stage, file.path);
      await makePrivateDir(path.dirname(to));
      const handle = await fsp.open(to, "wx", PRIVATE_FILE_MODE);
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
