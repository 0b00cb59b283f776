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
  type PlaceChange,
  type StoredPlace,
} from "../tables/index.server.ts";
import { heldBetween, heldOfRow, heldUnder, heldWithIdsOn, type StoredRow } from "./held-seats.server.ts";
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

/** A date's parties holding seats and their places, as read (or stored) in one transaction. */
interface DayRead {
  held: HeldReservation[];
  places: ReadonlyMap<number, StoredPlace>;
  /**
   * The day seated, once asked. Requests only ask it (`seat`), which puts every party back where it
   * sat and answers the same however often it was asked, so it serves each request of the group.
   */
  seated?: { plan: FloorPlan; stays: string; seating: DaySeating };
}

/**
 * The dates read by the guests' requests of one shared transaction (decision 0055), kept from one
 * request to the next: with the date locked nobody else writes it, so what one request read — or
 * stored: `seatTheDay` keeps the day as it leaves it — is what the next would read. Whoever holds
 * it tells it of every reservation it writes (`stored`) before asking again.
 */
export class KeptDays {
  private readonly days = new Map<string, DayRead>();

  get(date: string): DayRead | undefined {
    return this.days.get(date);
  }

  keep(date: string, day: DayRead): void {
    this.days.set(date, day);
  }

  /**
   * A new reservation was written: its date is kept with it (as `heldWithIdsOn` would read it, when
   * it holds seats), every other date forgotten.
   */
  stored(reservation: StoredRow): void {
    const day = this.days.get(reservation.reservation_date);
    this.days.clear();
    if (!day) return;
    const held = heldOfRow(reservation);
    if (!held) return this.keep(reservation.reservation_date, day);
    const before = day.held.filter((other) => other.time <= held.time);
    const after = day.held.slice(before.length);
    this.keep(reservation.reservation_date, { places: day.places, held: [...before, held, ...after] });
  }
}

/**
 * What the rule weighs on `date`: the reservations holding seats and, once tables are drawn, the
 * day seated at them (`except`: a changing reservation, left out as `heldOn` leaves it out).
 * `kept`: inside a transaction that locked the date, what was read there before (decision 0055).
 */
export async function holdingOn(
  settings: Pick<ReservationSettings, "stayMinutes" | "onlineSeats" | "arrivalsPerSlot"> | undefined,
  db: Db,
  date: string,
  except?: number,
  kept?: KeptDays,
): Promise<{ held: HeldReservation[]; tables?: DaySeating }> {
  const plan = await readKeptFloorPlan(db);
  if (plan.tables.length === 0) return { held: await heldUnder(settings, db, date, except) };
  const rules = settings ?? DEFAULT_SETTINGS;
  const known = except === undefined ? kept?.get(date) : undefined;
  const day = known ?? (await readDay(db, date, except));
  const { held, places, seated } = day;
  // Seated under the same plan and stays (each request brings its own copy of the settings).
  const stays = JSON.stringify(rules.stayMinutes);
  if (seated?.plan === plan && seated.stays === stays) return { held, tables: seated.seating };
  const { seating } = settled(rules, held, plan, date, places);
  if (except === undefined) kept?.keep(date, { held, places, seated: { plan, stays, seating } });
  return { held, tables: seating };
}

async function readDay(db: Db, date: string, except?: number): Promise<DayRead> {
  const [held, places] = await Promise.all([heldWithIdsOn(db, date, except), placesBetween(db, date, date)]);
  return { held, places };
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
  /** Given the day as this leaves it, for the next request of a shared transaction (decision 0055). */
  kept?: KeptDays,
): Promise<void> {
  const plan = await readKeptFloorPlan(trx);
  if (plan.tables.length === 0) return;
  // One seating at a time per date, whoever writes (decision 0031's lock).
  await lockReservationDay(trx, date);
  const { held, places } = kept?.get(date) ?? (await readDay(trx, date));
  const { changes } = settled(settings ?? DEFAULT_SETTINGS, held, plan, date, places, changed);
  const gone =
    changed && places.has(changed.id) && !held.some((reservation) => reservation.id === changed.id)
      ? [{ id: changed.id, unit: null }]
      : [];
  const stored = [...changes, ...gone];
  if (stored.length > 0) await storePlaces(trx, stored);
  if (kept) kept.keep(date, { held, places: placesAfter(places, stored) });
}

/** `places` with `changes` stored (`storePlaces`: not fixed): what reading them again would answer. */
function placesAfter(
  places: ReadonlyMap<number, StoredPlace>,
  changes: readonly PlaceChange[],
): Map<number, StoredPlace> {
  const after = new Map(places);
  for (const { id, unit } of changes)
    if (unit === null) after.delete(id);
    else after.set(id, { unit, fixed: false });
  return after;
}
