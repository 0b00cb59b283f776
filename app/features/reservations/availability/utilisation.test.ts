import { describe, expect, it } from "vitest";
import { seatUtilisation, type UtilisationParty } from "./utilisation.ts";

/** Lunch 12:00–14:00 and the evening 18:00–22:00, in minutes. */
const day = { lunch: [{ from: 720, to: 840 }], evening: [{ from: 1080, to: 1320 }] };
const closed = { lunch: [], evening: [] };
/** Everyone stays two hours. */
const stayOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return { from: hours * 60 + minutes, to: hours * 60 + minutes + 120 };
};
const inside = { id: 1, name: "Innenraum", seats: 10, closedOn: () => false };
const terrace = { id: 2, name: "Terrasse", seats: 4, closedOn: (date: string) => date === "2026-12-02" };

describe("the seats' utilisation", () => {
  it("weighs seat-minutes taken inside the opening times against the seats open, per service and area", () => {
    const parties: UtilisationParty[] = [
      // Two hours of lunch for four at Innenraum: 480 of 10 seats × 120 minutes.
      { date: "2026-12-01", time: "12:00", partySize: 4, areaId: 1 },
      // From 21:00 two hours, but the evening closes at 22:00: one hour counts.
      { date: "2026-12-01", time: "21:00", partySize: 2, areaId: 2 },
      // No table: the evening counts it, no area does.
      { date: "2026-12-01", time: "19:00", partySize: 3 },
      // A closed day's party (a walk-in on the Ruhetag) finds nothing open to take.
      { date: "2026-12-03", time: "19:00", partySize: 5, areaId: 1 },
      // On the terrace's closed day its party counts for the evening, not the terrace.
      { date: "2026-12-02", time: "18:00", partySize: 2, areaId: 2 },
    ];
    const result = seatUtilisation({
      dates: new Map([
        ["2026-12-01", day],
        ["2026-12-02", day],
        ["2026-12-03", closed],
        ["2026-12-04", undefined],
      ]),
      seats: 14,
      areas: [inside, terrace],
      parties,
      stayOf,
    });
    expect(result.unknownDays).toBe(1);
    expect(result.services).toEqual([
      { service: "lunch", days: 2, taken: 4 * 120, open: 2 * 14 * 120 },
      { service: "evening", days: 2, taken: 2 * 60 + 3 * 120 + 2 * 120, open: 2 * 14 * 240 },
    ]);
    expect(result.areas).toEqual([
      { id: 1, name: "Innenraum", seats: 10, days: 2, taken: 4 * 120, open: 2 * 10 * 360 },
      { id: 2, name: "Terrasse", seats: 4, days: 1, taken: 2 * 60, open: 4 * 360 },
    ]);
  });

  it("weighs no service without seats set, and still each area by its tables", () => {
    const result = seatUtilisation({
      dates: new Map([["2026-12-01", day]]),
      seats: null,
      areas: [inside],
      parties: [{ date: "2026-12-01", time: "18:00", partySize: 2, areaId: 1 }],
      stayOf,
    });
    expect(result.services).toEqual([]);
    expect(result.areas).toEqual([{ id: 1, name: "Innenraum", seats: 10, days: 1, taken: 240, open: 3600 }]);
  });
});
