import { addDays, berlinNow, minutesOfClock, weekdayNameOf, weekdayOf } from "../../../lib/calendar.ts";
import { parseDayHours, type DayHours } from "../../../common/content/opening-hours.ts";
import type { OpeningHoursContent } from "../../../common/content/schemas.ts";
import {
  EVENING_STARTS_AT,
  holdsSeats,
  MAX_MONTHS_AHEAD,
  reservationMessages as M,
  type ReservationStatus,
  type TimeSlot,
} from "../book/index.ts";
import { bookingWindow, outsideWindow, slotsAhead } from "../book/index.ts";
import { DEFAULT_SETTINGS, stayMinutesFor, type ReservationSettings } from "../book/index.ts";

/**
 * Which times a guest may book for a party, with the reservation settings (decision 0014 for the
 * day's hours and the booking window; docs/product/reservations.md). One rule for the guest's
 * form, the server's check, the staff screens and the API:
 *
 * - A reservation holds its party's seats from its time for its stay (`stayMinutesFor`), cut at
 *   midnight: evening services don't run into the next day. Only PENDING and CONFIRMED ones hold
 *   seats; a cancelled or completed table is free again.
 * - A time is free for P people when, at every moment of P's stay, the seats held plus P stay within
 *   `onlineSeats`, and the guests arriving in that slot plus P stay within `arrivalsPerSlot` (null:
 *   no limit for either). Once tables are drawn, a table or combination that seats P for the whole
 *   stay decides instead of `onlineSeats` (`tables`, decision 0053).
 * - The day must be open: a closure closes its dates (with its note); an exception replaces that
 *   date's weekly hours, also on a weekday that is normally closed.
 * - Online, a time can be booked until `leadMinutes` before it (real minutes: across a change to
 *   or from summer time too) and at most `horizonMonths` ahead.
 *
 * Without settings the answer is `dayAvailability`'s (opening-rule.ts): no limits, no lead time, six months.
 * Pure and browser-safe: no server imports.
 */

/** A reservation as the rule sees it; one without a status is taken to hold its seats. */
export interface HeldReservation {
  /** The stored reservation's id: needed when tables decide (its place is looked up by it). */
  id?: number;
  /** Booked through the website: with tables, it is only moved to tables guests may book. */
  online?: boolean;
  /** The area its guest chose ('Bereichswunsch', decision 0054): seated there first. */
  areaWish?: number;
  /** 'HH:MM' on the day in question. */
  time: string;
  partySize: number;
  status?: ReservationStatus;
  /**
   * Minutes after midnight: the party is still at its table then, so it holds its seats at least until
   * this minute even when its stay has run out ('Eingetroffen' until 'Abgeschlossen', decision 0034).
   */
  seatedUntil?: number;
}

/**
 * How far ahead an arrived party is taken to sit on when its stay has run out: it holds its seats
 * until staff mark it 'Abgeschlossen', and meanwhile nobody knows when it leaves (decision 0034).
 */
export const ARRIVED_KEEPS_SEATS_MINUTES = 30;

/** A stored reservation as the rule weighs it, its columns as stored. */
export interface StoredPlacement {
  id?: number;
  source?: string;
  area_wish_id?: number | null;
  reservation_date: string;
  reservation_time: string;
  party_size: number;
  status: ReservationStatus;
}

/**
 * A stored reservation as the rule weighs it at `now` (Berlin): a party at its table today
 * ('Eingetroffen') holds its seats at least until `ARRIVED_KEEPS_SEATS_MINUTES` from now, however
 * long ago its stay began (decision 0034). The server's counts and the staff list's use this one.
 */
export const heldAt =
  (now: { date: string; time: string }) =>
  (row: StoredPlacement): HeldReservation => ({
    ...(row.id === undefined ? {} : { id: row.id }),
    ...(row.source === undefined ? {} : { online: row.source === "online" }),
    ...(row.area_wish_id == null ? {} : { areaWish: row.area_wish_id }),
    time: row.reservation_time,
    partySize: row.party_size,
    status: row.status,
    ...(row.status === "ARRIVED" && row.reservation_date === now.date
      ? { seatedUntil: (minutesOfClock(now.time) ?? 0) + ARRIVED_KEEPS_SEATS_MINUTES }
      : {}),
  });

