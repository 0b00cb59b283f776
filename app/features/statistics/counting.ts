import type { ReservationSource, ReservationStatus } from "../../../db/database.types.ts";
import { addDays, addMonths, berlinOffsetAt, weekdayOf } from "../../lib/calendar.ts";
import { weekdays, type Weekday } from "../../lib/weekdays.ts";
import { EXPECTED_STATUSES } from "../../common/book/statuses.ts";
import {
  EXPECTED_LAST,
  kindOf,
  SOURCE_INDEX,
  STATUS_INDEX,
  type ReservationFact,
} from "../../common/book/facts.ts";
import type { Period } from "./schema.ts";

/**
 * 'Statistik' (decision 0036): what the database's groups add up to. Pure — no database, no clock
 * of its own —, so every rule of counting is tested without one. The server reads the groups
 * (statistics.server.ts); the screen and the CSV show what `aggregateStatistics` makes of them.
 */

/** One reservation of the period, as the reservations area answers it (`ReservationFact`). */
export type StatisticsRow = ReservationFact;

/** Reservations that happened or are expected: these make the 'Reservierungen' and 'Gäste' figures. */
export const GUEST_STATUSES: readonly ReservationStatus[] = EXPECTED_STATUSES;
const GUEST_STATUS_LAST = EXPECTED_LAST;

export { kindOf, SOURCE_INDEX, STATUS_INDEX };

const CANCELLED_INDEX = STATUS_INDEX.indexOf("CANCELLED");
const NO_SHOW_INDEX = STATUS_INDEX.indexOf("NO_SHOW");
const WAITLIST_INDEX = STATUS_INDEX.indexOf("WAITLIST");
const ONLINE = SOURCE_INDEX.indexOf("online");
const WALK_IN = SOURCE_INDEX.indexOf("walk-in");

/** Up to this many days a bar is a day, up to `WEEKS_UP_TO` days a week, beyond that a month. */
export const DAYS_UP_TO = 62;
export const WEEKS_UP_TO = 184;
export type Granularity = "day" | "week" | "month";

export const granularityLabels: Record<Granularity, string> = {
  day: "Tag",
  week: "Woche",
  month: "Monat",
};

/** Days from `from` to `to`, both included. */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export function granularityOf(period: Pick<Period, "from" | "to">): Granularity {
  const days = daysIn(period.from, period.to);
  return days <= DAYS_UP_TO ? "day" : days <= WEEKS_UP_TO ? "week" : "month";
}

/** The first day of the bar a date falls in: the date, its week's Monday, or its month's first. */
export function bucketOf(date: string, granularity: Granularity): string {
  if (granularity === "day") return date;
  if (granularity === "month") return `${date.slice(0, 7)}-01`;
  const index = weekdays.findIndex(([key]) => key === weekdayOf(date));
  return addDays(date, -index);
}

/** Every bar's first day from the period's first to its last, so empty days show as zero. */
export function bucketsOf(period: Pick<Period, "from" | "to">, granularity: Granularity): string[] {
  const buckets: string[] = [];
  for (
    let bucket = bucketOf(period.from, granularity);
    bucket <= period.to;
    bucket =
      granularity === "day"
        ? addDays(bucket, 1)
        : granularity === "week"
          ? addDays(bucket, 7)
          : addMonths(bucket, 1)
  )
    buckets.push(bucket);
  return buckets;
}

/** Per date: Berlin's offset when it is the same all day, else undefined (the days the clocks change). */
const dayOffsets = new Map<string, number | undefined>();

export function berlinDayOffset(date: string): number | undefined {
  if (dayOffsets.has(date)) return dayOffsets.get(date);
  const midnight = Date.parse(`${date}T00:00:00Z`);
  const early = berlinOffsetAt(midnight - 2 * 3_600_000);
  const late = berlinOffsetAt(midnight + 22 * 3_600_000);
  const offset = early === late ? early : undefined;
  if (dayOffsets.size > 10_000) dayOffsets.clear();
  dayOffsets.set(date, offset);
  return offset;
}

/**
 * The instant (milliseconds since 1970) of a date and wall-clock time in Berlin. Berlin is one or two
 * hours ahead of UTC; on the two days a year the clocks change, the offset that gives back the same
 * wall clock is the one (a time the clocks skip in spring, 02:30 on the last Sunday of March, counts
 * as 03:30). Every other day has one offset, asked once per date.
 */
