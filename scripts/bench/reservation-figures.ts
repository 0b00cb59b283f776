import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import {
  insertPastReservations,
  listReservations,
  type PastReservation,
} from "../../app/features/reservations/book/index.server.ts";
import { saveReservationSettings } from "../../app/features/reservations/settings/index.server.ts";
import { DEFAULT_SETTINGS } from "../../app/features/reservations/book/index.server.ts";
import { addDays, berlinNow, weekdayOf } from "../../app/lib/calendar.ts";
import { openDatabase, type DatabaseHandle } from "../../db/database.server.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { findPostgresBinaries, startThrowawayPostgres } from "../../tests/support/throwaway-postgres.ts";
import { percentile } from "./load-generator.ts";

/**
 * The reservation figures of `npm run bench` and `npm run bench:reservations`: the staff screen's
 * views over many stored reservations, and many guests sending the form at once.
 */
export const ROWS = 50_000;
export const GUESTS = 200;
/**
 * Unmeasured bursts of GUESTS requests before the measured ones (decision 0032). V8 compiles a
 * request's code into fast machine code only after it has run many times: the first bursts after a
 * start take up to twice as long. After these the figures are those of a server that has been
 * running a while; the first burst's own figure is shown as well ('gleich nach dem Start').
 */
export const WARM_UP_BURSTS = 3;

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

async function fill(handle: DatabaseHandle, rows: number) {
  const start = addDays(berlinNow().date, -365);
  const now = new Date().toISOString();
  const statuses = ["PENDING", "CONFIRMED", "COMPLETED", "CANCELLED"] as const;
  const slots = ["12:00", "12:30", "18:00", "18:30", "19:00", "19:30", "20:00"];
  const batch: PastReservation[] = [];
  for (let i = 0; i < rows; i += 1) {
    const name = `${firstNames[i % firstNames.length]} ${lastNames[(i * 7) % lastNames.length]} ${i}`;
    batch.push({
      customer_name: name,
      email: `gast${i}@example.de`,
      phone_number: null,
      reservation_date: addDays(start, Math.floor(i / (rows / 730))),
      reservation_time: slots[i % slots.length] as string,
      party_size: 1 + (i % 8),
      notes: null,
      status: statuses[i % 4] as (typeof statuses)[number],
      request_token: null,
      created_at: now,
      updated_at: now,
    });
  }
  await insertPastReservations(handle.db, batch);
}

/** Milliseconds of each of `repeat` runs, after one unmeasured run, sorted. */
export async function time(run: () => Promise<unknown>, repeat = 50): Promise<number[]> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < repeat; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

export interface QueryFigures {
  label: string;
  /** Rows the query returns. */
  rows: number;
  /** Milliseconds per run, sorted. */
  samples: number[];
}

/**
 * Migrates the database and fills it up to ROWS reservations over two years around today (once; left
 * filled): 7 slots a day, party sizes 1–8, the four statuses in turn.
 */
export async function fillToRows(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle);
  const existing = await handle.db
    .selectFrom("reservations")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) < ROWS) await fill(handle, ROWS - Number(existing.n));
}

/** Fills the database up to ROWS reservations (once; left filled) and times the staff screen's views. */
export async function reservationQueries(handle: DatabaseHandle): Promise<QueryFigures[]> {
  await fillToRows(handle);
  const today = berlinNow().date;
  const views = [
    { label: "Datumsansicht", filter: { mode: "date", date: today } },
    { label: "Namenssuche 'MÜLLER 12'", filter: { mode: "search", query: "MÜLLER 12" } },
    { label: "Namenssuche 'özd'", filter: { mode: "search", query: "özd" } },
    { label: "Ausstehend", filter: { mode: "pending" } },
  ] as const;
  const figures: QueryFigures[] = [];
  for (const view of views) {
    const samples = await time(
      () => listReservations(handle.db, view.filter),
      view.label === "Ausstehend" ? 20 : 50,
    );
    const rows = (await listReservations(handle.db, view.filter)).length;
    figures.push({ label: view.label, rows, samples });
  }
  return figures;
}

/** The encodings a browser accepts: a compressed answer costs the server more than a plain one. */
export const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

/**
 * One form POST on a connection of its own, as a browser sends it (plus `headers`): the status, the
 * answer's bytes and encoding, and the time until the whole answer was there.
 */
export function post(url: string, body: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; ms: number; body: Buffer; encoding: string | undefined }>(
    (resolve, reject) => {
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
            "Accept-Encoding": BROWSER_ENCODINGS,
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              ms: performance.now() - started,
              body: Buffer.concat(chunks),
              encoding: response.headers["content-encoding"],
            }),
          );
        },
      );
      request.on("error", reject);
      request.end(body);
    },
  );
}

/**
 * The browser sends the form two ways: with JavaScript its fetcher posts to the route's data URL
 * (`/_.data?index`, answered with the action's data only); without it, a document POST to `/?index`
 * answered with the whole page.
 */
export const RESERVATION_PATHS = {
  "mit JavaScript (/_.data?index)": "/_.data?index",
  "ohne JavaScript (/?index)": "/?index",
} as const;

/** A date a week ahead on which the restaurant is open (closed on Mondays in the demo content). */
export function openDayAhead(): string {
  let date = addDays(berlinNow().date, 7);
  while (weekdayOf(date) === "monday") date = addDays(date, 1);
  return date;
}

/**
 * One guest's form as the browser sends it: guest `guest` of `prefix` (and its `round`-th request,
 * when a guest sends several), with a key of its own.
 */
