import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { lockReservationDay } from "./day-lock.server.ts";

describe.each(testDatabases())("the date's lock on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  const writes = async () =>
    (
      await handle.db.selectFrom("reservation_day_locks").select(["day", "writes"]).orderBy("day").execute()
    ).map((row) => `${row.day}:${row.writes}`);

  it("is written once per transaction and date, however often the transaction asks for it", async () => {
    handle = await engine.open();
    // A request's weighing and its seating both lock; so does every request of a shared transaction
    // (decision 0055). Held until the end, a second write would change nothing but cost a round trip.
    await handle.db.transaction().execute(async (trx) => {
      await lockReservationDay(trx, "2099-05-01");
      await lockReservationDay(trx, "2099-05-01");
      await lockReservationDay(trx, "2099-05-02");
      await lockReservationDay(trx, "2099-05-01");
    });
    expect(await writes()).toEqual(["2099-05-01:1", "2099-05-02:1"]);
    await handle.db.transaction().execute((trx) => lockReservationDay(trx, "2099-05-01"));
    expect(await writes()).toEqual(["2099-05-01:2", "2099-05-02:1"]);
  });
});
