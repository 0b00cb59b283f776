import { describe, expect, it } from "vitest";
import { party as anyParty, unit } from "../../../../tests/support/evening.ts";
import { estimateWaits, waitLabel } from "./door-waits.ts";
import { tableStates } from "./table-states.ts";

// Stays as configured by default: up to 2 guests 90 minutes, up to 4 120, more 150.
const configured = (size: number) => (size <= 2 ? 90 : size <= 4 ? 120 : 150);

// Two two-tops (1, 2), two four-tops (4, 5) and 4 + 5 for up to eight.
const units = [
  unit("t1", [1], 1, 2),
  unit("t2", [2], 1, 2),
  unit("t4", [4], 2, 4),
  unit("t5", [5], 2, 4),
  unit("c1", [4, 5], 5, 8),
];

/** At its table unless said otherwise. */
const party = (values: Parameters<typeof anyParty>[0]) => anyParty({ status: "ARRIVED", ...values });

// Both four-tops taken by parties of four from 19:20 until 21:20: a couple waits for a two-top.
const fourTopsTakenUntil2120 = [4, 5].map((table) =>
  party({ time: "19:20", arrivedAt: "19:20", partySize: 4, tableIds: [table] }),
);

describe("the wait at the door (decision 0057)", () => {
  it("is none with a fitting table free for the whole stay: that table is ready", () => {
    const waits = estimateWaits(
      configured,
      units,
      [party({ time: "19:00", tableIds: [1] })],
      [{ id: 1, partySize: 2 }],
      "19:30",
    );
    expect(waits.get(1)).toMatchObject({ minutes: 0, unit: { key: "t2" } });
  });

  it("lasts until the first fitting table's party has stayed its stay, and the next party waits for the next table", () => {
    const parties = [
      party({ time: "19:00", tableIds: [1] }), // until 20:30
      party({ time: "18:30", arrivedAt: "18:45", tableIds: [2] }), // until 20:15
      ...fourTopsTakenUntil2120,
    ];
    const waits = estimateWaits(
      configured,
      units,
      parties,
      [
        { id: 1, partySize: 2 },
        { id: 2, partySize: 2 },
      ],
      "19:30",
    );
    expect(waits.get(1)).toMatchObject({ minutes: 45, unit: { key: "t2" } });
    expect(waits.get(2)).toMatchObject({ minutes: 60, unit: { key: "t1" } });
    expect(waitLabel(45)).toBe("ca. 45 Min.");
    expect(waitLabel(58)).toBe("ca. 60 Min.");
    expect(waitLabel(1)).toBe("ca. 5 Min.");
  });

  it("does not count on a table reserved before the party's stay would end", () => {
    const parties = [party({ time: "20:00", status: "CONFIRMED", partySize: 4, tableIds: [4] })];
    // Table 5 is free; table 4 is reserved from 20:00 to 22:00.
    const waits = estimateWaits(
      configured,
      units,
      parties,
      [
        { id: 1, partySize: 4 },
        { id: 2, partySize: 4 },
      ],
      "19:00",
    );
    expect(waits.get(1)).toMatchObject({ minutes: 0, unit: { key: "t5" } });
    // The second four waits until the first has left table 5 (21:00), not for table 4 (22:00).
    expect(waits.get(2)).toMatchObject({ minutes: 120, unit: { key: "t5" } });
  });

  it("takes a party over its stay to leave soon, and leaves out a party no table fits", () => {
    const parties = [
      party({ time: "17:00", tableIds: [1] }),
      party({ time: "17:00", tableIds: [2] }),
      ...fourTopsTakenUntil2120,
    ];
    const waits = estimateWaits(
      configured,
      units,
      parties,
      [
        { id: 1, partySize: 2 },
        { id: 2, partySize: 12 },
      ],
      "19:00",
    );
    expect(waits.get(1)?.minutes).toBe(5);
    expect(waits.has(2)).toBe(false);
  });

  it("is within five minutes of when a table really frees up, on a test evening with known stays", () => {
    const rules = { stayMinutes: { small: 90, medium: 120, large: 150 } };
    const evening = [
      party({ time: "18:00", arrivedAt: "18:10", partySize: 4, tableIds: [4] }), // leaves 20:10
      party({ time: "18:30", arrivedAt: "18:35", partySize: 3, tableIds: [5] }), // leaves 20:35
      party({ time: "19:00", arrivedAt: "19:05", tableIds: [1] }), // leaves 20:35
      party({ time: "19:15", arrivedAt: "19:20", tableIds: [2] }), // leaves 20:50
      party({ time: "21:00", status: "CONFIRMED", tableIds: [1] }), // reserved: table 1 is not for a walk-in
    ];
    const waiting = [
      { id: 101, partySize: 4 },
      { id: 102, partySize: 2 },
      { id: 103, partySize: 2 },
    ];
    const waits = estimateWaits(configured, units, evening, waiting, "19:30");

    // The evening played minute by minute: each party leaves when its stay is over; a waiting party
    // sits, in the order they came, at the first fitting table the plan shows free for its stay.
    const clock = (minute: number) =>
      `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
    const minute = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    let present = [...evening];
    const seatedAt = new Map<number, number>();
    for (let now = 19 * 60 + 30; seatedAt.size < waiting.length && now < 24 * 60; now += 1) {
      present = present.filter(
        (one) =>
          one.status !== "ARRIVED" || minute(one.arrivedAt ?? one.time) + configured(one.partySize) > now,
      );
      for (const next of waiting.filter((one) => !seatedAt.has(one.id))) {
        const states = tableStates(rules, [1, 2, 4, 5], present, clock(now));
        const free = units.find(
          (one) =>
            next.partySize >= one.seatsMin &&
            next.partySize <= one.seatsMax &&
            one.tableIds.every((table) => {
              const state = states.get(table);
              return (
                state?.kind === "free" &&
                (!state.next || minute(state.next.time) >= now + configured(next.partySize))
              );
            }),
        );
        if (!free) break;
        seatedAt.set(next.id, now);
        present.push(
          party({
            time: clock(now),
            arrivedAt: clock(now),
            partySize: next.partySize,
            tableIds: free.tableIds,
          }),
        );
      }
    }
    for (const { id } of waiting) {
      const estimated = 19 * 60 + 30 + (waits.get(id)?.minutes ?? Number.NaN);
      expect(Math.abs(estimated - (seatedAt.get(id) ?? Number.NaN))).toBeLessThanOrEqual(5);
    }
    expect([...seatedAt.values()].map(clock)).toEqual(["20:10", "20:35", "20:50"]);
  });
});