export function berlinInstant(date: string, time: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const offset = berlinDayOffset(date);
  if (offset !== undefined) return wall - offset;
  for (const hours of [2, 1]) {
    const instant = wall - hours * 3_600_000;
    if (berlinOffsetAt(instant) === hours * 3_600_000) return instant;
  }
  return wall - 3_600_000;
}

export interface Figure {
  reservations: number;
  guests: number;
}

export interface Rate {
  count: number;
  /** What the count is a share of. */
  of: number;
  /** count / of, or null when `of` is 0. */
  share: number | null;
}

export interface Statistics {
  period: Pick<Period, "from" | "to">;
  granularity: Granularity;
  /** Every row of the period, whatever its status. */
  entries: number;
  /** Reservations with a status of `GUEST_STATUSES`, and their guests. */
  totals: Figure;
  byStatus: Record<ReservationStatus, number>;
  /** Per bar (its first day), per weekday (Monday first), per time of day (those that occur, in order). */
  series: Array<{ bucket: string } & Figure>;
  byWeekday: Array<{ weekday: Weekday } & Figure>;
  byTime: Array<{ time: string } & Figure>;
  /** NO_SHOW among the reserved (not walk-in) visits whose time has passed and that are not cancelled or waiting. */
  noShow: Rate;
  /** CANCELLED among the bookings (not walk-ins, not on the waitlist), by the guest's link and otherwise. */
  cancelledByGuest: Rate;
  cancelledByStaff: Rate;
  /** Every row but the waitlist, per source. */
  bySource: Record<ReservationSource, Rate>;
  /** auto_confirmed among the requests from the guest's form. */
  autoConfirmed: Rate;
  /** From being made to the reserved date and time, over every reservation but walk-ins; null without one. */
  leadTime: { count: number; averageMs: number | null; medianMs: number | null };
}

const rate = (count: number, of: number): Rate => ({ count, of, share: of === 0 ? null : count / of });

const emptyFigure = (): Figure => ({ reservations: 0, guests: 0 });

const add = (figure: Figure, guests: number) => {
  figure.reservations += 1;
  figure.guests += guests;
};

/** What is worked out once per date: its weekday, its bar, and Berlin's offset that day (see `berlinInstant`). */
interface DayFacts {
  weekday: Figure;
  bar: Figure | undefined;
  /** The date's midnight in Berlin as milliseconds since 1970; NaN on a day the clocks change. */
  midnight: number;
  past: "all" | "none" | "some";
}

/** Days from 1970-01-01 to a date of the Gregorian calendar: years counted from March, in eras of 400 years. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

const digits = (text: string, at: number, length: number) => {
  let value = 0;
  for (let index = at; index < at + length; index += 1) value = value * 10 + text.charCodeAt(index) - 48;
  return value;
};

/**
 * An instant as both engines give timestamps ('2026-11-27T18:00:00.000Z', db/database.server.ts) in
 * milliseconds, by arithmetic: once per reservation, faster than `Date.parse`; any other shape by it.
 */
export function isoInstant(text: string): number {
  if (text.length !== 24 || text.charCodeAt(10) !== 84 || text.charCodeAt(23) !== 90) return Date.parse(text);
  const days = daysFromCivil(digits(text, 0, 4), digits(text, 5, 2), digits(text, 8, 2));
  return (
    ((days * 24 + digits(text, 11, 2)) * 60 + digits(text, 14, 2)) * 60_000 +
    digits(text, 17, 2) * 1000 +
    digits(text, 20, 3)
  );
}

/** 'HH:MM' as milliseconds after midnight, without making a string: this runs once per reservation. */
const clockMs = (time: string) =>
  ((time.charCodeAt(0) - 48) * 600 +
    (time.charCodeAt(1) - 48) * 60 +
    (time.charCodeAt(3) - 48) * 10 +
    (time.charCodeAt(4) - 48)) *
  60_000;

/**
 * The figures of `period` from its reservations (rows outside it are left out). `now` is the moment
 * in Berlin that decides which visits are past, for the no-show rate.
 */
