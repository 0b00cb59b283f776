import { areaClosureOn, type FloorPlan } from "./floor-plan.ts";

/**
 * Which table a party sits at (decision 0052): the rule the availability answer, the server's
 * check when it stores and the assignment share. Pure and browser-safe.
 *
 * - A **unit** is a table or a combination of tables; a combination takes all of its tables.
 * - A party fits a unit when the unit seats it (seats from ≤ party ≤ seats to).
 * - A unit is free for a stay when none of its tables is held by a seated party at any moment of it.
 * - The best fit is the unit that wastes the fewest seats; among equals a single table before a
 *   combination, fewer tables before more, then the areas' order and the names' — so combinations
 *   and large tables stay free for the parties that need them.
 * - When no unit is free, parties not fixed to their table may move to another free unit of their
 *   own area that fits them (at their own time), if that frees a unit for the new party; the moves
 *   are part of the answer. Staff fix a party by choosing its table; a party at its table is fixed.
 * - A guest who chose an area ('Bereichswunsch', decision 0054) is asked for that area only; once
 *   stored, the party is seated there first, elsewhere only when its area has no place left (staff
 *   changed it, or the area closed).
 */

/** `t12` a table, `c3` a combination. */
export type UnitKey = `t${number}` | `c${number}`;

export const tableKey = (id: number): UnitKey => `t${id}`;
export const combinationKey = (id: number): UnitKey => `c${id}`;

export interface SeatingUnit {
  key: UnitKey;
  areaId: number;
  /** The tables it takes. */
  tableIds: readonly number[];
  seatsMin: number;
  seatsMax: number;
  /** Guests may book it online: every table, and its area, are online bookable. */
  online: boolean;
  /** The host's order: the areas' order, then the names'. */
  rank: number;
}

/** A stay on the day in minutes after midnight, [from, to). */
export interface Stay {
  from: number;
  to: number;
}

export interface SeatedParty extends Stay {
  id: number;
  partySize: number;
  /** Where it sits; null: nowhere yet (it holds no table). */
  unit: UnitKey | null;
  /** Staff chose its table, or it is at the table: it is not moved. */
  fixed: boolean;
  /** It came through the website: moved only to units guests may book. */
  online: boolean;
  /** The area its guest chose ('Bereichswunsch', decision 0054): seated there when any unit there fits. */
  areaWish?: number;
}

export interface SeatRequest extends Stay {
  partySize: number;
  /** Through the website: only units guests may book. */
  online: boolean;
  /** Only this area ('Bereichswunsch'). */
  areaId?: number | undefined;
}

export interface Seating {
  unit: SeatingUnit;
  /** Parties that move to make room, each to its new unit. */
  moves: Array<{ id: number; unit: UnitKey }>;
}

/** The units of a date: the tables and combinations of the areas open on it, in the host's order. */
export function unitsOn(plan: FloorPlan, date: string): SeatingUnit[] {
  const areaRank = new Map(plan.areas.map((area, index) => [area.id, index]));
  const open = new Map(
    plan.areas.filter((area) => areaClosureOn(area, date) === undefined).map((area) => [area.id, area]),
  );
  const tables = new Map(plan.tables.map((table, index) => [table.id, { table, index }]));
  const units: SeatingUnit[] = [];
  for (const { table, index } of tables.values()) {
    const area = open.get(table.areaId);
    if (!area) continue;
    units.push({
      key: tableKey(table.id),
      areaId: table.areaId,
      tableIds: [table.id],
      seatsMin: table.seatsMin,
      seatsMax: table.seatsMax,
      online: area.onlineBookable && table.onlineBookable,
      rank: (areaRank.get(table.areaId) ?? 0) * 10_000 + index,
    });
  }
  for (const combination of plan.combinations) {
    const area = open.get(combination.areaId);
    const members = combination.tableIds.map((id) => tables.get(id)?.table);
    if (!area || members.some((member) => member === undefined)) continue;
    units.push({
      key: combinationKey(combination.id),
      areaId: combination.areaId,
      tableIds: combination.tableIds,
      seatsMin: combination.seatsMin,
      seatsMax: combination.seatsMax,
      online: area.onlineBookable && members.every((member) => member?.onlineBookable),
      rank: (areaRank.get(combination.areaId) ?? 0) * 10_000 + 5_000 + combination.id,
    });
  }
  return units.sort(byFit(0));
}

