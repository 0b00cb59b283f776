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

  it("answers each minute alike, however often and in whatever order it is asked", () => {
    // Around the change to summer time: 01:59 winter time is followed by 03:00.
    const asked = [
      "2026-03-29T00:59:00.000Z",
      "2026-03-29T00:59:59.999Z",
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T00:59:30.000Z",
      "2026-03-29T01:00:30.000Z",
      "1969-12-31T23:59:59.500Z",
      "1969-12-31T23:59:00.000Z",
    ].map((iso) => berlinNow(new Date(iso)));
    expect(asked).toEqual([
      { date: "2026-03-29", time: "01:59" },
      { date: "2026-03-29", time: "01:59" },
      { date: "2026-03-29", time: "03:00" },
      { date: "2026-03-29", time: "01:59" },
      { date: "2026-03-29", time: "03:00" },
      { date: "1970-01-01", time: "00:59" },
      { date: "1970-01-01", time: "00:59" },
    ]);
    const answer = berlinNow(new Date("2026-03-29T01:00:10Z"));
    answer.time = "changed";
    expect(berlinNow(new Date("2026-03-29T01:00:20Z")).time).toBe("03:00");
  });

  it("reads clock times and writes long German dates", () => {
    expect(minutesOfClock("18:30")).toBe(1110);
    expect(minutesOfClock("24:00")).toBeUndefined();
    expect(formatLongDate("2026-11-24")).toBe("Dienstag, 24. November 2026");
  });
});