export function aggregateStatistics(
  period: Pick<Period, "from" | "to">,
  rows: readonly StatisticsRow[],
  now: { date: string; time: string },
): Statistics {
  const granularity = granularityOf(period);
  const series = new Map(bucketsOf(period, granularity).map((bucket) => [bucket, emptyFigure()]));
  const byWeekday = new Map<Weekday, Figure>(weekdays.map(([key]) => [key, emptyFigure()]));
  const byTime = new Map<string, Figure>();
  const byMinute: Array<Figure | undefined> = new Array<Figure | undefined>(1440);
  const statusCounts = new Array<number>(STATUS_INDEX.length).fill(0);
  const sourceCounts = new Array<number>(SOURCE_INDEX.length).fill(0);
  const totals = emptyFigure();
  let entries = 0;
  let booked = 0;
  let bookedWithoutWalkIns = 0;
  let pastVisits = 0;
  let noShows = 0;
  let byGuest = 0;
  let byStaff = 0;
  let online = 0;
  let autoConfirmed = 0;
  const leadTimes = new Float64Array(rows.length);
  let leads = 0;
  const days = new Map<string, DayFacts>();
  // The rows come in the index's order, by date: most rows have the date of the one before.
  let lastDate = "";
  let day: DayFacts | undefined;

  for (const row of rows) {
    const date = row.reservation_date;
    if (date < period.from || date > period.to) continue;
    if (date !== lastDate) {
      day = days.get(date);
      lastDate = date;
    }
    if (!day) {
      const weekday = byWeekday.get(weekdayOf(date)) ?? emptyFigure();
      const offset = berlinDayOffset(date);
      day = {
        weekday,
        bar: series.get(bucketOf(date, granularity)),
        midnight: offset === undefined ? Number.NaN : Date.parse(`${date}T00:00:00Z`) - offset,
        past: date < now.date ? "all" : date > now.date ? "none" : "some",
      };
      days.set(date, day);
    }
    const kind = row.kind;
    const statusIndex = kind >> 4;
    const source = (kind >> 2) & 3;
    entries += 1;
    statusCounts[statusIndex] = (statusCounts[statusIndex] ?? 0) + 1;
    if (source === ONLINE) {
      online += 1;
      if ((kind & 1) === 1) autoConfirmed += 1;
    }
    if (source !== WALK_IN) {
      const time = row.reservation_time;
      const at =
        Number.isNaN(day.midnight) || time.length !== 5
          ? berlinInstant(date, time)
          : day.midnight + clockMs(time);
      // A reservation entered after its time (staff noting a visit afterwards) was made 0 ahead.
      leadTimes[leads] = Math.max(0, at - isoInstant(row.created_at));
      leads += 1;
    }
    if (statusIndex === WAITLIST_INDEX) continue;
    booked += 1;
    sourceCounts[source] = (sourceCounts[source] ?? 0) + 1;
    if (source !== WALK_IN) {
      bookedWithoutWalkIns += 1;
      if (statusIndex === CANCELLED_INDEX) {
        if ((kind & 2) === 2) byGuest += 1;
        else byStaff += 1;
      } else if (day.past === "all" || (day.past === "some" && row.reservation_time <= now.time)) {
        pastVisits += 1;
        if (statusIndex === NO_SHOW_INDEX) noShows += 1;
      }
    }
    if (statusIndex > GUEST_STATUS_LAST) continue;
    const guests = row.party_size;
    add(totals, guests);
    if (day.bar) add(day.bar, guests);
    add(day.weekday, guests);
    // By the minute of the day (an array, not a map keyed by each row's own string); any other
    // way of writing a time by its text.
    const time = row.reservation_time;
    const minute = time.length === 5 ? clockMs(time) / 60_000 : -1;
    let slot = minute >= 0 && minute < 1440 ? byMinute[minute] : byTime.get(time);
    if (!slot) {
      slot = emptyFigure();
      if (minute >= 0 && minute < 1440) byMinute[minute] = slot;
      else byTime.set(time, slot);
    }
    add(slot, guests);
  }
  byMinute.forEach((slot, minute) => {
    if (!slot) return;
    const hours = String(Math.floor(minute / 60)).padStart(2, "0");
    byTime.set(`${hours}:${String(minute % 60).padStart(2, "0")}`, slot);
  });

  const sorted = leadTimes.subarray(0, leads).sort();
  const middle = Math.floor(leads / 2);
  const median =
    leads === 0
      ? null
      : leads % 2 === 1
        ? (sorted[middle] ?? 0)
        : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  let sum = 0;
  for (const value of sorted) sum += value;

  const byStatus = Object.fromEntries(
    STATUS_INDEX.map((status, index) => [status, statusCounts[index] ?? 0]),
  ) as Record<ReservationStatus, number>;
  return {
    period: { from: period.from, to: period.to },
    granularity,
    entries,
    totals,
    byStatus,
    series: [...series].map(([bucket, figure]) => ({ bucket, ...figure })),
    byWeekday: [...byWeekday].map(([weekday, figure]) => ({ weekday, ...figure })),
    byTime: [...byTime].sort(([a], [b]) => a.localeCompare(b)).map(([time, figure]) => ({ time, ...figure })),
    noShow: rate(noShows, pastVisits),
    cancelledByGuest: rate(byGuest, bookedWithoutWalkIns),
    cancelledByStaff: rate(byStaff, bookedWithoutWalkIns),
    bySource: Object.fromEntries(
      SOURCE_INDEX.map((source, index) => [source, rate(sourceCounts[index] ?? 0, booked)]),
    ) as Record<ReservationSource, Rate>,
    autoConfirmed: rate(autoConfirmed, online),
    leadTime: { count: leads, averageMs: leads === 0 ? null : sum / leads, medianMs: median },
  };
}

