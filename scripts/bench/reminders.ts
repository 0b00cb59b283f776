import os from "node:os";
import { contentDefaults } from "../../app/common/content/defaults.ts";
import {
  dueForReminder,
  writeDueReminders,
} from "../../app/features/reservations/guest-self-service/index.server.ts";
import { insertPastReservations } from "../../app/features/reservations/book/index.server.ts";
import { DEFAULT_SETTINGS } from "../../app/features/reservations/book/index.server.ts";
import { addDays, berlinNow } from "../../app/lib/calendar.ts";
import type { ReservationStatus } from "../../db/database.types.ts";
import type { DatabaseHandle } from "../../db/database.server.ts";
import { busyMachineWarning } from "../../tests/support/production-server.ts";
import { percentile } from "./load-generator.ts";
import { migratedAndFilled, onBothDatabases } from "./both-databases.ts";
import { explain, readPlan, type PlanReading } from "./query-plan.ts";
import { formatTable, showSpread, spreadOf, type Spread } from "./stats.ts";

/**
 * `npm run bench:reminders`: what the reminder run costs
 * (app/features/reservations/guest-self-service/reminders.server.ts, decision 0033), a benchmark, not a test. On a fresh SQLite file and a fresh
 * throwaway PostgreSQL (left out, with a note, when it cannot start), 50,000 reservations over 365
 * days around today (about 137 a day, three in four confirmed, booked days to weeks ahead):
 *   1. the plan of the reminder's query (`dueForReminder` for tomorrow) and the index it reads;
 *   2. a run with nothing to do — tomorrow's guests already reminded, as every minute after the
 *      first run of the day: median and p95 of IDLE_RUNS runs;
 *   3. the first run of the day, which writes tomorrow's ~100 reminders to the outbox (reset before
 *      each): median (min–max) of FIRST_RUNS runs, and per reminder.
 * Each run is `writeDueReminders` itself, with a fixed `now` and the reminder hour 0.
 *
 *   npm run bench:reminders
 *   npm run bench:reminders -- --check   # exit code 1 when the query reads every reservation
 */
const say = (line: string) => process.stdout.write(`${line}\n`);

const ROWS = 50_000;
const DAYS = 365;
const IDLE_RUNS = 200;
const FIRST_RUNS = 10;
const TABLE = "reservations";

const check = process.argv.slice(2).includes("--check");
const unknown = process.argv.slice(2).filter((argument) => argument !== "--check");
if (unknown.length > 0) throw new Error(`Unbekanntes Argument: ${unknown.join(" ")} (nur --check)`);

/** One moment for the whole run: today and tomorrow are the same on both databases. */
const now = new Date();
const today = berlinNow(now).date;
const tomorrow = addDays(today, 1);
const settings = { ...DEFAULT_SETTINGS, reminderHour: 0 };
const mail = {
  contact: contentDefaults["global.contact"],
  notifyEmail: undefined,
  siteOrigin: "https://tavola.example",
};

const firstNames = ["Anna", "Jürgen", "Özlem", "Sabine", "Thomas", "Lena", "Markus", "Ulrike", "Karl"];
const lastNames = ["Müller", "Schäfer", "Özdemir", "Weiß", "Becker", "Hoffmann", "Groß", "Krämer"];
const slots = ["12:00", "12:30", "13:00", "13:30", "14:00", "18:00", "18:30", "19:00", "19:30", "20:00"];

/** Of every 20: 15 confirmed, 2 waiting, 2 cancelled, 1 on the waitlist (ahead) or completed (past). */
function statusOf(index: number, date: string): ReservationStatus {
  const share = (index * 7) % 20;
  if (share < 15) return "CONFIRMED";
  if (share < 17) return "PENDING";
  if (share < 19) return "CANCELLED";
  return date < today ? "COMPLETED" : "WAITLIST";
}

/**
 * ROWS reservations, DAYS dates from half a year ago on, in order: one in 25 without an e-mail
 * address, each booked 2–41 days ahead (and not after `now`); the past ones' reminders sent.
 */
async function fill(handle: DatabaseHandle) {
  const first = addDays(today, -Math.floor(DAYS / 2));
  const latestBooking = now.getTime() - 60 * 60 * 1000;
  const rows = Array.from({ length: ROWS }, (_, index) => {
    const date = addDays(first, Math.floor((index * DAYS) / ROWS));
    const name = `${firstNames[index % firstNames.length]} ${lastNames[(index * 5) % lastNames.length]}`;
    const ahead = (2 + (index % 40)) * 24 * 60 * 60 * 1000;
    const booked = new Date(Math.min(Date.parse(`${date}T12:00:00Z`) - ahead, latestBooking)).toISOString();
    const status = statusOf(index, date);
    const email = index % 25 === 0 ? null : `${name.toLowerCase().replace(" ", ".")}.${index}@example.de`;
    return {
      customer_name: name,
      email,
      phone_number: index % 3 === 0 ? "+49 30 1234567" : null,
      reservation_date: date,
      reservation_time: slots[(index * 3) % slots.length] ?? "19:00",
      party_size: 1 + ((index * 5) % 8),
      notes: null,
      status,
      request_token: null,
      created_at: booked,
      updated_at: booked,
      reminder_sent_at:
        status === "CONFIRMED" && email && date <= today ? `${addDays(date, -1)}T09:00:00.000Z` : null,
    };
  });
  await handle.db.transaction().execute((trx) => insertPastReservations(trx, rows));
}

