import { overbookingBy, type HeldReservation, type Overbooking } from "./availability.ts";
import { HOLDING_STATUSES } from "./constants.ts";
import { heldOn, lockReservationDay } from "./availability.server.ts";
import type { ChangeCheck, Placement } from "./reservations.server.ts";
import type { ReservationSettings } from "./settings.ts";

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

const holds = (status: Placement["status"]) => (HOLDING_STATUSES as readonly string[]).includes(status);

const held = ({ time, partySize, status }: Placement): HeldReservation => ({ time, partySize, status });

/**
 * The check for `createStaffReservation` and `updateReservation`; undefined when the settings limit
 * nothing (a fresh installation never asks). With `override` (staff answered 'Trotzdem speichern')
 * the date is still locked, so a guest's request that arrives meanwhile counts these seats too, but
 * nothing is refused.
 */
export function overbookingCheck(
  settings: Pick<ReservationSettings, "stayMinutes" | "onlineSeats" | "arrivalsPerSlot">,
  override: boolean,
): ChangeCheck | undefined {
  if (settings.onlineSeats === null && settings.arrivalsPerSlot === null) return undefined;
  return async (trx, { id, before, after }) => {
    if (!holds(after.status)) return;
    await lockReservationDay(trx, after.date);
    if (override || settings.onlineSeats === null) return;
    const others = await heldOn(trx, after.date, id);
    const was = before && before.date === after.date ? [...others, held(before)] : others;
    const found = overbookingBy(settings, was, [...others, held(after)]);
    if (found) throw new OverbookingError(found);
  };
}
