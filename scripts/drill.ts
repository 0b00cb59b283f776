import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase, type DatabaseTarget } from "../app/lib/db.server.ts";
import { buildIfNeeded } from "../server/build-if-needed.ts";
import { backupDrill } from "./drills/backup.ts";
import { guestForm, openDayAhead, post } from "./bench/reservations.ts";
import { startProductionServer, stopProductionServer, type ProductionServer } from "./production-server.ts";
import { findPostgresBinaries, startThrowawayPostgres } from "./throwaway-postgres.ts";
import { diskFullDrill } from "./drills/disk-full.ts";
import { smtpDownDrill } from "./drills/smtp-down.ts";
import { onBothDatabases, reportFindings, say, signInAsStaff, type Finding } from "./drills/support.ts";

/**
 * `npm run drill -- <name>`: fault drills against the production build on loopback, each bounded in
 * time, printing what it did and what it found, exit code 1 when a finding is wrong. On SQLite and,
 * when PostgreSQL's programs are installed, on a throwaway PostgreSQL too.
 *
 *   npm run drill -- kill      # kill -9 while 50 guests send reservation requests
 *   npm run drill -- postgres-stop   # PostgreSQL stopped under load for 3 s, then started
 *   npm run drill -- smtp-down # the mail server away for the whole run, then back
 *   npm run drill -- disk-full # DATA_DIR's disk full, then read-only, then space again (needs root)
 *   npm run drill -- hostile   # the hostile-input properties with 3000 runs each (HOSTILE_RUNS)
 *   npm run drill -- backup    # db:backup under write load, restored elsewhere, every table and file compared
 */
const root = path.resolve(import.meta.dirname, "..");

const GUESTS = 50;
/** How long the guests send before the kill, and how long they go on trying after it. */
const BEFORE_KILL_MS = 1500;
const AFTER_KILL_MS = 500;

interface Sent {
  token: string;
  /** 200: the guest was told the request is stored; 0: the connection broke (no answer). */
  status: number;
}

/**
 * 50 guests, each sending one request after the other (every one a new guest and key) until a moment
 * after the kill; returns what each request was answered.
 */
