import { performance } from "node:perf_hooks";
import {
  DaySeating,
  unitsOn,
  type FloorPlan,
  type SeatedParty,
  type SeatingUnit,
} from "../../app/features/reservations/tables/index.server.ts";
import { percentile } from "./load-generator.ts";

/**
 * The table rule's cost (app/features/reservations/tables/seating.ts, decision 0052): a date with 40
 * tables in two areas, 6 combinations and 150 seated parties from 11:30 to 22:00, and the whole
 * day's answer for one party size — every quarter hour from 11:30 to 21:30 asked whether a table or
 * a combination is free, moving unfixed parties where that frees one. Warm (the same date asked
 * again, as the availability API does), in this process: the rule's own time, without reading the
 * date's reservations from the database. Goal: under 5 ms for the day.
 */
export const TABLES_DAY_BUDGET_MS = 5;

export interface TablesFigures {
  tables: number;
  combinations: number;
  parties: number;
  /** Milliseconds for the whole day's answer, per party size asked. */
  dayAnswers: Array<{ partySize: number; p50: number; p95: number; free: number; slots: number }>;
}

/** A seeded generator: every run measures the same day. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** 40 tables: inside 12 two-tops, 12 four-tops, 4 six-tops, 2 eight-tops; outside 6 two-tops, 4 four-tops. */
export function benchPlan(): FloorPlan {
  const kinds: Array<[number, number, number, number]> = [
    // area, count, seats from, seats to
    [1, 12, 1, 2],
    [1, 12, 2, 4],
    [1, 4, 4, 6],
    [1, 2, 6, 8],
    [2, 6, 1, 2],
    [2, 4, 2, 4],
  ];
  const tables: FloorPlan["tables"] = [];
  for (const [areaId, count, seatsMin, seatsMax] of kinds)
    for (let index = 0; index < count; index += 1) {
      const id = tables.length + 1;
      tables.push({
        id,
        areaId,
        name: String(id),
        seatsMin,
        seatsMax,
        shape: "square",
        x: (id % 10) * 110,
        y: Math.floor(id / 10) * 110,
        width: 80,
        height: 80,
        rotation: 0,
        onlineBookable: id % 9 !== 0,
      });
    }
  const pair = (id: number, a: number, b: number, areaId: number, seatsMin: number, seatsMax: number) => ({
    id,
    areaId,
    tableIds: [a, b],
    seatsMin,
    seatsMax,
  });
  return {
    areas: [
      { id: 1, name: "Innenraum", onlineBookable: true, width: 1200, height: 800, closures: [] },
      { id: 2, name: "Terrasse", onlineBookable: true, width: 1200, height: 800, closures: [] },
    ],
    tables,
    combinations: [
      pair(1, 13, 14, 1, 5, 8),
      pair(2, 15, 16, 1, 5, 8),
      pair(3, 17, 18, 1, 5, 8),
      pair(4, 25, 26, 1, 8, 12),
      pair(5, 29, 30, 1, 10, 16),
      pair(6, 37, 38, 2, 5, 8),
    ],
  };
}

const SLOTS = Array.from({ length: 41 }, (_, index) => 11 * 60 + 30 + index * 15);
const STAY = 120;

/** 150 parties of 1 to 8 seated one after another at the best table, as the book would have seated them. */
export function benchParties(units: readonly SeatingUnit[], count = 150): SeatedParty[] {
  const random = seeded(37);
  const parties: SeatedParty[] = [];
  for (let attempt = 0; parties.length < count && attempt < count * 20; attempt += 1) {
    const from = SLOTS[Math.floor(random() * 43) % SLOTS.length] ?? 19 * 60;
    const partySize = [2, 2, 2, 3, 4, 4, 2, 5, 6, 8][Math.floor(random() * 10)] ?? 2;
    const request = { partySize, from, to: Math.min(from + STAY, 1440), online: random() < 0.7 };
    const seated = new DaySeating(units, parties).seat(request);
    if (!seated) continue;
    for (const move of seated.moves) {
      const moved = parties.find((party) => party.id === move.id);
      if (moved) moved.unit = move.unit;
    }
    parties.push({ id: parties.length + 1, ...request, unit: seated.unit.key, fixed: random() < 0.2 });
  }
  return parties;
}

export function measureTables(rounds = 200): TablesFigures {
  const plan = benchPlan();
  const units = unitsOn(plan, "2026-12-24");
  const parties = benchParties(units);
  const dayAnswers = [2, 4, 6].map((partySize) => {
    const samples: number[] = [];
    let free = 0;
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      // As the availability answer asks: the date's seating built once, then every slot.
      const seating = new DaySeating(units, parties);
      free = SLOTS.filter((from) => seating.seat({ partySize, from, to: from + STAY, online: true })).length;
      samples.push(performance.now() - started);
    }
    const sorted = samples.sort((a, b) => a - b);
    return {
      partySize,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      free,
      slots: SLOTS.length,
    };
  });
  return {
    tables: plan.tables.length,
    combinations: plan.combinations.length,
    parties: parties.length,
    dayAnswers,
  };
}
