import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  berlinNow,
  formatLongDate,
  isCalendarDate,
  minutesOfClock,
  weekdayOf,
} from "./calendar.ts";

describe("calendar", () => {
  it("knows real dates", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-2-1")).toBe(false);
    expect(isCalendarDate("morgen")).toBe(false);
  });

  it("adds days and months across month ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2026-11-24", 6)).toBe("2027-05-24");
  });

  it("reads weekdays and Berlin's wall clock across daylight saving time", () => {
    expect(weekdayOf("2026-11-30")).toBe("monday");
    expect(weekdayOf("2026-11-29")).toBe("sunday");
    expect(berlinNow(new Date("2026-07-01T22:30:00Z"))).toEqual({ date: "2026-07-02", time: "00:30" });
    expect(berlinNow(new Date("2026-12-01T22:30:00Z"))).toEqual({ date: "2026-12-01", time: "23:30" });
  });

  it("reads clock times and writes long German dates", () => {
    expect(minutesOfClock("18:30")).toBe(1110);
    expect(minutesOfClock("24:00")).toBeUndefined();
    expect(formatLongDate("2026-11-24")).toBe("Dienstag, 24. November 2026");
  });
});
