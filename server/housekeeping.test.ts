import { afterEach, describe, expect, it } from "vitest";
import { createStaffReservation } from "../app/features/reservations/reservations.server.ts";
import { addMonths, berlinNow } from "../app/lib/calendar.ts";
import type { DatabaseHandle } from "../db/database.server.ts";
import { recordingLogger } from "../tests/support/silent-logger.ts";
import { testDatabases } from "../tests/support/test-databases.ts";
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
  let handle: DatabaseHandle | undefined;
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

    housekeeping = startHousekeeping(handle.db, logger, 60_000);
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
    housekeeping = startHousekeeping(closed.db, logger, 60_000);
    await housekeeping.run();
    expect(entries).toContainEqual(
      expect.objectContaining({ level: "error", message: "housekeeping failed" }),
    );
  });
});
