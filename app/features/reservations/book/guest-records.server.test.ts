import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { insertReservation } from "../../../../tests/support/reservations.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import {
  eraseGuestReservations,
  eraseReservations,
  existingReservations,
  findGuestReservations,
  guestReservationRecords,
  lockReservations,
  reservationsWrittenAt,
} from "./guest-records.server.ts";

/** The reservations' answers to 'Gastdaten' (decision 0047, "One owner per table"). */
describe.each(testDatabases())("the reservations' answers about a guest on $dialect", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  async function seed() {
    handle = await engine.open();
    const { db } = handle;
    const ids = {
      early: await insertReservation(db, {
        name: "Anna",
        email: "Anna@Example.de",
        phone: "0170 1234567",
        date: "2026-12-24",
        time: "19:00",
        createdAt: "2026-11-20T10:00:00.000Z",
      }),
      late: await insertReservation(db, {
        name: "Anna",
        email: null,
        phone: "+49 170 123 45 67",
        date: "2026-12-31",
        createdAt: "2026-11-21T10:00:00.000Z",
      }),
      bruno: await insertReservation(db, { name: "Bruno", phone: "0170 1234568", date: "2026-12-24" }),
    };
    return { handle, db, ids };
  }

  it("finds a guest's reservations by address or phone number, newest visit first", async () => {
    const { db, ids } = await seed();
    expect(await findGuestReservations(db, { kind: "email", email: "anna@example.de" })).toEqual([
      { id: ids.early, date: "2026-12-24", time: "19:00", createdAt: "2026-11-20T10:00:00.000Z" },
    ]);
    const byPhone = await findGuestReservations(db, { kind: "phone", key: "01701234567" });
    expect(byPhone.map((row) => row.id)).toEqual([ids.late, ids.early]);
  });

  it("hands out what they hold in the order asked, and says which still exist", async () => {
    const { db, ids } = await seed();
    const records = await guestReservationRecords(db, [ids.late, 999_999, ids.early]);
    expect(records.map((row) => row.id)).toEqual([ids.late, ids.early]);
    expect(records[1]).toMatchObject({
      name: "Anna",
      email: "Anna@Example.de",
      phone: "0170 1234567",
      date: "2026-12-24",
      time: "19:00",
      partySize: 2,
      status: "PENDING",
      guestAction: null,
    });
    expect(await existingReservations(db, [ids.bruno, 999_999, ids.bruno])).toEqual(new Set([ids.bruno]));
  });

  it("erases them within the caller's transaction, held first on PostgreSQL, and tells the staff screens", async () => {
    const { handle: open, db, ids } = await seed();
    const found = await findGuestReservations(db, { kind: "phone", key: "01701234567" });
    const deleted = await db.transaction().execute(async (trx) => {
      await lockReservations(
        trx,
        open.dialect,
        found.map((row) => row.id),
      );
      return eraseGuestReservations(trx, found);
    });
    expect(deleted).toBe(2);
    expect(await db.selectFrom("reservations").select("id").execute()).toEqual([{ id: ids.bruno }]);
    const events = await db
      .selectFrom("reservation_events")
      .select(["kind", "reservation_id"])
      .orderBy("id")
      .execute();
    expect(events).toEqual([
      { kind: "deleted", reservation_id: ids.late },
      { kind: "deleted", reservation_id: ids.early },
    ]);
    expect(await eraseReservations(db, [ids.bruno, 999_999])).toBe(1);
  });

  it("names the reservations written at a recorded instant, and no other with the same id", async () => {
    const { db, ids } = await seed();
    expect(
      await reservationsWrittenAt(db, [
        { id: ids.early, createdAt: "2026-11-20T10:00:00Z" },
        { id: ids.late, createdAt: "2026-11-20T10:00:00.000Z" },
      ]),
    ).toEqual([ids.early]);
  });
});
