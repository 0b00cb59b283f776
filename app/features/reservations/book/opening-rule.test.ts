import { describe, expect, it } from "vitest";
import { contentDefaults } from "../../../common/content/defaults.ts";
import { TIME_SLOTS } from "./terms.ts";
import { bookingWindow, closedWeekdays, dayAvailability, slotProblem } from "./opening-rule.ts";

const hours = contentDefaults["global.opening_hours"];
// 2026-11-24 is a Tuesday; 10:15 in Berlin (CET, UTC+1).
const now = new Date("2026-11-24T09:15:00Z");

describe("reservation rules (decision 0014)", () => {
  it("offers every slot inside the opening hours on an open day", () => {
    expect(dayAvailability("2026-11-25", hours, now)).toEqual({ kind: "open", slots: [...TIME_SLOTS] });
  });

  it("drops slots at or after closing: Sunday closes at 21:30", () => {
    const sunday = dayAvailability("2026-11-29", hours, now);
    expect(sunday.kind).toBe("open");
    expect(sunday.kind === "open" && sunday.slots.at(-1)).toBe("21:00");
  });

  it("says a closed day is closed, naming the weekday, and offers no times", () => {
    expect(dayAvailability("2026-11-30", hours, now)).toEqual({
      kind: "closed",
      message: "Am Montag haben wir Ruhetag. Bitte wählen Sie einen anderen Tag.",
    });
    expect(slotProblem("2026-11-30", "18:00", hours, now)?.field).toBe("date");
  });

  it("refuses past dates and times that are over today, in Berlin time", () => {
    expect(dayAvailability("2026-11-23", hours, now).kind).toBe("outside");
    const today = dayAvailability("2026-11-24", hours, now);
    expect(today.kind === "open" && today.slots[0]).toBe("11:30");
    const evening = new Date("2026-11-24T17:10:00Z"); // 18:10 in Berlin
    const later = dayAvailability("2026-11-24", hours, evening);
    expect(later.kind === "open" && later.slots[0]).toBe("18:30");
    expect(slotProblem("2026-11-24", "18:00", hours, evening)).toEqual({
      field: "time",
      message: "Diese Uhrzeit ist heute schon vorbei. Bitte wählen Sie eine spätere Uhrzeit.",
    });
    // Just before midnight UTC it is already the next day in Berlin.
    expect(bookingWindow(new Date("2026-11-24T23:30:00Z")).min).toBe("2026-11-25");
  });

  it("a day whose last slot has passed takes no more requests", () => {
    const lateTuesday = new Date("2026-11-24T21:00:00Z"); // 22:00 in Berlin
    expect(dayAvailability("2026-11-24", hours, lateTuesday).kind).toBe("closed");
  });

  it("allows six months ahead, not a day more", () => {
    expect(bookingWindow(now)).toEqual({ min: "2026-11-24", max: "2027-05-24" });
    expect(dayAvailability("2027-05-25", hours, now)).toEqual({
      kind: "outside",
      message: "Reservierungen sind höchstens 6 Monate im Voraus möglich.",
    });
  });

  it("refuses a slot outside the hours, and leaves a day with unreadable hours unrestricted", () => {
    const lunchOnly = { ...hours, wednesday: "11:30–14:00 Uhr" };
    expect(slotProblem("2026-11-25", "18:00", lunchOnly, now)?.message).toMatch(/geschlossen/);
    expect(slotProblem("2026-11-25", "12:00", lunchOnly, now)).toBeUndefined();
    const unreadable = { ...hours, wednesday: "nach Vereinbarung" };
    expect(dayAvailability("2026-11-25", unreadable, now)).toEqual({ kind: "open", slots: [...TIME_SLOTS] });
  });

  it("names the closed weekdays for the form's hint", () => {
    expect(closedWeekdays(hours)).toEqual(["Montag"]);
    expect(closedWeekdays({ ...hours, sunday: "geschlossen" })).toEqual(["Montag", "Sonntag"]);
  });
});
