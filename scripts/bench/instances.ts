import { writeReservationSettings } from "../../app/features/reservations/settings/index.server.ts";
import { DEFAULT_SETTINGS } from "../../app/features/reservations/book/index.server.ts";
import { openDatabase } from "../../db/database.server.ts";
import { findPostgresBinaries, startThrowawayPostgres } from "../../tests/support/throwaway-postgres.ts";
import {
  behindProxy,
  startProductionServer,
  stopProductionServer,
  type ProductionServer,
} from "../../tests/support/production-server.ts";
import { figuresOf, run, type RunResult } from "./load-generator.ts";
import { guestForm, openDayAhead, post } from "./reservation-figures.ts";
import { formatTable, median } from "./stats.ts";

/**
 * One server against two on one PostgreSQL (decision 0039), on this one machine: guests' pages
 * (`/speisekarte`, kept in memory until a change) and reservation requests (each a write with its
 * capacity check, its event and its e-mails in the outbox), the load spread evenly over the servers
 * as a proxy would. The load generator, the servers and PostgreSQL share the machine's cores.
 */
const PAGE_CONNECTIONS = 32;
const RESERVATION_CLIENTS = 16;

export interface InstanceFigures {
  servers: number;
  pagesPerSecond: number;
  pageMedianMs: number;
  pageP99Ms: number;
  reservationsPerSecond: number;
  reservationMedianMs: number;
  reservationP99Ms: number;
  failures: number;
}

/** Pages: `connections` clients spread over the servers, each on its own keep-alive connection. */
async function pages(servers: ProductionServer[], seconds: number): Promise<RunResult> {
  const results = await Promise.all(
    servers.map((server) =>
      run(
        new URL(`${server.origin}/speisekarte`),
        { "Accept-Encoding": "br" },
        PAGE_CONNECTIONS / servers.length,
        seconds,
      ),
    ),
  );
  return {
    latencies: results.flatMap((result) => result.latencies),
    failures: results.reduce((sum, result) => sum + result.failures, 0),
    bytes: results[0]?.bytes ?? 0,
    seconds: Math.max(...results.map((result) => result.seconds)),
  };
}

/** Reservation requests: clients taking the servers in turn, each request a new guest. */
async function reservations(
  servers: ProductionServer[],
  seconds: number,
  prefix: string,
): Promise<RunResult> {
  const date = openDayAhead();
  const result: RunResult = { latencies: [], failures: 0, bytes: 0, seconds: 0 };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let sent = 0;
  const client = async (index: number) => {
    while (performance.now() < deadline) {
      const number = sent++;
      const server = servers[number % servers.length];
      if (!server) return;
      const begun = performance.now();
      try {
        const answer = await post(`${server.origin}/_.data?index`, guestForm(prefix, index, date, number), {
          "X-Forwarded-For": `198.18.${Math.floor(number / 250) % 250}.${(number % 250) + 1}`,
        });
        if (answer.status !== 200) result.failures += 1;
      } catch {
        result.failures += 1;
      }
      result.latencies.push(performance.now() - begun);
    }
  };
  await Promise.all(Array.from({ length: RESERVATION_CLIENTS }, (_, index) => client(index)));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

export async function measureInstances(
  runs: number,
  seconds: number,
): Promise<InstanceFigures[] | undefined> {
  const binaries = findPostgresBinaries();
  if (!binaries) return undefined;
  const postgres = await startThrowawayPostgres(binaries);
  const servers: ProductionServer[] = [];
  try {
    const env = async () => ({
      DATABASE_URL: postgres.url,
      RESERVATION_RATE_LIMIT: "0",
      LOG_LEVEL: "error",
      ...(await behindProxy()),
    });
    servers.push(await startProductionServer("0", await env()));
    // Nothing limited: the figure is the servers', not the demo evening's seats running out.
    const handle = openDatabase({ kind: "postgres", url: postgres.url });
    await handle.db.transaction().execute((trx) => writeReservationSettings(trx, DEFAULT_SETTINGS, "bench"));
    await handle.close();
    const figures: InstanceFigures[] = [];
    for (const count of [1, 2]) {
      if (servers.length < count) servers.push(await startProductionServer("0", await env()));
      const using = servers.slice(0, count);
      // Warm: both servers' code compiled and their pages kept before anything is counted.
      await pages(using, 1);
      await reservations(using, 1, `Warm${count}x${Date.now()}`);
      const pageRuns: RunResult[] = [];
      const reservationRuns: RunResult[] = [];
      for (let index = 0; index < runs; index += 1) {
        pageRuns.push(await pages(using, seconds));
        reservationRuns.push(await reservations(using, seconds, `Bench${count}x${index}x${Date.now()}`));
      }
      const page = pageRuns.map(figuresOf);
      const reservation = reservationRuns.map(figuresOf);
      figures.push({
        servers: count,
        pagesPerSecond: median(page.map((one) => one.perSecond)),
        pageMedianMs: median(page.map((one) => one.median)),
        pageP99Ms: median(page.map((one) => one.p99)),
        reservationsPerSecond: median(reservation.map((one) => one.perSecond)),
        reservationMedianMs: median(reservation.map((one) => one.median)),
        reservationP99Ms: median(reservation.map((one) => one.p99)),
        failures: [...page, ...reservation].reduce((sum, one) => sum + one.failures, 0),
      });
    }
    return figures;
  } finally {
    for (const server of servers) await stopProductionServer(server);
    postgres.stop();
  }
}

export function instancesTable(figures: InstanceFigures[]): string[] {
  return formatTable(
    ["Server", "Seiten/s", "p50 ms", "p99 ms", "Reservierungen/s", "p50 ms", "p99 ms", "Fehler"],
    figures.map((row) => [
      String(row.servers),
      Math.round(row.pagesPerSecond).toString(),
      row.pageMedianMs.toFixed(1),
      row.pageP99Ms.toFixed(1),
      Math.round(row.reservationsPerSecond).toString(),
      row.reservationMedianMs.toFixed(1),
      row.reservationP99Ms.toFixed(1),
      String(row.failures),
    ]),
  );
}

// `npm run bench:instances`: only this part.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildIfNeeded } = await import("../../server/build-if-needed.ts");
  const path = await import("node:path");
  buildIfNeeded(path.resolve(import.meta.dirname, "../.."), () => undefined);
  const figures = await measureInstances(3, 5);
  if (!figures) process.stdout.write("PostgreSQL: keine Programme gefunden.\n");
  else
    for (const line of [
      `Ein Server gegen zwei auf einer PostgreSQL-Datenbank (dieselbe Maschine), Median aus 3 Läufen zu je 5 s`,
      ...instancesTable(figures),
    ])
      process.stdout.write(`${line}\n`);
}
