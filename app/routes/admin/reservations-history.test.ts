import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { createSession } from "../../features/auth/session.server.ts";
import type { ListResult } from "../../features/reservations/book/shapes.ts";
import { callRoute, staffScreenContext } from "../../../tests/support/admin-routes.ts";
import { insertReservation } from "../../../tests/support/reservations.ts";
import { createStaff } from "../../../tests/support/staff.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";

/** 'Reservierungen einsehen' carries each guest's earlier visits to the cards (decision 0037). */
const FILE = "routes/admin/reservations.tsx";
const DATE = "2030-06-12";

describe.each(testDatabases())("the staff list's guest history on $dialect", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it("gives each listed reservation its guest's earlier visits", async () => {
    handle = await engine.open();
    const db = handle.db;
    const cookie = `tavola_session=${await createSession(db, await createStaff(db, "Luca"), null)}`;
    const maria = await insertReservation(db, {
      name: "Maria",
      email: "maria@example.de",
      date: DATE,
      time: "19:00",
    });
    const walkIn = await insertReservation(db, {
      name: "Ohne Kontakt",
      email: null,
      date: DATE,
      time: "19:30",
    });
    await insertReservation(db, {
      name: "Maria",
      email: "MARIA@example.de",
      date: "2030-01-05",
      status: "COMPLETED",
    });
    await insertReservation(db, {
      name: "Maria",
      email: null,
      phone: "0170 1234567",
      date: "2030-02-05",
      status: "NO_SHOW",
    });
    await db
      .updateTable("reservations")
      .set({ phone_number: "+49 170 1234567", phone_key: "01701234567" })
      .where("id", "=", maria)
      .execute();

    const url = `http://localhost/admin/reservations?date=${DATE}`;
    const { list } = (await callRoute(FILE, "loader", {
      request: new Request(url, { headers: { cookie } }),
      context: staffScreenContext(handle),
      url: new URL(url),
    })) as { list: ListResult };
    expect(list.ok).toBe(true);
    if (!list.ok) return;
    expect(list.reservations.map((row) => row.id)).toEqual([maria, walkIn]);
    expect(list.history).toEqual({ [maria]: { visits: 1, noShows: 1, cancelled: 0 } });
  });
});
