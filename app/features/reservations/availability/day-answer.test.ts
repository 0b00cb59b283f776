import { describe, expect, it } from "vitest";
import { dayAnswerOf, formDayOf } from "./day-answer.ts";
import { reservationMessages as M } from "../book/terms.ts";

/** The API's answer for a date, and what the guest's form makes of it (decision 0031). */
describe("a date's answer", () => {
  it("names each time, free or why not, and what the form offers: free times, full ones for the waitlist", () => {
    const answer = dayAnswerOf("2026-12-04", 2, {
      kind: "open",
      times: [
        { time: "17:00", free: false, reason: "lead" },
        { time: "18:00", free: false, reason: "full" },
        { time: "18:30", free: false, reason: "pacing" },
        { time: "19:00", free: true },
      ],
      note: "Heute mit Live-Musik",
    });
    expect(answer).toEqual({
      datum: "2026-12-04",
      personen: 2,
      zeiten: [
        { zeit: "17:00", frei: false, grund: "vorlaufzeit" },
        { zeit: "18:00", frei: false, grund: "ausgebucht" },
        { zeit: "18:30", frei: false, grund: "ausgebucht" },
        { zeit: "19:00", frei: true },
      ],
      hinweis: "Heute mit Live-Musik",
    });
    // A time too soon is never offered for the waitlist.
    expect(formDayOf(answer)).toEqual({
      kind: "open",
      free: ["19:00"],
      waitlist: ["18:00", "18:30"],
      message: "Heute mit Live-Musik",
    });
  });

  it("a fully booked date keeps its times for the waitlist and says so; a closed one has none", () => {
    const full = dayAnswerOf("2026-12-04", 4, {
      kind: "full",
      message: M.dayFull,
      times: [{ time: "19:00", free: false, reason: "full" }],
    });
    expect(formDayOf(full)).toEqual({ kind: "full", free: [], waitlist: ["19:00"], message: M.dayFull });
    const closed = dayAnswerOf("2026-12-04", 4, {
      kind: "closed",
      message: M.closedDate("Betriebsferien"),
      note: "Betriebsferien",
    });
    expect(closed).toEqual({
      datum: "2026-12-04",
      personen: 4,
      zeiten: [],
      hinweis: M.closedDate("Betriebsferien"),
    });
    expect(formDayOf(closed)).toEqual({
      kind: "closed",
      free: [],
      waitlist: [],
      message: M.closedDate("Betriebsferien"),
    });
  });
});
