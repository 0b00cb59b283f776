import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../../db/database.server.ts";
import { parseConfigOrExit } from "../../app/lib/env.server.ts";
import { restrictNewFiles } from "../../db/private-files.server.ts";
import { openPictureStorage } from "../../app/common/pictures/open-storage.server.ts";
import { readErasures } from "../../app/features/guest-data/index.server.ts";
import { createBackup } from "./backup/create.ts";
import { ERASURE_FILE_NAME, pruneBackups, writeErasureFile } from "./backup/keep.ts";
import { BackupError } from "./backup/manifest.ts";
import { fail, say } from "./config.ts";
import { figures } from "./backup-figures.ts";

/**
 * `npm run db:backup [archive | folder/]`: one archive of the database (SQLite or PostgreSQL) and the
 * pictures, with a manifest, while the server runs (decision 0023). By default
 * `DATA_DIR/backups/tavola-<time>.tar.gz`; an existing file is never replaced. Beside it the record
 * of erased guest data (`loeschungen.json`), and in a folder of archives those older than
 * BACKUP_RETENTION_DAYS are removed (decision 0042).
 */
const config = parseConfigOrExit(process.env);
restrictNewFiles();
if (config.database.kind === "sqlite" && !fs.existsSync(config.database.file))
  fail(`Keine Datenbank unter ${config.database.file}: nichts zu sichern (DATA_DIR richtig gesetzt?).`);

const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const name = `tavola-${stamp}.tar.gz`;
const given = process.argv[2];
/** Into a folder of archives (the default, or a folder given): only there are old ones pruned. */
const intoFolder =
  given === undefined || given.endsWith("/") || (fs.existsSync(given) && fs.statSync(given).isDirectory());
const target =
  given === undefined
    ? path.join(config.dataDir, "backups", name)
    : intoFolder
      ? path.join(given, name)
      : given;

// Opened without migrating: a backup reads the schema as it is and changes nothing.
const database = openDatabase(config.database);
// An S3 store's pictures go into the archive too (decision 0038); it is checked first, like at start.
const pictures = await openPictureStorage(config.pictures, { memoryCacheBytes: 0 }).catch((error: unknown) =>
  fail(`Sicherung fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`),
);
try {
  const result = await createBackup({ database, dataDir: config.dataDir, target, pictures });
  const { manifest } = result;
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const fileBytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  say(`Sicherung geschrieben: ${result.file}`);
  say(`  ${figures.bytes(result.bytes)} in ${figures.seconds(result.ms)}`);
  say(
    `  Datenbank (${manifest.source.dialect === "sqlite" ? "SQLite" : "PostgreSQL"}, Stand ${manifest.migrations.at(-1)}): ` +
      `${manifest.tables.length} Tabellen, ${figures.count(rows)} Zeilen`,
  );
  say(
    `  Dateien: ${figures.count(manifest.files.length)} (${figures.bytes(fileBytes)})${config.pictures.kind === "s3" ? ` aus dem Bucket ${config.pictures.bucket}` : ""}`,
  );
  say(`  Nicht gesichert (flüchtig): ${manifest.excludedTables.join(", ")}`);
  if (result.skippedFiles.length > 0)
    say(`  Ausgelassen (keine Bilddateien der Website): ${result.skippedFiles.join(", ")}`);
  // The record of erased guest data beside the archives: a restore of any of them re-applies it.
  const folder = path.dirname(result.file);
  await writeErasureFile(folder, await readErasures(database.db));
  say(`  Löschliste (Gastdaten): ${path.join(folder, ERASURE_FILE_NAME)}`);
  if (intoFolder) {
    const removed = await pruneBackups(folder, config.backupRetentionDays, { keep: result.file });
    say(
      `  Sicherungen älter als ${config.backupRetentionDays} Tage (BACKUP_RETENTION_DAYS) entfernt: ${removed.length > 0 ? removed.join(", ") : "keine"}`,
    );
  }
  if (manifest.missingFiles.length > 0)
    process.stderr.write(
      `Warnung: ${manifest.missingFiles.length} Dateien, auf die die Datenbank verweist, fehlen schon auf der Platte: ` +
        `${manifest.missingFiles.slice(0, 10).join(", ")}\n`,
    );
} catch (error) {
  if (error instanceof BackupError) fail(`Sicherung fehlgeschlagen: ${error.message}`);
  throw error;
} finally {
  pictures.close();
  await database.close();
}
