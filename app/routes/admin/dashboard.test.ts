import { afterEach, describe, expect, it } from "vitest";
import { contentDefaults } from "../../common/content/defaults.ts";
import { saveContentBlocks } from "../../features/content/content.server.ts";
import { createSession } from "../../features/auth/session.server.ts";
import { saveReservationSettings } from "../../features/reservations/settings/settings-store.server.ts";
import { DEFAULT_SETTINGS } from "../../features/reservations/book/reservation-settings.ts";
import { berlinToday } from "../../lib/format.ts";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { callRoute, staffScreenContext } from "../../../tests/support/admin-routes.ts";
import { createStaff } from "../../../tests/support/staff.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { openEveryDay } from "../../../tests/support/opening-hours.ts";

/** The dashboard's reservations card: today's free seats per service once online seats are set (decision 0031). */
const FILE = "routes/admin/dashboard.tsx";

describe.each(testDatabases())("dashboard's seats on $dialect", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  async function dashboard() {
    handle = await engine.open();
    const db = handle.db;
    const cookie = `tavola_session=${await createSession(db, await createStaff(db, "Luca"), null)}`;
    const context = staffScreenContext(handle);
    const load = async () =>
      (await callRoute(FILE, "loader", {
        request: new Request("http://localhost/admin", { headers: { cookie } }),
        context,
        url: new URL("http://localhost/admin"),
      })) as { seats: string; freeToday: string | undefined };
    return { db, load };
  }

  it("says 'Heute frei: mittags …, abends … Plätze' by the availability rule, only with online seats", async () => {
    const { db, load } = await dashboard();
    // Open every day: on the demo's rest day (a Monday) the card would say closed instead.
    await saveContentBlocks(db, { "global.opening_hours": openEveryDay });
    expect(await load()).toMatchObject({ seats: "Noch keine Plätze festgelegt", freeToday: undefined });

    const today = berlinToday();
    // Open all day today, whatever weekday the test runs on (a rest day says closed instead).
    const openToday = [{ date: today, opens: "11:00", closes: "23:00", note: "" }];
    await saveReservationSettings(
      db,
      { ...DEFAULT_SETTINGS, totalSeats: 70, onlineSeats: 60, exceptions: openToday },
      "Chef",
    );
    const now = new Date().toISOString();
    const row = (time: string, party_size: number, status: "CONFIRMED" | "PENDING" | "WAITLIST") => ({
      customer_name: "Gast",
      customer_name_search: "gast",
      email: null,
      phone_number: null,
      reservation_date: today,
      reservation_time: time,
      party_size,
      notes: null,
      status,
      request_token: null,
      created_at: now,
      updated_at: now,
    });
    await db
      .insertInto("reservations")
      .values([
        row("12:00", 20, "CONFIRMED"),
        row("19:00", 40, "PENDING"),
        row("19:30", 8, "CONFIRMED"),
        row("19:30", 30, "WAITLIST"),
      ])
      .execute();
    expect(await load()).toMatchObject({
      seats: "70 Plätze, davon 60 online",
      freeToday: "Heute frei: mittags 40, abends 12 Plätze",
    });
  });

  it("on a closed day says closed, not free seats: rest day, closure, and a service the day leaves out", async () => {
    const { db, load } = await dashboard();
    const today = berlinToday();
    const hours = contentDefaults["global.opening_hours"];
    const restDay = Object.fromEntries(Object.keys(hours).map((day) => [day, "Ruhetag"]));
    await saveContentBlocks(db, { "global.opening_hours": { ...hours, ...restDay } });
    await saveReservationSettings(db, { ...DEFAULT_SETTINGS, totalSeats: 70, onlineSeats: 60 }, "Chef");
    expect(await load()).toMatchObject({ freeToday: "Heute geschlossen: Ruhetag" });

    // Also without online seats: closed is closed.
    await saveReservationSettings(db, DEFAULT_SETTINGS, "Chef");
    expect(await load()).toMatchObject({ freeToday: "Heute geschlossen: Ruhetag" });

    await saveContentBlocks(db, { "global.opening_hours": hours });
    const withSeats = { ...DEFAULT_SETTINGS, totalSeats: 70, onlineSeats: 60 };
    await saveReservationSettings(
      db,
      { ...withSeats, closures: [{ from: today, to: today, note: "Betriebsferien" }] },
      "Chef",
    );
    expect(await load()).toMatchObject({ freeToday: "Heute geschlossen: Betriebsferien" });

    await saveReservationSettings(
      db,
      { ...withSeats, exceptions: [{ date: today, opens: "18:00", closes: "22:00", note: "" }] },
      "Chef",
    );
    expect(await load()).toMatchObject({ freeToday: "Heute frei: mittags geschlossen, abends 60 Plätze" });
  });

  it("shows the dashboard when the settings cannot be read, as a fresh installation", async () => {
    const { db, load } = await dashboard();
    await saveContentBlocks(db, { "global.opening_hours": openEveryDay });
    await db.schema.dropTable("reservation_closures").execute();
    expect(await load()).toMatchObject({ seats: "Noch keine Plätze festgelegt", freeToday: undefined });
  });
});
