import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { berlinNow, isCalendarDate, minutesOfClock } from "../../../lib/calendar.ts";
import { sitsAt } from "../availability/index.server.ts";
import { holdsSeats, listReservations, type ReservationSettings } from "../book/index.server.ts";
import { placesListed } from "../booking/index.server.ts";
import { readKeptFloorPlan, unitTables } from "../tables/index.server.ts";
import type { PlanMoment, PlanOccupant } from "./plan-moment.ts";

type Db = Kysely<Database>;

/** When no time is asked: today the clock's, another day its first party's, else the evening's start. */
const EVENING = "19:00";

/**
 * The moment `?datum=&zeit=` asks for: a malformed date is today; a malformed or missing time is
 * now today, and on another day the time its first party comes (else 19:00).
 */
export function momentAsked(url: URL, now = new Date()): { date: string; time: string | undefined } {
  const berlin = berlinNow(now);
  const date = url.searchParams.get("datum") ?? "";
  const time = url.searchParams.get("zeit") ?? "";
  const day = isCalendarDate(date) ? date : berlin.date;
  const clock = /^\d{2}:\d{2}$/.test(time) && minutesOfClock(time) !== undefined ? time : undefined;
  return { date: day, time: clock ?? (day === berlin.date ? berlin.time : undefined) };
}

/**
 * The day on the plan (docs/product/tables.md): each party that holds seats and sits at `time` — by
 * its stay, as the availability rule holds its table, and a party that arrived early from when it
 * came — with its place, and per free table when the next party comes. The places are the screen's
 * point: when they cannot be read, it fails (and offers 'Erneut versuchen') instead of showing every
 * table free. The caller has checked the staff session.
 */
export async function loadPlanMoment(
  db: Db,
  moment: { date: string; time: string | undefined },
  settings: ReservationSettings,
  now = new Date(),
): Promise<PlanMoment> {
  const [plan, reservations] = await Promise.all([
    readKeptFloorPlan(db),
    listReservations(db, { mode: "date", date: moment.date }),
  ]);
  const holding = reservations.filter((reservation) => holdsSeats(reservation.status));
  const time = moment.time ?? holding[0]?.reservation_time ?? EVENING;
  const { places, tableChoices } = await placesListed(db, holding);
  const berlin = berlinNow(now);
  // Marked 'Eingetroffen' before its time: it sits from now, not from when it booked.
  const arrivedEarly = (reservation: (typeof holding)[number]) =>
    reservation.status === "ARRIVED" &&
    moment.date === berlin.date &&
    berlin.time <= time &&
    time < reservation.reservation_time;
  const occupants: PlanOccupant[] = [];
  const nextArrivals: Record<number, string> = {};
  for (const reservation of holding) {
    const place = places?.[reservation.id];
    const tableIds = place?.unit ? unitTables(plan, place.unit) : [];
    if (sitsAt(settings, berlin, reservation, time) || arrivedEarly(reservation)) {
      occupants.push({
        id: reservation.id,
        name: reservation.customer_name,
        partySize: reservation.party_size,
        time: reservation.reservation_time,
        status: reservation.status,
        label: place?.label ?? "",
        ...(place?.unit ? { unit: place.unit } : {}),
        version: place?.version ?? "",
        tableIds,
        closedArea: place?.closedArea ?? false,
      });
    } else if (reservation.reservation_time > time) {
      // Later arrivals in the order of their times: the first one per table is the next.
      for (const id of tableIds) nextArrivals[id] ??= reservation.reservation_time;
    }
  }
  return {
    date: moment.date,
    time,
    today: berlin.date,
    plan,
    occupants,
    nextArrivals,
    choices: tableChoices ?? [],
  };
}
