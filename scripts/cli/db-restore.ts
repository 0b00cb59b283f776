import { parseConfigOrExit } from "../../app/lib/env.server.ts";
import { restrictNewFiles } from "../../db/private-files.server.ts";
import { BackupError } from "./backup/manifest.ts";
import { restoreBackup } from "./backup/restore.ts";
import { openPictureStorage } from "../../app/common/pictures/open-storage.server.ts";
import { figures } from "./backup-figures.ts";
import { fail, say } from "./config.ts";

/**
 * `npm run db:restore <archive>`: an archive of `npm run db:backup` into an empty target — a
 * DATA_DIR without a database (SQLite) or an empty PostgreSQL database (DATABASE_URL) — with its
 * pictures (decision 0023). Refuses a target that holds anything and an archive that fails any
 * check; on failure the target is left empty.
 */
const config = parseConfigOrExit(process.env);
// The restored database and pictures are the owner's only, like the server's (decision 0026).
restrictNewFiles();
const archive = process.argv[2];
if (!archive) fail("Welches Archiv? npm run db:restore -- <datei.tar.gz>");
const to = config.database.kind === "sqlite" ? config.database.file : "PostgreSQL (DATABASE_URL)";
const filesTo =
  config.pictures.kind === "s3" ? `in den Bucket ${config.pictures.bucket}` : `nach ${config.dataDir}`;
say(`Stelle ${archive} wieder her nach ${to}, Dateien ${filesTo} …`);
// With STORAGE=s3 the pictures go into the bucket (decision 0038); it is checked first, like at start.
const pictures = await openPictureStorage(config.pictures, { memoryCacheBytes: 0 }).catch((error: unknown) =>
  fail(`Wiederherstellung abgelehnt: ${error instanceof Error ? error.message : String(error)}`),
);
try {
  const result = await restoreBackup({
    archive: archive as string,
    dataDir: config.dataDir,
    target: config.database,
    pictures,
  });
  const { manifest } = result;
  say(
    `Wiederhergestellt in ${figures.seconds(result.ms)}: Sicherung vom ${manifest.createdAt} ` +
      `(${manifest.source.dialect === "sqlite" ? "SQLite" : "PostgreSQL"}, Stand ${manifest.migrations.at(-1)})`,
  );
  say(
    `  ${manifest.tables.length} Tabellen, ${figures.count(result.rows)} Zeilen – geprüft, gleich dem Archiv`,
  );
  say(
    `  ${figures.count(result.files)} Dateien (${figures.bytes(result.fileBytes)}) – jede mit ihrer Prüfsumme`,
  );
  if (result.skippedFiles.length > 0)
    say(`  Ausgelassen (keine Bilddateien der Website): ${result.skippedFiles.join(", ")}`);
  if (result.laterMigrations.length > 0)
    say(`  Danach ausgeführte Migrationen: ${result.laterMigrations.join(", ")}`);
  say(
    `  Nicht in der Sicherung (flüchtig): ${manifest.excludedTables.join(", ")} – Mitarbeiter melden sich neu an`,
  );
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  fail(
    `${error instanceof BackupError ? "Wiederherstellung abgelehnt" : "Wiederherstellung fehlgeschlagen"}: ${reason}\n` +
      "Am Ziel ist nichts verändert: was schon geschrieben war, ist wieder entfernt.",
  );
} finally {
  pictures.close();
}
