import { minutesOfClock } from "../../../lib/calendar.ts";
import { stayMinutesFor, type ReservationSettings, type ReservationStatus } from "../book/index.ts";
import type { SeatingUnit } from "../tables/index.ts";

/**
 * The evening on the plan (decision 0057): what each table is at one minute of today — free, due,
 * taken, freeing up or over its stay — from the day's parties and their stays. Pure and
 * browser-safe: the server draws the first screen with it, and the screen asks it again as its
 * clock runs.
 */

/** A party is 'Reserviert 19:30' on its table from this many minutes before its time. */
export const DUE_WITHIN_MINUTES = 30;
/** A seated party's table is 'Bald frei' from this many minutes before its stay ends. */
export const SOON_FREE_MINUTES = 15;

/** One of the day's parties as the plan weighs it. */
export interface EveningParty {
  id: number;
  name: string;
  partySize: number;
  /** 'HH:MM', the reserved time. */
  time: string;
  status: ReservationStatus;
  /** 'HH:MM' in Berlin when staff marked it 'Eingetroffen' today; none: not known (the reserved time counts). */
  arrivedAt?: string | undefined;
  /** The tables it takes; none: it has no table. */
  tableIds: readonly number[];
}

export type StayRules = Pick<ReservationSettings, "stayMinutes">;

interface Seated {
  party: EveningParty;
  /** 'HH:MM' it sits since, and when its stay ends. */
  since: string;
  until: string;
}

export type TableState =
  /** 'Frei'; `next` is the next party reserved on it today ('frei bis 20:30'). */
  | { kind: "free"; next?: EveningParty }
  /** 'Reserviert 19:30': a party due within `DUE_WITHIN_MINUTES` (or late, and not yet come). */
  | { kind: "due"; party: EveningParty; next?: EveningParty }
  /** 'Belegt seit 18:40', 'Bald frei', 'Überzogen'; `others`: more parties marked at it ('doppelt belegt'). */
  | ({ kind: "seated" | "soon-free" | "overdue"; others: EveningParty[]; next?: EveningParty } & Seated);

const DAY_END = 24 * 60;

export const clockOf = (minute: number): string => {
  const clamped = Math.max(0, Math.min(minute, DAY_END - 1));
  return `${String(Math.floor(clamped / 60)).padStart(2, "0")}:${String(clamped % 60).padStart(2, "0")}`;
};

const minuteOf = (time: string): number => minutesOfClock(time) ?? 0;

const awaited = (party: EveningParty) => party.status === "PENDING" || party.status === "CONFIRMED";

/** Where an arrived party sits: since it came (its reserved time when that is not known), for its stay. */
function seatedOf(rules: StayRules, party: EveningParty): Seated {
  const since = party.arrivedAt ?? party.time;
  return {
    party,
    since,
    until: clockOf(minuteOf(since) + stayMinutesFor(rules, party.partySize)),
  };
}

/**
 * Each table's state at `now` ('HH:MM') by its id. `parties` are the day's, in any order; those
 * that hold no table, and those that are done (left, cancelled, not come), change nothing.
 */
export function tableStates(
  rules: StayRules,
  tableIds: readonly number[],
  parties: readonly EveningParty[],
  now: string,
): Map<number, TableState> {
  const minute = minuteOf(now);
  const byTable = new Map<number, EveningParty[]>();
  const byTime = [...parties].sort((a, b) => a.time.localeCompare(b.time) || a.id - b.id);
  for (const party of byTime)
    for (const id of party.tableIds) byTable.set(id, [...(byTable.get(id) ?? []), party]);

  const states = new Map<number, TableState>();
  for (const id of tableIds) {
    const here = byTable.get(id) ?? [];
    const seated = here
      .filter((party) => party.status === "ARRIVED")
      .map((party) => seatedOf(rules, party))
      .sort((a, b) => a.since.localeCompare(b.since));
    const waiting = here.filter(awaited);
    const first = seated[0];
    if (first) {
      const next = waiting.find((party) => party.time >= first.since);
      const left = minuteOf(first.until) - minute;
      states.set(id, {
        kind: left <= 0 ? "overdue" : left <= SOON_FREE_MINUTES ? "soon-free" : "seated",
        ...first,
        others: seated.slice(1).map((one) => one.party),
        ...(next ? { next } : {}),
      });
      continue;
    }
    // Due: its time is within the next half hour, or passed while its stay would still run.
    const due = waiting.find((party) => {
      const from = minuteOf(party.time);
      return from - DUE_WITHIN_MINUTES <= minute && minute < from + stayMinutesFor(rules, party.partySize);
    });
    if (due) {
      const next = waiting.find((party) => party.time > due.time);
      states.set(id, { kind: "due", party: due, ...(next ? { next } : {}) });
      continue;
    }
    const next = waiting.find((party) => minuteOf(party.time) > minute);
    states.set(id, { kind: "free", ...(next ? { next } : {}) });
  }
  return states;
}

/** What the plan writes on a table: 'Frei', 'Reserviert 19:30', 'Belegt seit 18:40', 'Bald frei', 'Überzogen'. */
export function stateLabel(state: TableState): string {
  switch (state.kind) {
    case "free":
      return "Frei";
    case "due":
      return `Reserviert ${state.party.time}`;
    case "seated":
      return `Belegt seit ${state.since}`;
    case "soon-free":
      return "Bald frei";
    case "overdue":
      return "Überzogen";
  }
}

/** A table or combination a walk-in could sit at now. */
export interface TableProposal {
  unit: SeatingUnit;
  /** 'HH:MM' the next reservation on any of its tables comes; none: free for the rest of the day. */
  freeUntil?: string;
  /** It stays free for the party's whole stay. */
  wholeStay: boolean;
}

/**
 * Where a walk-in of `partySize` could sit at `now`, the best first: units that fit the party and
 * whose every table is free now (a table with a party due within half an hour is not); those free
 * for the whole stay first, then the fewest empty seats, fewer tables, and the host's order.
 */
export function proposeTables(
  rules: StayRules,
  units: readonly SeatingUnit[],
  states: ReadonlyMap<number, TableState>,
  partySize: number,
  now: string,
): TableProposal[] {
  const stayEnds = minuteOf(now) + stayMinutesFor(rules, partySize);
  const proposals: TableProposal[] = [];
  for (const unit of units) {
    if (partySize < unit.seatsMin || partySize > unit.seatsMax) continue;
    const tables = unit.tableIds.map((id) => states.get(id));
    if (tables.some((state) => state?.kind !== "free")) continue;
    const nexts = tables.flatMap((state) => (state?.kind === "free" && state.next ? [state.next.time] : []));
    const freeUntil = nexts.sort()[0];
    proposals.push({
      unit,
      ...(freeUntil ? { freeUntil } : {}),
      wholeStay: freeUntil === undefined || minuteOf(freeUntil) >= stayEnds,
    });
  }
  return proposals.sort(
    (a, b) =>
      Number(b.wholeStay) - Number(a.wholeStay) ||
      a.unit.seatsMax - b.unit.seatsMax ||
      a.unit.tableIds.length - b.unit.tableIds.length ||
      a.unit.rank - b.unit.rank,
  );
}