/** Best fit first for a party of `partySize` (see above); 0 sorts by the host's order only. */
const byFit = (partySize: number) => (a: SeatingUnit, b: SeatingUnit) =>
  a.seatsMax - partySize - (b.seatsMax - partySize) ||
  a.tableIds.length - b.tableIds.length ||
  a.rank - b.rank;

const fits = (unit: SeatingUnit, partySize: number) =>
  unit.seatsMin <= partySize && partySize <= unit.seatsMax;
const overlaps = (a: Stay, b: Stay) => a.from < b.to && b.from < a.to;

/**
 * How many units a search may try before it gives up: a day's answer stays fast on any plan. A full
 * evening spends it on every time it is asked, so it bounds the cost of a refusal: at 400 the
 * bench's 200 guests at once took 315 ms at the 99th percentile on SQLite, at 150 245 ms, and the
 * one- and two-move cases of the tests and the bench are still found (`npm run bench -- tables`).
 */
const SEARCH_BUDGET = 150;
/** How far moves may chain: a party moves, and the one in its way moves too. */
const MOVE_DEPTH = 2;

/**
 * Who sits where on one date: built once from the day's seated parties, asked for each time. Parties
 * whose unit is not among `units` (a closed area, a deleted table) hold nothing here.
 */
export class DaySeating {
  private readonly units: readonly SeatingUnit[];
  private readonly unitByKey: Map<UnitKey, SeatingUnit>;
  /** Per table, the parties holding it. */
  private readonly holders = new Map<number, SeatedParty[]>();
  private readonly parties: Map<number, SeatedParty>;
  /** The units that seat a party of a size, best fit first, per size, channel and area. */
  private readonly fitting = new Map<string, SeatingUnit[]>();

  constructor(units: readonly SeatingUnit[], parties: readonly SeatedParty[]) {
    this.units = units;
    this.unitByKey = new Map(units.map((unit) => [unit.key, unit]));
    // Copies: trying moves changes where they sit, never the caller's parties.
    const own = parties.map((party) => ({ ...party }));
    this.parties = new Map(own.map((party) => [party.id, party]));
    for (const party of own) this.hold(party, party.unit);
  }

  /** Seats the party numbered `id` as `seating` says, with its moves. */
  apply(id: number, seating: Seating): void {
    for (const move of [...seating.moves, { id, unit: seating.unit.key }]) {
      const party = this.parties.get(move.id);
      if (!party) continue;
      this.release(party, party.unit);
      party.unit = move.unit;
      this.hold(party, move.unit);
    }
  }

  /** Where every party sits now (null: nowhere), by id. */
  placements(): Map<number, UnitKey | null> {
    return new Map([...this.parties.values()].map((party) => [party.id, party.unit]));
  }

  /** The unit a party sits at, as seated now. */
  unitOf(id: number): SeatingUnit | undefined {
    const key = this.parties.get(id)?.unit;
    return key ? this.unitByKey.get(key) : undefined;
  }

  private unitsFitting(partySize: number, online: boolean, areaId: number | undefined): SeatingUnit[] {
    const key = `${partySize}|${online ? 1 : 0}|${areaId ?? ""}`;
    let units = this.fitting.get(key);
    if (!units) {
      units = this.units
        .filter(
          (unit) =>
            fits(unit, partySize) &&
            (!online || unit.online) &&
            (areaId === undefined || unit.areaId === areaId),
        )
        .sort(byFit(partySize));
      this.fitting.set(key, units);
    }
    return units;
  }

  private hold(party: SeatedParty, key: UnitKey | null) {
    const unit = key ? this.unitByKey.get(key) : undefined;
    if (!unit) return;
    for (const table of unit.tableIds) {
      const list = this.holders.get(table) ?? [];
      list.push(party);
      this.holders.set(table, list);
    }
  }

  private release(party: SeatedParty, key: UnitKey | null) {
    const unit = key ? this.unitByKey.get(key) : undefined;
    if (!unit) return;
    for (const table of unit.tableIds) {
      const list = this.holders.get(table);
      if (list)
        this.holders.set(
          table,
          list.filter((other) => other !== party),
        );
    }
  }

