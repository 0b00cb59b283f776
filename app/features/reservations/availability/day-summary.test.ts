import { describe, expect, it } from "vitest";
import type { ReservationStatus } from "../book/terms.ts";
import { dayCapacity, freeSeatsLine, summarizeDay } from "./day-summary.ts";
import { DEFAULT_SETTINGS } from "../book/reservation-settings.ts";

it("sums guests per time and per service, leaving cancelled reservations out", () => {
  const summary = summarizeDay([
    { reservation_date: "2026-12-01", reservation_time: "12:00", party_size: 4, status: "CONFIRMED" },
    { reservation_date: "2026-12-01", reservation_time: "18:00", party_size: 2, status: "PENDING" },
    { reservation_date: "2026-12-01", reservation_time: "18:00", party_size: 3, status: "CONFIRMED" },
    { reservation_date: "2026-12-01", reservation_time: "19:00", party_size: 8, status: "CANCELLED" },
  ]);
  expect(summary.slots).toEqual([
    { time: "12:00", reservations: 1, guests: 4, confirmedGuests: 4 },
    { time: "18:00", reservations: 2, guests: 5, confirmedGuests: 3 },
  ]);
  expect(summary.lunch).toEqual({ reservations: 1, guests: 4 });
  expect(summary.evening).toEqual({ reservations: 2, guests: 5 });
  expect(summary.total).toEqual({ reservations: 3, guests: 9 });
});

it("counts the waitlist apart: it holds no seats", () => {
  const summary = summarizeDay([
    { reservation_date: "2026-12-01", reservation_time: "19:00", party_size: 4, status: "CONFIRMED" },
    { reservation_date: "2026-12-01", reservation_time: "19:00", party_size: 3, status: "WAITLIST" },
    { reservation_date: "2026-12-01", reservation_time: "20:00", party_size: 2, status: "WAITLIST" },
  ]);
  expect(summary.slots).toEqual([{ time: "19:00", reservations: 1, guests: 4, confirmedGuests: 4 }]);
  expect(summary.total).toEqual({ reservations: 1, guests: 4 });
  expect(summary.waitlist).toEqual({ reservations: 2, guests: 5 });
});

it("with online seats: the seats held per time by the availability rule, overbooked times, free seats per service", () => {
  const capacity = dayCapacity(
    [
      { reservation_date: "2026-12-01", reservation_time: "12:00", party_size: 10, status: "CONFIRMED" },
      { reservation_date: "2026-12-01", reservation_time: "18:00", party_size: 50, status: "CONFIRMED" },
      // Still seated at 19:00 (150 minutes for a party of five or more).
      { reservation_date: "2026-12-01", reservation_time: "19:00", party_size: 12, status: "PENDING" },
      { reservation_date: "2026-12-01", reservation_time: "19:00", party_size: 4, status: "WAITLIST" },
      { reservation_date: "2026-12-01", reservation_time: "21:00", party_size: 6, status: "CANCELLED" },
    ],
    { ...DEFAULT_SETTINGS, onlineSeats: 60 },
  );
  expect(capacity).toEqual({
    onlineSeats: 60,
    slots: {
      "12:00": { held: 10, overbooked: false },
      "18:00": { held: 50, overbooked: false },
      "19:00": { held: 62, overbooked: true },
      "21:00": { held: 12, overbooked: false },
    },
    free: { lunch: 50, evening: 0 },
  });
});

it("without online seats there are no capacity figures, as before", () => {
  expect(
    dayCapacity(
      [{ reservation_date: "2026-12-01", reservation_time: "19:00", party_size: 4, status: "CONFIRMED" }],
      DEFAULT_SETTINGS,
    ),
  ).toBeUndefined();
  expect(freeSeatsLine({ lunch: null, evening: null })).toBeUndefined();
  expect(freeSeatsLine({ lunch: 40, evening: 12 })).toBe("Heute frei: mittags 40, abends 12 Plätze");
});

it("counts arrived parties among the day's guests, and no-shows apart (decision 0037)", () => {
  const summary = summarizeDay([
    { reservation_date: "2026-12-01", reservation_time: "19:00", party_size: 4, status: "ARRIVED" },
    { reservation_date: "2026-12-01", reservation_time: "19:00", party_size: 2, status: "COMPLETED" },
    { reservation_date: "2026-12-01", reservation_time: "19:30", party_size: 3, status: "CONFIRMED" },
    { reservation_date: "2026-12-01", reservation_time: "20:00", party_size: 5, status: "NO_SHOW" },
  ]);
  expect(summary.total).toEqual({ reservations: 3, guests: 9 });
  expect(summary.arrived).toEqual({ reservations: 2, guests: 6 });
  expect(summary.noShow).toEqual({ reservations: 1, guests: 5 });
  expect(summary.slots.map((slot) => slot.time)).toEqual(["19:00", "19:30"]);
});

describe("the staff list's seats and the evening's states (decision 0034)", () => {
  const settings = { onlineSeats: 20, arrivalsPerSlot: null, stayMinutes: DEFAULT_SETTINGS.stayMinutes };
  // 19:00 in Berlin on 1 December 2026.
  const evening = new Date("2026-12-01T18:00:00Z");

  it("a party still 'Eingetroffen' from lunch holds its seats in the evening, as the server counts them", () => {
    const lunch = (status: ReservationStatus) => [
      { reservation_date: "2026-12-01", reservation_time: "12:00", party_size: 4, status },
    ];
    expect(dayCapacity(lunch("ARRIVED"), settings, evening)?.free.evening).toBe(16);
    expect(dayCapacity(lunch("COMPLETED"), settings, evening)?.free.evening).toBe(20);
    expect(dayCapacity(lunch("NO_SHOW"), settings, evening)?.free.lunch).toBe(20);
  });
});
