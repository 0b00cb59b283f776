import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { DEFAULT_SETTINGS, lockReservationDay, type ReservationSettings } from "../book/index.server.ts";
import {
  placesBetween,
  readKeptFloorPlan,
  settleDay,
  storePlaces,
  unitsOn,
  type DaySeating,
  type FloorPlan,
  type StoredPlace,
} from "../tables/index.server.ts";
import { heldBetween, heldUnder, heldWithIdsOn } from "./held-seats.server.ts";
import { stayOf, type HeldReservation, type TablesByDate } from "./seat-rule.ts";

/**
 * The availability rule's view of the tables (decision 0053): once any table is drawn, each date's
 * parties are seated at its tables as the book seats them (`settleDay`), and a new party is asked
 * of that seating. Without tables, nothing changes: the reservations are read only when seats or
 * arrivals are limited, and the online seats decide.
 */

type Db = Kysely<Database>;
type StaySettings = Pick<ReservationSettings, "stayMinutes">;

/**
 * The day's parties at its tables: kept where they sit while that still works, the others given the
 * best fit (`settleDay`). A reservation read without its id is left out. A party at its table
 * ('Eingetroffen') is never moved.
 */
function settled(
  settings: StaySettings,
  held: readonly HeldReservation[],
  plan: FloorPlan,
  date: string,
  places: ReadonlyMap<number, StoredPlace>,
  last?: { id: number; online: boolean },
) {
  const parties = [];
  const stored = new Map<number, StoredPlace>();
  for (const reservation of held) {
    const stay = stayOf(settings, reservation);
    if (!stay || reservation.id === undefined) continue;
    parties.push({
      ...stay,
      id: reservation.id,
      partySize: reservation.partySize,
      online: reservation.online ?? false,
      ...(reservation.areaWish === undefined ? {} : { areaWish: reservation.areaWish }),
    });
    const place = places.get(reservation.id);
    if (place)
      stored.set(reservation.id, reservation.status === "ARRIVED" ? { ...place, fixed: true } : place);
  }
  return settleDay(unitsOn(plan, date), parties, stored, last);
}

/**
 * What the rule weighs on `date`: the reservations holding seats and, once tables are drawn, the
 * day seated at them (`except`: a changing reservation, left out as `heldOn` leaves it out).
 */
export async function holdingOn(
  settings: Pick<ReservationSettings, "stayMinutes" | "onlineSeats" | "arrivalsPerSlot"> | undefined,
  db: Db,
  date: string,
  except?: number,
): Promise<{ held: HeldReservation[]; tables?: DaySeating }> {
  const plan = await readKeptFloorPlan(db);
  if (plan.tables.length === 0) return { held: await heldUnder(settings, db, date, except) };
  const [held, places] = await Promise.all([heldWithIdsOn(db, date, except), placesBetween(db, date, date)]);
  return { held, tables: settled(settings ?? DEFAULT_SETTINGS, held, plan, date, places).seating };
}

/** `holdingOn` for the dates from `from` to `to`: the reservations per date, and each date's seating when tables are drawn. */
export async function holdingBetween(
  settings: StaySettings | undefined,
  db: Db,
  from: string,
  to: string,
): Promise<{ held: Map<string, HeldReservation[]>; tables?: TablesByDate }> {
  const plan = await readKeptFloorPlan(db);
  if (plan.tables.length === 0) return { held: await heldBetween(db, from, to) };
  const [held, places] = await Promise.all([
    heldBetween(db, from, to, { withIds: true }),
    placesBetween(db, from, to),
  ]);
  const rules = settings ?? DEFAULT_SETTINGS;
  return { held, tables: (date) => settled(rules, held.get(date) ?? [], plan, date, places).seating };
}

/**
 * Seats `date`'s parties at its tables after a change to that day, inside the transaction that wrote
 * it, with the date locked: unfixed parties move where that makes room, and the places are stored.
 * `changed`: the reservation just stored, or whose date, time, size or status changed — it keeps no
 * place it had (also one that holds nothing now) and is seated after all others, as the availability
 * answer weighed it: as a guest's request (`online`) or staff's. Nothing happens without tables.
 */
export async function seatTheDay(
  trx: Db,
  settings: StaySettings | undefined,
  date: string,
  changed?: { id: number; online: boolean },
): Promise<void> {
  const plan = await readKeptFloorPlan(trx);
  if (plan.tables.length === 0) return;
  // One seating at a time per date, whoever writes (decision 0031's lock).
  await lockReservationDay(trx, date);
  const [held, places] = await Promise.all([heldWithIdsOn(trx, date), placesBetween(trx, date, date)]);
  const { changes } = settled(settings ?? DEFAULT_SETTINGS, held, plan, date, places, changed);
  const gone =
    changed && places.has(changed.id) && !held.some((reservation) => reservation.id === changed.id)
      ? [{ id: changed.id, unit: null }]
      : [];
  if (changes.length + gone.length > 0) await storePlaces(trx, [...changes, ...gone]);
}