const holds = (reservation: HeldReservation) =>
  reservation.status === undefined || holdsSeats(reservation.status);

/** Whether the rule weighs the reservations at all: only when seats or arrivals are limited. */
export const limitsRoom = (
  settings: Pick<ReservationSettings, "onlineSeats" | "arrivalsPerSlot"> | undefined,
): boolean => settings !== undefined && (settings.onlineSeats !== null || settings.arrivalsPerSlot !== null);

/** A party asking for a table: its size and stay on the day, in minutes after midnight [from, to). */
export interface TableRequest {
  partySize: number;
  from: number;
  to: number;
  /** Through the website: only tables guests may book. */
  online: boolean;
  /** Only this area ('Bereichswunsch', decision 0054). */
  areaId?: number | undefined;
}

/**
 * A date's tables with its parties seated at them, once the restaurant has drawn any (decision 0053):
 * they decide instead of `onlineSeats`. The server builds it (`reservations/tables`' `DaySeating`);
 * the rule only asks whether a party finds a place, with the moves that make room.
 */
export interface TableSeating {
  seat(request: TableRequest): object | undefined;
}

/** The tables of each date, for questions over several. */
export type TablesByDate = (date: string) => TableSeating;

/** Why a time inside the hours cannot be booked online. */
export type UnavailableReason = "full" | "pacing" | "lead";

export type TimeOption =
  { time: TimeSlot; free: true } | { time: TimeSlot; free: false; reason: UnavailableReason };

export type DayOptions =
  | { kind: "open"; times: TimeOption[]; note?: string }
  | { kind: "closed"; message: string; note?: string }
  /** Open, but no time has room for the party: the times are what a waitlist request may ask for. */
  | { kind: "full"; message: string; times: TimeOption[]; note?: string }
  | { kind: "outside"; message: string };

export interface DayQuestion {
  /** A valid calendar date, YYYY-MM-DD. */
  date: string;
  partySize: number;
  /** The reservation settings; undefined: today's rule without limits (`dayAvailability`). */
  settings?: ReservationSettings | undefined;
  /** The weekly hours of `global.opening_hours`. */
  hours: OpeningHoursContent;
  /** The date's reservations (those that hold nothing are left out). */
  held: readonly HeldReservation[];
  /** With tables drawn: the date's tables, which decide instead of the online seats. */
  tables?: TableSeating | undefined;
  /** Staff ask (the staff screens): any table, not only those guests may book online. */
  byStaff?: boolean;
  /** With tables: only this area's ('Bereichswunsch', decision 0054). */
  areaId?: number | undefined;
  /** That area is closed on the date: the day has no times, and this message says why. */
  areaClosed?: string | undefined;
  /**
   * Only this time ('HH:MM') is asked of the tables; the others answer as if a table were free. For a
   * quick yes when one time is asked (the search for moves is the costly part); a refusal asks again
   * without it, for the times still free.
   */
  onlyTime?: string | undefined;
  now?: Date;
}

/** The settings that answer exactly as the rule did before there were settings. */
const NO_SETTINGS: ReservationSettings = {
  ...DEFAULT_SETTINGS,
  leadMinutes: 0,
  horizonMonths: MAX_MONTHS_AHEAD,
};

/** Minutes in a day: a stay is cut here, and '24:00' means this. */
const DAY_END = 1440;

/** Pacing counts the arrivals from a slot's time up to the next slot's, 30 minutes later. */
const PACING_WINDOW = 30;

const minuteOf = (time: string) => (time === "24:00" ? DAY_END : minutesOfClock(time));

/**
 * The seats held over a day, as steps: `seats[i]` are held from `at[i]` until `at[i + 1]` (the
 * last until midnight). The count changes only where a stay begins or ends.
 */
interface Occupancy {
  at: number[];
  seats: number[];
}

/** Where a holding reservation sits on the day, [from, to) in minutes; undefined when it holds nothing. */
export function stayOf(
  settings: Pick<ReservationSettings, "stayMinutes">,
  reservation: HeldReservation,
): { from: number; to: number } | undefined {
  if (!holds(reservation)) return undefined;
  // A stored time is always 'HH:MM'; anything else could not be placed on the day.
  const stay = stayFor(settings, reservation.time, reservation.partySize);
  return stay && { from: stay.from, to: Math.min(Math.max(stay.to, reservation.seatedUntil ?? 0), DAY_END) };
}

