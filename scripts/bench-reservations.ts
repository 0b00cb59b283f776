import http from "node:http";
import path from "node:path";
import fs from "node:fs";
import os from "node:os";
import { listReservations } from "../app/features/reservations/reservations.server.ts";
import { searchableName } from "../app/features/reservations/schema.ts";
import { addDays, berlinNow, weekdayOf } from "../app/lib/calendar.ts";
import { openDatabase, type DatabaseHandle } from "../app/lib/db.server.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { buildIfNeeded } from "../server/build-if-needed.ts";
import { findPostgresBinaries, startThrowawayPostgres } from "./throwaway-postgres.ts";
import { busyMachineWarning, startProductionServer, stopProductionServer } from "./production-server.ts";

/**
 * `npm run bench:reservations`: the reservation figures of issue 8, a benchmark, not a test.
 *   1. 50,000 stored reservations: the staff screen's date view and name search, median and p95 of
 *      repeated queries, on SQLite (a temporary file) and on PostgreSQL: the database
 *      `BENCH_DATABASE_URL` names (filled once and left filled), or else a throwaway server.
 *   2. 200 guests sending requests at once to the production server (RESERVATION_RATE_LIMIT=0):
 *      requests per second, p50/p99, and a count proving every request was stored exactly once.
 */
const root = path.resolve(import.meta.dirname, "..");
const say = (line: string) => process.stdout.write(`${line}\n`);
const ROWS = 50_000;
const GUESTS = 200;

const firstNames = [
  "Anna",
  "Jürgen",
  "Özlem",
  "Sabine",
  "Thomas",
  "Lena",
  "Markus",
  "Äneas",
  "Ulrike",
  "Karl",
];
const lastNames = [
  "Müller",
  "Schäfer",
  "Özdemir",
  "Weiß",
  "Becker",
  "Hoffmann",
  "Brenner",
  "Groß",
  "Übel",
  "Krämer",
  "Schmidt",
  "Wagner",
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
}
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function fill(handle: DatabaseHandle) {
  const start = addDays(berlinNow().date, -365);
  const now = new Date().toISOString();
  const statuses = ["PENDING", "CONFIRMED", "COMPLETED", "CANCELLED"] as const;
  const slots = ["12:00", "12:30", "18:00", "18:30", "19:00", "19:30", "20:00"];
  let batch = [];
  for (let i = 0; i < ROWS; i += 1) {
    const name = `${firstNames[i % firstNames.length]} ${lastNames[(i * 7) % lastNames.length]} ${i}`;
    batch.push({
      customer_name: name,
      customer_name_search: searchableName(name),
      email: `gast${i}@example.de`,
      phone_number: null,
      reservation_date: addDays(start, Math.floor(i / (ROWS / 730))),
      reservation_time: slots[i % slots.length] as string,
      party_size: 1 + (i % 8),
      notes: null,
      status: statuses[i % 4] as (typeof statuses)[number],
      request_token: null,
      created_at: now,
      updated_at: now,
    });
    if (batch.length === 500) {
      await handle.db.insertInto("reservations").values(batch).execute();
      batch = [];
    }
  }
  if (batch.length) await handle.db.insertInto("reservations").values(batch).execute();
}

async function time(run: () => Promise<unknown>, repeat = 50) {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < repeat; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

async function queries(label: string, handle: DatabaseHandle) {
  await migrateToLatest(handle);
  const existing = await handle.db
    .selectFrom("reservations")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) < ROWS) await fill(handle);
  const today = berlinNow().date;
  const byDate = await time(() => listReservations(handle.db, { mode: "date", date: today }));
  const rows = (await listReservations(handle.db, { mode: "date", date: today })).length;
  const search = await time(() => listReservations(handle.db, { mode: "search", query: "MÜLLER 12" }));
  const broad = await time(() => listReservations(handle.db, { mode: "search", query: "özd" }));
  const pending = await time(() => listReservations(handle.db, { mode: "pending" }), 20);
  say(`${label}: ${ROWS.toLocaleString("de-DE")} Reservierungen`);
  const line = (what: string, figures: { p50: number; p95: number }) =>
    say(`  ${what.padEnd(34)} p50 ${ms(figures.p50)}  p95 ${ms(figures.p95)}`);
  line(`Datumsansicht (${rows} Zeilen)`, byDate);
  line("Namenssuche 'MÜLLER 12'", search);
  line("Namenssuche 'özd' (300 Treffer)", broad);
  line("Ausstehend (300 Zeilen)", pending);
}

