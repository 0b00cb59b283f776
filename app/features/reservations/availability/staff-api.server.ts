import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { addDays, berlinNow, isPlausibleDate, minutesOfClock } from "../../../lib/calendar.ts";
import { MAX_ID } from "../../../lib/forms.ts";
import type { OpeningHoursContent } from "../../../common/content/schemas.ts";
import { dayOptions, freeSeatsBetween, stayFor } from "./seat-rule.ts";
import { holdingBetween, holdingOn } from "./table-seating.server.ts";
import { MAX_STAFF_PARTY_SIZE } from "../book/index.server.ts";
import { bookingWindow } from "../book/index.server.ts";
import { stayMinutesFor, type ReservationSettings } from "../book/index.server.ts";
import { staffSeatsMessages as M, type StaffSeats } from "./staff-seats.ts";

/**
 * `GET /admin/reservations/freie-plaetze` on the server (decision 0037): the free online seats for a
 * party at a date and time, by the availability rule (seat-rule.ts) over the reservations that
 * hold seats (`heldOn`, `HOLDING_STATUSES`) — without the reservation being edited, whose own seats
 * would otherwise count against it. Staff are asked about seats only (decision 0031), so the times
 * offered when the party does not fit are the day's opening times with room for it by seats,
 * without pacing or lead time. Bad parameters get a German message with 400.
 */

type Db = Kysely<Database>;

export interface StaffSeatsQuestion {
  date: string;
  time: string;
  partySize: number;
  /** The reservation being edited. */
  except?: number;
}

export interface StaffSeatsDeps {
  db: Db;
  settings: ReservationSettings;
  hours: OpeningHoursContent;
  now?: Date;
}

export type StaffSeatsAnswer = { status: number; body: StaffSeats | { fehler: string } };

const refusal = (fehler: string): StaffSeatsAnswer => ({ status: 400, body: { fehler } });

/** The question in the address, or the German reason it is not one. */
export function parseStaffSeatsQuestion(params: URLSearchParams): StaffSeatsQuestion | StaffSeatsAnswer {
  const date = params.get("datum") ?? "";
  if (!isPlausibleDate(date)) return refusal(M.date);
  const time = params.get("uhrzeit") ?? "";
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return refusal(M.time);
  const party = params.get("personen") ?? "";
  if (!/^\d{1,3}$/.test(party) || Number(party) < 1 || Number(party) > MAX_STAFF_PARTY_SIZE)
    return refusal(M.party);
  const except = params.get("ohne");
  if (except !== null && except !== "" && !(/^[1-9]\d{0,9}$/.test(except) && Number(except) <= MAX_ID))
    return refusal(M.except);
  return {
    date,
    time,
    partySize: Number(party),
    ...(except === null || except === "" ? {} : { except: Number(except) }),
  };
}

const DAY_END = 1440;
const clockOf = (minute: number) =>
  minute >= DAY_END
    ? "24:00"
    : `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** How many days the next dates with room are read at a time. */
const SPAN_DAYS = 31;
const NEXT_DATES = 3;

/** The free seats for the question, and when the party does not fit, where it would. */
export async function staffFreeSeats(
  deps: StaffSeatsDeps,
  question: StaffSeatsQuestion,
): Promise<StaffSeats> {
  const { db, settings, hours, now = new Date() } = deps;
  const { onlineSeats } = settings;
  if (onlineSeats === null) return { kind: "unlimited" };
  const { date, time, partySize } = question;
  // With tables drawn, a table that seats the party decides (decision 0053), any table staff may use.
  const { held, tables } = await holdingOn(settings, db, date, question.except);
  const start = minutesOfClock(time) ?? 0;
  const end = clockOf(Math.min(start + stayMinutesFor(settings, partySize), DAY_END));
  const free = freeSeatsBetween(settings, held, time, end) ?? onlineSeats;
  // The staff's rule: seats only (decision 0031).
  const staffRule: ReservationSettings = { ...settings, arrivalsPerSlot: null, leadMinutes: 0 };
  const options = dayOptions({
    date,
    partySize,
    settings: staffRule,
    hours,
    held,
    tables,
    byStaff: true,
    now,
  });
  const closed = options.kind === "closed" ? { closed: options.message } : {};
  const base = { time, partySize, free, onlineSeats, nearest: [], nextDates: [], ...closed };
  const stay = stayFor(settings, time, partySize);
  const fits = tables
    ? Boolean(stay && tables.seat({ ...stay, partySize, online: false }))
    : free >= partySize;
  if (fits) return { kind: "room", ...base };

  const freeTimes =
    options.kind === "open" ? options.times.filter((option) => option.free).map((option) => option.time) : [];
  const before = freeTimes.filter((candidate) => candidate < time).at(-1);
  const after = freeTimes.find((candidate) => candidate > time);
  const nearest = [before, after].filter((candidate) => candidate !== undefined);
  if (nearest.length > 0) return { kind: "full", ...base, nearest };

  const last = bookingWindow(now, settings.horizonMonths).max;
  const nextDates: string[] = [];
  // From the day after, but never from the past: a date typed years back must not read every month since.
  const today = berlinNow(now).date;
  for (
    let from = addDays(date, 1) > today ? addDays(date, 1) : today;
    from <= last && nextDates.length < NEXT_DATES;
    from = addDays(from, SPAN_DAYS)
  ) {
    const to = addDays(from, SPAN_DAYS - 1) < last ? addDays(from, SPAN_DAYS - 1) : last;
    const span = await holdingBetween(settings, db, from, to);
    for (let day = from; day <= to && nextDates.length < NEXT_DATES; day = addDays(day, 1)) {
      const dayHeld = span.held.get(day) ?? [];
      const question = { date: day, partySize, settings: staffRule, hours, held: dayHeld, now };
      if (dayOptions({ ...question, tables: span.tables?.(day), byStaff: true }).kind === "open")
        nextDates.push(day);
    }
  }
  return { kind: "full", ...base, nextDates };
}

/** The endpoint's answer: 200 with the seats, or 400 with the German reason. */
export async function answerStaffSeats(
  params: URLSearchParams,
  /** What the answer needs for the date asked (its seats: the tables of areas open that date). */
  deps: (date: string) => Promise<StaffSeatsDeps>,
): Promise<StaffSeatsAnswer> {
  const question = parseStaffSeatsQuestion(params);
  if ("status" in question) return question;
  return { status: 200, body: await staffFreeSeats(await deps(question.date), question) };
}
