import { afterEach, describe, expect, it } from "vitest";
import { createSession } from "../../features/auth/session.server.ts";
import { seatTheDay } from "../../features/reservations/availability/table-seating.server.ts";
import { DEFAULT_SETTINGS } from "../../features/reservations/book/reservation-settings.ts";
import type { AdminResult } from "../../features/reservations/book/shapes.ts";
import type { PlanMoment } from "../../features/reservations/service/plan-moment.ts";
import { fixPlace, placeOf } from "../../features/reservations/tables/assignments.server.ts";
import { loadPlanMoment } from "../../features/reservations/service/plan-day.server.ts";
import { readFloorPlan } from "../../features/reservations/tables/plan-store.server.ts";
import { addDays, berlinNow } from "../../lib/calendar.ts";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { callAs, staffScreenContext, thrownBy } from "../../../tests/support/admin-routes.ts";
import { insertReservation } from "../../../tests/support/reservations.ts";
import { createStaff } from "../../../tests/support/staff.ts";
import { drawSmallPlan } from "../../../tests/support/tables.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";

/**
 * The day on the plan (`/admin/tischplan?datum=&zeit=`, docs/product/tables.md) through the route's
 * own loader and action, after the staff check: who sits where at the moment asked, when a free
 * table's next party comes, and 'Tisch ändern' for every staff member — and nothing else of the plan.
 */
const FILE = "routes/admin/tischplan.tsx";
const date = addDays(berlinNow().date, 4);

interface Answer {
  data: AdminResult;
  init?: { status?: number } | null;
}

describe.each(testDatabases())("the day on the plan on $dialect", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  /** A plan of tables 1, 2, 4 and 5 with the combination 4 + 5, its day seated, and a waiter signed in. */
  async function opened() {
    handle = await engine.open();
    const db = handle.db;
    const tables = await drawSmallPlan(db);
    const add = (name: string, time: string, partySize: number) =>
      insertReservation(db, { name, date, time, partySize, status: "CONFIRMED" });
    const ids = {
      pia: await add("Pia Früh", "17:00", 3),
      zeno: await add("Zeno Zwei", "19:00", 2),
      sara: await add("Sara Sechs", "19:00", 6),
      lena: await add("Lena Spät", "21:30", 2),
    };
    await db.transaction().execute((trx) => seatTheDay(trx, DEFAULT_SETTINGS, date));
    const userId = await createStaff(db, "luca");
    await db.updateTable("staff_users").set({ role: "staff" }).where("id", "=", userId).execute();
    const cookie = `tavola_session=${await createSession(db, userId, null)}`;
    const context = staffScreenContext(handle);
    const call = (kind: "loader" | "action", search: string, body?: Record<string, string>) =>
      callAs(cookie, context, FILE, kind, `http://localhost/admin/tischplan${search}`, body);
    const load = async (search: string) => ((await call("loader", search)) as { moment: PlanMoment }).moment;
    return { db, tables, ids, call, load };
  }

  it("shows who sits where at the moment asked, and when a free table's next party comes", async () => {
    const { tables, ids, load } = await opened();
    const moment = await load(`?datum=${date}&zeit=19:30`);
    expect(moment.time).toBe("19:30");
    // Pia's three came at 17:00 and stay two hours: gone at 19:30. Lena comes at 21:30.
    expect(moment.occupants.map((one) => [one.name, one.label, one.tableIds])).toEqual([
      ["Zeno Zwei", "Tisch 1", [tables.get("1")]],
      ["Sara Sechs", "Tisch 4 + 5", [tables.get("4"), tables.get("5")]],
    ]);
    const sara = moment.occupants.find((one) => one.id === ids.sara);
    expect(sara).toMatchObject({
      partySize: 6,
      time: "19:00",
      status: "CONFIRMED",
      unit: expect.any(String),
    });
    expect(Object.values(moment.nextArrivals)).toEqual(["21:30"]);
    expect(moment.choices.map((choice) => choice.label)).toContain("Tisch 4 + 5 · Innenraum · 5–8 Personen");

    // At 17:30 only Pia sits, at Tisch 4 (the smallest that seats three); without a time, another day
    // shows when its first party comes; a malformed date is today.
    expect((await load(`?datum=${date}&zeit=17:30`)).occupants.map((one) => one.name)).toEqual(["Pia Früh"]);
    expect((await load(`?datum=${date}`)).time).toBe("17:00");
    expect((await load(`?datum=${date}&zeit=25:99`)).time).toBe("17:00");
    expect((await load("?datum=2026-02-30")).date).toBe(berlinNow().date);
  });

  it("shows two parties at one table, and a party that arrived early from when it came", async () => {
    const { db, tables, ids } = await opened();
    // Staff put Zeno at Tisch 4 over Sara's six ('Trotzdem zuweisen').
    await db.transaction().execute((trx) => fixPlace(trx, ids.zeno, `t${tables.get("4") ?? 0}`));
    const now = new Date(`${date}T17:10:00Z`); // 18:10 in Berlin in winter, 19:10 in summer
    const at = (time: string) => loadPlanMoment(db, { date, time }, DEFAULT_SETTINGS, now);
    const atFour = (await at("19:30")).occupants.filter((one) => one.tableIds.includes(tables.get("4") ?? 0));
    expect(atFour.map((one) => one.name)).toEqual(["Zeno Zwei", "Sara Sechs"]);
    // Lena's two, booked for 21:30, are marked 'Eingetroffen' now: they sit from now on.
    await db.updateTable("reservations").set({ status: "ARRIVED" }).where("id", "=", ids.lena).execute();
    const clock = berlinNow(now).time;
    expect((await at(clock)).occupants.map((one) => one.name)).toContain("Lena Spät");
    // Before now nobody knows when they came: not there yet.
    expect((await at("17:00")).occupants.map((one) => one.name)).not.toContain("Lena Spät");
  });

  it("lets every staff member change a table there, and nothing else of the plan", async () => {
    const { db, tables, ids, call } = await opened();
    const place = await placeOf(db, ids.zeno);
    const answer = (await call("action", `?datum=${date}&zeit=19:30`, {
      intent: "table",
      id: String(ids.zeno),
      unit: `t${tables.get("2")}`,
      place_version: place?.version ?? "",
    })) as Answer;
    expect(answer.data).toMatchObject({ outcome: "done", intent: "table" });
    expect(answer.data.info?.message).toBe("Tisch 2 ist jetzt für Zeno Zwei reserviert.");
    expect(await placeOf(db, ids.zeno)).toMatchObject({ unit: `t${tables.get("2")}`, fixed: true });

    // A stale version: the later of two staff is told it changed meanwhile.
    const stale = (await call("action", `?datum=${date}`, {
      intent: "table",
      id: String(ids.zeno),
      unit: `t${tables.get("1")}`,
      place_version: place?.version ?? "",
    })) as Answer;
    expect(stale.init?.status).toBe(409);
    expect(await placeOf(db, ids.zeno)).toMatchObject({ unit: `t${tables.get("2")}` });

    // The plan's own changes stay an owner's: through the day's address they are unknown, without it 403.
    const before = await readFloorPlan(db);
    const forged = (await call("action", `?datum=${date}`, {
      intent: "table-delete",
      table_id: String(tables.get("1")),
    })) as Answer;
    expect(forged.init?.status).toBe(400);
    const refusal = await thrownBy(() =>
      call("action", "", { intent: "table-delete", table_id: String(tables.get("1")) }),
    );
    expect((refusal as Response).status).toBe(403);
    expect(await readFloorPlan(db)).toEqual(before);
  });
});
