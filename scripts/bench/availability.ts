import os from "node:os";
import {
  heldBetween,
  heldOn,
  dayOptions,
} from "../../app/features/reservations/availability/index.server.ts";
import {
  DEFAULT_SETTINGS,
  type ReservationSettings,
} from "../../app/features/reservations/book/index.server.ts";
import { addDays, berlinNow } from "../../app/lib/calendar.ts";
import { contentDefaults } from "../../app/common/content/defaults.ts";
import type { DatabaseHandle } from "../../db/database.server.ts";
import { busyMachineWarning } from "../../tests/support/production-server.ts";
import { fillToRows, onBothDatabases, openDayAhead, percentile, ROWS, time } from "./reservation-figures.ts";

/**
 * `npm run bench:availability`: what the availability rule costs
 * (app/features/reservations/availability/seat-rule.ts), a benchmark, not a test. Over 50,000 stored
 * reservations (two years around today, about 70 a day, half of them holding seats), median and p95
 * of
 *   1. one date for one party size: reading the date's reservations and computing its times
 *      (goal: under 2 ms), and
 *   2. 62 days from today, as a month view or the next dates with room would ask (goal: under 20 ms),
 * on SQLite (a temporary file) and on PostgreSQL (BENCH_DATABASE_URL, or else a throwaway server).
 */
const say = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(2)} ms`;

/** A restaurant with every limit set, so each time is weighed against seats, pacing and lead time. */
const settings: ReservationSettings = {
  ...DEFAULT_SETTINGS,
  totalSeats: 80,
  onlineSeats: 60,
  arrivalsPerSlot: 16,
  closures: [
    { from: addDays(berlinNow().date, 20), to: addDays(berlinNow().date, 23), note: "Betriebsferien" },
  ],
};
const hours = contentDefaults["global.opening_hours"];
const RANGE_DAYS = 62;

interface Figure {
  label: string;
  goal: number;
  samples: number[];
  detail: string;
}

async function measure(handle: DatabaseHandle): Promise<Figure[]> {
  await fillToRows(handle);
  const date = openDayAhead();
  const from = berlinNow().date;
  const to = addDays(from, RANGE_DAYS - 1);

  const oneDate = async () =>
    dayOptions({ date, partySize: 4, settings, hours, held: await heldOn(handle.db, date) });
  const range = async () => {
    const held = await heldBetween(handle.db, from, to);
    const days = [];
    for (let day = from; day <= to; day = addDays(day, 1))
      days.push(dayOptions({ date: day, partySize: 4, settings, hours, held: held.get(day) ?? [] }));
    return days;
  };

  const options = await oneDate();
  const free = options.kind === "open" ? options.times.filter((option) => option.free).length : 0;
  const days = await range();
  const open = days.filter((day) => day.kind === "open").length;
  const held = (await heldOn(handle.db, date)).length;
  return [
    {
      label: `Ein Tag (${date}, 4 Personen)`,
      goal: 2,
      samples: await time(oneDate, 500),
      detail: `${held} haltende Reservierungen, ${free} freie Uhrzeiten`,
    },
    {
      label: `${RANGE_DAYS} Tage ab heute`,
      goal: 20,
      samples: await time(range, 100),
      detail: `${open} Tage mit freier Uhrzeit`,
    },
  ];
}

const warning = busyMachineWarning();
if (warning) say(warning);
say(
  `Maschine: ${os.availableParallelism()} Kerne, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}\n`,
);
const results = await onBothDatabases(measure, () =>
  say("PostgreSQL: übersprungen (keine Programme gefunden; BENCH_DATABASE_URL=postgres://… setzen)"),
);
for (const { database, result } of results) {
  say(`${database}: ${ROWS.toLocaleString("de-DE")} Reservierungen, Lesen und Berechnen`);
  for (const figure of result) {
    const p95 = percentile(figure.samples, 0.95);
    say(
      `  ${figure.label.padEnd(34)} p50 ${ms(percentile(figure.samples, 0.5))}  p95 ${ms(p95)}  Ziel < ${figure.goal} ms: ${p95 < figure.goal ? "erreicht" : "verfehlt"}  (${figure.detail})`,
    );
  }
}
