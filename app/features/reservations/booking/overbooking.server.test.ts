import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { staffActionDependencies } from "../../../../tests/support/staff-actions.ts";
import { insertReservation } from "../../../../tests/support/reservations.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { handleAdminAction, type AdminDependencies } from "./book-admin.server.ts";
import { OVERBOOK_FIELD, OVERBOOK_YES, type ReservationStatus } from "../book/terms.ts";
import { DEFAULT_SETTINGS } from "../book/reservation-settings.ts";

/**
 * The question 'Überbucht' is asked in the writing transaction after the date is locked (decision
 * 0031): staff confirming the last seats at the same moment cannot all pass on them. Without the
 * lock (`weighStaffChange`), PostgreSQL lets several through.
 */
const DATE = "2030-06-12";

describe.each(testDatabases())("staff saves weighed one at a time per date on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  const add = (name: string, partySize: number, status: ReservationStatus) =>
    insertReservation(handle.db, { name, email: null, date: DATE, time: "19:00", partySize, status });

  const staffDeps = (): AdminDependencies => ({
    ...staffActionDependencies(handle.db, "Chef"),
    settings: { ...DEFAULT_SETTINGS, totalSeats: 70, onlineSeats: 60 },
  });

  it("20 waitlist requests confirmed at once into room for one: one is saved, 19 are asked", async () => {
    handle = await engine.open();
    const deps = staffDeps();
    await add("Große Gruppe", 56, "CONFIRMED");
    const waiting: number[] = [];
    for (let index = 0; index < 20; index += 1) waiting.push(await add(`Warten ${index}`, 4, "WAITLIST"));
    const answers = await Promise.all(
      waiting.map((id) => {
        const form = new FormData();
        form.set("intent", "status");
        form.set("id", String(id));
        form.set("status", "CONFIRMED");
        return handleAdminAction(form, deps);
      }),
    );
    expect(answers.filter((answer) => answer.result.outcome === "done")).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
    const confirmed = await handle.db
      .selectFrom("reservations")
      .select("id")
      .where("status", "=", "CONFIRMED")
      .where("party_size", "=", 4)
      .execute();
    expect(confirmed).toHaveLength(1);
  });

  it("a change refused as overbooking writes nothing, the date's lock included; 'Trotzdem speichern' writes it", async () => {
    handle = await engine.open();
    const deps = staffDeps();
    await add("Große Gruppe", 58, "CONFIRMED");
    const waiting = await add("Warten", 4, "WAITLIST");
    const confirm = (override: boolean) => {
      const form = new FormData();
      form.set("intent", "status");
      form.set("id", String(waiting));
      form.set("status", "CONFIRMED");
      if (override) form.set(OVERBOOK_FIELD, OVERBOOK_YES);
      return handleAdminAction(form, deps);
    };
    const written = async () => ({
      status: (
        await handle.db
          .selectFrom("reservations")
          .select("status")
          .where("id", "=", waiting)
          .executeTakeFirstOrThrow()
      ).status,
      events: (await handle.db.selectFrom("reservation_events").select("kind").execute()).map(
        (row) => row.kind,
      ),
      locks: await handle.db.selectFrom("reservation_day_locks").select(["day", "writes"]).execute(),
    });

    expect((await confirm(false)).status).toBe(409);
    expect(await written()).toEqual({ status: "WAITLIST", events: [], locks: [] });
    expect((await confirm(true)).status).toBe(200);
    expect(await written()).toEqual({
      status: "CONFIRMED",
      events: ["status"],
      locks: [{ day: DATE, writes: 1 }],
    });
  });
});
