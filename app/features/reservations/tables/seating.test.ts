import { describe, expect, it } from "vitest";
import type { FloorPlan } from "./floor-plan.ts";
import { DaySeating, settleDay, unitsOn, type SeatedParty } from "./seating.ts";

const area = (id: number, name: string, extra: Partial<FloorPlan["areas"][number]> = {}) => ({
  id,
  name,
  onlineBookable: true,
  width: 1200,
  height: 800,
  closures: [],
  ...extra,
});
const table = (id: number, name: string, seatsMin: number, seatsMax: number, areaId = 1, online = true) => ({
  id,
  areaId,
  name,
  seatsMin,
  seatsMax,
  shape: "square" as const,
  x: id * 100,
  y: 0,
  width: 80,
  height: 80,
  rotation: 0,
  onlineBookable: online,
});

/** Inside: two-tops 1–3, four-tops 4 and 5 (combined: 5–8), an eight-top; the terrace: two two-tops. */
const plan: FloorPlan = {
  areas: [
    area(1, "Innenraum"),
    area(2, "Terrasse", { closures: [{ id: 1, from: "2026-12-01", to: "2027-03-31", note: "Winter" }] }),
  ],
  tables: [
    table(1, "1", 1, 2),
    table(2, "2", 1, 2),
    table(3, "3", 1, 2, 1, false),
    table(4, "4", 2, 4),
    table(5, "5", 2, 4),
    table(8, "8", 6, 8),
    table(21, "T1", 1, 2, 2),
    table(22, "T2", 1, 2, 2),
  ],
  combinations: [{ id: 1, areaId: 1, tableIds: [4, 5], seatsMin: 5, seatsMax: 8 }],
};

const evening = { from: 19 * 60, to: 21 * 60 };
const party = (
  id: number,
  partySize: number,
  unit: SeatedParty["unit"],
  extra: Partial<SeatedParty> = {},
): SeatedParty => ({
  id,
  partySize,
  unit,
  fixed: false,
  online: true,
  ...evening,
  ...extra,
});