  /**
   * The parties in the way of `unit` for `stay` (each once), by id: the search tries them in this
   * order and never goes back, so it must not depend on the order a table's holders were put back in
   * after a question — a seating asked many questions answers as a new one would (decision 0055).
   */
  private blockersOf(unit: SeatingUnit, stay: Stay, except?: number): SeatedParty[] {
    const found = new Set<SeatedParty>();
    for (const table of unit.tableIds)
      for (const party of this.holders.get(table) ?? [])
        if (party.id !== except && overlaps(party, stay)) found.add(party);
    return [...found].sort((a, b) => a.id - b.id);
  }

  /** Whether `unit` is free for `stay` (`except`: a party whose own stay does not count, when it changes). */
  isFree(unit: SeatingUnit, stay: Stay, except?: number): boolean {
    for (const table of unit.tableIds)
      for (const party of this.holders.get(table) ?? [])
        if (party.id !== except && overlaps(party, stay)) return false;
    return true;
  }

  /**
   * The best unit for a request: a free one if there is, else the one that moving unfixed parties
   * frees with the fewest moves (among as few, the best fit); undefined when none. `except`: the party that asks, when
   * a stored reservation changes (its own stay is not in its way).
   */
  seat(request: SeatRequest, except?: number): Seating | undefined {
    // The party that asks (a stored reservation changing) is taken off its table for the question:
    // its own place is free to it, and the search never moves it.
    const asking = except === undefined ? undefined : this.parties.get(except);
    if (asking) this.release(asking, asking.unit);
    try {
      const candidates = this.unitsFitting(request.partySize, request.online, request.areaId);
      const free = candidates.find((unit) => this.isFree(unit, request));
      if (free) return { unit: free, moves: [] };
      const budget = { left: SEARCH_BUDGET };
      let best: Seating | undefined;
      for (const unit of candidates) {
        const moves = this.freeUnit(unit, request, undefined, MOVE_DEPTH, budget);
        if (moves && (!best || moves.length < best.moves.length)) best = { unit, moves };
        if (best?.moves.length === 1 || budget.left <= 0) break;
      }
      return best;
    } finally {
      if (asking) this.hold(asking, asking.unit);
    }
  }

  /**
   * The moves that free `unit` for `stay`, tried on this seating and undone before returning; or
   * undefined when a party in the way is fixed or finds no other unit.
   */
  private freeUnit(
    unit: SeatingUnit,
    stay: Stay,
    except: number | undefined,
    depth: number,
    budget: { left: number },
    taken: ReadonlySet<number> = new Set(),
  ): Array<{ id: number; unit: UnitKey }> | undefined {
    budget.left -= 1;
    if (depth === 0 || budget.left < 0) return undefined;
    const blockers = this.blockersOf(unit, stay, except);
    if (blockers.some((party) => party.fixed)) return undefined;
    const forbidden = new Set([...taken, ...unit.tableIds]);
    const done: Array<{ party: SeatedParty; from: UnitKey | null; to: UnitKey }> = [];
    const undo = () => {
      for (const move of done.reverse()) {
        this.release(move.party, move.to);
        move.party.unit = move.from;
        this.hold(move.party, move.from);
      }
    };
    const moves: Array<{ id: number; unit: UnitKey }> = [];
    for (const party of blockers) {
      const placed = this.moveElsewhere(party, forbidden, depth - 1, budget);
      if (!placed) {
        undo();
        return undefined;
      }
      done.push(...placed.done);
      moves.push(...placed.moves);
    }
    undo();
    return moves;
  }

  /** Puts `party` at another unit of its area, avoiding `forbidden` tables; the moves stay applied. */
  private moveElsewhere(
    party: SeatedParty,
    forbidden: ReadonlySet<number>,
    depth: number,
    budget: { left: number },
  ):
    | {
        done: Array<{ party: SeatedParty; from: UnitKey | null; to: UnitKey }>;
        moves: Array<{ id: number; unit: UnitKey }>;
      }
    | undefined {
    const area = party.unit ? this.unitByKey.get(party.unit)?.areaId : undefined;
    const options = this.unitsFitting(party.partySize, party.online, area).filter(
      (unit) => unit.key !== party.unit && unit.tableIds.every((table) => !forbidden.has(table)),
    );
    const from = party.unit;
    this.release(party, from);
    for (const unit of options) {
      budget.left -= 1;
      if (budget.left < 0) break;
      if (this.isFree(unit, party, party.id)) {
        party.unit = unit.key;
        this.hold(party, unit.key);
        return { done: [{ party, from, to: unit.key }], moves: [{ id: party.id, unit: unit.key }] };
      }
    }
    if (depth > 0)
      for (const unit of options) {
        if (budget.left < 0) break;
        const chained = this.freeUnit(unit, party, party.id, depth, budget, forbidden);
        if (!chained) continue;
        // Apply the chained moves for real, then seat the party.
        const done: Array<{ party: SeatedParty; from: UnitKey | null; to: UnitKey }> = [];
        for (const move of chained) {
          const other = this.parties.get(move.id);
          if (!other) continue;
          done.push({ party: other, from: other.unit, to: move.unit });
          this.release(other, other.unit);
          other.unit = move.unit;
          this.hold(other, move.unit);
        }
        party.unit = unit.key;
        this.hold(party, unit.key);
        return {
          done: [...done, { party, from, to: unit.key }],
          moves: [...chained, { id: party.id, unit: unit.key }],
        };
      }
    this.hold(party, from);
    return undefined;
  }
}

