import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { enqueueMail } from "../app/common/mail/outbox.server.ts";
import { createStaffReservation } from "../tests/support/reservations.ts";
import { addDays, addMonths, berlinNow } from "../app/lib/calendar.ts";
import { addWaiting } from "../app/features/reservations/service/door-list.server.ts";
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

  it("erases the door's wait lists of earlier days, keeps today's (decision 0057)", async () => {
    handle = await engine.open();
    const today = berlinNow().date;
    const entry = { name: "Gast", party_size: 2, phone: "0171 1234567", notes: null };
    await addWaiting(handle.db, addDays(today, -1), entry);
    await addWaiting(handle.db, today, entry);
    // The earlier day's list went with today's first change; one restored from a backup stays until tonight.
    await handle.db
      .insertInto("door_waitlist")
      .values({
        service_date: addDays(today, -2),
        name: "Alt",
        party_size: 2,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const { logger } = recordingLogger();
    housekeeping = startHousekeeping(handle.db, logger, { everyMs: 0 });
    await housekeeping.run();
    const left = await handle.db.selectFrom("door_waitlist").select("service_date").execute();
    expect(left.map((row) => row.service_date)).toEqual([today]);
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

describe("erased notes on SQLite", () => {
  it("are gone from the database file's bytes, main file and -wal, after the retention run", async () => {
    const sqlite = testDatabases().find((engine) => engine.dialect === "sqlite");
    if (!sqlite) throw new Error("expected SQLite among the test databases");
    const handle = await sqlite.open();
    if (handle.target.kind !== "sqlite") throw new Error("expected SQLite");
    const file = handle.target.file;
    const secret = "Erdnussallergie-7f3a9c-streng-geheim";
    try {
      const today = berlinNow().date;
      const { reservation } = await createStaffReservation(handle.db, {
        ...reservationOn(addMonths(today, -2)),
        notes: secret,
      });
      // The restaurant's notice repeats the notes; the run deletes it (a whole row) with them.
      await enqueueMail(handle.db, {
        kind: "reservation-notice",
        recipient: "info@example.de",
        subject: "Neue Reservierung",
        text: `Besondere Wünsche: ${secret}`,
        sender: "info@example.de",
        reservationId: reservation.id,
      });
      const bytes = () =>
        Buffer.concat(
          [file, `${file}-wal`].filter((name) => fs.existsSync(name)).map((name) => fs.readFileSync(name)),
        );
      // Written and read back: the text is in the file (the -wal), as any copy of it would show.
      expect(bytes().includes(secret)).toBe(true);
      const { logger } = recordingLogger();
      const housekeeping = startHousekeeping(handle.db, logger, { everyMs: 0 });
      await housekeeping.run();
      await housekeeping.stop();
      const notes = await handle.db.selectFrom("reservations").select("notes").execute();
      expect(notes).toEqual([{ notes: null }]);
      expect(await handle.db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
      expect(bytes().includes(secret)).toBe(false);
    } finally {
      await handle.close();
    }
  });
});
