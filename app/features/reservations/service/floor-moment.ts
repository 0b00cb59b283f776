import { berlinNow } from "../../../lib/calendar.ts";
import { stayClassOf, stayMinutesFor } from "../book/index.ts";
import type { ServiceDay, ServiceEntry, ServiceFloor } from "./evening.ts";
import {
  proposeTables,
  tableStates,
  type EveningParty,
  type TableProposal,
  type TableState,
} from "./table-states.ts";

/**
 * The evening on the plan at the screen's clock (decision 0057): the day's parties as the plan weighs
 * them, each table's state, the stays the waits count with, and the tables proposed for a walk-in.
 * Pure and browser-safe: the screen works these out on every tick of its clock and every live update.
 */

/** What 'Service' needs to draw the plan at one moment. */
export interface FloorMoment {
  day: ServiceDay;
  floor: ServiceFloor;
  /** The screen's clock. */
  now: Date;
}

/** The party of an entry, as the plan weighs it. */
const partyOf = (entry: ServiceEntry): EveningParty => ({
  id: entry.id,
  name: entry.name,
  partySize: entry.partySize,
  time: entry.time,
  status: entry.status,
  arrivedAt: entry.arrivedAt,
  tableIds: entry.tableIds ?? [],
});

/** The day's parties as the plan weighs them. */
export const floorParties = (day: ServiceDay): EveningParty[] =>
  day.slots.flatMap((slot) => slot.entries.map(partyOf));

/** How long a party stays, for the waits: the observed stay of its size where there is one, else the configured. */
export const stayOfFloor =
  (floor: ServiceFloor) =>
  (partySize: number): number =>
    floor.observedStays[stayClassOf(partySize)] ?? stayMinutesFor(floor.stays, partySize);

/** The clock the plan is read at: now today, the start of any other day (nobody sits yet). */
export const floorTime = (day: ServiceDay, now: Date) =>
  day.date === day.today ? berlinNow(now).time : "00:00";

/** Each table's state at the screen's clock. */
export function floorStates({ day, floor, now }: FloorMoment): Map<number, TableState> {
  return tableStates(
    floor.stays,
    floor.tables.map((table) => table.id),
    floorParties(day),
    floorTime(day, now),
  );
}

/** A table the walk-in form proposes: its key, its name, and until when it is free. */
export interface WalkInProposal extends Omit<TableProposal, "unit"> {
  key: string;
  label: string;
}

/** Where a walk-in of `size` could sit now, the best first (`proposeTables`). */
export function walkInProposals(moment: FloorMoment, size: number): WalkInProposal[] {
  return proposeTables(
    moment.floor.stays,
    moment.floor.units,
    floorStates(moment),
    size,
    floorTime(moment.day, moment.now),
  ).map(({ unit, ...rest }) => ({
    ...rest,
    key: unit.key,
    label: moment.floor.unitLabels[unit.key] ?? unit.key,
  }));
}
