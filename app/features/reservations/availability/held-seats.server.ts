import type { Kysely } from "kysely";
import { compiledOnce } from "../../../../db/compiled-once.server.ts";
import type { Database } from "../../../../db/database.types.ts";
import { berlinNow } from "../../../lib/calendar.ts";
import { heldAt, limitsRoom, type HeldReservation } from "./seat-rule.ts";
import { HOLDING_STATUSES, holdsSeats } from "../book/index.server.ts";
import type { Reservation, ReservationSettings } from "../book/index.server.ts";

/**
 * The reservations that hold seats (PENDING, CONFIRMED and ARRIVED), as the availability rule
 * (`seat-rule.ts`) reads them: time and party size, per date. Portable SQL through Kysely
 * (decision 0003); the indexes on (reservation_date, reservation_time) and (status,
 * reservation_date, reservation_time) carry both queries.
 */

type Db = Kysely<Database>;

const holding = (db: Db) =>
  db
    .selectFrom("reservations")
    .select(["reservation_date", "reservation_time", "party_size", "status"])
    .where("status", "in", HOLDING_STATUSES)
    .orderBy("reservation_date")
    .orderBy("reservation_time");

/**
 * The reservations holding seats on `date` (YYYY-MM-DD), by time; without the one numbered `except`
 * (a staff change weighs a reservation's new state against the rest of its day).
 */
export async function heldOn(db: Db, date: string, except?: number): Promise<HeldReservation[]> {
  const rows =
    except === undefined
      ? await heldOnDate(db, { date })
      : await holding(db).where("reservation_date", "=", date).where("id", "!=", except).execute();
  return rows.map(heldAt(berlinNow()));
}

/** `heldOn` with each reservation's id and channel, as the tables need them (decision 0053). */
export async function heldWithIdsOn(db: Db, date: string, except?: number): Promise<HeldReservation[]> {
  const rows = await holding(db)
    .select(["id", "source", "area_wish_id"])
    .where("reservation_date", "=", date)
    .$if(except !== undefined, (query) => query.where("id", "!=", except ?? 0))
    .execute();
  return rows.map(heldAt(berlinNow()));
}

/** A reservation's row as `heldWithIdsOn` reads it. */
export type StoredRow = Pick<
  Reservation,
  "id" | "reservation_date" | "reservation_time" | "party_size" | "status" | "source" | "area_wish_id"
>;

/** The row as `heldWithIdsOn` would answer it; undefined when it holds no seats (not read there). */
export function heldOfRow(row: StoredRow): HeldReservation | undefined {
  return holdsSeats(row.status) ? heldAt(berlinNow())(row) : undefined;
}

// Asked by every guest's request and availability question: compiled once (decision 0032).
const heldOnDate = compiledOnce((db: Db, values: { date: string }) =>
  holding(db).where("reservation_date", "=", values.date),
);

/**
 * `heldOn` as the rule needs it under `settings`: without a limit on seats or arrivals the rule
 * never looks at the reservations, so none are read (a busy date's hundreds of rows, per request).
 */
export function heldUnder(
  settings: Pick<ReservationSettings, "onlineSeats" | "arrivalsPerSlot"> | undefined,
  db: Db,
  date: string,
  except?: number,
): Promise<HeldReservation[]> {
  return limitsRoom(settings) ? heldOn(db, date, except) : Promise.resolve([]);
}

/**
 * The reservations holding seats from `from` to `to` (both included), per date; dates without any are
 * absent. `withIds`: each with its id and channel, as the tables need them (decision 0053).
 */
export async function heldBetween(
  db: Db,
  from: string,
  to: string,
  { withIds = false } = {},
): Promise<Map<string, HeldReservation[]>> {
  const rows = await (withIds ? holding(db).select(["id", "source", "area_wish_id"]) : holding(db))
    .where("reservation_date", ">=", from)
    .where("reservation_date", "<=", to)
    .execute();
  const byDate = new Map<string, HeldReservation[]>();
  const held = heldAt(berlinNow());
  for (const row of rows) {
    const day = byDate.get(row.reservation_date) ?? [];
    day.push(held(row));
    byDate.set(row.reservation_date, day);
  }
  return byDate;
}