/** A party's place as stored: where it sits and whether staff fixed it there. */
export interface StoredPlace {
  unit: UnitKey;
  fixed: boolean;
}

/** A changed place to store: null takes the party off its table (it fits none). */
export interface PlaceChange {
  id: number;
  unit: UnitKey | null;
}

/**
 * The day as it should be seated (decision 0053): every party keeps its stored place while it still
 * fits it and nobody before it holds the table; staff's choices first, then in the order the parties
 * were stored. A place on a table not offered that day (its area closed) is left as it is, holding
 * nothing, for staff to see. Then each party without a place gets the best fit, oldest first, moving
 * unfixed parties where it must — the same answer the availability rule gives a new party last.
 * Returns the seating and the places that differ from what is stored.
 */
export function settleDay(
  units: readonly SeatingUnit[],
  parties: ReadonlyArray<Omit<SeatedParty, "unit" | "fixed">>,
  stored: ReadonlyMap<number, StoredPlace>,
  /**
   * The party whose date, time, size or status just changed: it keeps no stored place and is seated
   * after all others — as the availability answer asked for it, against the day without it — as a
   * guest's (`online`) or staff's request.
   */
  last?: { id: number; online: boolean },
): { seating: DaySeating; changes: PlaceChange[] } {
  const byKey = new Map(units.map((unit) => [unit.key, unit]));
  const order = [...parties].sort(
    (a, b) =>
      Number(stored.get(b.id)?.fixed ?? false) - Number(stored.get(a.id)?.fixed ?? false) || a.id - b.id,
  );
  const busy = new Map<number, Stay[]>();
  const kept: SeatedParty[] = [];
  const waiting: SeatedParty[] = [];
  for (const party of order) {
    if (party.id === last?.id) continue;
    const place = stored.get(party.id);
    const unit = place && byKey.get(place.unit);
    const fixed = place?.fixed ?? false;
    const stays = unit?.tableIds.flatMap((table) => busy.get(table) ?? []) ?? [];
    if (place && !unit) {
      // Its area is closed that day (or its table went): it keeps the place and holds nothing.
      kept.push({ ...party, unit: place.unit, fixed });
    } else if (
      unit &&
      (fixed || (fits(unit, party.partySize) && !stays.some((stay) => overlaps(stay, party))))
    ) {
      for (const table of unit.tableIds) {
        const stays = busy.get(table);
        if (stays) stays.push(party);
        else busy.set(table, [party]);
      }
      kept.push({ ...party, unit: unit.key, fixed });
    } else waiting.push({ ...party, unit: null, fixed: false });
  }
  const changed = parties.find((party) => party.id === last?.id);
  const asking = changed && last ? [{ ...changed, online: last.online, unit: null, fixed: false }] : [];
  const seating = new DaySeating(units, [...kept, ...waiting, ...asking]);
  for (const party of [...waiting.sort((a, b) => a.id - b.id), ...asking]) {
    const found =
      (party.areaWish === undefined
        ? undefined
        : seating.seat({ ...party, areaId: party.areaWish }, party.id)) ?? seating.seat(party, party.id);
    if (found) seating.apply(party.id, found);
  }
  const changes: PlaceChange[] = [];
  for (const [id, unit] of seating.placements())
    if (unit !== (stored.get(id)?.unit ?? null) || (id === last?.id && stored.has(id)))
      changes.push({ id, unit });
  return { seating, changes };
}