/**
 * Whether the stored reservation's party is at its table at `time` on its date ('HH:MM'), as the
 * rule holds its seats at `now`: from its time for its stay, an arrived party until it leaves.
 */
export function sitsAt(
  settings: Pick<ReservationSettings, "stayMinutes">,
  now: { date: string; time: string },
  row: StoredPlacement,
  time: string,
): boolean {
  const minute = minuteOf(time);
  const stay = stayOf(settings, heldAt(now)(row));
  return minute !== undefined && stay !== undefined && stay.from <= minute && minute < stay.to;
}

function occupancy(
  settings: Pick<ReservationSettings, "stayMinutes">,
  held: readonly HeldReservation[],
): Occupancy {
  const change = new Map<number, number>();
  for (const reservation of held) {
    const stay = stayOf(settings, reservation);
    if (!stay) continue;
    const { from: start, to: end } = stay;
    change.set(start, (change.get(start) ?? 0) + reservation.partySize);
    change.set(end, (change.get(end) ?? 0) - reservation.partySize);
  }
  const at = [0];
  const seats = [0];
  let level = 0;
  for (const minute of [...change.keys()].sort((a, b) => a - b)) {
    level += change.get(minute) ?? 0;
    if (minute === 0) seats[0] = level;
    else {
      at.push(minute);
      seats.push(level);
    }
  }
  return { at, seats };
}

/** The most seats held at any moment of [from, to): at `from`, and wherever a stay begins inside. */
function peakSeats({ at, seats }: Occupancy, from: number, to: number): number {
  let peak = 0;
  for (let i = 0; i < at.length; i += 1) {
    const stepEnds = at[i + 1] ?? DAY_END;
    if (stepEnds > from && (at[i] ?? 0) < to) peak = Math.max(peak, seats[i] ?? 0);
  }
  return peak;
}

/** Guests arriving from `from` up to PACING_WINDOW minutes later. */
function arrivalsIn(held: readonly HeldReservation[], from: number): number {
  let guests = 0;
  for (const reservation of held) {
    const start = minuteOf(reservation.time);
    if (start !== undefined && holds(reservation) && start >= from && start < from + PACING_WINDOW)
      guests += reservation.partySize;
  }
  return guests;
}

/** The stay of a party of `partySize` arriving at `time`, in minutes; undefined for a time not on the day. */
export function stayFor(
  settings: Pick<ReservationSettings, "stayMinutes">,
  time: string,
  partySize: number,
): { from: number; to: number } | undefined {
  const from = minuteOf(time);
  if (from === undefined || from >= DAY_END) return undefined;
  return { from, to: Math.min(from + stayMinutesFor(settings, partySize), DAY_END) };
}

/** The date's hours: closed by a closure, an exception's one range, or the weekday's text. */
function hoursOn(
  date: string,
  settings: ReservationSettings,
  hours: OpeningHoursContent,
): { day: DayHours; closure?: string; note?: string } {
  const closure = settings.closures.find((range) => range.from <= date && date <= range.to);
  if (closure) return { day: { kind: "closed" }, closure: closure.note };
  const exception = settings.exceptions.find((day) => day.date === date);
  if (exception) {
    const note = exception.note.trim();
    return {
      day: { kind: "open", ranges: [{ opens: exception.opens, closes: exception.closes }] },
      ...(note === "" ? {} : { note }),
    };
  }
  return { day: parseDayHours(hours[weekdayOf(date)]) };
}

