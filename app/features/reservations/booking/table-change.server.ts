import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { formatDate } from "../../../lib/format.ts";
import { transactAgainIfReferenceGone } from "../../../lib/storage-errors.server.ts";
import { holdingOn, seatTheDay, stayFor } from "../availability/index.server.ts";
import {
  DEFAULT_SETTINGS,
  findReservation,
  holdsSeats,
  lockReservationDay,
  noteFreeSeatsChanged,
  recordReservationEvent,
  type ReservationSettings,
} from "../book/index.server.ts";
import {
  fixPlace,
  placeOf,
  planMessages as M,
  readFloorPlan,
  seatsLabel,
  unitLabel,
  unitsOn,
  type UnitKey,
} from "../tables/index.server.ts";

/**
 * 'Tisch ändern' (decision 0053): staff put a reservation at a table or combination of their choice,
 * which fixes it there (the book never moves it to make room), or let the book choose again. Weighed
 * and written with the date locked, against the place's version the screen showed: of two staff
 * moving one reservation at once, the later is told it changed meanwhile. A table that is taken or
 * too small for the party is asked about first ('Tisch 4 ist um 19:00 belegt. Trotzdem zuweisen?');
 * unfixed parties in its way are seated elsewhere by the day's next seating.
 */

export interface TableChange {
  id: number;
  /** The chosen table or combination; 'auto': the book chooses. */
  unit: UnitKey | "auto";
  /** The place's version the screen showed ('' for none). */
  version: string;
  /** 'Trotzdem zuweisen'. */
  override: boolean;
}

export type TableChangeResult =
  | { done: true; message: string }
  | { question: string }
  | { refused: string; status: 400 | 404 | 409; changedMeanwhile?: true; gone?: true };

/** Why a change ended inside the transaction: it rolls back whatever was written before. */
class Ended extends Error {
  readonly result: TableChangeResult;
  constructor(result: TableChangeResult) {
    super("table change ended");
    this.result = result;
  }
}
const end = (result: TableChangeResult): never => {
  throw new Ended(result);
};

export async function changeTable(
  db: Kysely<Database>,
  change: TableChange,
  settings: ReservationSettings | undefined,
): Promise<TableChangeResult> {
  try {
    // Once more when the table was deleted meanwhile: then it is gone (decision 0056).
    const result = await transactAgainIfReferenceGone(db, async (trx): Promise<TableChangeResult> => {
      const found = await findReservation(trx, change.id);
      const current = found ?? end({ refused: "", status: 404, gone: true });
      if (!holdsSeats(current.status)) return end({ refused: M.notHolding, status: 400 });
      const date = current.reservation_date;
      await lockReservationDay(trx, date);
      // Read again behind the date's lock: a change that moved it to another day meanwhile wins.
      const locked = await findReservation(trx, change.id);
      if (!locked || locked.reservation_date !== date || !holdsSeats(locked.status))
        return end({ refused: "", status: 409, changedMeanwhile: true });
      const stored = await placeOf(trx, change.id);
      if ((stored?.version ?? "") !== change.version)
        return end({ refused: "", status: 409, changedMeanwhile: true });
      const plan = await readFloorPlan(trx);
      if (plan.tables.length === 0) return end({ refused: M.noTables, status: 400 });
      const name = current.customer_name;

      if (change.unit === "auto") {
        await fixPlace(trx, change.id, null);
        await seatTheDay(trx, settings, date);
        await recordReservationEvent(trx, { kind: "changed", reservationId: change.id, date });
        const now = await placeOf(trx, change.id);
        const label = (now && unitLabel(plan, now.unit)) ?? M.noTable;
        return { done: true, message: M.tableChosenAgain(label, name) };
      }

      const label = unitLabel(plan, change.unit) ?? end({ refused: M.tableGone, status: 404 });
      const target = unitsOn(plan, date).find((unit) => unit.key === change.unit);
      if (!target) return end({ refused: M.tableClosedOn(label, formatDate(date)), status: 400 });
      if (!change.override) {
        if (current.party_size < target.seatsMin || current.party_size > target.seatsMax)
          return { question: M.tableTooSmall(label, seatsLabel(target)) };
        const rules = settings ?? DEFAULT_SETTINGS;
        const stay = stayFor(rules, current.reservation_time, current.party_size);
        const { tables } = await holdingOn(rules, trx, date, change.id);
        if (stay && tables && !tables.isFree(target, stay))
          return { question: M.tableTaken(label, current.reservation_time) };
      }
      await fixPlace(trx, change.id, change.unit);
      // Parties in its way that are not fixed are seated again, elsewhere if there is room.
      await seatTheDay(trx, settings, date);
      await recordReservationEvent(trx, { kind: "changed", reservationId: change.id, date });
      return { done: true, message: M.tableAssigned(label, name) };
    });
    if ("done" in result) noteFreeSeatsChanged();
    return result;
  } catch (error) {
    if (error instanceof Ended) return error.result;
    throw error;
  }
}
