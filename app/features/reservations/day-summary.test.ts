import { expect, it } from "vitest";
import { summarizeDay } from "./day-summary.ts";

it("sums guests per time and per service, leaving cancelled reservations out", () => {
  const summary = summarizeDay([
    { reservation_time: "12:00", party_size: 4, status: "CONFIRMED" },
    { reservation_time: "18:00", party_size: 2, status: "PENDING" },
    { reservation_time: "18:00", party_size: 3, status: "CONFIRMED" },
    { reservation_time: "19:00", party_size: 8, status: "CANCELLED" },
  ]);
  expect(summary.slots).toEqual([
    { time: "12:00", reservations: 1, guests: 4, confirmedGuests: 4 },
    { time: "18:00", reservations: 2, guests: 5, confirmedGuests: 3 },
  ]);
  expect(summary.lunch).toEqual({ reservations: 1, guests: 4 });
  expect(summary.evening).toEqual({ reservations: 2, guests: 5 });
  expect(summary.total).toEqual({ reservations: 3, guests: 9 });
});