/** The times of `date` for a party of `partySize`, each free or with its reason, or why there are none. */
export function dayOptions({
  date,
  partySize,
  settings,
  hours,
  held,
  tables,
  byStaff = false,
  areaId,
  areaClosed,
  onlyTime,
  now = new Date(),
}: DayQuestion): DayOptions {
  const rules = settings ?? NO_SETTINGS;
  const outside = outsideWindow(date, now, rules.horizonMonths);
  if (outside) return outside;
  const { day, closure, note } = hoursOn(date, rules, hours);
  const withNote = note === undefined ? {} : { note };
  if (closure !== undefined) {
    const closureNote = closure.trim();
    return {
      kind: "closed",
      message: M.closedDate(closure),
      ...(closureNote === "" ? {} : { note: closureNote }),
    };
  }
  if (day.kind === "closed") return { kind: "closed", message: M.closedDay(weekdayNameOf(date)) };
  if (areaClosed !== undefined) return { kind: "closed", message: areaClosed };
  const slots = slotsAhead(date, day, now);
  if (slots.length === 0) return { kind: "closed", message: M.noTimesLeft, ...withNote };

  // The last moment a guest may still book online, in Berlin wall-clock time (real minutes added).
  const latest = berlinNow(new Date(now.getTime() + rules.leadMinutes * 60_000));
  const bookedUntil = `${latest.date} ${latest.time}`;
  const seats = occupancy(rules, held);
  const stay = stayMinutesFor(rules, partySize);
  const times = slots.map((time): TimeOption => {
    if (`${date} ${time}` <= bookedUntil) return { time, free: false, reason: "lead" };
    const start = minuteOf(time) ?? 0;
    const end = Math.min(start + stay, DAY_END);
    // With tables, a table or combination that seats the party decides, not the online seats.
    if (tables) {
      const asked = onlyTime === undefined || onlyTime === time;
      if (asked && !tables.seat({ partySize, from: start, to: end, online: !byStaff, areaId }))
        return { time, free: false, reason: "full" };
    } else if (rules.onlineSeats !== null && peakSeats(seats, start, end) + partySize > rules.onlineSeats)
      return { time, free: false, reason: "full" };
    if (rules.arrivalsPerSlot !== null && arrivalsIn(held, start) + partySize > rules.arrivalsPerSlot)
      return { time, free: false, reason: "pacing" };
    return { time, free: true };
  });
  if (times.some((option) => option.free)) return { kind: "open", times, ...withNote };
  const onlyLead = times.every((option) => !option.free && option.reason === "lead");
  if (onlyLead) return { kind: "closed", message: M.noTimesLeft, ...withNote };
  return { kind: "full", message: M.dayFull, times, ...withNote };
}

/** The message for a date and time a guest may not book; undefined when it is free (like `slotProblem`). */
export function availabilityProblem(
  question: DayQuestion & { time: string },
): { field: "date" | "time"; message: string } | undefined {
  return problemAmong(dayOptions(question), question);
}

/** `availabilityProblem` with the day's options already worked out (`dayOptions` of the same question). */
export function problemAmong(
  options: DayOptions,
  question: { date: string; time: string; now?: Date | undefined },
): { field: "date" | "time"; message: string } | undefined {
  if (options.kind !== "open") return { field: "date", message: options.message };
  const option = options.times.find((candidate) => candidate.time === question.time);
  if (option?.free) return undefined;
  if (option) return { field: "time", message: option.reason === "lead" ? M.leadTime : M.timeTaken };
  const today = berlinNow(question.now);
  if (question.date === today.date && question.time <= today.time)
    return { field: "time", message: M.timePast };
  return { field: "time", message: M.timeClosed };
}

/**
 * Whether a refusal is only for lack of room (seats or pacing): such a request may go on the waitlist
 * ('Warteliste', decision 0031). Closed dates, past times and the lead time never may.
 */
export function waitlistMayTake(question: DayQuestion & { time: string }): boolean {
  return waitlistAmong(dayOptions(question), question.time);
}

/** `waitlistMayTake` with the day's options already worked out. */
export function waitlistAmong(options: DayOptions, time: string): boolean {
  if (options.kind !== "open" && options.kind !== "full") return false;
  const option = options.times.find((candidate) => candidate.time === time);
  return option !== undefined && !option.free && option.reason !== "lead";
}

/** Whether a party of `partySize` may book `time` on `date` online. */
export const isAvailable = (question: DayQuestion & { time: string }): boolean =>
  availabilityProblem(question) === undefined;

