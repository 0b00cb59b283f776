import fs from "node:fs";
import path from "node:path";
import { parseConfigOrExit } from "../../app/lib/env.server.ts";
import { parseErasureFile } from "../../app/features/guest-data/index.server.ts";
import { ERASURE_FILE_NAME } from "./backup/keep.ts";
import { restrictNewFiles } from "../../db/private-files.server.ts";
import { BackupError } from "./backup/manifest.ts";
import { restoreBackup } from "./backup/restore.ts";
import { openPictureStorage } from "../../app/common/pictures/open-storage.server.ts";
import { figures } from "./backup-figures.ts";
import { fail, say } from "./config.ts";

/**
 * `npm run db:restore <archive> [--loeschungen <file>]`: an archive of `npm run db:backup` into an
 * empty target — a DATA_DIR without a database (SQLite) or an empty PostgreSQL database
 * (DATABASE_URL) — with its pictures (decision 0023). Refuses a target that holds anything and an
 * archive that fails any check; on failure the target is left empty. The record of erased guest
 * data (`loeschungen.json` beside the archive, or the file given) is required and re-applied, and
 * the retention periods run before anything is served (decision 0042).
 */
const config = parseConfigOrExit(process.env);
// The restored database and pictures are the owner's only, like the server's (decision 0026).
restrictNewFiles();
const [archive, option, given] = process.argv.slice(2);
if (!archive) fail("Welches Archiv? npm run db:restore -- <datei.tar.gz> [--loeschungen <loeschungen.json>]");
if (option !== undefined && (option !== "--loeschungen" || !given))
  fail("Aufruf: npm run db:restore -- <datei.tar.gz> [--loeschungen <loeschungen.json>]");
// Art. 17 GDPR (decision 0042): guests erased after the archive was written must not come back. The
// record db:backup keeps beside its archives is required; without it nothing is restored.
const erasuresFile = given ?? path.join(path.dirname(archive as string), ERASURE_FILE_NAME);
if (!fs.existsSync(erasuresFile))
  fail(
    `Wiederherstellung abgelehnt: die Löschliste ${erasuresFile} fehlt. Sie nennt die Gastdaten, die seit der ` +
      "Sicherung gelöscht wurden (Gastdaten, Art. 17 DSGVO), damit sie gelöscht bleiben. db:backup schreibt sie " +
      "neben die Archive; geben Sie die neueste mit --loeschungen <datei> an (vor dem Ersetzen einer laufenden " +
      "Datenbank erst npm run db:backup, dann deren loeschungen.json).",
  );
const record = parseErasureFile(fs.readFileSync(erasuresFile, "utf8"));
if (!record.ok) fail(`Wiederherstellung abgelehnt: ${erasuresFile} ist ${record.reason}.`);
const erasures = record.ok ? record.file.erasures : [];
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
    erasures,
    retention: {},
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
  say(
    `  Löschliste ${erasuresFile} (Stand ${record.ok ? record.file.createdAt : "?"}, ${figures.count(erasures.length)} Einträge): ` +
      `${figures.count(result.erasedAgain.reservations)} Reservierungen und ${figures.count(result.erasedAgain.mails)} E-Mails erneut gelöscht`,
  );
  say(
    `  Aufbewahrungsfristen angewandt: ${figures.count(result.retention.anonymised)} Reservierungen anonymisiert, ` +
      `${figures.count(result.retention.notes)} Anmerkungen und ${figures.count(result.retention.mails)} E-Mails gelöscht`,
  );
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