function post(url: string, body: string) {
  return new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        method: "POST",
        agent: false,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          Origin: new URL(url).origin,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * The browser sends the form two ways: with JavaScript its fetcher posts to the route's data URL
 * (`/_.data?index`, answered with the action's data only); without it, a document POST to `/?index`
 * answered with the whole page.
 */
const paths = { "mit JavaScript (/_.data?index)": "/_.data?index", "ohne JavaScript (/?index)": "/?index" };

async function burst(label: string, pathAndQuery: string) {
  const server = await startProductionServer("0", { RESERVATION_RATE_LIMIT: "0", LOG_LEVEL: "error" });
  try {
    let date = addDays(berlinNow().date, 7);
    while (weekdayOf(date) === "monday") date = addDays(date, 1);
    const bodies = (prefix: string, day: string) =>
      Array.from({ length: GUESTS }, (_, i) =>
        new URLSearchParams({
          name: `${prefix} ${i}`,
          email: `gast${i}@example.de`,
          date: day,
          time: "19:00",
          party_size: String(1 + (i % 8)),
          request_token: `${prefix}-${i}`,
        }).toString(),
      );
    const send = (body: string) => post(`${server.origin}${pathAndQuery}`, body);
    // A server that has been running a while has its code compiled and its statements prepared: a
    // first round (other names, stored as well) warms it up, so the figures show the steady state.
    await Promise.all(bodies("Aufwärmgast", date).map(send));
    const guests = bodies("Lastgast", date);
    // Every tenth guest double-clicks: the same form sent twice must be stored once.
    const sends = [...guests, ...guests.filter((_, i) => i % 10 === 0)];
    const started = performance.now();
    const results = await Promise.all(sends.map(send));
    const seconds = (performance.now() - started) / 1000;
    const latencies = results.map((result) => result.ms).sort((a, b) => a - b);
    const handle = openDatabase({ kind: "sqlite", file: path.join(server.dataDir, "tavola.sqlite") });
    const stored = await handle.db
      .selectFrom("reservations")
      .select(["customer_name"])
      .where("customer_name", "like", "Lastgast %")
      .execute();
    await handle.close();
    const distinct = new Set(stored.map((row) => row.customer_name)).size;
    say(
      `${GUESTS} Gäste gleichzeitig (+${sends.length - GUESTS} Doppelklicks) ${label}, SQLite, Produktions-Build:`,
    );
    say(
      `  Antworten: ${results.filter((r) => r.status === 200).length} × 200, ${results.filter((r) => r.status !== 200).length} andere`,
    );
    say(
      `  ${(sends.length / seconds).toFixed(0)} Anfragen/s, p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}, max ${ms(latencies.at(-1) ?? 0)}`,
    );
    say(`  gespeichert: ${stored.length} Zeilen, ${distinct} verschiedene Gäste (erwartet: je ${GUESTS})`);
    if (stored.length !== GUESTS || distinct !== GUESTS) process.exitCode = 1;

    // Guests of a busy evening rarely press the button in the same millisecond: the same 200 requests
    // arriving evenly within one second.
    const spread = await Promise.all(
      bodies("Abendgast", date).map(
        (body, i) =>
          new Promise<{ status: number; ms: number }>((resolve, reject) =>
            setTimeout(() => send(body).then(resolve, reject), (i * 1000) / GUESTS),
          ),
      ),
    );
    const spreadLatencies = spread.map((result) => result.ms).sort((a, b) => a - b);
    say(
      `  ${GUESTS} Anfragen verteilt über 1 s: ${spread.filter((r) => r.status === 200).length} × 200, p50 ${ms(percentile(spreadLatencies, 0.5))}, p99 ${ms(percentile(spreadLatencies, 0.99))}`,
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
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-bench-res-"));
const sqlite = openDatabase({ kind: "sqlite", file: path.join(dir, "bench.sqlite") });
try {
  await queries("SQLite", sqlite);
} finally {
  await sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
// PostgreSQL: the database BENCH_DATABASE_URL names, or else a throwaway server when its binaries
// are installed (scripts/throwaway-postgres.ts).
const binaries = process.env.BENCH_DATABASE_URL ? undefined : findPostgresBinaries();
const throwaway = binaries ? await startThrowawayPostgres(binaries) : undefined;
const postgresUrl = process.env.BENCH_DATABASE_URL || throwaway?.url;
if (postgresUrl) {
  const postgres = openDatabase({ kind: "postgres", url: postgresUrl });
  try {
    await queries("PostgreSQL", postgres);
  } finally {
    await postgres.close();
    throwaway?.stop();
  }
} else {
  say("PostgreSQL: übersprungen (keine Programme gefunden; BENCH_DATABASE_URL=postgres://… setzen)");
}
buildIfNeeded(root, () => undefined);
for (const [label, pathAndQuery] of Object.entries(paths)) {
  say("");
  await burst(label, pathAndQuery);
}