describe("which table a party gets", () => {
  it("offers the tables of open areas only, combinations after single tables", () => {
    expect(unitsOn(plan, "2026-11-30").map((unit) => unit.key)).toContain("t21");
    expect(unitsOn(plan, "2026-12-24").map((unit) => unit.key)).not.toContain("t21");
  });

  it("gives two guests a two-top while one is free, and six the combination 4 + 5, not two tables", () => {
    const seating = new DaySeating(unitsOn(plan, "2026-12-24"), []);
    expect(seating.seat({ partySize: 2, online: true, ...evening })?.unit.key).toBe("t1");
    // Six fit the eight-top and the combination alike (two seats to spare): the single table first.
    expect(seating.seat({ partySize: 6, online: true, ...evening })?.unit.key).toBe("t8");
    const eightTaken = new DaySeating(unitsOn(plan, "2026-12-24"), [party(1, 8, "t8")]);
    expect(eightTaken.seat({ partySize: 6, online: true, ...evening })?.unit.key).toBe("c1");
    // Three guests: a four-top, never the eight-top or the combination.
    expect(seating.seat({ partySize: 3, online: true, ...evening })?.unit.key).toBe("t4");
  });

  it("keeps tables that are not online bookable for staff", () => {
    const seating = new DaySeating(unitsOn(plan, "2026-12-24"), [party(1, 2, "t1"), party(2, 2, "t2")]);
    expect(seating.seat({ partySize: 2, online: true, ...evening })?.unit.key).toBe("t4");
    expect(seating.seat({ partySize: 2, online: false, ...evening })?.unit.key).toBe("t3");
  });

  it("holds a combination's tables for whoever sits at it, and a table its combination", () => {
    const atCombination = new DaySeating(unitsOn(plan, "2026-12-24"), [party(1, 7, "c1"), party(2, 8, "t8")]);
    expect(atCombination.seat({ partySize: 4, online: true, ...evening })).toBeUndefined();
    const atFour = new DaySeating(unitsOn(plan, "2026-12-24"), [
      party(1, 3, "t4", { fixed: true }),
      party(2, 8, "t8"),
    ]);
    expect(atFour.seat({ partySize: 6, online: true, ...evening })).toBeUndefined();
  });

  it("frees a table by moving a party that is not fixed, to a table that still fits it", () => {
    // Three at table 4 and an eight-top taken: six fit only at 4 + 5, once the three move to... nowhere
    // else seats three — so with table 5 taken too the request is refused.
    const parties = [party(1, 3, "t4"), party(2, 8, "t8")];
    const seating = new DaySeating(unitsOn(plan, "2026-12-24"), parties);
    expect(seating.seat({ partySize: 6, online: true, ...evening })).toBeUndefined();
    // Two at table 4: they move to a two-top, and six get 4 + 5.
    const two = new DaySeating(unitsOn(plan, "2026-12-24"), [party(1, 2, "t4"), party(2, 8, "t8")]);
    expect(two.seat({ partySize: 6, online: true, ...evening })).toEqual({
      unit: expect.objectContaining({ key: "c1" }),
      moves: [{ id: 1, unit: "t1" }],
    });
    // The caller's parties are as they were.
    expect(parties[0]?.unit).toBe("t4");
    // Fixed by staff, they stay, and six are refused.
    const fixed = new DaySeating(unitsOn(plan, "2026-12-24"), [
      party(1, 2, "t4", { fixed: true }),
      party(2, 8, "t8"),
    ]);
    expect(fixed.seat({ partySize: 6, online: true, ...evening })).toBeUndefined();
  });

  it("chains a move: the party in the way moves, and the one in its way moves on", () => {
    const small: FloorPlan = {
      areas: [area(1, "Innenraum")],
      tables: [table(1, "A", 2, 4), table(2, "B", 2, 4), table(3, "C", 2, 4), table(4, "D", 1, 1)],
      combinations: [{ id: 1, areaId: 1, tableIds: [1, 2], seatsMin: 5, seatsMax: 8 }],
    };
    // Two sit at A, one at C: six need A + B, so the two go to C, and the one at C to D.
    const seating = new DaySeating(unitsOn(small, "2026-12-24"), [party(1, 2, "t1"), party(2, 1, "t3")]);
    expect(seating.seat({ partySize: 6, online: true, ...evening })).toEqual({
      unit: expect.objectContaining({ key: "c1" }),
      moves: [
        { id: 2, unit: "t4" },
        { id: 1, unit: "t3" },
      ],
    });
    // A move never leaves its area: with D on the terrace, the one at C cannot go there.
    const terrace = {
      ...small,
      areas: [...small.areas, area(2, "Terrasse")],
      tables: small.tables.map((one) => (one.id === 4 ? { ...one, areaId: 2 } : one)),
    };
    const apart = new DaySeating(unitsOn(terrace, "2026-11-30"), [party(1, 2, "t1"), party(2, 1, "t3")]);
    expect(apart.seat({ partySize: 6, online: true, ...evening })).toBeUndefined();
  });

  it("lets a stay that ended free the table, and counts only overlapping stays", () => {
    const seating = new DaySeating(unitsOn(plan, "2026-12-24"), [
      party(1, 8, "t8", { from: 17 * 60, to: 19 * 60 }),
    ]);
    expect(seating.seat({ partySize: 8, online: true, ...evening })?.unit.key).toBe("t8");
    expect(seating.seat({ partySize: 8, online: true, from: 18 * 60, to: 20 * 60 })?.unit.key).toBe("c1");
  });

  it("does not count a changing party's own stay against it", () => {
    const seating = new DaySeating(unitsOn(plan, "2026-12-24"), [party(1, 8, "t8"), party(2, 7, "c1")]);
    expect(seating.seat({ partySize: 8, online: true, ...evening })).toBeUndefined();
    expect(seating.seat({ partySize: 8, online: true, ...evening }, 1)?.unit.key).toBe("t8");
  });
});

describe("a stored party that changes", () => {
  it("is never moved to make room for itself, and its own table is free to it", () => {
    const small: FloorPlan = {
      areas: [area(1, "Innenraum")],
      tables: [table(1, "1", 3, 6), table(2, "2", 2, 3), table(3, "3", 2, 2)],
      combinations: [],
    };
    // Party 2 (two at table 2) grows to five: table 1 fits once the three there move to table 2.
    const seating = new DaySeating(unitsOn(small, "2026-11-30"), [party(1, 3, "t1"), party(2, 2, "t2")]);
    expect(seating.seat({ partySize: 5, online: true, ...evening }, 2)).toEqual({
      unit: expect.objectContaining({ key: "t1" }),
      moves: [{ id: 1, unit: "t2" }],
    });
    // Asked again without it changing: it still sits at table 2.
    expect(seating.unitOf(2)?.key).toBe("t2");
  });
});