/** Tomorrow as no run has seen it: nobody reminded, no reminder in the outbox. */
async function forgetTomorrowsReminders(handle: DatabaseHandle) {
  await handle.db
    .updateTable("reservations")
    .set({ reminder_sent_at: null })
    .where("reservation_date", "=", tomorrow)
    .execute();
  await handle.db.deleteFrom("mail_outbox").where("kind", "=", "reservation-reminder").execute();
}

/** One reminder run, as the server's timer makes it. */
const run = (handle: DatabaseHandle) => writeDueReminders(handle.db, { settings, mail, now });

interface Figures {
  database: string;
  plan: string[];
  reading: PlanReading;
  tomorrowRows: number;
  /** Milliseconds of each run with nothing to do, sorted. */
  idle: number[];
  /** Milliseconds of each first run of the day. */
  first: Spread;
  reminders: number;
}

async function measure(database: string, handle: DatabaseHandle): Promise<Figures> {
  await migratedAndFilled(database, handle, () => fill(handle), ROWS, say);

  const plan = await explain(handle, dueForReminder(handle.db, tomorrow));
  const reading = readPlan(handle.dialect, TABLE, plan);
  const tomorrowRows = (
    await handle.db.selectFrom("reservations").select("id").where("reservation_date", "=", tomorrow).execute()
  ).length;

  // The first run of the day: one unmeasured, then FIRST_RUNS, each on a tomorrow nobody was reminded of.
  const firstSamples: number[] = [];
  let reminders = 0;
  for (let index = 0; index <= FIRST_RUNS; index += 1) {
    await forgetTomorrowsReminders(handle);
    const begun = performance.now();
    const written = await run(handle);
    const took = performance.now() - begun;
    if (index === 0) reminders = written.length;
    else firstSamples.push(took);
    if (written.length !== reminders || reminders === 0)
      throw new Error(`${database}: ${written.length} Erinnerungen geschrieben, erwartet ${reminders}`);
  }

  // The steady state: every guest of tomorrow reminded (by the last run above), one unmeasured run.
  const idle: number[] = [];
  for (let index = 0; index <= IDLE_RUNS; index += 1) {
    const begun = performance.now();
    const written = await run(handle);
    const took = performance.now() - begun;
    if (written.length > 0) throw new Error(`${database}: ein Lauf ohne Arbeit schrieb ${written.length}`);
    if (index > 0) idle.push(took);
  }
  const outbox = await handle.db
    .selectFrom("mail_outbox")
    .select("id")
    .where("kind", "=", "reservation-reminder")
    .execute();
  if (outbox.length !== reminders)
    throw new Error(`${database}: ${outbox.length} Erinnerungen im Postausgang, erwartet ${reminders}`);
  return {
    database,
    plan,
    reading,
    tomorrowRows,
    idle: idle.sort((a, b) => a - b),
    first: spreadOf(firstSamples),
    reminders,
  };
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

const warning = busyMachineWarning();
if (warning) say(warning);
say(
  `Maschine: ${os.availableParallelism()} Kerne, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}; ` +
    `heute ${today}, Erinnerungen für ${tomorrow}\n`,
);
const results = await onBothDatabases("reminders", measure, say);

for (const result of results) {
  say(`\nPlan der Abfrage (${result.database}, dueForReminder für morgen):`);
  for (const line of result.plan) say(`  ${line}`);
  const { indexes, fullScan } = result.reading;
  say(
    `  → ${indexes.length > 0 ? `Index ${indexes.join(", ")}` : "kein Index"}` +
      `${fullScan ? ", liest jede Reservierung" : ""}`,
  );
}

say(
  `\nErinnerungslauf über ${ROWS.toLocaleString("de-DE")} Reservierungen: ohne Arbeit ${IDLE_RUNS} Läufe, ` +
    `erster Lauf des Tages ${FIRST_RUNS} Läufe (Median (min–max)); ms`,
);
for (const line of formatTable(
  [
    "Datenbank",
    "Index",
    "Res. morgen",
    "ohne Arbeit p50",
    "p95",
    "erster Lauf",
    "Erinnerungen",
    "je Erinnerung",
  ],
  results.map((result) => [
    result.database,
    result.reading.indexes.join(", ") || "–",
    String(result.tomorrowRows),
    ms(percentile(result.idle, 0.5)),
    ms(percentile(result.idle, 0.95)),
    showSpread(result.first, ms),
    String(result.reminders),
    ms(result.first.median / result.reminders),
  ]),
  2,
))
  say(line);
if (results.some((result) => result.database === "PostgreSQL"))
  say(
    "PostgreSQL: der Wegwerf-Server läuft mit fsync=off; mit fsync kommt je Erinnerung ein Schreiben auf die Platte hinzu.",
  );

const budgets = results.map((result) => ({
  text: `${result.database}: die Abfrage liest über einen Index, nicht jede Reservierung`,
  holds: !result.reading.fullScan && result.reading.indexes.length > 0,
}));
if (check) {
  say("\nBudgets:");
  for (const line of budgets) say(`  ${line.holds ? "✓" : "✗"} ${line.text}`);
  if (budgets.some((line) => !line.holds)) {
    say("Mindestens ein Budget ist überschritten.");
    process.exitCode = 1;
  }
}
