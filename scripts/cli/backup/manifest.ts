import { z } from "zod";

/**
 * What a backup archive holds (decision 0023): `manifest.json` first, then every table's rows as
 * JSON lines under `data/`, then the files under `files/`. The manifest names and hashes every other
 * entry; a restore takes nothing the manifest does not name.
 */
export const FORMAT = "tavola-backup";
export const FORMAT_VERSION = 1;
export const MANIFEST_NAME = "manifest.json";

/** The folders under DATA_DIR whose files belong to the site's data (the picture storage). */
export const FILE_FOLDERS = ["pictures"] as const;

const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * A file's path inside DATA_DIR as the archive names it: below one of FILE_FOLDERS, relative, made
 * of plain segments — no `..`, no absolute path, no hidden file, no backslash — so it cannot point
 * anywhere but into its folder.
 */
export function isSafeFilePath(file: string): boolean {
  const segments = file.split("/");
  return (
    Buffer.byteLength(file) <= 240 &&
    segments.length >= 2 &&
    (FILE_FOLDERS as readonly string[]).includes(segments[0] ?? "") &&
    segments.every((segment) => SEGMENT.test(segment))
  );
}

export const dataEntryName = (table: string) => `data/${table}.jsonl`;
export const fileEntryName = (file: string) => `files/${file}`;

const tableSchema = z.object({
  name: z.string().regex(TABLE_NAME),
  columns: z.array(z.string().regex(TABLE_NAME)).min(1),
  /** Columns that point at the same table's rows: restored after every row is in. */
  selfReferences: z.array(z.string().regex(TABLE_NAME)),
  rows: z.number().int().min(0),
  /** sha256 of the table's data entry: its rows as JSON arrays, one a line, lines sorted. */
  sha256,
});

const fileSchema = z.object({
  path: z
    .string()
    .refine(
      isSafeFilePath,
      "unsicherer Dateipfad (erlaubt sind nur Pfade unter pictures/, ohne '..' und nicht absolut)",
    ),
  size: z.number().int().min(0),
  sha256,
});

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  app: z.object({ version: z.string(), commit: z.string().nullable() }),
  source: z.object({ dialect: z.enum(["sqlite", "postgres"]) }),
  /** The migrations the schema had run, in order: the restore builds exactly this schema. */
  migrations: z.array(z.string().min(1)).min(1),
  /** In the order a restore inserts them (rows that others point at first). */
  tables: z.array(tableSchema),
  /** Left out on purpose (see scripts/cli/backup/tables.ts). */
  excludedTables: z.array(z.string()),
  files: z.array(fileSchema),
  /** Files the database refers to that were not there when the backup was taken. */
  missingFiles: z.array(z.string()),
});

export type Manifest = z.output<typeof manifestSchema>;
export type TableManifest = Manifest["tables"][number];
export type FileManifest = Manifest["files"][number];

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** The manifest from the archive's first entry, or a German reason to refuse the archive. */
export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError("Das Manifest des Archivs ist kein gültiges JSON.");
  }
  const head = z.object({ format: z.string(), formatVersion: z.number() }).safeParse(json);
  if (!head.success || head.data.format !== FORMAT)
    throw new BackupError("Das Archiv ist keine Tavola-Sicherung (Manifest unbekannt).");
  if (head.data.formatVersion !== FORMAT_VERSION)
    throw new BackupError(
      `Das Archiv hat das Format ${head.data.formatVersion}; diese Version kennt nur Format ${FORMAT_VERSION}.`,
    );
  const result = manifestSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new BackupError(
      `Das Manifest des Archivs ist ungültig (${issue?.path.join(".") ?? "?"}: ${issue?.message ?? "?"}).`,
    );
  }
  const names = new Set<string>();
  for (const name of [
    ...result.data.tables.map((table) => dataEntryName(table.name)),
    ...result.data.files.map((file) => fileEntryName(file.path)),
  ]) {
    if (names.has(name)) throw new BackupError(`Das Manifest nennt ${name} zweimal.`);
    names.add(name);
  }
  return result.data;
}