describe("a guest's chosen area ('Bereichswunsch', decision 0054)", () => {
  // A summer day: the terrace is open.
  const units = unitsOn(plan, "2026-07-01");
  /** A party of two, stored, not yet seated. */
  const pair = (id: number, areaWish?: number) => ({
    id,
    partySize: 2,
    online: true,
    ...evening,
    ...(areaWish === undefined ? {} : { areaWish }),
  });

  it("is asked of that area only", () => {
    const seating = new DaySeating(units, [party(1, 2, "t21"), party(2, 2, "t22")]);
    expect(seating.seat({ partySize: 2, online: true, ...evening, areaId: 2 })).toBeUndefined();
    expect(seating.seat({ partySize: 2, online: true, ...evening })?.unit.key).toBe("t1");
  });

  it("seats a stored party there first, and elsewhere only when its area has no place left", () => {
    // Three parties of two chose the terrace's two two-tops; the third sits inside.
    const { changes } = settleDay(units, [pair(1, 2), pair(2, 2), pair(3, 2)], new Map());
    expect(changes).toEqual([
      { id: 1, unit: "t21" },
      { id: 2, unit: "t22" },
      { id: 3, unit: "t1" },
    ]);
    // Without a wish, the host's order: inside first.
    expect(settleDay(units, [pair(4)], new Map()).changes).toEqual([{ id: 4, unit: "t1" }]);
  });
});

/** A repeatable sequence of numbers in [0, 1). */
function seeded(start: number) {
  let seed = start;
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

describe("a busy day seated party after party", () => {
  it("never puts two parties at one table at once, and every party at a unit that seats it", () => {
    const random = seeded(11);
    const units = unitsOn(plan, "2026-11-30");
    const parties: SeatedParty[] = [];
    let moved = 0;
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const from = 11 * 60 + Math.floor(random() * 40) * 15;
      const request = {
        partySize: 1 + Math.floor(random() * 8),
        from,
        to: from + 120,
        online: random() < 0.5,
      };
      const seated = new DaySeating(units, parties).seat(request);
      if (!seated) continue;
      moved += seated.moves.length;
      for (const move of seated.moves) {
        const party = parties.find((one) => one.id === move.id);
        if (!party || party.fixed) throw new Error("a fixed or unknown party was moved");
        party.unit = move.unit;
      }
      parties.push({ id: attempt + 1, ...request, unit: seated.unit.key, fixed: random() < 0.2 });
    }
    expect(parties.length).toBeGreaterThan(20);
    expect(moved).toBeGreaterThan(0);
    const byKey = new Map(units.map((unit) => [unit.key, unit]));
    for (const party of parties) {
      const unit = byKey.get(party.unit ?? "t0");
      expect(unit && unit.seatsMin <= party.partySize && party.partySize <= unit.seatsMax).toBe(true);
      if (party.online) expect(unit?.online).toBe(true);
    }
    for (const a of parties)
      for (const b of parties) {
        if (a.id >= b.id || !(a.from < b.to && b.from < a.to)) continue;
        const tablesA = byKey.get(a.unit ?? "t0")?.tableIds ?? [];
        const tablesB = byKey.get(b.unit ?? "t0")?.tableIds ?? [];
        expect(
          tablesA.some((table) => tablesB.includes(table)),
          `${a.id} and ${b.id}`,
        ).toBe(false);
      }
  });

  it("answers as a new seating would, however many questions it was asked before", () => {
    // The requests for one date share a transaction and one seating of the day (decision 0055): each
    // refused request asks it about every time, and the next request must get the answer the write's
    // own fresh seating gives — the same place and the same moves, in the same order.
    const questions = Array.from({ length: 12 }, (_, slot) => 17 * 60 + slot * 30).flatMap((from) =>
      [1, 2, 3, 4, 5].map((partySize) => ({ partySize, from, to: from + 120, online: true })),
    );
    let compared = 0;
    for (let start = 1; start <= 60; start += 1) {
      const random = seeded(start);
      const sizes = Array.from({ length: 3 + Math.floor(random() * 4) }, () => {
        const seatsMin = 1 + Math.floor(random() * 3);
        return [seatsMin, seatsMin + 1 + Math.floor(random() * 3)] as const;
      });
      const units = unitsOn(
        {
          areas: [area(1, "Innenraum")],
          tables: sizes.map(([seatsMin, seatsMax], index) =>
            table(index + 1, String(index + 1), seatsMin, seatsMax),
          ),
          combinations: [],
        },
        "2026-11-30",
      );
      const parties: SeatedParty[] = [];
      for (let attempt = 0; attempt < 12; attempt += 1) {
        const request = questions[Math.floor(random() * questions.length)];
        const seating = new DaySeating(units, parties);
        const seated = request && seating.seat(request);
        if (!request || !seated) continue;
        seating.apply(-1, seated);
        for (const party of parties) party.unit = seating.unitOf(party.id)?.key ?? party.unit;
        parties.push({ id: attempt + 1, ...request, unit: seated.unit.key, fixed: false });
      }
      const asked = new DaySeating(units, parties);
      for (const question of questions) asked.seat(question);
      for (const question of questions) {
        expect(asked.seat(question), `${start}: ${JSON.stringify(question)}`).toEqual(
          new DaySeating(units, parties).seat(question),
        );
        compared += 1;
      }
    }
    expect(compared).toBe(60 * questions.length);
  });
});
