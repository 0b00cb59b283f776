import { addDays, berlinNow, minutesOfClock } from "../../../lib/calendar.ts";
import { NO_SHOW_AFTER_MINUTES, type ReservationStatus } from "./terms.ts";

/**
 * Which status moves staff may make at the host stand (decision 0034), and when a party may be marked
 * 'Nicht erschienen'. Browser-safe: the screen asks the same rule as the clock runs on, and staff
 * changes on the book are weighed by it too.
 */

const DAY_MINUTES = 24 * 60;

/** The minute of its day from which a party of `time` may be marked 'Nicht erschienen' (past midnight: over 1440). */
const noShowMinute = (time: string) => (minutesOfClock(time) ?? 0) + NO_SHOW_AFTER_MINUTES;

/** The time from which a party of `time` may be marked 'Nicht erschienen': '19:15' for 19:00, '00:05' for 23:50. */
export function noShowFrom(time: string): string {
  const minute = noShowMinute(time) % DAY_MINUTES;
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/**
 * Whether the party of `date` at `time` may be marked 'Nicht erschienen' at `now`: from 15 minutes
 * after its time (Berlin wall clock; for 23:50, from 00:05 the next day), never before.
 */
export function noShowDue(date: string, time: string, now = new Date()): boolean {
  const here = berlinNow(now);
  const minute = minutesOfClock(here.time) ?? 0;
  if (date === here.date) return minute >= noShowMinute(time);
  if (date === addDays(here.date, -1)) return minute + DAY_MINUTES >= noShowMinute(time);
  return date < here.date;
}

/**
 * Whether an undo to `target` reverses a tap that left the reservation `current`: the host stand
 * offered `current` from `target`. Anything else is no undo (decision 0034).
 */
export const reversesTap = (target: ReservationStatus, current: ReservationStatus): boolean =>
  (serviceActions(target) as readonly string[]).includes(current);

/** What the host stand offers for a status: the big buttons, in their order. */
export function serviceActions(status: ReservationStatus): Array<"ARRIVED" | "COMPLETED" | "NO_SHOW"> {
  if (status === "PENDING" || status === "CONFIRMED") return ["ARRIVED", "NO_SHOW"];
  if (status === "ARRIVED") return ["COMPLETED"];
  // A party marked as not come that turns up after all.
  if (status === "NO_SHOW") return ["ARRIVED"];
  return [];
}

/**
 * The buttons the host stand shows for a party of `date` at `time` in `status` at `now`: what
 * `serviceActions` offers, 'Nicht erschienen' only once it is due. The screen draws its buttons from
 * this, and the server accepts a tap only if this offers it for the stored row (decision 0041), so
 * screen and server cannot disagree.
 */
export function offeredServiceActions(
  status: ReservationStatus,
  date: string,
  time: string,
  now = new Date(),
): Array<"ARRIVED" | "COMPLETED" | "NO_SHOW"> {
  return serviceActions(status).filter((action) => action !== "NO_SHOW" || noShowDue(date, time, now));
}

/** The statuses the host stand may set; anything else is done on 'Reservierungen einsehen'. */
export const SERVICE_STATUSES = ["ARRIVED", "COMPLETED", "NO_SHOW"] as const;