export function guestForm(prefix: string, guest: number, date: string, round?: number): string {
  const id = round === undefined ? [prefix, guest] : [prefix, guest, round];
  return new URLSearchParams({
    name: id.join(" "),
    email: `gast${guest}@example.de`,
    date,
    time: "19:00",
    party_size: String(1 + (guest % 8)),
    request_token: id.join("-"),
  }).toString();
}

export const formsOf = (prefix: string, date: string) =>
  Array.from({ length: GUESTS }, (_, i) => guestForm(prefix, i, date));

export interface BurstFigures {
  sent: number;
  ok: number;
  perSecond: number;
  /** Milliseconds per request, sorted. */
  latencies: number[];
  stored: number;
  distinctGuests: number;
}

/**
 * GUESTS guests send the form at the same moment, every tenth of them twice (a double click), to a
 * server whose rate limit is off (RESERVATION_RATE_LIMIT=0), without seat limits, whose SQLite database lies in
 * `dataDir`; then counts what was stored under `prefix` — each guest exactly once is right.
 * The first calls per server should warm it up (`warmUpReservations`).
 */
export async function reservationBurst(
  origin: string,
  dataDir: string,
  prefix: string,
  pathAndQuery: string = RESERVATION_PATHS["mit JavaScript (/_.data?index)"],
): Promise<BurstFigures> {
  // Plain requests: no seats to run out of (the demo content sets 60 online seats; the last seats
  // are scripts/bench/capacity-figures.ts's part).
  const settings = openDatabase({ kind: "sqlite", file: path.join(dataDir, "tavola.sqlite") });
  try {
    await saveReservationSettings(settings.db, DEFAULT_SETTINGS, "bench");
  } finally {
    await settings.close();
  }
  const forms = formsOf(prefix, openDayAhead());
  const sends = [...forms, ...forms.filter((_, i) => i % 10 === 0)];
  const started = performance.now();
  const results = await Promise.all(sends.map((body) => post(`${origin}${pathAndQuery}`, body)));
  const seconds = (performance.now() - started) / 1000;
  const handle = openDatabase({ kind: "sqlite", file: path.join(dataDir, "tavola.sqlite") });
  try {
    const stored = await handle.db
      .selectFrom("reservations")
      .select(["customer_name"])
      .where("customer_name", "like", `${prefix} %`)
      .execute();
    return {
      sent: sends.length,
      ok: results.filter((result) => result.status === 200).length,
      perSecond: sends.length / seconds,
      latencies: results.map((result) => result.ms).sort((a, b) => a - b),
      stored: stored.length,
      distinctGuests: new Set(stored.map((row) => row.customer_name)).size,
    };
  } finally {
    await handle.close();
  }
}

/** WARM_UP_BURSTS unmeasured bursts (`reservationBurst`); the figures of the first, right after the start. */
export async function warmUpReservations(
  origin: string,
  dataDir: string,
  pathAndQuery?: string,
): Promise<BurstFigures> {
  const first = await reservationBurst(origin, dataDir, "Aufwärmgast0", pathAndQuery);
  for (let round = 1; round < WARM_UP_BURSTS; round += 1)
    await reservationBurst(origin, dataDir, `Aufwärmgast${round}`, pathAndQuery);
  return first;
}

/** The same GUESTS requests arriving evenly within one second, as on a busy evening. */
export async function reservationSpread(origin: string, prefix: string, pathAndQuery: string) {
  const results = await Promise.all(
    formsOf(prefix, openDayAhead()).map(
      (body, i) =>
        new Promise<{ status: number; ms: number }>((resolve, reject) =>
          setTimeout(() => post(`${origin}${pathAndQuery}`, body).then(resolve, reject), (i * 1000) / GUESTS),
        ),
    ),
  );
  return {
    ok: results.filter((result) => result.status === 200).length,
    latencies: results.map((result) => result.ms).sort((a, b) => a - b),
  };
}

export type BenchDatabase = "SQLite" | "PostgreSQL";

/**
 * `measure` on a temporary SQLite file and on PostgreSQL: the database BENCH_DATABASE_URL names, or
 * else a throwaway server when its programs are installed (tests/support/throwaway-postgres.ts).
 * Without either, PostgreSQL is left out and `onSkipped` says so.
 */
export async function onBothDatabases<T>(
  measure: (handle: DatabaseHandle) => Promise<T>,
  onSkipped: () => void,
): Promise<Array<{ database: BenchDatabase; result: T }>> {
  const results: Array<{ database: BenchDatabase; result: T }> = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-bench-queries-"));
  const sqlite = openDatabase({ kind: "sqlite", file: path.join(dir, "bench.sqlite") });
  try {
    results.push({ database: "SQLite", result: await measure(sqlite) });
  } finally {
    await sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const binaries = process.env.BENCH_DATABASE_URL ? undefined : findPostgresBinaries();
  const throwaway = binaries ? await startThrowawayPostgres(binaries) : undefined;
  const url = process.env.BENCH_DATABASE_URL || throwaway?.url;
  if (!url) {
    onSkipped();
    return results;
  }
  const postgres = openDatabase({ kind: "postgres", url });
  try {
    results.push({ database: "PostgreSQL", result: await measure(postgres) });
  } finally {
    await postgres.close();
    throwaway?.stop();
  }
  return results;
}

/** `reservationQueries` on both engines (`onBothDatabases`). */
export async function reservationQueriesOnBoth(
  onSkipped: () => void,
): Promise<Array<{ database: BenchDatabase; views: QueryFigures[] }>> {
  const results = await onBothDatabases(reservationQueries, onSkipped);
  return results.map(({ database, result }) => ({ database, views: result }));
}

export { percentile };
