import os from "node:os";
import path from "node:path";
import { buildIfNeeded } from "../../server/build-if-needed.ts";
import {
  GUESTS,
  RESERVATION_PATHS,
  ROWS,
  percentile,
  reservationBurst,
  reservationQueriesOnBoth,
  reservationSpread,
  WARM_UP_BURSTS,
  warmUpReservations,
} from "./reservation-figures.ts";
import { capacityHeld, capacityOnBothDatabases } from "./capacity-figures.ts";
import {
  busyMachineWarning,
  startProductionServer,
  stopProductionServer,
} from "../../tests/support/production-server.ts";

/**
 * `npm run bench:reservations`: the reservation figures (decision 0017), a benchmark, not a test.
 *   1. 50,000 stored reservations: the staff screen's date view and name search, median and p95 of
 *      repeated queries, on SQLite (a temporary file) and on PostgreSQL: the database
 *      `BENCH_DATABASE_URL` names (filled once and left filled), or else a throwaway server.
 *   2. 200 guests sending requests at once to the production server (RESERVATION_RATE_LIMIT=0):
 *      requests per second, p50/p99, and a count proving every request was stored exactly once.
 *   3. The last seats of an evening (scripts/bench/capacity-figures.ts): 60 online seats, 200 guests
 *      from 200 addresses at once, the rate limit on, on SQLite and PostgreSQL: p50/p95/p99, and the
 *      proof that no more seats were held than allowed and every guest was stored or told 'ausgebucht'.
 * `npm run bench` measures the same (scripts/bench/reservation-figures.ts) within its full run.
 */
const root = path.resolve(import.meta.dirname, "../..");
const say = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function burst(label: string, pathAndQuery: string) {
  const server = await startProductionServer("0", { RESERVATION_RATE_LIMIT: "0", LOG_LEVEL: "error" });
  try {
    // A server that has been running a while has its code compiled and its statements prepared: the
    // first rounds (other names, stored as well) warm it up, so the figures show the steady state.
    const afterStart = await warmUpReservations(server.origin, server.dataDir, pathAndQuery);
    const result = await reservationBurst(server.origin, server.dataDir, "Lastgast", pathAndQuery);
    say(
      `${GUESTS} Gäste gleichzeitig (+${result.sent - GUESTS} Doppelklicks) ${label}, SQLite, Produktions-Build:`,
    );
    say(`  Antworten: ${result.ok} × 200, ${result.sent - result.ok} andere`);
    say(
      `  ${result.perSecond.toFixed(0)} Anfragen/s, p50 ${ms(percentile(result.latencies, 0.5))}, p99 ${ms(percentile(result.latencies, 0.99))}, max ${ms(result.latencies.at(-1) ?? 0)}`,
    );
    say(
      `  gespeichert: ${result.stored} Zeilen, ${result.distinctGuests} verschiedene Gäste (erwartet: je ${GUESTS})`,
    );
    say(
      `  gleich nach dem Start (erste von ${WARM_UP_BURSTS} Aufwärmrunden): p99 ${ms(percentile(afterStart.latencies, 0.99))}`,
    );
    if (result.stored !== GUESTS || result.distinctGuests !== GUESTS) process.exitCode = 1;
    const spread = await reservationSpread(server.origin, "Abendgast", pathAndQuery);
    say(
      `  ${GUESTS} Anfragen verteilt über 1 s: ${spread.ok} × 200, p50 ${ms(percentile(spread.latencies, 0.5))}, p99 ${ms(percentile(spread.latencies, 0.99))}`,
    );
  } finally {
    await stopProductionServer(server);
  }
}

const warning = busyMachineWarning();
if (warning) say(warning);
say(
  `Maschine: ${os.availableParallelism()} Kerne, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}\n`,
);
const results = await reservationQueriesOnBoth(() =>
  say("PostgreSQL: übersprungen (keine Programme gefunden; BENCH_DATABASE_URL=postgres://… setzen)"),
);
for (const { database, views } of results) {
  say(`${database}: ${ROWS.toLocaleString("de-DE")} Reservierungen`);
  for (const view of views)
    say(
      `  ${`${view.label} (${view.rows} Zeilen)`.padEnd(34)} p50 ${ms(percentile(view.samples, 0.5))}  p95 ${ms(percentile(view.samples, 0.95))}`,
    );
}
buildIfNeeded(root, () => undefined);
for (const [label, pathAndQuery] of Object.entries(RESERVATION_PATHS)) {
  say("");
  await burst(label, pathAndQuery);
}
say("");
const capacity = await capacityOnBothDatabases({
  runs: 3,
  onSkipped: () => say("Letzte Plätze auf PostgreSQL: übersprungen (keine Programme gefunden)"),
});
for (const { database, path: way, runs, afterStart } of capacity) {
  const median = (share: number) =>
    ms([...runs.map((run) => percentile(run.latencies, share))].sort((a, b) => a - b)[1] ?? Number.NaN);
  const held = runs.filter(capacityHeld).length;
  say(
    `Letzte Plätze, ${database}, ${way}: je ${runs[0]?.sent} Gäste, gespeichert ${runs.map((run) => run.stored).join("/")}, ` +
      `höchstens ${Math.max(...runs.map((run) => run.peakSeats))}/${runs[0]?.onlineSeats} Plätze, ` +
      `p50 ${median(0.5)}, p95 ${median(0.95)}, p99 ${median(0.99)} (Median von ${runs.length} Läufen); ` +
      `${held}/${runs.length} Läufe richtig`,
  );
  if (afterStart)
    say(
      `  gleich nach dem Start (erste von ${WARM_UP_BURSTS} Aufwärmrunden): p99 ${ms(percentile(afterStart.latencies, 0.99))}`,
    );
  for (const answer of runs.flatMap((run) => run.wrong).slice(0, 3))
    say(`  falsche Antwort ${answer.status}: ${answer.text.replace(/\s+/g, " ").slice(0, 160)}`);
  if (held !== runs.length) process.exitCode = 1;
}
