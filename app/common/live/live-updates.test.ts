import { describe, expect, it } from "vitest";
import { newRequestText } from "./live-updates.tsx";

describe("the note about a new request (decision 0035)", () => {
  it("names the day, the time and the party, nothing about the guest", () => {
    expect(newRequestText({ date: "2026-11-27", time: "19:00", partySize: 2 })).toBe(
      "Neue Reservierungsanfrage für Fr., 27.11. um 19:00 Uhr (2 Personen)",
    );
    expect(newRequestText({ date: "2026-03-29", time: "12:30", partySize: 1 })).toBe(
      "Neue Reservierungsanfrage für So., 29.03. um 12:30 Uhr (1 Person)",
    );
    expect(newRequestText({ date: "2026-12-01" })).toBe("Neue Reservierungsanfrage für Di., 01.12.");
  });
});