async function guestsUntil(origin: string, prefix: string, stopAt: number): Promise<Sent[]> {
  const date = openDayAhead();
  const sent: Sent[] = [];
  const guest = async (index: number) => {
    for (let round = 0; Date.now() < stopAt; round += 1) {
      const token = `${prefix}-${index}-${round}`;
      const body = guestForm(prefix, index, date, round);
      try {
        sent.push({ token, status: (await post(`${origin}/_.data?index`, body)).status });
      } catch {
        sent.push({ token, status: 0 });
        // The server is gone: this guest waits a moment before trying again, as a browser would.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  await Promise.all(Array.from({ length: GUESTS }, (_, index) => guest(index)));
  return sent;
}

async function killDrill(label: string, env: Record<string, string>, target: DatabaseTarget) {
  say(`\n${label}: kill -9 während ${GUESTS} Gäste Reservierungen senden`);
  const extra = { RESERVATION_RATE_LIMIT: "0", LOG_LEVEL: "error", ...env };
  const first = await startProductionServer("0", extra);
  let second: ProductionServer | undefined;
  try {
    // Warm: a server that has been running a while has its code compiled (the window below is short).
    await guestsUntil(first.origin, `Warm${Date.now()}`, Date.now() + 500);
    const prefix = `Drill${Date.now()}`;
    const killAt = Date.now() + BEFORE_KILL_MS;
    const sending = guestsUntil(first.origin, prefix, killAt + AFTER_KILL_MS);
    await new Promise((resolve) => setTimeout(resolve, killAt - Date.now()));
    first.process.kill("SIGKILL");
    say(`  Server mit SIGKILL beendet nach ${BEFORE_KILL_MS} ms`);
    const sent = await sending;

    // Restarted on the same database: the first start after a crash.
    const restartedAt = performance.now();
    second = await startProductionServer("0", extra);
    const restartMs = performance.now() - restartedAt;

    const handle = openDatabase(target);
    const findings: Finding[] = [];
    try {
      const rows = await handle.db
        .selectFrom("reservations")
        .select(["request_token"])
        .where("customer_name", "like", `${prefix} %`)
        .execute();
      const stored = new Map<string, number>();
      for (const row of rows)
        stored.set(row.request_token ?? "", (stored.get(row.request_token ?? "") ?? 0) + 1);
      const confirmed = sent.filter((request) => request.status === 200);
      const lost = confirmed.filter((request) => !stored.has(request.token));
      const twice = [...stored.values()].filter((count) => count > 1).length;
      const other = sent.filter((request) => request.status !== 200 && request.status !== 0);
      say(
        `  ${sent.length} Anfragen: ${confirmed.length} bestätigt, ${sent.length - confirmed.length - other.length} ohne Antwort ` +
          `(Verbindung abgebrochen), ${other.length} mit anderem Status; gespeichert: ${rows.length}`,
      );
      say(`  Neustart auf denselben Daten: ${Math.round(restartMs)} ms bis zur ersten Antwort`);
      findings.push({ text: `bestätigte Anfragen verloren: ${lost.length} (0)`, holds: lost.length === 0 });
      findings.push({ text: `doppelt gespeichert: ${twice} (0)`, holds: twice === 0 });
      findings.push({ text: `andere Antworten als 200: ${other.length} (0)`, holds: other.length === 0 });
      findings.push({
        text: `Anfragen vor dem Kill bestätigt: ${confirmed.length} (> 0)`,
        holds: confirmed.length > 0,
      });
      if (target.kind === "sqlite") {
        const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(handle.db);
        const verdict = check.rows.map((row) => row.integrity_check).join(", ");
        findings.push({ text: `SQLite integrity_check: ${verdict} (ok)`, holds: verdict === "ok" });
      }
      const healthy = await fetch(`${second.origin}/healthz`).then((response) => response.ok);
      findings.push({
        text: `der neu gestartete Server antwortet: ${healthy ? "ja" : "nein"}`,
        holds: healthy,
      });
    } finally {
      await handle.close();
    }
    return reportFindings(findings);
  } finally {
    if (second) await stopProductionServer(second);
    // The killed server's own temporary folder (its data lived where `env` said).
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
}

interface Answer {
  what: string;
  status: number;
  retryAfter: string | null;
  german: boolean;
  at: number;
}

/**
 * PostgreSQL stopped under load, then started: while it is away guests and staff get 503 with
 * Retry-After and the German page, never a 500; what was confirmed is stored once; the server
 * answers again by itself once the database is back.
 */
async function postgresStopDrill(): Promise<boolean> {
  const binaries = findPostgresBinaries();
  if (!binaries) {
    say("PostgreSQL: keine Programme gefunden, Übung nicht möglich (PG_BIN setzen)");
    return false;
  }
  const postgres = await startThrowawayPostgres(binaries);
  const server = await startProductionServer("0", {
    DATABASE_URL: postgres.url,
    RESERVATION_RATE_LIMIT: "0",
    LOG_LEVEL: "error",
  });
  try {
    say("\nPostgreSQL angehalten unter Last, dann wieder gestartet");
    const cookie = await signInAsStaff(server.origin);

    const answers: Answer[] = [];
    const confirmed: string[] = [];
    const prefix = `Ausfall${Date.now()}`;
    const date = openDayAhead();
    let stopAt = Number.POSITIVE_INFINITY;
    const record = async (what: string, response: Promise<Response>) => {
      try {
        const answer = await response;
        const text = await answer.text();
        answers.push({
          what,
          status: answer.status,
          retryAfter: answer.headers.get("retry-after"),
          german: /vorübergehend nicht erreichbar/i.test(text),
          at: Date.now(),
        });
        return answer.status;
      } catch {
        answers.push({ what, status: 0, retryAfter: null, german: false, at: Date.now() });
        return 0;
      }
    };
    const guest = async (index: number) => {
      for (let round = 0; Date.now() < stopAt; round += 1) {
        const token = `${prefix}-${index}-${round}`;
        const body = guestForm(prefix, index, date, round);
        const status = await record(
          "Reservierung",
          fetch(`${server.origin}/_.data?index`, {
            method: "POST",
            headers: { origin: server.origin, "content-type": "application/x-www-form-urlencoded" },
            body,
          }),
        );
        if (status === 200) confirmed.push(token);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const reader = async (what: string, pathname: string, headers: Record<string, string>) => {
      while (Date.now() < stopAt) {
        await record(
          what,
          fetch(`${server.origin}${pathname}`, { headers: { accept: "text/html", ...headers } }),
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const load = Promise.all([
      ...Array.from({ length: 10 }, (_, index) => guest(index)),
      reader("Startseite", "/", {}),
      reader("Speisekarte", "/speisekarte", {}),
      reader("Verwaltung", "/admin/reservations", { cookie }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const pausedAt = Date.now();
    postgres.pause();
    say(`  PostgreSQL angehalten (pg_ctl stop -m fast) nach 1 s Last`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const resumedAt = Date.now();
    postgres.resume();
    say("  PostgreSQL nach 3 s wieder gestartet");
    // Load goes on until a reservation is confirmed again, at most 30 s.
    let recoveredAt: number | undefined;
    while (Date.now() - resumedAt < 30_000) {
      const since = answers.filter((answer) => answer.at > resumedAt && answer.what === "Reservierung");
      const ok = since.find((answer) => answer.status === 200);
      if (ok) {
        recoveredAt = ok.at;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    stopAt = Date.now();
    await load;

    const handle = openDatabase({ kind: "postgres", url: postgres.url });
    const findings: Finding[] = [];
    try {
      const rows = await handle.db
        .selectFrom("reservations")
        .select(["id", "request_token"])
        .where("customer_name", "like", `${prefix} %`)
        .execute();
      const stored = new Map<string, number>();
      for (const row of rows)
        stored.set(row.request_token ?? "", (stored.get(row.request_token ?? "") ?? 0) + 1);
      // A reservation and its notice to the restaurant are written together, or neither.
      const noticed = new Set(
        (await handle.db.selectFrom("mail_outbox").select("reservation_id").execute()).map(
          (row) => row.reservation_id,
        ),
      );
      const halfWritten = rows.filter((row) => !noticed.has(row.id)).length;
      findings.push({
        text: `halb geschrieben (Reservierung ohne ihre E-Mail): ${halfWritten} (0)`,
        holds: halfWritten === 0,
      });
      const during = answers.filter((answer) => answer.at > pausedAt + 200 && answer.at < resumedAt);
      const unavailable = answers.filter((answer) => answer.status === 503);
      const wrong = answers.filter((answer) => answer.status !== 200 && answer.status !== 503);
      for (const what of ["Reservierung", "Startseite", "Speisekarte", "Verwaltung"]) {
        const of = answers.filter((answer) => answer.what === what);
        say(
          `  ${what}: ${of.length} Anfragen, ${of.filter((a) => a.status === 200).length} × 200, ` +
            `${of.filter((a) => a.status === 503).length} × 503, ${of.filter((a) => a.status !== 200 && a.status !== 503).length} andere`,
        );
      }
      findings.push({
        text: `andere Antworten als 200 oder 503: ${wrong.length} (0)`,
        holds: wrong.length === 0,
      });
      findings.push({
        text: `503 während der Pause: ${during.filter((answer) => answer.status === 503).length} von ${during.length}`,
        holds: during.length > 0 && during.every((answer) => answer.status === 503 || answer.status === 200),
      });
      findings.push({
        text: `jede 503 mit Retry-After und dem deutschen Text: ${unavailable.every((a) => a.retryAfter !== null && a.german) ? "ja" : "nein"}`,
        holds:
          unavailable.length > 0 &&
          unavailable.every((answer) => answer.retryAfter !== null && answer.german),
      });
      for (const what of ["Startseite", "Speisekarte", "Verwaltung"]) {
        const seen = during.some((answer) => answer.what === what && answer.status === 503);
        findings.push({ text: `${what} während der Pause mit 503: ${seen ? "ja" : "nein"}`, holds: seen });
      }
      const lost = confirmed.filter((token) => !stored.has(token));
      const twice = [...stored.values()].filter((count) => count > 1).length;
      findings.push({
        text: `bestätigte Reservierungen verloren: ${lost.length} von ${confirmed.length} (0)`,
        holds: lost.length === 0,
      });
      findings.push({ text: `doppelt gespeichert: ${twice} (0)`, holds: twice === 0 });
      findings.push({
        text: recoveredAt
          ? `wieder erreichbar ohne Neustart: ${((recoveredAt - resumedAt) / 1000).toFixed(1)} s nach dem Start der Datenbank`
          : "wieder erreichbar ohne Neustart: nein (30 s)",
        holds: recoveredAt !== undefined,
      });
    } finally {
      await handle.close();
    }
    return reportFindings(findings);
  } finally {
    await stopProductionServer(server);
    postgres.stop();
  }
}

/** The property-based hostile-input tests with many more runs than `npm test` gives them. */
function hostileDrill(): boolean {
  const env = { ...process.env, HOSTILE_RUNS: process.env.HOSTILE_RUNS ?? "3000" };
  say(`Feindliche Eingaben: ${env.HOSTILE_RUNS} Läufe je Eigenschaft (HOSTILE_RUNS)`);
  const unit = spawnSync("npx", ["vitest", "run", "hostile"], { cwd: root, env, stdio: "inherit" });
  const browser = spawnSync(
    "npx",
    ["playwright", "test", "tests/e2e/hostile-input.spec.ts"],
    // Over HTTP each run is a request: a tenth of the runs per door still sends thousands.
    {
      cwd: root,
      env: { ...env, HOSTILE_RUNS: String(Math.ceil(Number(env.HOSTILE_RUNS) / 10)) },
      stdio: "inherit",
    },
  );
  return unit.status === 0 && browser.status === 0;
}

const drills: Record<string, () => Promise<boolean>> = {
  hostile: async () => hostileDrill(),
  backup: backupDrill,
  "postgres-stop": postgresStopDrill,
  kill: () => onBothDatabases(root, killDrill),
  "smtp-down": () => onBothDatabases(root, smtpDownDrill),
  "disk-full": () => onBothDatabases(root, diskFullDrill),
};

async function main() {
  const name = process.argv[2];
  const drill = name ? drills[name] : undefined;
  if (!drill) throw new Error(`Welche Übung? npm run drill -- <${Object.keys(drills).join("|")}>`);
  fs.mkdirSync(path.join(root, ".tmp"), { recursive: true });
  buildIfNeeded(root, () => undefined);
  const passed = await drill();
  say(passed ? "\nBestanden." : "\nNICHT bestanden.");
  if (!passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`drill: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