/** The seats held at `time` ('HH:MM') by the day's reservations (for the staff screens). */
export function seatsHeldAt(
  settings: Pick<ReservationSettings, "stayMinutes">,
  held: readonly HeldReservation[],
  time: string,
): number {
  const minute = minuteOf(time);
  return minute === undefined ? 0 : peakSeats(occupancy(settings, held), minute, minute + 1);
}

/**
 * The online seats still free at the fullest moment of [from, to) ('HH:MM', '24:00' for midnight):
 * what can still be promised to anyone in that span. Null when `onlineSeats` sets no limit.
 */
export function freeSeatsBetween(
  settings: Pick<ReservationSettings, "stayMinutes" | "onlineSeats">,
  held: readonly HeldReservation[],
  from: string,
  to: string,
): number | null {
  if (settings.onlineSeats === null) return null;
  const peak = peakSeats(occupancy(settings, held), minuteOf(from) ?? 0, minuteOf(to) ?? DAY_END);
  return Math.max(0, settings.onlineSeats - peak);
}

/** 'freie Plätze mittags/abends': lunch before EVENING_STARTS_AT, the evening from then to midnight. */
export function freeSeatsPerService(
  settings: Pick<ReservationSettings, "stayMinutes" | "onlineSeats">,
  held: readonly HeldReservation[],
): { lunch: number | null; evening: number | null } {
  return {
    lunch: freeSeatsBetween(settings, held, "00:00", EVENING_STARTS_AT),
    evening: freeSeatsBetween(settings, held, EVENING_STARTS_AT, "24:00"),
  };
}

/**
 * Which services `date` has by its hours (closures, exceptions, the weekly hours): lunch before
 * EVENING_STARTS_AT, the evening from then. A closed day says why ('Ruhetag' or the closure's
 * note); hours that cannot be read restrict nothing, as everywhere (decision 0014).
 */
export function servicesOn(
  date: string,
  settings: ReservationSettings,
  hours: OpeningHoursContent,
): { closed: string } | { lunch: boolean; evening: boolean } {
  const { day, closure } = hoursOn(date, settings, hours);
  if (closure !== undefined) return { closed: closure.trim() === "" ? "geschlossen" : closure.trim() };
  if (day.kind === "closed") return { closed: "Ruhetag" };
  if (day.kind === "unknown") return { lunch: true, evening: true };
  const windows = windowsOf(day.ranges);
  return { lunch: windows.lunch.length > 0, evening: windows.evening.length > 0 };
}

/** A day's opening ranges in minutes, split at EVENING_STARTS_AT into the lunch's and the evening's. */
function windowsOf(ranges: ReadonlyArray<{ opens: string; closes: string }>): ServiceWindows {
  const evening = minuteOf(EVENING_STARTS_AT) ?? 0;
  const open = ranges.map((range) => ({ from: minuteOf(range.opens) ?? 0, to: minuteOf(range.closes) ?? 0 }));
  return {
    lunch: open
      .filter((range) => range.from < evening)
      .map((range) => ({ from: range.from, to: Math.min(range.to, evening) })),
    evening: open
      .filter((range) => range.to > evening)
      .map((range) => ({ from: Math.max(range.from, evening), to: range.to })),
  };
}

/** When a day's lunch and evening are open, in minutes after midnight, [from, to). */
export interface ServiceWindows {
  lunch: Array<{ from: number; to: number }>;
  evening: Array<{ from: number; to: number }>;
}

/**
 * The opening times of `date`'s services (closures, exceptions, the weekly hours); none on a closed
 * day; undefined when the hours cannot be read (nobody knows when the restaurant was open).
 */
export function serviceWindowsOn(
  date: string,
  settings: ReservationSettings,
  hours: OpeningHoursContent,
): ServiceWindows | undefined {
  const { day } = hoursOn(date, settings, hours);
  if (day.kind === "unknown") return undefined;
  return day.kind === "closed" ? { lunch: [], evening: [] } : windowsOf(day.ranges);
}

/** The holding reservations per date: a map (as `heldBetween` reads them) or a function. */
export type HeldByDate =
  ReadonlyMap<string, readonly HeldReservation[]> | ((date: string) => readonly HeldReservation[]);

/**
 * The next `count` dates after `after` on which a party of `partySize` still finds a free time,
 * no further than the booking window reaches (fewer when the window ends first).
 */
