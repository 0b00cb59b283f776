import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseTarget } from "../../db/database.server.ts";
import { sha256OfFile } from "../cli/backup/files.ts";
import type { Manifest } from "../cli/backup/manifest.ts";
import { readArchive, type ReadArchive } from "../cli/backup/read-archive.ts";
import { loose, type Value } from "../cli/backup/tables.ts";
import { figures } from "../cli/backup-figures.ts";
import { guestForm, openDayAhead, post } from "../bench/reservation-figures.ts";
import { startProductionServer, stopProductionServer } from "../../tests/support/production-server.ts";
import {
  findPostgresBinaries,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from "../../tests/support/throwaway-postgres.ts";
import { reportFindings, say, type Finding } from "./support.ts";
import { cliToolPath, type CliTool } from "../cli/tools.ts";

/**
 * `npm run drill -- backup`: the demo site backed up while guests keep sending reservations, the
 * archive restored elsewhere — SQLite and PostgreSQL, and each into the other — and every table and
 * every file compared with the archive; the restored site must answer. Bounded: each command has
 * two minutes, the whole drill takes well under one.
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const COMMAND_MS = 120_000;
const GUESTS = 10;

interface Answer {
  token: string;
  status: number;
  at: number;
}

/** Runs one of the project's command-line tools as an operator would; its time and output. */
async function runTool(script: CliTool, args: string[], env: Record<string, string>) {
  const started = performance.now();
  return new Promise<{ status: number | null; out: string; ms: number }>((resolve) => {
    const child = spawn(process.execPath, [cliToolPath(script), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      timeout: COMMAND_MS,
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("close", (status) => resolve({ status, out, ms: performance.now() - started }));
  });
}

/** Guests sending reservation requests one after the other until `stop` says so. */
function guests(origin: string, prefix: string) {
  const answers: Answer[] = [];
  let running = true;
  const date = openDayAhead();
  const guest = async (index: number) => {
    for (let round = 0; running; round += 1) {
      const token = `${prefix}-${index}-${round}`;
      try {
        const { status } = await post(`${origin}/_.data?index`, guestForm(prefix, index, date, round));
        answers.push({ token, status, at: performance.now() });
      } catch {
        answers.push({ token, status: 0, at: performance.now() });
      }
    }
  };
  const all = Promise.all(Array.from({ length: GUESTS }, (_, index) => guest(index)));
  return {
    answers,
    async stop() {
      running = false;
      await all;
    },
  };
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** Timestamps as the app writes them, whichever engine handed them out. */
const normal = (value: unknown) =>
  typeof value === "string" && ISO.test(value) ? new Date(value).toISOString() : value;
const linesOf = (rows: unknown[][]) => rows.map((row) => JSON.stringify(row.map(normal))).sort();

/** Every table and file of the restored site against the archive; what differs. */
async function compare(archive: ReadArchive, target: DatabaseTarget, dataDir: string): Promise<string[]> {
  const differences: string[] = [];
  const handle = openDatabase(target);
  try {
    for (const table of archive.manifest.tables) {
      const rows = await loose(handle.db).selectFrom(table.name).selectAll().execute();
      const restored = linesOf(rows.map((row) => table.columns.map((column) => row[column])));
      const archived = linesOf(archive.rows.get(table.name) ?? []);
      const same =
        restored.length === archived.length && restored.every((line, index) => line === archived[index]);
      if (!same)
        differences.push(`Tabelle ${table.name}: ${restored.length} Zeilen statt ${archived.length}`);
    }
  } finally {
    await handle.close();
  }
  for (const file of archive.manifest.files) {
    const at = path.join(dataDir, file.path);
    if (!fs.existsSync(at)) differences.push(`${file.path} fehlt`);
    else if ((await sha256OfFile(at)) !== file.sha256) differences.push(`${file.path} ist anders`);
  }
  const expected = new Set(archive.manifest.files.map((file) => file.path));
  for (const file of filesUnder(dataDir)) if (!expected.has(file)) differences.push(`${file} ist zu viel`);
  return differences;
}

function filesUnder(dataDir: string): string[] {
  const folder = path.join(dataDir, "pictures");
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    );
}

interface Source {
  label: string;
  /** The database the loaded server writes to; its pictures lie in the server's own DATA_DIR. */
  env: Record<string, string>;
}

interface Backup {
  archive: string;
  read: ReadArchive;
  ms: number;
  bytes: number;
}

const rowsOf = (manifest: Manifest) => manifest.tables.reduce((sum, table) => sum + table.rows, 0);

async function backupUnderLoad(
  source: Source,
  work: string,
  findings: Finding[],
): Promise<Backup | undefined> {
  say(`\n${source.label}: Sicherung der Demo-Website, während ${GUESTS} Gäste Reservierungen senden`);
  const server = await startProductionServer("0", {
    RESERVATION_RATE_LIMIT: "0",
    LOG_LEVEL: "error",
    ...source.env,
  });
  try {
    const prefix = `Sicherung${Date.now()}`;
    const load = guests(server.origin, prefix);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const archive = path.join(work, `${source.label.toLowerCase()}.tar.gz`);
    const startedAt = performance.now();
    const backup = await runTool("db-backup.ts", [archive], {
      DATA_DIR: server.dataDir,
      DATABASE_URL: source.env.DATABASE_URL ?? "",
    });
    const endedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await load.stop();
    findings.push({
      text: `${source.label}: db:backup beendet mit Code ${backup.status} (0)`,
      holds: backup.status === 0,
    });
    if (backup.status !== 0) {
      say(backup.out);
      return undefined;
    }
    const stage = fs.mkdtempSync(path.join(work, "lesen-"));
    const read = await readArchive(archive, stage);
    fs.rmSync(stage, { recursive: true, force: true });
    const bytes = fs.statSync(archive).size;

    const during = load.answers.filter(
      (answer) => answer.status === 200 && answer.at > startedAt && answer.at < endedAt,
    );
    const before = load.answers.filter((answer) => answer.status === 200 && answer.at < startedAt);
    const reservations = read.manifest.tables.find((table) => table.name === "reservations");
    const outbox = read.manifest.tables.find((table) => table.name === "mail_outbox");
    const column = (rows: Value[][] | undefined, columns: string[] | undefined, name: string) =>
      (rows ?? []).map((row) => row[columns?.indexOf(name) ?? -1]);
    const tokens = new Set(column(read.rows.get("reservations"), reservations?.columns, "request_token"));
    const tokenColumn = reservations?.columns.indexOf("request_token") ?? -1;
    // The drill's own guests: each request is stored with its notice to the restaurant, or neither.
    const ids = column(
      read.rows.get("reservations")?.filter((row) => String(row[tokenColumn]).startsWith(prefix)),
      reservations?.columns,
      "id",
    );
    const noticed = new Set(column(read.rows.get("mail_outbox"), outbox?.columns, "reservation_id"));
    const archivedOfDrill = [...tokens].filter((token) => String(token).startsWith(prefix)).length;
    const lost = before.filter((answer) => !tokens.has(answer.token));
    const halfWritten = ids.filter((id) => !noticed.has(id)).length;

    say(
      `  ${load.answers.length} Anfragen, ${load.answers.filter((a) => a.status === 200).length} bestätigt; ` +
        `${during.length} davon während der Sicherung (${figures.seconds(endedAt - startedAt)})`,
    );
    say(
      `  Archiv: ${figures.bytes(bytes)}, ${read.manifest.tables.length} Tabellen, ${figures.count(rowsOf(read.manifest))} Zeilen ` +
        `(${archivedOfDrill} Reservierungen dieser Übung), ${read.manifest.files.length} Dateien`,
    );
    findings.push({
      text: `${source.label}: während der Sicherung bestätigte Reservierungen: ${during.length} (> 0, es wurde wirklich geschrieben)`,
      holds: during.length > 0,
    });
    findings.push({
      text: `${source.label}: vor der Sicherung bestätigt, aber nicht im Archiv: ${lost.length} von ${before.length} (0)`,
      holds: lost.length === 0 && before.length > 0,
    });
    findings.push({
      text: `${source.label}: Reservierungen im Archiv ohne ihre E-Mail (kein einheitlicher Stand): ${halfWritten} (0)`,
      holds: halfWritten === 0,
    });
    const files = filesUnder(server.dataDir).sort();
    const archived = read.manifest.files.map((file) => file.path).sort();
    findings.push({
      text: `${source.label}: Bilddateien im Archiv: ${archived.length} von ${files.length} im Ordner, fehlende Verweise: ${read.manifest.missingFiles.length} (alle, 0)`,
      holds:
        JSON.stringify(files) === JSON.stringify(archived) &&
        files.length > 0 &&
        read.manifest.missingFiles.length === 0,
    });
    return { archive, read, ms: endedAt - startedAt, bytes };
  } finally {
    await stopProductionServer(server);
  }
}

interface Target {
  label: string;
  dataDir: string;
  database: DatabaseTarget;
}

async function restoreAndCheck(
  backup: Backup,
  target: Target,
  findings: Finding[],
): Promise<number | undefined> {
  const url = target.database.kind === "postgres" ? target.database.url : "";
  const restore = await runTool("db-restore.ts", [backup.archive], {
    DATA_DIR: target.dataDir,
    DATABASE_URL: url,
  });
  findings.push({
    text: `${target.label}: db:restore beendet mit Code ${restore.status} (0)`,
    holds: restore.status === 0,
  });
  if (restore.status !== 0) {
    say(restore.out);
    return undefined;
  }
  const differences = await compare(backup.read, target.database, target.dataDir);
  findings.push({
    text: `${target.label}: Abweichungen vom Archiv in ${backup.read.manifest.tables.length} Tabellen und ${backup.read.manifest.files.length} Dateien: ${differences.length} (0)${differences.length ? ` – ${differences.slice(0, 3).join("; ")}` : ""}`,
    holds: differences.length === 0,
  });
  const server = await startProductionServer("0", {
    DATA_DIR: target.dataDir,
    DATABASE_URL: url,
    LOG_LEVEL: "error",
  });
  try {
    const picture = backup.read.manifest.files[0]?.path.replace(/^pictures\//, "/bilder/hochgeladen/") ?? "/";
    for (const pathname of ["/", "/speisekarte", picture]) {
      const status = await fetch(`${server.origin}${pathname}`).then((response) => response.status);
      findings.push({
        text: `${target.label}: ${pathname} antwortet mit ${status} (200)`,
        holds: status === 200,
      });
    }
  } finally {
    await stopProductionServer(server);
  }
  say(
    `  ${target.label}: wiederhergestellt in ${figures.seconds(restore.ms)} (ganzer Befehl, mit Start von Node)`,
  );
  return restore.ms;
}

async function freshDatabase(postgres: ThrowawayPostgres, name: string): Promise<DatabaseTarget> {
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgres.url);
  url.pathname = `/${name}`;
  return { kind: "postgres", url: url.toString() };
}

export async function backupDrill(): Promise<boolean> {
  const work = fs.mkdtempSync(path.join(root, ".tmp", "drill-backup-"));
  const binaries = findPostgresBinaries();
  const postgres = binaries ? await startThrowawayPostgres(binaries) : undefined;
  const findings: Finding[] = [];
  const restores: string[] = [];
  try {
    const newDir = (name: string) => path.join(work, name);
    const sqlite = await backupUnderLoad({ label: "SQLite", env: {} }, work, findings);
    const fromPostgres = postgres
      ? await backupUnderLoad({ label: "PostgreSQL", env: { DATABASE_URL: postgres.url } }, work, findings)
      : undefined;
    if (!postgres) say("\nPostgreSQL: übersprungen (keine Programme gefunden)");

    say("\nWiederherstellen an anderer Stelle und vergleichen");
    const plan: Array<[Backup | undefined, () => Promise<Target>]> = [
      [
        sqlite,
        async () => ({
          label: "SQLite → SQLite",
          dataDir: newDir("wieder-sqlite"),
          database: { kind: "sqlite", file: path.join(newDir("wieder-sqlite"), "tavola.sqlite") },
        }),
      ],
    ];
    if (postgres) {
      plan.push(
        [
          fromPostgres,
          async () => ({
            label: "PostgreSQL → PostgreSQL",
            dataDir: newDir("wieder-pg"),
            database: await freshDatabase(postgres, "wieder_pg"),
          }),
        ],
        [
          sqlite,
          async () => ({
            label: "SQLite → PostgreSQL",
            dataDir: newDir("wieder-sqlite-pg"),
            database: await freshDatabase(postgres, "wieder_aus_sqlite"),
          }),
        ],
        [
          fromPostgres,
          async () => ({
            label: "PostgreSQL → SQLite",
            dataDir: newDir("wieder-pg-sqlite"),
            database: { kind: "sqlite", file: path.join(newDir("wieder-pg-sqlite"), "tavola.sqlite") },
          }),
        ],
      );
    }
    for (const [backup, target] of plan) {
      if (!backup) continue;
      const made = await target();
      const ms = await restoreAndCheck(backup, made, findings);
      if (ms !== undefined) restores.push(`${made.label} ${figures.seconds(ms)}`);
    }
    say("\nZahlen");
    for (const [label, backup] of [
      ["SQLite", sqlite],
      ["PostgreSQL", fromPostgres],
    ] as const) {
      if (!backup) continue;
      say(
        `  ${label}: Archiv ${figures.bytes(backup.bytes)}, Sicherung ${figures.seconds(backup.ms)}, ` +
          `${figures.count(rowsOf(backup.read.manifest))} Zeilen, ${backup.read.manifest.files.length} Dateien`,
      );
    }
    say(`  Wiederherstellung: ${restores.join(", ")}`);
  } finally {
    postgres?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  return findings.length > 0 && reportFindings(findings);
}
