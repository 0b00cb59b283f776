import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { addDays, berlinNow } from "../../../lib/calendar.ts";
import { completedVisits } from "../../../../tests/support/reservations.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { observedStays } from "./turn-times.server.ts";

/** The turn times the evenings show (decision 0057): medians once 30 parties of a stay have left. */
describe.each(testDatabases())("observed stays on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());
  const today = berlinNow().date;

  it("gives a stay's median once 30 of its parties left, from 'Eingetroffen' to 'Abgeschlossen'", async () => {
    handle = await engine.open();
    const db = handle.db;
    // 29 couples: not yet a figure.
    await completedVisits(db, { date: addDays(today, -3), partySize: 2, minutes: Array(29).fill(84) });
    expect((await observedStays(db, today)).small).toEqual({ parties: 29 });
    // The 30th, and parties of three and four whose stays differ.
    await completedVisits(db, { date: addDays(today, -2), partySize: 1, minutes: [200] });
    await completedVisits(db, {
      date: addDays(today, -1),
      partySize: 4,
      minutes: Array.from({ length: 30 }, (_, index) => 100 + index),
    });
    const observed = await observedStays(db, today);
    expect(observed.small).toEqual({ parties: 30, median: 84 });
    // 100 … 129: the two in the middle are 114 and 115.
    expect(observed.medium).toEqual({ parties: 30, median: 115 });
    expect(observed.large).toEqual({ parties: 0 });
  });

  it("leaves out taps forgotten or made by mistake, visits before the period, and parties still seated", async () => {
    handle = await engine.open();
    const db = handle.db;
    await completedVisits(db, { date: addDays(today, -1), partySize: 2, minutes: [2, 900, 90] });
    await completedVisits(db, { date: addDays(today, -200), partySize: 2, minutes: [90] });
    await completedVisits(db, { date: today, partySize: 2, minutes: [90], status: "ARRIVED" });
    expect((await observedStays(db, today)).small).toEqual({ parties: 1 });
  });
});
