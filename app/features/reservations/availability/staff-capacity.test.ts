import { describe, expect, it } from "vitest";
import { overbookingBy, roomAt, type HeldReservation } from "./seat-rule.ts";
import { DEFAULT_SETTINGS, type ReservationSettings } from "../book/reservation-settings.ts";

/**
 * The staff side of the capacity rule (decision 0031, docs/product/reservations.md#staff-screen):
 * whether a waitlist request has room again ('Platz frei'), and whether a staff change overbooks
 * ('Überbucht: … Trotzdem speichern?').
 */
const settingsWith = (changes: Partial<ReservationSettings>): ReservationSettings => ({
  ...DEFAULT_SETTINGS,
  ...changes,
});
const sixty = settingsWith({ totalSeats: 70, onlineSeats: 60 });
const at = (time: string, partySize: number, status: HeldReservation["status"] = "CONFIRMED") => ({
  time,
  partySize,
  status,
});

describe("room for a waitlist request", () => {
  it("is there when the seats held over the whole stay leave room for the party", () => {
    const held = [at("18:00", 50), at("19:00", 6)];
    // 18:00 to 19:30 (90 minutes for 2): 56 held from 19:00, 4 more fit, 5 do not.
    expect(roomAt(sixty, held, "18:00", 2)).toBe(true);
    expect(roomAt(sixty, held, "18:00", 4)).toBe(true);
    expect(roomAt(sixty, held, "18:00", 5)).toBe(false);
    // After 18:00's stay (150 minutes for 50 people, until 20:30) the evening is free again.
    expect(roomAt(sixty, held, "20:30", 20)).toBe(true);
  });

  it("ignores what holds no seats: cancelled, completed and other waitlist requests", () => {
    const held = [at("19:00", 58), at("19:00", 10, "WAITLIST"), at("19:00", 10, "CANCELLED")];
    expect(roomAt(sixty, held, "19:00", 2)).toBe(true);
    expect(roomAt(sixty, [...held, at("19:30", 1, "PENDING")], "19:00", 2)).toBe(false);
  });

  it("keeps to the pacing as the guest's rule does", () => {
    const paced = settingsWith({ arrivalsPerSlot: 10 });
    expect(roomAt(paced, [at("19:00", 8)], "19:00", 2)).toBe(true);
    expect(roomAt(paced, [at("19:10", 8)], "19:00", 3)).toBe(false);
    expect(roomAt(paced, [at("19:30", 8)], "19:00", 3)).toBe(true);
  });

  it("answers any time staff may enter, also outside the slots; without limits there is always room", () => {
    expect(roomAt(sixty, [at("19:15", 59)], "19:20", 1)).toBe(true);
    expect(roomAt(DEFAULT_SETTINGS, [at("19:00", 500)], "19:00", 100)).toBe(true);
  });
});

describe("a staff change that overbooks", () => {
  it("names the fullest moment the change pushes above the online seats", () => {
    const others = [at("18:00", 50), at("19:00", 10)];
    expect(overbookingBy(sixty, others, [...others, at("18:30", 4)])).toEqual({
      time: "19:00",
      seats: 64,
      onlineSeats: 60,
    });
    expect(overbookingBy(sixty, others, [...others, at("20:30", 4)])).toBeUndefined();
  });

  it("asks nothing of a change that adds no seats: a note on a full evening, a pending request confirmed", () => {
    const full = [at("19:00", 64)];
    const mine = at("19:00", 4, "PENDING");
    expect(
      overbookingBy(sixty, [...full, mine], [...full, { ...mine, status: "CONFIRMED" }]),
    ).toBeUndefined();
    expect(overbookingBy(sixty, [...full, mine], [...full, mine])).toBeUndefined();
    // Fewer guests on a full evening: still above the seats, but less than before.
    expect(overbookingBy(sixty, [...full, mine], [...full, at("19:00", 2)])).toBeUndefined();
    // One more guest is asked about.
    expect(overbookingBy(sixty, [...full, mine], [...full, at("19:00", 5)])).toEqual({
      time: "19:00",
      seats: 69,
      onlineSeats: 60,
    });
  });

  it("asks when a waitlist request is confirmed into a full time, and never without online seats", () => {
    const others = [at("19:00", 58)];
    const waiting = at("19:00", 4, "WAITLIST");
    expect(
      overbookingBy(sixty, [...others, waiting], [...others, { ...waiting, status: "CONFIRMED" }]),
    ).toEqual({ time: "19:00", seats: 62, onlineSeats: 60 });
    expect(
      overbookingBy(DEFAULT_SETTINGS, [...others, waiting], [...others, { ...waiting, status: "CONFIRMED" }]),
    ).toBeUndefined();
  });

  it("exactly the online seats is not overbooked", () => {
    expect(overbookingBy(sixty, [at("19:00", 56)], [at("19:00", 56), at("19:00", 4)])).toBeUndefined();
  });
});
