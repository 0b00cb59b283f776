import { addMonths, berlinNow, minutesOfClock, weekdayNameOf, weekdayOf } from "../../../lib/calendar.ts";
import { parseDayHours, type DayHours } from "../../../common/content/opening-hours.ts";
import { weekdays } from "../../../lib/weekdays.ts";
import type { OpeningHoursContent } from "../../../common/content/schemas.ts";
import { MAX_MONTHS_AHEAD, reservationMessages as M, TIME_SLOTS, type TimeSlot } from "./terms.ts";

/**
 * When guests may ask for a table (decision 0014): not in the past (Europe/Berlin), at most six
 * months ahead, only on open days, only at the time slots that lie inside that weekday's opening
 * hours and are still ahead today. A weekday whose hours text cannot be read is not restricted.
 * The guest's form and the server apply the same function; the server's word is final.
 */

export interface BookingWindow {
  /** Today in Berlin: the earliest date. */
  min: string;
  /** Today plus six months: the latest date. */
  max: string;
}

/** Today up to `months` ahead; six by default, the reservation settings' 'Buchbar bis' may say otherwise. */
export function bookingWindow(now = new Date(), months: number = MAX_MONTHS_AHEAD): BookingWindow {
  const today = berlinNow(now).date;
  return { min: today, max: addMonths(today, months) };
}

/** Why `date` lies outside the booking window of `months`; undefined inside it. */
export function outsideWindow(
  date: string,
  now: Date,
  months: number = MAX_MONTHS_AHEAD,
): { kind: "outside"; message: string } | undefined {
  const window = bookingWindow(now, months);
  if (date < window.min) return { kind: "outside", message: M.datePast };
  if (date > window.max) return { kind: "outside", message: M.dateTooFarFor(months) };
  return undefined;
}

export type DayAvailability =
  | { kind: "open"; slots: TimeSlot[] }
  | { kind: "closed"; message: string }
  | { kind: "outside"; message: string };

/** The day's ranges in minutes: from opening until before closing. */
const rangeMinutes = (ranges: ReadonlyArray<{ opens: string; closes: string }>) =>
  ranges.map(({ opens, closes }) => ({
    from: minutesOfClock(opens) ?? 0,
    to: closes === "24:00" ? 1440 : (minutesOfClock(closes) ?? 0),
  }));

/** Whether a slot lies in one of the day's ranges (`rangeMinutes`). */
function insideHours(slot: TimeSlot, ranges: ReadonlyArray<{ from: number; to: number }>): boolean {
  const minutes = minutesOfClock(slot) ?? -1;
  return ranges.some(({ from, to }) => minutes >= from && minutes < to);
}

/**
 * The slots of an open (or unreadable) day's hours on `date` that have not begun at `now`: from
 * opening until before closing, every slot when the hours could not be read.
 */
export function slotsAhead(date: string, day: Exclude<DayHours, { kind: "closed" }>, now: Date): TimeSlot[] {
  const current = berlinNow(now);
  const ranges = day.kind === "unknown" ? [] : rangeMinutes(day.ranges);
  return TIME_SLOTS.filter(
    (slot) =>
      (day.kind === "unknown" || insideHours(slot, ranges)) && (date !== current.date || slot > current.time),
  );
}

/** The slots a guest may choose on `date` (a valid calendar date), or why there are none. */
export function dayAvailability(
  date: string,
  hours: OpeningHoursContent,
  now = new Date(),
  months: number = MAX_MONTHS_AHEAD,
): DayAvailability {
  const outside = outsideWindow(date, now, months);
  if (outside) return outside;
  const day = parseDayHours(hours[weekdayOf(date)]);
  if (day.kind === "closed") return { kind: "closed", message: M.closedDay(weekdayNameOf(date)) };
  const slots = slotsAhead(date, day, now);
  if (slots.length === 0) return { kind: "closed", message: M.noTimesLeft };
  return { kind: "open", slots };
}

/** The message for a date and time a guest may not choose; undefined when they are fine. */
export function slotProblem(
  date: string,
  time: string,
  hours: OpeningHoursContent,
  now = new Date(),
  months: number = MAX_MONTHS_AHEAD,
): { field: "date" | "time"; message: string } | undefined {
  return problemOf(date, time, dayAvailability(date, hours, now, months), now);
}

/**
 * `slotProblem` for a date with its own hours ('Ausnahmen', decision 0031): the exception's one range
 * instead of the weekday's, so a time outside it is a wrong choice like any time outside the hours.
 */
export function exceptionSlotProblem(
  date: string,
  time: string,
  range: { opens: string; closes: string },
  now = new Date(),
  months: number = MAX_MONTHS_AHEAD,
): { field: "date" | "time"; message: string } | undefined {
  const outside = outsideWindow(date, now, months);
  if (outside) return { field: "date", message: outside.message };
  const slots = slotsAhead(date, { kind: "open", ranges: [range] }, now);
  const availability: DayAvailability =
    slots.length === 0 ? { kind: "closed", message: M.noTimesLeft } : { kind: "open", slots };
  return problemOf(date, time, availability, now);
}

function problemOf(
  date: string,
  time: string,
  availability: DayAvailability,
  now: Date,
): { field: "date" | "time"; message: string } | undefined {
  if (availability.kind !== "open") return { field: "date", message: availability.message };
  if (availability.slots.includes(time as TimeSlot)) return undefined;
  const today = berlinNow(now);
  if (date === today.date && time <= today.time) return { field: "time", message: M.timePast };
  return { field: "time", message: M.timeClosed };
}

/** The German names of the weekdays the opening hours mark as closed ('Montag'). */
export const closedWeekdays = (hours: OpeningHoursContent): string[] =>
  weekdays.filter(([day]) => parseDayHours(hours[day]).kind === "closed").map(([, name]) => name);
