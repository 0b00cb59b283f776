import { minutesOfClock } from "../../../lib/calendar.ts";
import type { SeatingUnit } from "../tables/index.ts";
import type { EveningParty } from "./table-states.ts";

/**
 * How long the parties at the door wait (decision 0057): the evening played forward from now. Every
 * table is busy while its party sits (until its stay ends; one over its stay is taken to leave within
 * `OVERDUE_GRACE_MINUTES`) and while a reserved party will sit; the waiting parties, in the order they
 * came, each take the table or combination that fits them and is free soonest for their whole stay.
 * Pure and browser-safe: the screen asks it again as its clock runs and tables free up.
 */

/** A party over its stay is taken to leave within this many minutes. */
export const OVERDUE_GRACE_MINUTES = 5;

export interface WaitingParty {
  id: number;
  partySize: number;
}

export interface WaitEstimate {
  /** Minutes from now until a table is free for the party's stay; 0: one is free now ('Tisch bereit'). */
  minutes: number;
  /** The table or combination it would get. */
  unit: SeatingUnit;
}

interface Busy {
  from: number;
  to: number;
}

/** Minutes a party of `partySize` stays: the observed figure where there is one, else the configured. */
export type StayOf = (partySize: number) => number;

const minuteOf = (time: string) => minutesOfClock(time) ?? 0;

/** Each table's busy spans from `now` on, from the day's parties. */
function busyTables(stayOf: StayOf, parties: readonly EveningParty[], now: number): Map<number, Busy[]> {
  const busy = new Map<number, Busy[]>();
  const add = (tableIds: readonly number[], span: Busy) => {
    if (span.to <= now) return;
    for (const id of tableIds) busy.set(id, [...(busy.get(id) ?? []), span]);
  };
  for (const party of parties) {
    if (party.tableIds.length === 0) continue;
    if (party.status === "ARRIVED") {
      const ends = minuteOf(party.arrivedAt ?? party.time) + stayOf(party.partySize);
      add(party.tableIds, { from: now, to: Math.max(ends, now + OVERDUE_GRACE_MINUTES) });
    } else if (party.status === "PENDING" || party.status === "CONFIRMED") {
      // A party late and not yet come still comes, and then stays its whole stay.
      const from = Math.max(minuteOf(party.time), now);
      add(party.tableIds, { from, to: from + stayOf(party.partySize) });
    }
  }
  return busy;
}

/** The first minute from `now` at which every table of `unit` is free for `stay` minutes. */
function freeFrom(unit: SeatingUnit, busy: ReadonlyMap<number, readonly Busy[]>, now: number, stay: number) {
  const spans = unit.tableIds.flatMap((id) => busy.get(id) ?? []);
  const candidates = [now, ...spans.map((span) => span.to).filter((end) => end > now)].sort((a, b) => a - b);
  return (
    candidates.find((start) => spans.every((span) => span.to <= start || start + stay <= span.from)) ??
    Math.max(now, ...spans.map((span) => span.to))
  );
}

/**
 * The wait of each party at the door at `now` ('HH:MM'), by its id; a party no table or combination
 * of the day fits is left out. `waiting` in the order the parties came: an earlier one gets its
 * table first.
 */
export function estimateWaits(
  stayOf: StayOf,
  units: readonly SeatingUnit[],
  parties: readonly EveningParty[],
  waiting: readonly WaitingParty[],
  now: string,
): Map<number, WaitEstimate> {
  const start = minuteOf(now);
  const busy = busyTables(stayOf, parties, start);
  const estimates = new Map<number, WaitEstimate>();
  for (const party of waiting) {
    const stay = stayOf(party.partySize);
    let best: { unit: SeatingUnit; from: number } | undefined;
    for (const unit of units) {
      if (party.partySize < unit.seatsMin || party.partySize > unit.seatsMax) continue;
      const from = freeFrom(unit, busy, start, stay);
      const better =
        !best ||
        from < best.from ||
        (from === best.from &&
          (unit.seatsMax - best.unit.seatsMax ||
            unit.tableIds.length - best.unit.tableIds.length ||
            unit.rank - best.unit.rank) < 0);
      if (better) best = { unit, from };
    }
    if (!best) continue;
    estimates.set(party.id, { minutes: best.from - start, unit: best.unit });
    for (const id of best.unit.tableIds)
      busy.set(id, [...(busy.get(id) ?? []), { from: best.from, to: best.from + stay }]);
  }
  return estimates;
}

/** 'ca. 25 Min.': a wait rounded up to five minutes. */
export const waitLabel = (minutes: number): string => `ca. ${Math.max(5, Math.ceil(minutes / 5) * 5)} Min.`;