// ——— How the figures read (screen and CSV alike) ———

const percentFormat = new Intl.NumberFormat("de-DE", { style: "percent", maximumFractionDigits: 1 });

/** '12,5 %', or '–' for a share of nothing. */
export const formatShare = (share: number | null): string =>
  share === null ? "–" : percentFormat.format(share);

/** A duration as days and hours: '3 Tage 4 Std.', '5 Std.', '0 Std.'; '–' for none. */
export function formatLead(ms: number | null): string {
  if (ms === null) return "–";
  const hours = Math.round(ms / 3_600_000);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days === 0) return `${rest} Std.`;
  return `${days} ${days === 1 ? "Tag" : "Tage"}${rest > 0 ? ` ${rest} Std.` : ""}`;
}

const monthFormat = new Intl.DateTimeFormat("de-DE", { timeZone: "UTC", month: "short", year: "numeric" });
const dayFormat = new Intl.DateTimeFormat("de-DE", { timeZone: "UTC", day: "2-digit", month: "2-digit" });

/** A bar's name: '27.11.' (a day), 'KW ab 23.11.' (a week), 'Nov. 2026' (a month); `long` adds the year. */
export function bucketLabel(bucket: string, granularity: Granularity, long = false): string {
  const date = new Date(`${bucket}T00:00:00Z`);
  if (granularity === "month") return monthFormat.format(date);
  const day = long ? `${dayFormat.format(date)}${bucket.slice(0, 4)}` : dayFormat.format(date);
  return granularity === "week" ? `Woche ab ${day}` : day;
}

export const weekdayName = (weekday: Weekday): string =>
  weekdays.find(([key]) => key === weekday)?.[1] ?? weekday;

const count = new Intl.NumberFormat("de-DE");
/** '1.234'. */
export const formatCount = (value: number): string => count.format(value);

/** One line of the key figures: its name, its value as shown, and what it is counted of. */
export interface KeyFigure {
  label: string;
  value: string;
  detail: string;
}

const rateDetail = (rate: Rate, what: string) =>
  `${formatCount(rate.count)} von ${formatCount(rate.of)} ${what}`;

/** The key figures, in the words and numbers the screen and the CSV both show. */
export function keyFigures(statistics: Statistics): KeyFigure[] {
  const { totals, noShow, cancelledByGuest, cancelledByStaff, autoConfirmed, leadTime } = statistics;
  return [
    {
      label: "Reservierungen",
      value: formatCount(totals.reservations),
      detail: "Bestätigt, Ausstehend, Eingetroffen, Abgeschlossen",
    },
    { label: "Gäste", value: formatCount(totals.guests), detail: "Personen dieser Reservierungen" },
    {
      label: "Nicht erschienen",
      value: formatShare(noShow.share),
      detail: rateDetail(noShow, "vergangenen reservierten Besuchen"),
    },
    {
      label: "Vom Gast storniert",
      value: formatShare(cancelledByGuest.share),
      detail: rateDetail(cancelledByGuest, "Buchungen"),
    },
    {
      label: "Vom Restaurant storniert",
      value: formatShare(cancelledByStaff.share),
      detail: rateDetail(cancelledByStaff, "Buchungen"),
    },
    {
      label: "Automatisch bestätigt",
      value: formatShare(autoConfirmed.share),
      detail: rateDetail(autoConfirmed, "Online-Anfragen"),
    },
    {
      label: "Vorlauf im Mittel",
      value: formatLead(leadTime.averageMs),
      detail: `Median ${formatLead(leadTime.medianMs)}, über ${formatCount(leadTime.count)} Reservierungen`,
    },
  ];
}
