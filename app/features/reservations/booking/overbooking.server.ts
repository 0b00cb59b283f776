import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { overbookingBy, type HeldReservation, type Overbooking } from "../availability/index.server.ts";
import { holdsSeats, type ReservationStatus } from "../book/index.server.ts";
import { holdingOn, stayFor, type TableSeating } from "../availability/index.server.ts";
import { lockReservationDay } from "../book/index.server.ts";
import type { Reservation } from "../book/index.server.ts";
import { DEFAULT_SETTINGS, type ReservationSettings } from "../book/index.server.ts";

/**
 * 'Überbucht: … Trotzdem speichern?' (docs/product/reservations.md#staff-results): a staff change
 * that would hold more seats than the online seats at some moment of its stay is asked about first.
 * The question is asked in the transaction that writes, after the date is locked as a guest's request
 * locks it (decision 0031), so two staff saves — or a staff save and a guest's request — for the same
 * date are weighed one after the other and cannot both pass on the same free seats.
 */

/** The change was not written: it would overbook `overbooking.time`. */
export class OverbookingError extends Error {
  readonly overbooking: Overbooking;
  constructor(overbooking: Overbooking) {
    super(`Überbucht um ${overbooking.time}: ${overbooking.seats} von ${overbooking.onlineSeats} Plätzen`);
    this.name = "OverbookingError";
    this.overbooking = overbooking;
  }
}

/** Where a reservation sits in its day, as the capacity rule weighs it (decision 0031). */
export interface Placement {
  date: string;
  time: string;
  partySize: number;
  status: ReservationStatus;
}

export const placementOf = (
  row: Pick<Reservation, "reservation_date" | "reservation_time" | "party_size" | "status">,
): Placement => ({
  date: row.reservation_date,
  time: row.reservation_time,
  partySize: row.party_size,
  status: row.status,
});

/** A staff change to weigh: `before` is the stored reservation (none for a new one), `after` what it becomes. */
export interface StaffPlacement {
  id: number | undefined;
  before: Placement | undefined;
  after: Placement;
  /** Staff answered 'Trotzdem speichern' (or seat guests at the door, decision 0034): nothing is refused. */
  override: boolean;
}

const held = ({ time, partySize, status }: Placement): HeldReservation => ({ time, partySize, status });

/**
 * Weighs a staff entry or change inside its transaction, before it is written: when the settings
 * limit seats or arrivals and the change holds seats, its date is locked first; the overbooking it
 * would cause is answered (nothing when it fits, when the settings limit nothing, or with
 * `override` — the date is still locked then, so a guest's request that arrives meanwhile counts
 * these seats too). The caller refuses an overbooking by throwing `OverbookingError`, which rolls
 * the transaction back.
 */
export async function weighStaffChange(
  trx: Kysely<Database>,
  settings: Pick<ReservationSettings, "stayMinutes" | "onlineSeats" | "arrivalsPerSlot"> | undefined,
  { id, before, after, override }: StaffPlacement,
): Promise<Overbooking | undefined> {
  if (!holdsSeats(after.status)) return undefined;
  // Always locked: once tables are drawn the change is seated at them after it is written.
  await lockReservationDay(trx, after.date);
  if (override) return undefined;
  const { held: others, tables } = await holdingOn(settings, trx, after.date, id);
  if (tables) return noTableFor(settings ?? DEFAULT_SETTINGS, tables, before, after);
  if (!settings || settings.onlineSeats === null) return undefined;
  const was = before && before.date === after.date ? [...others, held(before)] : others;
  return overbookingBy(settings, was, [...others, held(after)]);
}

/**
 * With tables (decision 0053): a change that seats a party anew — a new one, or one whose date, time or
 * size changes, or that holds seats again — is asked about when no table or combination is free for it.
 */
function noTableFor(
  settings: Pick<ReservationSettings, "stayMinutes">,
  tables: TableSeating,
  before: Placement | undefined,
  after: Placement,
): Overbooking | undefined {
  const unchanged =
    before !== undefined &&
    holdsSeats(before.status) &&
    before.date === after.date &&
    before.time === after.time &&
    before.partySize === after.partySize;
  if (unchanged) return undefined;
  const stay = stayFor(settings, after.time, after.partySize);
  const seated = stay && tables.seat({ ...stay, partySize: after.partySize, online: false });
  return seated ? undefined : { time: after.time, seats: 0, onlineSeats: 0, noTableFor: after.partySize };
}
