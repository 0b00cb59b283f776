import { describe, expect, it } from "vitest";
import { reservationMessages as M } from "../../app/features/reservations/book/terms.ts";
import { DEFAULT_SETTINGS } from "../../app/features/reservations/book/reservation-settings.ts";
import {
  addressOf,
  answerKind,
  capacityHeld,
  peakSeatsHeld,
  type CapacityFigures,
} from "./capacity-figures.ts";
import { headersOf } from "./load-generator.ts";

describe("the last seats' bench", () => {
  it("reads an answer as stored, 'ausgebucht', or wrong — by status and words together", () => {
    expect(answerKind(200, `[..."${M.successTitle}"...]`)).toBe("stored");
    expect(answerKind(200, `<p>${M.confirmedTitle}</p>`)).toBe("stored");
    expect(answerKind(409, `"${M.timeTaken} ${M.stillFree(["18:00"])}"`)).toBe("full");
    expect(answerKind(409, `"${M.dayFull} …"`)).toBe("full");
    expect(answerKind(409, `"${M.timeClosed}"`)).toBe("wrong");
    expect(answerKind(200, `"${M.timeTaken}"`)).toBe("wrong");
    expect(answerKind(429, `"${M.tooMany}"`)).toBe("wrong");
    expect(answerKind(500, "Interner Serverfehler")).toBe("wrong");
  });

  it("finds the most seats held at any moment, where stays overlap", () => {
    const settings = { stayMinutes: DEFAULT_SETTINGS.stayMinutes };
    expect(peakSeatsHeld(settings, [])).toBe(0);
    // 2 people stay 90 minutes, 4 people 120: 18:00 (2) and 19:00 (4) overlap until 19:30.
    const held = [
      { time: "18:00", partySize: 2 },
      { time: "19:00", partySize: 4 },
      { time: "21:00", partySize: 5 },
    ];
    expect(peakSeatsHeld(settings, held)).toBe(6);
    expect(peakSeatsHeld(settings, [...held, { time: "20:30", partySize: 1 }])).toBe(6);
    expect(peakSeatsHeld(settings, [...held, { time: "20:30", partySize: 2 }])).toBe(7);
  });

  it("gives each guest an address of its own", () => {
    const addresses = new Set(Array.from({ length: 70_000 }, (_, guest) => addressOf(guest)));
    expect(addresses.size).toBe(70_000);
    expect(addressOf(0)).toBe("10.0.0.0");
    expect(addressOf(65_793)).toBe("10.1.1.1");
  });

  it("holds a burst only when every answer was right, stored as answered, within the seats", () => {
    const fine: CapacityFigures = {
      date: "2026-12-03",
      sent: 200,
      stored: 40,
      full: 160,
      wrong: [],
      perSecond: 500,
      latencies: [],
      rows: 40,
      distinctRows: 40,
      mismatched: 0,
      peakSeats: 60,
      onlineSeats: 60,
    };
    expect(capacityHeld(fine)).toBe(true);
    expect(capacityHeld({ ...fine, peakSeats: 61 })).toBe(false);
    expect(capacityHeld({ ...fine, rows: 41, distinctRows: 41 })).toBe(false);
    expect(capacityHeld({ ...fine, distinctRows: 39 })).toBe(false);
    expect(capacityHeld({ ...fine, mismatched: 1 })).toBe(false);
    expect(capacityHeld({ ...fine, full: 159, wrong: [{ status: 500, text: "" }] })).toBe(false);
  });

  it("makes a request's headers once for all, or per request", () => {
    expect(headersOf({ a: "1" }, 7)).toEqual({ a: "1" });
    expect(headersOf((n) => ({ "x-forwarded-for": addressOf(n) }), 7)).toEqual({
      "x-forwarded-for": "10.0.0.7",
    });
  });
});