export function nextDatesWithRoom({
  after,
  partySize,
  settings,
  hours,
  held,
  tables,
  areaId,
  now = new Date(),
  count = 3,
}: Omit<DayQuestion, "date" | "held" | "tables"> & {
  after: string;
  held: HeldByDate;
  tables?: TablesByDate | undefined;
  count?: number;
}): string[] {
  const window = bookingWindow(now, (settings ?? NO_SETTINGS).horizonMonths);
  const heldOn = typeof held === "function" ? held : (date: string) => held.get(date) ?? [];
  const found: string[] = [];
  let date = addDays(after, 1);
  if (date < window.min) date = window.min;
  for (; date <= window.max && found.length < count; date = addDays(date, 1)) {
    const options = dayOptions({
      date,
      partySize,
      settings,
      hours,
      held: heldOn(date),
      tables: tables?.(date),
      areaId,
      now,
    });
    if (options.kind === "open") found.push(date);
  }
  return found;
}

/** The settings the staff screens' capacity figures need (docs/product/reservations.md#staff-screen). */
export type CapacitySettings = Pick<ReservationSettings, "stayMinutes" | "onlineSeats" | "arrivalsPerSlot">;

/**
 * Whether a party of `partySize` fits at `time` by the seats and the pacing alone: what staff ask of a
 * waitlist request ('Platz frei', decision 0031). Opening hours, lead time and the past are left to
 * staff, who may confirm any time (decision 0017). `held` is the date's reservations; those that
 * hold nothing are left out. Without limits there is always room.
 */
export function roomAt(
  settings: CapacitySettings,
  held: readonly HeldReservation[],
  time: string,
  partySize: number,
  tables?: TableSeating,
): boolean {
  const start = minuteOf(time);
  if (start === undefined || start >= DAY_END) return false;
  const end = Math.min(start + stayMinutesFor(settings, partySize), DAY_END);
  if (tables) {
    if (!tables.seat({ partySize, from: start, to: end, online: false })) return false;
  } else if (
    settings.onlineSeats !== null &&
    peakSeats(occupancy(settings, held), start, end) + partySize > settings.onlineSeats
  )
    return false;
  return settings.arrivalsPerSlot === null || arrivalsIn(held, start) + partySize <= settings.arrivalsPerSlot;
}

/** A moment a staff change would overbook: `seats` held at `time` against `onlineSeats`. */
export interface Overbooking {
  /** 'HH:MM'. */
  time: string;
  seats: number;
  onlineSeats: number;
  /** With tables (decision 0053): no table or combination is free for this many people then. */
  noTableFor?: number;
}

/** The seats held at `minute` (the step it falls in). */
function levelAt({ at, seats }: Occupancy, minute: number): number {
  let level = 0;
  for (let i = 0; i < at.length && (at[i] ?? 0) <= minute; i += 1) level = seats[i] ?? 0;
  return level;
}

const clockOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/**
 * Whether a staff change overbooks the date ('Überbucht', docs/product/reservations.md#staff-results):
 * a moment at which the seats held `after` the change exceed the online seats **and** exceed what was
 * held `before` it. So a change that adds no seats — a note edited on an evening already full, a
 * pending request confirmed — is never questioned; one that adds seats to a full moment is. Answers
 * the fullest such moment (the earliest of equals); undefined without a seat limit.
 */
export function overbookingBy(
  settings: Pick<ReservationSettings, "stayMinutes" | "onlineSeats">,
  before: readonly HeldReservation[],
  after: readonly HeldReservation[],
): Overbooking | undefined {
  const { onlineSeats } = settings;
  if (onlineSeats === null) return undefined;
  const was = occupancy(settings, before);
  const will = occupancy(settings, after);
  const moments = [...new Set([...was.at, ...will.at])].sort((a, b) => a - b);
  let worst: { minute: number; seats: number } | undefined;
  for (const minute of moments) {
    const seats = levelAt(will, minute);
    if (seats > onlineSeats && seats > levelAt(was, minute) && seats > (worst?.seats ?? 0))
      worst = { minute, seats };
  }
  return worst && { time: clockOf(worst.minute), seats: worst.seats, onlineSeats };
}
