import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { createSession, deleteSession } from "../../features/auth/session.server.ts";
import { deleteGuestData, findGuestData } from "../../features/guest-data/guest-data.server.ts";
import { checkGuestTerm } from "../../features/guest-data/schema.ts";
import {
  attendByGuest,
  cancelByGuest,
  changeByGuest,
} from "../../features/reservations/guest-self-service/guest-changes.server.ts";
import { deleteReservation, findReservation } from "../../features/reservations/book/store.server.ts";
import { createGuestRequest, createStaffReservation } from "../../../tests/support/reservations.ts";
import { changeByStaff } from "../../features/reservations/booking/staff-booking.server.ts";
import { contentDefaults } from "../../common/content/defaults.ts";
import { appContext, type AppServices } from "../../common/app-context.ts";
import { readEvents } from "../../features/reservations/book/change-events.server.ts";
import { createLiveHub, type LiveHub } from "../../common/live/hub.server.ts";
import { pollingSource } from "../../features/reservations/book/change-feed.server.ts";
import { parseConfig } from "../../lib/env.server.ts";
import { insertReservation } from "../../../tests/support/reservations.ts";
import { recordingLogger } from "../../../tests/support/silent-logger.ts";
import { createStaff } from "../../../tests/support/staff.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { loader } from "./live.ts";
import type { Route } from "./+types/live";
import { readAll, until } from "../../../tests/support/streams.ts";

/**
 * GET /admin/live (decision 0035): refused without a session (401, never a stream or a 5xx), a stream
 * for staff that ends when the session or the account does; and every path that changes a
 * reservation writes its event in its own transaction — on SQLite and on PostgreSQL.
 */
const mail = {
  contact: contentDefaults["global.contact"],
  notifyEmail: undefined,
  siteOrigin: "https://tavola.example",
};
const hours = contentDefaults["global.opening_hours"];

