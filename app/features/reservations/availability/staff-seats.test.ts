import { describe, expect, it } from "vitest";
import { staffSeatsLines, type StaffSeats } from "./staff-seats.ts";

const full = (more: Partial<Exclude<StaffSeats, { kind: "unlimited" }>>): StaffSeats => ({
  kind: "full",
  time: "19:00",
  partySize: 6,
  free: 1,
  onlineSeats: 1,
  nearest: [],
  nextDates: [],
  ...more,
});

describe("the staff form's note on free seats", () => {
  it("says nothing without an answer, and that nothing limits without online seats", () => {
    expect(staffSeatsLines(undefined)).toEqual([]);
    expect(staffSeatsLines({ kind: "unlimited" })).toEqual(["Keine Platzgrenze eingestellt."]);
  });

  it("names one free time, the next dates, or that none are near", () => {
    expect(staffSeatsLines(full({ nearest: ["21:30"] }))).toEqual([
      "Noch 1 von 1 Platz frei um 19:00 Uhr.",
      "Ausgebucht – nächste freie Zeit: 21:30",
    ]);
    expect(staffSeatsLines(full({ nextDates: ["2026-12-24"] })).at(-1)).toBe(
      "Ausgebucht – an diesem Tag keine freie Zeit mehr; nächste Tage mit Platz: 24.12.2026",
    );
    expect(staffSeatsLines(full({})).at(-1)).toBe("Ausgebucht – in den nächsten Wochen kein Tag mit Platz.");
  });

  it("adds a closed day's message", () => {
    expect(
      staffSeatsLines({
        kind: "room",
        time: "19:00",
        partySize: 2,
        free: 60,
        onlineSeats: 60,
        nearest: [],
        nextDates: [],
        closed: "Montags ist Ruhetag.",
      }),
    ).toEqual(["Noch 60 von 60 Plätzen frei um 19:00 Uhr.", "Montags ist Ruhetag."]);
  });
});
