import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { openEveryDay } from "../../../../tests/support/opening-hours.ts";
import { insertReservation } from "../../../../tests/support/reservations.ts";
import { drawSmallPlan } from "../../../../tests/support/tables.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { DEFAULT_SETTINGS } from "../book/reservation-settings.ts";
import { seatTheDay } from "./table-seating.server.ts";
import { readSeatUtilisation } from "./seat-utilisation.server.ts";

/**
 * The seats' utilisation as read from the book (docs/product/tables.md): the parties that came or are
 * expected, with their tables' area, against the opening times — on SQLite and PostgreSQL.
 */
describe.each(testDatabases())("the seats' utilisation on $dialect", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it("counts parties that came or are expected, by their table's area, and nothing cancelled", async () => {
    handle = await engine.open();
    const db = handle.db;
    await drawSmallPlan(db);
    const date = "2026-12-08";
    for (const [name, partySize, status] of [
      ["Sechs", 6, "CONFIRMED"],
      ["Zwei", 2, "PENDING"],
      ["Abgesagt", 4, "CANCELLED"],
      ["Wartet", 2, "WAITLIST"],
    ] as const)
      await insertReservation(db, { name, date, time: "19:00", partySize, status });
    await db.transaction().execute((trx) => seatTheDay(trx, DEFAULT_SETTINGS, date));
    // The two have eaten and gone: their table stays theirs for the record, and counts for its area.
    await db
      .updateTable("reservations")
      .set({ status: "COMPLETED" })
      .where("customer_name", "=", "Zwei")
      .execute();
    // Seated without a table (stored before the tables were drawn) and gone home: counted for the
    // evening, for no area.
    await insertReservation(db, { name: "Fertig", date, time: "18:00", partySize: 3, status: "COMPLETED" });
    const settings = { ...DEFAULT_SETTINGS, totalSeats: 12 };
    const utilisation = await readSeatUtilisation(db, { from: date, to: date }, settings, openEveryDay);
    // 11:30–14:30 and 17:30–23:00: 180 and 330 minutes; six stay 150 minutes, two 90, three 120.
    expect(utilisation.services).toEqual([
      { service: "lunch", days: 1, taken: 0, open: 12 * 180 },
      { service: "evening", days: 1, taken: 6 * 150 + 2 * 90 + 3 * 120, open: 12 * 330 },
    ]);
    expect(utilisation.areas).toEqual([
      {
        id: expect.any(Number),
        name: "Innenraum",
        seats: 12,
        days: 1,
        taken: 6 * 150 + 2 * 90,
        open: 12 * 510,
      },
    ]);
  });
});
