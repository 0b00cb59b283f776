import os from "node:os";
import {
  periodOf,
  daysIn,
  readStatistics,
  statisticsQuery,
} from "../../app/features/statistics/index.server.ts";
import { addDays, berlinNow } from "../../app/lib/calendar.ts";
import type { ReservationSource, ReservationStatus } from "../../db/database.types.ts";
import { insertPastReservations } from "../../app/features/reservations/book/index.server.ts";
import type { DatabaseHandle } from "../../db/database.server.ts";
import { busyMachineWarning } from "../../tests/support/production-server.ts";
import { migratedAndFilled, onBothDatabases } from "./both-databases.ts";
import { explain, readPlan, type PlanReading } from "./query-plan.ts";
import { formatTable, showSpread, spreadOf, type Spread } from "./stats.ts";

/**
 * `npm run bench:statistics`: what 'Statistik' costs for 'Letzte 12 Monate' (app/features/statistics/
 * statistics.server.ts, decision 0036), a benchmark, not a test. On a fresh SQLite file and a fresh
 * throwaway PostgreSQL (left out, with a note, when it cannot start), 50,000 reservations over the
 * period's days up to today (about 137 a day) in every status and source, booked days to weeks ahead:
 *   1. the plans of the query for the 12 months and for this month, and the index they read;
 *   2. `readStatistics` for the period, the database's reads and the counting together: median
 *      (min–max) of RUNS runs after one unmeasured.
 *
 *   npm run bench:statistics
 *   npm run bench:statistics -- --check   # exit code 1 when SQLite takes 100 ms or more, or a plan reads
 *                                         # every row (PostgreSQL's 12 months may: they are every row)
 */
const say = (line: string) => process.stdout.write(`${line}\n`);

const ROWS = 50_000;
const RUNS = 20;
const BUDGET_MS = 100;
const TABLE = "reservations";

const check = process.argv.slice(2).includes("--check");
const unknown = process.argv.slice(2).filter((argument) => argument !== "--check");
if (unknown.length > 0) throw new Error(`Unbekanntes Argument: ${unknown.join(" ")} (nur --check)`);

const now = new Date();
const today = berlinNow(now).date;
const period = periodOf({ choice: "12-monate" }, today);
const month = periodOf({ choice: "dieser-monat" }, today);
/** Every day of the period: 362 to 365, by how far the month has come. */
const DAYS = daysIn(period.from, period.to);

const slots = ["12:00", "12:30", "13:00", "13:30", "14:00", "18:00", "18:30", "19:00", "19:30", "20:00"];

/** Of every 20: 12 completed (ahead: confirmed), 2 pending, 2 cancelled, 1 no-show, 1 arrived, 1 waitlist, 1 confirmed. */
function statusOf(index: number, date: string): ReservationStatus {
  const share = (index * 7) % 20;
  if (share < 12) return date < today ? "COMPLETED" : "CONFIRMED";
  if (share < 14) return "PENDING";
  if (share < 16) return "CANCELLED";
  if (share < 17) return date < today ? "NO_SHOW" : "CONFIRMED";
  if (share < 18) return "ARRIVED";
  if (share < 19) return "WAITLIST";
  return "CONFIRMED";
}

const sourceOf = (index: number): ReservationSource =>
  index % 10 < 6 ? "online" : index % 10 < 9 ? "staff" : "walk-in";

/** ROWS reservations over DAYS dates up to today, in order, anonymised as old ones are (no name, no address). */
async function fill(handle: DatabaseHandle) {
  const first = period.from;
  const rows = Array.from({ length: ROWS }, (_, index) => {
    const date = addDays(first, Math.floor((index * DAYS) / ROWS));
    const source = sourceOf(index);
    const ahead = source === "walk-in" ? 0 : (2 + (index % 40)) * 24 * 60 * 60 * 1000;
    const booked = new Date(Math.min(Date.parse(`${date}T12:00:00Z`) - ahead, now.getTime())).toISOString();
    const status = statusOf(index, date);
    return {
      customer_name: "",
      email: null,
      phone_number: null,
      reservation_date: date,
      reservation_time: slots[(index * 3) % slots.length] ?? "19:00",
      party_size: 1 + ((index * 5) % 8),
      notes: null,
      status,
      request_token: null,
      created_at: booked,
      updated_at: booked,
      source,
      auto_confirmed: source === "online" && index % 3 === 0 ? 1 : 0,
      guest_action: status === "CANCELLED" && index % 2 === 0 ? ("cancelled" as const) : null,
    };
  });
  await handle.db.transaction().execute((trx) => insertPastReservations(trx, rows));
}

