import { describe, expect, it } from "vitest";
import { berlinToday, formatDate, formatPrice, telHref } from "./format.ts";

describe("format", () => {
  it("shows prices as German euro amounts from exact cents", () => {
    expect(formatPrice(1250).replace(/\u00a0/g, " ")).toBe("12,50 €");
    expect(formatPrice(123456).replace(/\u00a0/g, " ")).toBe("1.234,56 €");
    expect(formatPrice(0).replace(/\u00a0/g, " ")).toBe("0,00 €");
  });

  it("takes today's date in Berlin, not in the server's time zone", () => {
    // 23:30 UTC on 31 December is already 1 January in Berlin (UTC+1 in winter).
    expect(berlinToday(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    // 22:30 UTC in summer is 00:30 the next day in Berlin (UTC+2).
    expect(berlinToday(new Date("2026-07-14T22:30:00Z"))).toBe("2026-07-15");
    expect(berlinToday(new Date("2026-07-14T21:30:00Z"))).toBe("2026-07-14");
  });

  it("writes dates as day.month.year and phone links without spaces", () => {
    expect(formatDate("2026-11-21")).toBe("21.11.2026");
    expect(telHref("+49 (0) 7071 / 12 34-56")).toBe("tel:+4907071123456");
  });
});
