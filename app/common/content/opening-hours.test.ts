import { describe, expect, it } from "vitest";
import { contentDefaults } from "./defaults.ts";
import { parseDayHours, parseOpeningHours } from "./opening-hours.ts";

const open = (...ranges: Array<[string, string]>) => ({
  kind: "open",
  ranges: ranges.map(([opens, closes]) => ({ opens, closes })),
});
const lunchAndDinner = open(["11:30", "14:00"], ["17:00", "22:00"]);

describe("parseDayHours", () => {
  it.each([
    "11:30–14:00 und 17:00–22:00 Uhr",
    "11:30 - 14:00 und 17:00 - 22:00",
    "11.30–14.00 / 17.00–22.00 Uhr",
    "11:30—14:00, 17:00—22:00",
    "11:30 bis 14:00 und 17:00 bis 22:00 Uhr",
    "11:30 Uhr – 14:00 Uhr und 17:00 Uhr – 22:00 Uhr",
    "mittags 11:30–14 Uhr, abends 17–22 Uhr",
    "von 11:30 bis 14 h und von 17 bis 22 h",
    "11:30-14:00 17:00-22:00",
    "  11:30–14:00   UND   17:00–22:00 UHR. ",
    "17:00–22:00 und 11:30–14:00 Uhr",
  ])("reads two ranges from %j", (text) => {
    expect(parseDayHours(text)).toEqual(lunchAndDinner);
  });

  it("reads single ranges, hours without minutes and a close at midnight", () => {
    expect(parseDayHours("11:30–14:00")).toEqual(open(["11:30", "14:00"]));
    expect(parseDayHours("9-17 Uhr")).toEqual(open(["09:00", "17:00"]));
    expect(parseDayHours("durchgehend 12–24 Uhr")).toEqual(open(["12:00", "24:00"]));
    expect(parseDayHours("8:00–11:00, 12:00–14:00 und 18:00–23:00 Uhr")).toEqual(
      open(["08:00", "11:00"], ["12:00", "14:00"], ["18:00", "23:00"]),
    );
  });

  it.each(["Ruhetag", "ruhetag.", "Geschlossen", "heute geschlossen", "Ruhetag (außer an Feiertagen)"])(
    "reads %j as closed",
    (text) => {
      expect(parseDayHours(text)).toEqual({ kind: "closed" });
    },
  );

  it.each([
    "",
    "   ",
    "nach Vereinbarung",
    "ab 17 Uhr",
    "11:30",
    "11:30–",
    "11:30–14:00 und",
    "11:30–14:00 und und 17:00–22:00",
    "11:30–14:00 (Küche bis 13:30)",
    "geschlossen, abends 17–22 Uhr",
    "22:00–02:00",
    "14:00–11:30",
    "12:00–12:00",
    "11:00–15:00 und 14:00–22:00",
    "25:00–26:00",
    "11:60–14:00",
    "24:30–25:00",
    "1130–1400",
    "11:30–14:00 bisher",
    "Mo–Fr 11–22 Uhr",
  ])("leaves %j unknown instead of guessing", (text) => {
    expect(parseDayHours(text)).toEqual({ kind: "unknown" });
  });
});

describe("parseOpeningHours", () => {
  it("reads every weekday of the default opening hours", () => {
    const hours = parseOpeningHours(contentDefaults["global.opening_hours"]);
    expect(hours.monday).toEqual({ kind: "closed" });
    expect(hours.tuesday).toEqual(lunchAndDinner);
    expect(hours.saturday).toEqual(lunchAndDinner);
    expect(hours.sunday).toEqual(open(["11:30", "14:00"], ["17:00", "21:30"]));
    expect(Object.keys(hours)).toHaveLength(7);
  });
});