interface Figures {
  database: string;
  plans: Array<{ name: string; lines: string[]; reading: PlanReading }>;
  runs: Spread;
  reservations: number;
}

async function measure(database: string, handle: DatabaseHandle): Promise<Figures> {
  await migratedAndFilled(database, handle, () => fill(handle), ROWS, say);
  const plans = [];
  for (const [name, query] of [
    ["Letzte 12 Monate", statisticsQuery(handle.db, period)],
    ["Dieser Monat", statisticsQuery(handle.db, month)],
  ] as const) {
    const lines = await explain(handle, query);
    plans.push({ name, lines, reading: readPlan(handle.dialect, TABLE, lines) });
  }
  const samples: number[] = [];
  let reservations = 0;
  for (let index = 0; index <= RUNS; index += 1) {
    const begun = performance.now();
    const statistics = await readStatistics(handle.db, period, now);
    const took = performance.now() - begun;
    if (index > 0) samples.push(took);
    reservations = statistics.entries;
  }
  if (reservations !== ROWS)
    throw new Error(`${database}: ${reservations} Einträge gezählt, erwartet ${ROWS}`);
  return { database, plans, runs: spreadOf(samples), reservations };
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

const warning = busyMachineWarning();
if (warning) say(warning);
say(
  `Maschine: ${os.availableParallelism()} Kerne, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}; ` +
    `Letzte 12 Monate: ${period.from} bis ${period.to}\n`,
);
const results = await onBothDatabases("statistics", measure, say);

for (const result of results)
  for (const plan of result.plans) {
    say(`\nPlan der Abfrage (${result.database}, ${plan.name}):`);
    for (const line of plan.lines) say(`  ${line}`);
    const { indexes, fullScan } = plan.reading;
    say(
      `  → ${indexes.length > 0 ? `Index ${indexes.join(", ")}` : "kein Index"}` +
        `${fullScan ? ", liest jede Reservierung" : ""}`,
    );
  }

say(
  `\nStatistik 'Letzte 12 Monate' über ${ROWS.toLocaleString("de-DE")} Reservierungen: ${RUNS} Läufe, Median (min–max); ms`,
);
for (const line of formatTable(
  ["Datenbank", "Indexe", "Einträge", "readStatistics"],
  results.map((result) => [
    result.database,
    [...new Set(result.plans.flatMap((plan) => plan.reading.indexes))].join(", ") || "–",
    result.reservations.toLocaleString("de-DE"),
    showSpread(result.runs, ms),
  ]),
  2,
))
  say(line);

const sqlite = results.find((result) => result.database === "SQLite");
const budgets = [
  {
    text: `SQLite: Statistik für 12 Monate unter ${BUDGET_MS} ms (Median)`,
    holds: sqlite !== undefined && sqlite.runs.median < BUDGET_MS,
  },
  // Every plan on SQLite; on PostgreSQL the month's only: it rightly reads the table itself when the
  // period holds every row, as the 12 months do here.
  ...results.flatMap((result) =>
    result.plans
      .filter((plan) => result.database === "SQLite" || plan.name === "Dieser Monat")
      .map((plan) => ({
        text: `${result.database}: '${plan.name}' liest über den Index auf (reservation_date, …), nicht jede Reservierung`,
        holds: !plan.reading.fullScan && plan.reading.indexes.includes("reservations_date_time_idx"),
      })),
  ),
];
if (check) {
  say("\nBudgets:");
  for (const line of budgets) say(`  ${line.holds ? "✓" : "✗"} ${line.text}`);
  if (budgets.some((line) => !line.holds)) {
    say("Mindestens ein Budget ist überschritten.");
    process.exitCode = 1;
  }
}
