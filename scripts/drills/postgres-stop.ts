import { openDatabase } from "../../db/database.server.ts";
import { guestForm, openDayAhead } from "../bench/reservation-figures.ts";
import { startProductionServer, stopProductionServer } from "../../tests/support/production-server.ts";
import { findPostgresBinaries, startThrowawayPostgres } from "../../tests/support/throwaway-postgres.ts";
import { reportFindings, say, signInAsStaff, type Finding } from "./support.ts";

/** `npm run drill -- postgres-stop`: PostgreSQL stopped for 3 s under load, then started again. */
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
export async function postgresStopDrill(): Promise<boolean> {
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
