import { TIME_ZONE } from "./format.ts";
import { weekdays, type Weekday } from "./weekdays.ts";

/**
 * Calendar dates ('YYYY-MM-DD') and wall-clock times ('HH:MM') in Europe/Berlin (decision 0013),
 * computed without the server's own time zone. No imports beyond `app/lib`: the browser uses it too.
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date as 'YYYY-MM-DD' (no 30 February, no 'morgen'). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A calendar date a restaurant's screens can mean: from 2000 to 2999. Further out, stepping by days
 * or months would leave the years JavaScript's dates write with four digits.
 */
export const isPlausibleDate = (value: string): boolean =>
  isCalendarDate(value) && value >= "2000-01-01" && value <= "2999-12-31";

function utcDateOf(date: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

const isoDateOf = (date: Date) => date.toISOString().slice(0, 10);

/** The calendar date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const next = utcDateOf(date);
  next.setUTCDate(next.getUTCDate() + days);
  return isoDateOf(next);
}

/** The same day `months` later; a day the month lacks becomes its last day (31 Aug + 6 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return isoDateOf(new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))));
}

/** The weekday of a calendar date, as the keys of `global.opening_hours` name it. */
export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 is Sunday; the list starts on Monday.
  const index = (utcDateOf(date).getUTCDay() + 6) % 7;
  return (weekdays[index] ?? weekdays[0])[0];
}

/** The German name of a date's weekday ('Montag'). */
export function weekdayNameOf(date: string): string {
  const day = weekdayOf(date);
  return weekdays.find(([key]) => key === day)?.[1] ?? "";
}

const berlinParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The last minute `berlinNow` was asked about, and its answer. */
let lastMinute = { minute: Number.NaN, date: "", time: "" };

/** The date and wall-clock time in Berlin at `now`. */
export function berlinNow(now = new Date()): { date: string; time: string } {
  // The answer has whole minutes, and Berlin's offset has been whole hours since long before 1970:
  // within one minute of UTC it is the same. A request asks many times; formatting costs ~5 µs.
  const epochMs = now.getTime();
  const minute = Math.floor(epochMs / 60_000);
  if (minute === lastMinute.minute && epochMs >= 0) return { date: lastMinute.date, time: lastMinute.time };
  const parts = Object.fromEntries(berlinParts.formatToParts(now).map((part) => [part.type, part.value]));
  const answer = { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
  if (epochMs >= 0) lastMinute = { minute, ...answer };
  return answer;
}

/** Berlin's offset from UTC in milliseconds at an instant (milliseconds since 1970). */
export function berlinOffsetAt(instant: number): number {
  const parts = Object.fromEntries(berlinParts.formatToParts(instant).map((part) => [part.type, part.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return wall - Math.floor(instant / 60_000) * 60_000;
}

/** 'HH:MM' as minutes after midnight; undefined for anything else. */
export function minutesOfClock(time: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** A long German date: 'Dienstag, 1. Dezember 2026'. */
export function formatLongDate(date: string): string {
  return new Intl.DateTimeFormat("de-DE", {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(utcDateOf(date));
}
