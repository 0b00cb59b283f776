import { describe, expect, it } from "vitest";
import { party, unit } from "../../../../tests/support/evening.ts";
import { proposeTables, stateLabel, tableStates, type EveningParty } from "./table-states.ts";

// Stays: up to 2 guests 90 minutes, up to 4 120, more 150.
const rules = { stayMinutes: { small: 90, medium: 120, large: 150 } };

const stateAt = (parties: EveningParty[], now: string, table = 1) => {
  const state = tableStates(rules, [table], parties, now).get(table);
  if (!state) throw new Error("no state");
  return state;
};

describe("a table's state on the evening's plan (decision 0057)", () => {
  it("is free, with the next party's time, until half an hour before a party is due", () => {
    const rossi = party({ time: "19:30", tableIds: [1] });
    const state = stateAt([rossi], "18:59");
    expect(state).toEqual({ kind: "free", next: rossi });
    expect(stateLabel(state)).toBe("Frei");
    expect(stateLabel(stateAt([rossi], "19:00"))).toBe("Reserviert 19:30");
  });

  it("stays 'Reserviert' for a late party while its stay would run, and is free once that is over", () => {
    const late = party({ time: "19:00", tableIds: [1] });
    expect(stateLabel(stateAt([late], "19:40"))).toBe("Reserviert 19:00");
    expect(stateAt([late], "20:30")).toEqual({ kind: "free" });
  });

  it("is taken since the party came, then 'Bald frei' in its stay's last 15 minutes, then 'Überzogen'", () => {
    const arrived = party({ time: "18:30", arrivedAt: "18:40", status: "ARRIVED", tableIds: [1] });
    expect(stateLabel(stateAt([arrived], "19:00"))).toBe("Belegt seit 18:40");
    expect(stateAt([arrived], "19:00")).toMatchObject({ since: "18:40", until: "20:10" });
    expect(stateLabel(stateAt([arrived], "19:54"))).toBe("Belegt seit 18:40");
    expect(stateLabel(stateAt([arrived], "19:55"))).toBe("Bald frei");
    expect(stateLabel(stateAt([arrived], "20:10"))).toBe("Überzogen");
  });

  it("counts from the reserved time when the arrival is not known, and a larger party's longer stay", () => {
    const four = party({ time: "18:00", partySize: 4, status: "ARRIVED", tableIds: [1] });
    expect(stateAt([four], "18:30")).toMatchObject({ kind: "seated", since: "18:00", until: "20:00" });
  });

  it("names the party after the seated one, and a second party marked at the table", () => {
    const seated = party({ time: "18:00", arrivedAt: "18:05", status: "ARRIVED", tableIds: [1] });
    const second = party({ time: "18:15", arrivedAt: "18:20", status: "ARRIVED", tableIds: [1] });
    const later = party({ time: "20:00", tableIds: [1] });
    expect(stateAt([later, second, seated], "19:00")).toMatchObject({
      kind: "seated",
      party: seated,
      others: [second],
      next: later,
    });
  });

  it("is free again once the party left, and parties without a table or done change nothing", () => {
    const states = tableStates(
      rules,
      [1, 2],
      [
        party({ time: "18:00", status: "COMPLETED", tableIds: [1] }),
        party({ time: "18:30", status: "NO_SHOW", tableIds: [2] }),
        party({ time: "18:30", status: "CANCELLED", tableIds: [2] }),
        party({ time: "18:30", status: "ARRIVED", tableIds: [] }),
      ],
      "18:45",
    );
    expect([...states.values()]).toEqual([{ kind: "free" }, { kind: "free" }]);
  });

  it("gives each table of a combination its party's state", () => {
    const group = party({ time: "19:00", partySize: 8, status: "ARRIVED", tableIds: [4, 5] });
    const states = tableStates(rules, [4, 5, 6], [group], "19:30");
    expect(states.get(4)).toMatchObject({ kind: "seated", party: group });
    expect(states.get(5)).toMatchObject({ kind: "seated", party: group });
    expect(states.get(6)).toEqual({ kind: "free" });
  });
});

describe("a table for a walk-in (decision 0057)", () => {
  const units = [
    unit("t1", [1], 1, 2),
    unit("t2", [2], 2, 4),
    unit("t3", [3], 2, 4),
    unit("t4", [4], 4, 6),
    unit("c1", [2, 3], 5, 8),
  ];

  it("proposes the free tables that fit, those free for the whole stay and with the fewest empty seats first", () => {
    const parties = [
      // Table 2 is reserved at 20:00: a party of four coming at 19:00 would stay until 21:00.
      party({ time: "20:00", tableIds: [2] }),
      party({ time: "21:30", tableIds: [3] }),
    ];
    const states = tableStates(rules, [1, 2, 3, 4], parties, "19:00");
    const proposals = proposeTables(rules, units, states, 4, "19:00");
    expect(proposals.map((one) => [one.unit.key, one.freeUntil, one.wholeStay])).toEqual([
      ["t3", "21:30", true],
      ["t4", undefined, true],
      ["t2", "20:00", false],
    ]);
  });

  it("leaves out tables taken or due within half an hour, and combinations with any such table", () => {
    const parties = [
      party({ time: "18:30", status: "ARRIVED", tableIds: [3] }),
      party({ time: "19:20", tableIds: [4] }),
    ];
    const states = tableStates(rules, [1, 2, 3, 4], parties, "19:00");
    expect(proposeTables(rules, units, states, 6, "19:00")).toEqual([]);
    expect(proposeTables(rules, units, states, 2, "19:00").map((one) => one.unit.key)).toEqual(["t1", "t2"]);
  });
});