describe.each(testDatabases())("live updates on $dialect", (engine) => {
  let handle: DatabaseHandle | undefined;
  let hub: LiveHub | undefined;
  afterEach(async () => {
    hub?.close();
    hub = undefined;
    await handle?.close();
    handle = undefined;
  });

  async function setUp() {
    handle = await engine.open();
    hub = createLiveHub(pollingSource(handle.db, { everyMs: 20 }), { checkEveryMs: 50 });
    const context = new RouterContextProvider();
    context.set(appContext, {
      database: handle,
      config: parseConfig({}),
      logger: recordingLogger().logger,
      live: hub,
    } as AppServices);
    const get = (cookie?: string) =>
      loader({
        request: new Request("http://localhost/admin/live", cookie ? { headers: { cookie } } : {}),
        context,
        params: {},
      } as unknown as Route.LoaderArgs);
    return { db: handle.db, get, hub };
  }

  it("answers 401 without a session and to a forged one, never a stream", async () => {
    const { get } = await setUp();
    for (const cookie of [undefined, "tavola_session=erfunden", "tavola_session=", "tavola_session=%00%ff"]) {
      const response = await get(cookie);
      expect(response.status, String(cookie)).toBe(401);
      expect(response.headers.get("content-type"), String(cookie)).not.toMatch(/event-stream/);
    }
  });

  it("streams to staff and ends the stream when the session ends or the account is removed", async () => {
    const { db, get } = await setUp();
    const userId = await createStaff(db, "Luca");
    const token = await createSession(db, userId, null);
    const otherToken = await createSession(db, userId, null);
    const first = await get(`tavola_session=${token}`);
    const second = await get(`tavola_session=${otherToken}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const one = readAll(first);
    const two = readAll(second);
    await deleteSession(db, token);
    await until(() => one.done);
    expect(one.text).toContain("event: end\ndata: signed-out");
    expect(two.done).toBe(false);
    await db.deleteFrom("staff_users").where("id", "=", userId).execute();
    await until(() => two.done);
    expect(two.text).toContain("event: end");
    expect((await get(`tavola_session=${otherToken}`)).status).toBe(401);
  });

  it("lets one session hold ten streams at most (429 after)", async () => {
    const { db, get, hub } = await setUp();
    const token = await createSession(db, await createStaff(db, "Luca"), null);
    const open: Response[] = [];
    for (let index = 0; index < 10; index += 1) open.push(await get(`tavola_session=${token}`));
    expect(open.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect((await get(`tavola_session=${token}`)).status).toBe(429);
    for (const response of open) await response.body?.cancel();
    expect(hub.count()).toBe(0);
    // A stopping process takes no new stream, and says so (the browser tries the next process).
    hub.close();
    const stopping = await get(`tavola_session=${token}`);
    expect(stopping.status).toBe(503);
    expect(stopping.headers.get("content-type")).not.toMatch(/event-stream/);
  });

  it("writes an event for every change of a reservation, in the change's transaction", async () => {
    const { db } = await setUp();
    const kinds = async () => (await readEvents(db, 0)).map((event) => [event.kind, event.reservationId]);
    const guest = await createGuestRequest(db, {
      name: "Jürgen Müller",
      email: "j@example.de",
      phone: null,
      date: "2026-12-01",
      time: "18:00",
      party_size: 3,
      notes: "Fensterplatz",
      website: "",
      request_token: "",
      waitlist: false,
      area: null,
    });
    const requestId = guest.reservation.id;
    const [requested] = await readEvents(db, 0);
    expect(requested).toEqual({
      id: expect.any(Number),
      kind: "requested",
      reservationId: requestId,
      date: "2026-12-01",
      time: "18:00",
      partySize: 3,
    });
    const staffValues = {
      customer_name: "Anna Berg",
      email: "anna.berg@example.de",
      phone_number: null,
      reservation_date: "2026-12-02",
      reservation_time: "19:00",
      party_size: 2,
      status: "CONFIRMED" as const,
      notes: null,
    };
    const { reservation: entered } = await createStaffReservation(db, staffValues);
    await changeByStaff(db, requestId, { status: "CONFIRMED" });
    const updated = await changeByStaff(db, entered.id, { ...staffValues, party_size: 4 });
    // Refused (saved by someone else meanwhile): nothing changed, nothing told.
    await expect(
      changeByStaff(
        db,
        entered.id,
        { ...staffValues, party_size: 5 },
        { version: "2000-01-01T00:00:00.000Z" },
      ),
    ).rejects.toThrow();
    const now = new Date("2026-11-24T09:15:00Z");
    const confirmed = await findReservation(db, requestId);
    if (!confirmed) throw new Error("missing");
    expect((await attendByGuest(db, confirmed, now)).done).toBe(true);
    const attending = await findReservation(db, requestId);
    if (!attending) throw new Error("missing");
    const changed = await changeByGuest(
      db,
      attending,
      { date: "2026-12-01", time: "19:00", party_size: 2 },
      { settings: undefined, hours, mail, now },
    );
    expect(changed.done).toBe(true);
    const moved = await findReservation(db, requestId);
    if (!moved) throw new Error("missing");
    expect((await cancelByGuest(db, moved, mail, now)).done).toBe(true);
    // Staff move a reservation to another day: both days' screens are told (the one it left drops it).
    await changeByStaff(db, updated.reservation.id, {
      ...staffValues,
      party_size: 4,
      reservation_date: "2026-12-03",
    });
    const [movedEvent] = (await readEvents(db, 0)).slice(-1);
    expect(movedEvent).toMatchObject({ kind: "changed", date: "2026-12-03", previousDate: "2026-12-02" });
    expect(await deleteReservation(db, updated.reservation.id)).toBe(true);
    expect(await deleteReservation(db, updated.reservation.id)).toBe(false);
    expect(await kinds()).toEqual([
      ["requested", requestId],
      ["created", entered.id],
      ["status", requestId],
      ["changed", entered.id],
      ["changed", requestId],
      ["changed", requestId],
      ["cancelled", requestId],
      ["changed", entered.id],
      ["deleted", entered.id],
    ]);
    // 'Alle Daten dieses Gastes löschen' (Gastdaten): one event per reservation deleted.
    const before = (await readEvents(db, 0)).length;
    const a = await insertReservation(db, {
      name: "Paula Privat",
      email: "paula@example.de",
      date: "2026-12-05",
    });
    const b = await insertReservation(db, {
      name: "Paula Privat",
      email: "paula@example.de",
      date: "2026-12-06",
    });
    const check = checkGuestTerm("paula@example.de");
    if (!check.ok) throw new Error(check.message);
    const { stand } = await findGuestData(db, check.term);
    const deleted = await deleteGuestData({ db, dialect: engine.dialect }, check.term, stand);
    expect(deleted.outcome).toBe("deleted");
    const after = (await readEvents(db, 0)).slice(before);
    expect(after.map((event) => [event.kind, event.reservationId, event.date]).sort()).toEqual([
      ["deleted", a, "2026-12-05"],
      ["deleted", b, "2026-12-06"],
    ]);
  });
});
