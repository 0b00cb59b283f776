import { describe, expect, it } from "vitest";
import { checkPeriod, periodOf, periodQuery, statisticsMessages as M } from "./schema.ts";

const TODAY = "2026-11-27";
const check = (query: string) => checkPeriod(new URLSearchParams(query), TODAY);

describe("the period of 'Statistik'", () => {
  it("is 'Dieser Monat' without parameters: the whole calendar month", () => {
    expect(check("")).toEqual({
      ok: true,
      period: { choice: "dieser-monat", from: "2026-11-01", to: "2026-11-30" },
    });
  });

  it("resolves the three fixed choices on Berlin calendar dates", () => {
    expect(periodOf({ choice: "letzter-monat" }, "2026-03-31")).toEqual({
      choice: "letzter-monat",
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(periodOf({ choice: "letzter-monat" }, "2026-01-15")).toMatchObject({
      from: "2025-12-01",
      to: "2025-12-31",
    });
    expect(periodOf({ choice: "12-monate" }, TODAY)).toMatchObject({ from: "2025-12-01", to: TODAY });
    expect(periodOf({ choice: "dieser-monat" }, "2028-02-10")).toMatchObject({ to: "2028-02-29" });
  });

  it("takes a custom period with both days", () => {
    expect(check("zeitraum=eigener&von=2026-01-01&bis=2026-01-01")).toEqual({
      ok: true,
      period: { choice: "eigener", from: "2026-01-01", to: "2026-01-01" },
    });
  });

  it("ignores von and bis for the fixed choices when they come as the form showed them", () => {
    expect(check("zeitraum=letzter-monat&von=&bis=")).toMatchObject({ ok: true });
    expect(
      check("zeitraum=letzter-monat&von=2026-11-01&bis=2026-11-30&gezeigt=2026-11-01_2026-11-30"),
    ).toEqual({ ok: true, period: { choice: "letzter-monat", from: "2026-10-01", to: "2026-10-31" } });
  });

  it("takes dates typed into Von and Bis as 'Zeitraum', whatever choice was left checked", () => {
    expect(
      check("zeitraum=dieser-monat&von=2026-01-01&bis=2026-01-31&gezeigt=2026-11-01_2026-11-30"),
    ).toEqual({ ok: true, period: { choice: "eigener", from: "2026-01-01", to: "2026-01-31" } });
    // Only one date changed: still typed.
    expect(
      check("zeitraum=dieser-monat&von=2026-11-01&bis=2026-11-15&gezeigt=2026-11-01_2026-11-30"),
    ).toMatchObject({ ok: true, period: { choice: "eigener", to: "2026-11-15" } });
    // An address without the shown dates: the dates it names count.
    expect(check("zeitraum=12-monate&von=2026-03-01&bis=2026-03-31")).toMatchObject({
      ok: true,
      period: { choice: "eigener", from: "2026-03-01" },
    });
    // Typed, but wrong: said as for 'Zeitraum'.
    expect(check("zeitraum=letzter-monat&von=kaputt&bis=")).toMatchObject({
      ok: false,
      message: M.fromInvalid,
      field: "from",
    });
  });

  it.each([
    ["zeitraum=gestern", M.choice, "choice"],
    ["zeitraum=", M.choice, "choice"],
    ["zeitraum=eigener&bis=2026-01-01", M.fromMissing, "from"],
    ["zeitraum=eigener&von=2026-01-01", M.toMissing, "to"],
    ["zeitraum=eigener&von=2026-02-30&bis=2026-03-01", M.fromInvalid, "from"],
    ["zeitraum=eigener&von=2026-01-01&bis=01.02.2026", M.toInvalid, "to"],
    ["zeitraum=eigener&von=2026-03-01&bis=2026-02-28", M.endBeforeStart, "to"],
    ["zeitraum=eigener&von=2020-01-01&bis=2025-01-01", M.tooLong, "to"],
    [`zeitraum=eigener&von=${"9".repeat(5000)}&bis=2026-01-01`, M.fromInvalid, "from"],
    // Months beyond the year 9999 cannot be written as dates: such periods are not asked.
    ["zeitraum=eigener&von=9994-12-31&bis=9999-12-30", M.fromInvalid, "from"],
    ["zeitraum=eigener&von=2026-01-01&bis=3000-01-01", M.toInvalid, "to"],
  ])("refuses %s with its message", (query, message, field) => {
    const result = check(query);
    expect(result).toMatchObject({ ok: false, message, field });
  });

  it("allows exactly five years, both days included", () => {
    expect(check("zeitraum=eigener&von=2021-01-01&bis=2025-12-31")).toMatchObject({ ok: true });
    expect(check("zeitraum=eigener&von=2021-01-01&bis=2026-01-01")).toMatchObject({
      ok: false,
      message: M.tooLong,
    });
  });

  it("writes the query string the CSV link sends", () => {
    expect(periodQuery({ choice: "12-monate", from: "2025-12-01", to: TODAY })).toBe("zeitraum=12-monate");
    expect(periodQuery({ choice: "eigener", from: "2026-01-01", to: "2026-01-31" })).toBe(
      "zeitraum=eigener&von=2026-01-01&bis=2026-01-31",
    );
  });
});
