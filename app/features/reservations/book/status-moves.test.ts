import { describe, expect, it } from "vitest";
import { noShowDue, noShowFrom, reversesTap, serviceActions } from "./status-moves.ts";

describe("the host stand's rules (decision 0034)", () => {
  // 19:14 and 19:15 in Berlin on 27 November 2026 (UTC+1).
  const at1914 = new Date("2026-11-27T18:14:00Z");
  const at1915 = new Date("2026-11-27T18:15:00Z");

  it("offers 'Nicht erschienen' from 15 minutes after the time, on an earlier day always, on a later day never", () => {
    expect(noShowDue("2026-11-27", "19:00", at1914)).toBe(false);
    expect(noShowDue("2026-11-27", "19:00", at1915)).toBe(true);
    expect(noShowDue("2026-11-26", "23:00", at1914)).toBe(true);
    expect(noShowDue("2026-11-28", "11:30", at1915)).toBe(false);
    expect(noShowFrom("19:00")).toBe("19:15");
    // A party at 23:50 is missed from 00:05 the next day, not from midnight.
    expect(noShowFrom("23:50")).toBe("00:05");
    expect(noShowDue("2026-11-27", "23:50", new Date("2026-11-27T22:59:00Z"))).toBe(false);
    expect(noShowDue("2026-11-27", "23:50", new Date("2026-11-27T23:04:00Z"))).toBe(false);
    expect(noShowDue("2026-11-27", "23:50", new Date("2026-11-27T23:05:00Z"))).toBe(true);
  });

  it("offers what fits the status: arriving to a coming party, done to one at the table, arriving to a no-show", () => {
    expect(serviceActions("CONFIRMED")).toEqual(["ARRIVED", "NO_SHOW"]);
    expect(serviceActions("PENDING")).toEqual(["ARRIVED", "NO_SHOW"]);
    expect(serviceActions("ARRIVED")).toEqual(["COMPLETED"]);
    expect(serviceActions("NO_SHOW")).toEqual(["ARRIVED"]);
    expect(serviceActions("COMPLETED")).toEqual([]);
    expect(serviceActions("CANCELLED")).toEqual([]);
    expect(serviceActions("WAITLIST")).toEqual([]);
  });

  it("takes as an undo only what reverses a tap", () => {
    expect(reversesTap("CONFIRMED", "ARRIVED")).toBe(true);
    expect(reversesTap("CONFIRMED", "NO_SHOW")).toBe(true);
    expect(reversesTap("ARRIVED", "COMPLETED")).toBe(true);
    expect(reversesTap("NO_SHOW", "ARRIVED")).toBe(true);
    // A waiting request was never offered a tap; nor is 'Abgeschlossen' undone into 'Bestätigt'.
    expect(reversesTap("WAITLIST", "ARRIVED")).toBe(false);
    expect(reversesTap("CONFIRMED", "COMPLETED")).toBe(false);
    expect(reversesTap("CONFIRMED", "CONFIRMED")).toBe(false);
  });
});
