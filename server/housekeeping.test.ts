import { afterEach, describe, expect, it } from "vitest";
import { createStaffReservation } from "../app/features/reservations/reservations.server.ts";
import { addMonths, berlinNow } from "../app/lib/calendar.ts";
import type { DatabaseHandle, DatabaseTarget } from "../db/database.server.ts";
import { recordingLogger } from "../tests/support/silent-logger.ts";
import { testDatabases } from "../tests/support/test-databases.ts";
import { openDatabase } from "../db/database.server.ts";
import { startHousekeeping, type Housekeeping } from "./housekeeping.ts";

const reservationOn = (date: string) =>
  ({
    customer_name: "Gast",
    email: "gast@example.de",
    phone_number: null,
    reservation_date: date,
    reservation_time: "19:00",
    party_size: 2,
    status: "COMPLETED",
    notes: null,
  }) as const;

describe.each(testDatabases())("housekeeping on $dialect", (engine) => {
  let handle: (DatabaseHandle & { target: DatabaseTarget }) | undefined;
  let housekeeping: Housekeeping | undefined;
  afterEach(async () => {
    await housekeeping?.stop();
    await handle?.close();
    handle = undefined;
  });

  it("anonymises guest data past its retention at start and again on every round, and logs it", async () => {
    handle = await engine.open();
    const today = berlinNow().date;
    const tooOld = addMonths(today, -13);
    await createStaffReservation(handle.db, reservationOn(tooOld));
    await createStaffReservation(handle.db, reservationOn(addMonths(today, -11)));
    const { logger, entries } = recordingLogger();
    const withName = () =>
      handle?.db
        .selectFrom("reservations")
        .select("reservation_date")
        .where("email", "is not", null)
        .execute();

    housekeeping = startHousekeeping(handle.db, logger, { everyMs: 0 });
    await housekeeping.run();
    expect((await withName())?.map((row) => row.reservation_date)).toEqual([addMonths(today, -11)]);
    expect(entries).toContainEqual(
      expect.objectContaining({ level: "info", fields: { notes: 0, anonymised: 1, mails: 0 } }),
    );

    // A reservation restored from an old backup is found by the next round.
    await createStaffReservation(handle.db, reservationOn(tooOld));
    await housekeeping.run();
    expect(await withName()).toHaveLength(1);
  });

  it("logs a failure instead of stopping the server", async () => {
    const closed = await engine.open();
    await closed.close();
    const { logger, entries } = recordingLogger();
    housekeeping = startHousekeeping(closed.db, logger, { everyMs: 0 });
    await housekeeping.run();
    expect(entries).toContainEqual(
      expect.objectContaining({ level: "error", message: "housekeeping failed" }),
    );
  });

  it("runs once per period however many servers share the database, and again once the period is over", async () => {
    handle = await engine.open();
    const second = openDatabase(handle.target);
    const { logger } = recordingLogger();
    const one = startHousekeeping(handle.db, logger, { everyMs: 60_000 });
    const other = startHousekeeping(second.db, logger, { everyMs: 60_000 });
    try {
      // Both looked on start, one of them ran it; now both look again, together: the day is taken.
      expect(await Promise.all([one.run(), other.run(), one.run(), other.run()])).toEqual([
        false,
        false,
        false,
        false,
      ]);
      expect(await handle.db.selectFrom("housekeeping_runs").selectAll().execute()).toHaveLength(1);
      // The period ends (moved back rather than waited for): of four looks at once, one runs it.
      await handle.db
        .updateTable("housekeeping_runs")
        .set({ started_at: new Date(Date.now() - 61_000).toISOString() })
        .execute();
      expect(
        (await Promise.all([one.run(), other.run(), one.run(), other.run()])).filter(Boolean),
      ).toHaveLength(1);
    } finally {
      await one.stop();
      await other.stop();
      await second.close();
    }
  });
});
