import fs from "node:fs";
import { sql } from "kysely";
import { openDatabase, type DatabaseTarget } from "../../db/database.server.ts";
import { guestForm, openDayAhead, post } from "../bench/reservation-figures.ts";
import {
  startProductionServer,
  stopProductionServer,
  type ProductionServer,
} from "../../tests/support/production-server.ts";
import { reportFindings, say, type Finding } from "./support.ts";

/** `npm run drill -- kill`: the server killed with kill -9 while 50 guests send reservation requests; nothing told 'stored' may be lost. */
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

export async function killDrill(label: string, env: Record<string, string>, target: DatabaseTarget) {
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
