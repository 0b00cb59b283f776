import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { seedDemoContent } from "../../demo/demo.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { readDashboardFigures } from "./dashboard.server.ts";

const now = "2026-11-21T10:00:00.000Z";

describe.each(testDatabases())("dashboard figures on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("counts active dishes per card, pending reservations, and today's reservations and guests", async () => {
    handle = await engine.open();
    expect(await readDashboardFigures(handle.db, "2026-12-01")).toEqual({
      speisekarteDishes: 0,
      wochenkarteDishes: 0,
      pendingReservations: 0,
      todayReservations: 0,
      todayGuests: 0,
      guestCancellations: [],
    });
    expect(await seedDemoContent(handle.db)).toBe(true);
    await handle.db.deleteFrom("reservations").execute();
    const reservation = (status: "PENDING" | "CONFIRMED" | "CANCELLED", party_size = 2) => ({
      customer_name: "Gast",
      customer_name_search: "gast",
      email: "gast@example.de",
      phone_number: null,
      reservation_date: "2026-12-01",
      reservation_time: "18:00",
      party_size,
      notes: null,
      status,
      created_at: now,
      updated_at: now,
    });
    await handle.db
      .insertInto("reservations")
      .values([
        reservation("PENDING"),
        reservation("PENDING", 3),
        reservation("CONFIRMED", 4),
        reservation("CANCELLED", 6),
      ])
      .execute();
    expect(await readDashboardFigures(handle.db, "2026-12-01")).toEqual({
      speisekarteDishes: 12,
      wochenkarteDishes: 3,
      pendingReservations: 2,
      todayReservations: 3,
      todayGuests: 9,
      guestCancellations: [],
    });
    expect((await readDashboardFigures(handle.db, "2026-12-02")).todayReservations).toBe(0);
  });

  it("lists the reservations of today and tomorrow the guest cancelled through their link, not staff's cancellations", async () => {
    handle = await engine.open();
    const cancelled = (date: string, name: string, byGuest: boolean) => ({
      customer_name: name,
      customer_name_search: name.toLowerCase(),
      email: null,
      phone_number: null,
      reservation_date: date,
      reservation_time: "19:00",
      party_size: 2,
      notes: null,
      status: "CANCELLED" as const,
      created_at: now,
      updated_at: now,
      guest_action: byGuest ? ("cancelled" as const) : null,
      guest_action_at: byGuest ? "2026-11-30T09:15:00.000Z" : null,
    });
    await handle.db
      .insertInto("reservations")
      .values([
        cancelled("2026-12-01", "Heute Gast", true),
        cancelled("2026-12-02", "Morgen Gast", true),
        cancelled("2026-12-03", "Übermorgen Gast", true),
        cancelled("2026-12-01", "Vom Personal", false),
      ])
      .execute();
    const { guestCancellations } = await readDashboardFigures(handle.db, "2026-12-01");
    expect(guestCancellations.map((entry) => [entry.name, entry.date, entry.at])).toEqual([
      ["Heute Gast", "2026-12-01", "2026-11-30T09:15:00.000Z"],
      ["Morgen Gast", "2026-12-02", "2026-11-30T09:15:00.000Z"],
    ]);
  });

  it("fills demo content only into an empty database", async () => {
    handle = await engine.open();
    await handle.db
      .insertInto("categories")
      .values({ name: "Eigene", display_order: 1, parent_id: null, created_at: now, updated_at: now })
      .execute();
    expect(await seedDemoContent(handle.db)).toBe(false);
    expect(await handle.db.selectFrom("menu_items").selectAll().execute()).toEqual([]);
  });
});
