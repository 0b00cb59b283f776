import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createSession } from "../../features/auth/session.server.ts";
import { heldOn } from "../../features/reservations/availability/held-seats.server.ts";
import type { ServiceResult } from "../../features/reservations/service/components/taps.tsx";
import type { ReservationStatus } from "../../features/reservations/book/terms.ts";
import { offeredServiceActions } from "../../features/reservations/book/status-moves.ts";
import type { ServiceDay } from "../../features/reservations/service/evening.ts";
import { saveReservationSettings } from "../../features/reservations/settings/settings-store.server.ts";
import { DEFAULT_SETTINGS } from "../../features/reservations/book/reservation-settings.ts";
import { appContext, type AppServices } from "../../common/app-context.ts";
import { createMailer, type MailTransport } from "../../common/mail/mailer.server.ts";
import { addDays, berlinNow, minutesOfClock } from "../../lib/calendar.ts";
import { parseConfig } from "../../lib/env.server.ts";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { callRoute } from "../../../tests/support/admin-routes.ts";
import { insertReservation } from "../../../tests/support/reservations.ts";
import { drawSmallPlan } from "../../../tests/support/tables.ts";
import { fixPlace, placeOf } from "../../features/reservations/tables/index.server.ts";
import { recordingLogger } from "../../../tests/support/silent-logger.ts";
import { createStaff } from "../../../tests/support/staff.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";

/**
 * 'Service' (decision 0034) through the route's own loader and action, after the admin layout's staff
 * check: the day by time with its seats, the three taps and their undo, walk-ins, and what it refuses.
 */
const FILE = "routes/admin/service.tsx";
const sent: Array<Parameters<MailTransport["send"]>[0]> = [];
const transport: MailTransport = {
  async send(message) {
    sent.push(message);
  },
  close() {},
};

interface Answer {
  data: ServiceResult;
  init: ResponseInit | null;
}

describe.each(testDatabases())("the service view on $dialect", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    sent.length = 0;
  });

  const today = () => berlinNow().date;

  async function screen() {
    handle = await engine.open();
    const db = handle.db;
    const userId = await createStaff(db, "Luca");
    const cookie = `tavola_session=${await createSession(db, userId, null)}`;
    const { logger } = recordingLogger();
    const context = new RouterContextProvider();
    context.set(appContext, {
      database: handle,
      config: parseConfig({}),
      logger,
      mailer: createMailer({ db, logger, transport, from: undefined, retryBaseMs: 60_000 }),
      siteOrigin: "http://localhost",
    } as AppServices);
    const address = (search = "") => `http://localhost/admin/service${search}`;
    const read = async (search?: string, extraCookie = "") =>
      (await callRoute(FILE, "loader", {
        request: new Request(address(search), { headers: { cookie: `${cookie}${extraCookie}` } }),
        context,
        url: new URL(address(search)),
      })) as { data: { day: ServiceDay; view: "list" | "plan" }; init: ResponseInit | null };
    const load = async (search?: string) => (await read(search)).data.day;
    const post = async (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      return (await callRoute(FILE, "action", {
        request: new Request(address(), { method: "POST", headers: { cookie }, body }),
        context,
        url: new URL(address()),
      })) as Answer;
    };
    const row = (id: number) =>
      db
        .selectFrom("reservations")
        .select(["status", "updated_at", "source", "party_size", "reservation_date", "reservation_time"])
        .where("id", "=", id)
        .executeTakeFirst();
    const mark = async (id: number, status: string) =>
      post({ intent: "mark", id: String(id), status, updated_at: (await row(id))?.updated_at ?? "" });
    const add = (name: string, date: string, time: string, partySize: number, status: ReservationStatus) =>
      insertReservation(db, { name, date, time, partySize, status });
    return { db, load, read, post, row, mark, add };
  }

  it("lists the day by time with the seats held against the restaurant's seats; the waitlist is counted, not listed", async () => {
    const { db, load, add } = await screen();
    await saveReservationSettings(db, { ...DEFAULT_SETTINGS, totalSeats: 70, onlineSeats: 60 }, "Chef");
    const date = addDays(today(), 1);
    await add("Rossi", date, "19:00", 4, "CONFIRMED");
    await add("Bianchi", date, "19:00", 2, "PENDING");
    await add("Verdi", date, "18:00", 3, "CONFIRMED");
    await add("Wartend", date, "19:00", 2, "WAITLIST");
    await add("Storniert", date, "19:00", 8, "CANCELLED");
    const day = await load(`?datum=${date}`);
    expect(day.capacity).toBe(70);
    expect(day.waitlist).toBe(1);
    expect(day.expectedGuests).toBe(9);
    expect(
      day.slots.map((slot) => [slot.time, slot.entries.map((entry) => entry.name), slot.seatsHeld]),
    ).toEqual([
      ["18:00", ["Verdi"], 3],
      // 18:00 for three stays two hours: at 19:00 they still sit.
      ["19:00", ["Rossi", "Bianchi", "Storniert"], 9],
    ]);
    // A malformed date shows today.
    expect((await load("?datum=2026-13-45")).date).toBe(today());
  });

  it("shows each guest's earlier visits, a no-show included", async () => {
    const { db, load, add } = await screen();
    const date = addDays(today(), 1);
    await insertReservation(db, {
      name: "Rossi",
      email: "rossi@example.de",
      date: addDays(today(), -30),
      status: "NO_SHOW",
    });
    await insertReservation(db, {
      name: "Rossi",
      email: "ROSSI@example.de",
      date: addDays(today(), -10),
      status: "COMPLETED",
    });
    await insertReservation(db, {
      name: "Rossi",
      email: "rossi@example.de",
      date,
      time: "19:00",
      status: "CONFIRMED",
    });
    await add("Neu", date, "19:00", 2, "CONFIRMED");
    const entries = (await load(`?datum=${date}`)).slots[0]?.entries ?? [];
    expect(entries.map((entry) => [entry.name, entry.history])).toEqual([
      ["Rossi", { visits: 1, noShows: 1, cancelled: 0 }],
      ["Neu", { visits: 0, noShows: 0, cancelled: 0 }],
    ]);
  });

  it("shows the list unless this device chose the plan, and remembers the choice (decision 0057)", async () => {
    const { read } = await screen();
    expect((await read()).data.view).toBe("list");
    const chosen = await read("?ansicht=plan");
    expect(chosen.data.view).toBe("plan");
    const remembered = new Headers(chosen.init?.headers).get("set-cookie") ?? "";
    expect(remembered).toMatch(
      /^tavola_service_view=plan; Path=\/admin; Max-Age=\d+; HttpOnly; SameSite=Lax$/,
    );
    expect((await read("", `; ${remembered.split(";")[0]}`)).data.view).toBe("plan");
    expect((await read("?ansicht=liste", "; tavola_service_view=plan")).data.view).toBe("list");
    expect((await read("?ansicht=irgendwas", "; tavola_service_view=kaputt")).data.view).toBe("list");
  });

  it("'Tisch wechseln' on the plan moves the party as 'Tisch ändern' does, and asks before a taken table", async () => {
    const { db, post, add } = await screen();
    const tables = await drawSmallPlan(db);
    const date = addDays(today(), 1);
    const rossi = await add("Rossi", date, "19:00", 2, "CONFIRMED");
    const verdi = await add("Verdi", date, "19:00", 2, "CONFIRMED");
    await fixPlace(db, rossi, `t${tables.get("1") ?? 0}`);
    await fixPlace(db, verdi, `t${tables.get("2") ?? 0}`);
    const move = async (unit: string, extra: Record<string, string> = {}) =>
      post({
        intent: "table",
        id: String(rossi),
        unit,
        place_version: (await placeOf(db, rossi))?.version ?? "",
        ...extra,
      });
    const asked = await move(`t${tables.get("2")}`);
    expect(asked.data.overbooking?.message).toBe("Tisch 2 ist um 19:00 belegt. Trotzdem zuweisen?");
    const moved = await move(`t${tables.get("4")}`);
    expect(moved.data.outcome).toBe("done");
    expect((await placeOf(db, rossi))?.unit).toBe(`t${tables.get("4")}`);
    expect((await move("t0; drop table reservations")).init?.status).toBe(400);
  });

  it("'Eingetroffen' holds the seats, 'Abgeschlossen' frees them at once; each answer offers its undo", async () => {
    const { db, load, mark, add, row } = await screen();
    const date = addDays(today(), 1);
    const id = await add("Rossi", date, "19:00", 4, "CONFIRMED");
    const arrived = await mark(id, "ARRIVED");
    expect(arrived.init?.status ?? 200).toBe(200);
    expect(arrived.data.notice?.title).toBe("Rossi: Eingetroffen");
    expect(arrived.data.undo).toEqual({ id, status: "CONFIRMED", updatedAt: (await row(id))?.updated_at });
    expect((await heldOn(db, date)).map((held) => held.partySize)).toEqual([4]);
    expect((await mark(id, "COMPLETED")).data.outcome).toBe("done");
    expect(await heldOn(db, date)).toEqual([]);
    expect((await load(`?datum=${date}`)).slots[0]?.seatsHeld).toBe(0);
    expect(sent).toEqual([]);
  });

  it("a party still 'Eingetroffen' today holds its seats until half an hour from now, however long ago it came", async () => {
    const { db, add } = await screen();
    await add("Früh", today(), "00:00", 2, "ARRIVED");
    const before = minutesOfClock(berlinNow().time) ?? 0;
    const [held] = await heldOn(db, today());
    expect(held?.seatedUntil).toBeGreaterThanOrEqual(before + 30);
    expect(held?.seatedUntil).toBeLessThanOrEqual((minutesOfClock(berlinNow().time) ?? 0) + 30);
    // Another day's arrived party is weighed by its stay only.
    await add("Gestern", addDays(today(), -1), "19:00", 2, "ARRIVED");
    expect((await heldOn(db, addDays(today(), -1)))[0]?.seatedUntil).toBeUndefined();
  });

  it("'Nicht erschienen' only from 15 minutes after the time: refused before, with the time it is possible from", async () => {
    const { mark, add, row } = await screen();
    const later = await add("Später", addDays(today(), 1), "19:00", 2, "CONFIRMED");
    const refused = await mark(later, "NO_SHOW");
    expect(refused.init?.status).toBe(409);
    expect(refused.data.notice?.description).toBe(
      "„Nicht erschienen“ ist erst 15 Minuten nach der reservierten Uhrzeit möglich (ab 19:15 Uhr).",
    );
    expect((await row(later))?.status).toBe("CONFIRMED");
    const past = await add("Gestern", addDays(today(), -1), "19:00", 2, "CONFIRMED");
    expect((await mark(past, "NO_SHOW")).data.outcome).toBe("done");
    expect((await row(past))?.status).toBe("NO_SHOW");
  });

  it("undo puts the status back without an e-mail; once someone changed the reservation, undo is refused", async () => {
    const { db, mark, post, add, row } = await screen();
    const id = await add("Rossi", addDays(today(), -1), "19:00", 4, "CONFIRMED");
    const offer = (await mark(id, "NO_SHOW")).data.undo;
    expect(offer?.status).toBe("CONFIRMED");
    const undo = (fields: { id: number; status?: string; updatedAt: string }) =>
      post({
        intent: "undo",
        id: String(fields.id),
        status: fields.status ?? "",
        updated_at: fields.updatedAt,
      });
    // The guest had said 'Ich komme': that stays through the tap and its undo.
    await db
      .updateTable("reservations")
      .set({ guest_action: "attending", guest_action_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    const undone = await undo(offer ?? { id, updatedAt: "" });
    expect(undone.data.notice?.title).toBe("Rückgängig gemacht: Rossi ist wieder „Bestätigt“.");
    expect((await row(id))?.status).toBe("CONFIRMED");
    const guestSaid = await db
      .selectFrom("reservations")
      .select("guest_action")
      .where("id", "=", id)
      .executeTakeFirst();
    expect(guestSaid?.guest_action).toBe("attending");
    // Going back to 'Bestätigt' from 'Nicht erschienen' sends no second confirmation.
    expect(sent).toEqual([]);

    // An undo is only a way back over a tap: not into the waitlist, not from a status no tap set.
    const forged = await post({
      intent: "undo",
      id: String(id),
      status: "WAITLIST",
      updated_at: (await row(id))?.updated_at ?? "",
    });
    expect(forged.init?.status).toBe(409);
    expect((await row(id))?.status).toBe("CONFIRMED");

    const second = (await mark(id, "ARRIVED")).data.undo;
    await mark(id, "COMPLETED");
    const late = await undo(second ?? { id, updatedAt: "" });
    expect(late.init?.status).toBe(409);
    expect(late.data.notice?.description).toMatch(/^Rückgängig ist nicht mehr möglich/);
    expect((await row(id))?.status).toBe("COMPLETED");
  });

  it("refuses unknown statuses and those the host stand does not set, and a tap on a changed reservation", async () => {
    const { mark, post, add, row } = await screen();
    const id = await add("Rossi", addDays(today(), 1), "19:00", 4, "CONFIRMED");
    for (const status of ["FOO", "CANCELLED", ""]) {
      const answer = await mark(id, status);
      expect(answer.init?.status).toBe(400);
      expect(answer.data.notice?.description).toBe(
        "Fehler beim schnellen Aktualisieren des Status: Bitte wählen Sie einen Status.",
      );
    }
    const stale = await post({
      intent: "mark",
      id: String(id),
      status: "ARRIVED",
      updated_at: "2020-01-01T00:00:00Z",
    });
    expect(stale.init?.status).toBe(409);
    expect((await row(id))?.status).toBe("CONFIRMED");
    expect((await post({ intent: "mark", id: "999999", status: "ARRIVED" })).init?.status).toBe(404);
    expect((await post({ intent: "tanzen" })).init?.status).toBe(400);
  });

  it("accepts only the taps the screen offers for the stored status, date and time (decision 0041)", async () => {
    const { mark, add, row, load } = await screen();
    const nextMonth = addDays(today(), 30);
    const waiting = await add("Warteliste", nextMonth, "19:00", 2, "WAITLIST");
    const cancelled = await add("Storniert", addDays(today(), -1), "19:00", 8, "CANCELLED");
    const confirmed = await add("Bestätigt", addDays(today(), -1), "19:00", 2, "CONFIRMED");
    const arrived = await add("Da", today(), "00:00", 2, "ARRIVED");
    const completed = await add("Fertig", today(), "00:00", 2, "COMPLETED");
    for (const [id, status, message] of [
      [
        waiting,
        "COMPLETED",
        "„Abgeschlossen“ ist für diese Reservierung nicht möglich: Sie ist „Warteliste“.",
      ],
      [waiting, "ARRIVED", "„Eingetroffen“ ist für diese Reservierung nicht möglich: Sie ist „Warteliste“."],
      [cancelled, "ARRIVED", "„Eingetroffen“ ist für diese Reservierung nicht möglich: Sie ist „Storniert“."],
      [
        confirmed,
        "COMPLETED",
        "„Abgeschlossen“ ist für diese Reservierung nicht möglich: Sie ist „Bestätigt“.",
      ],
      [
        arrived,
        "NO_SHOW",
        "„Nicht erschienen“ ist für diese Reservierung nicht möglich: Sie ist „Eingetroffen“.",
      ],
      [
        arrived,
        "ARRIVED",
        "„Eingetroffen“ ist für diese Reservierung nicht möglich: Sie ist „Eingetroffen“.",
      ],
      [
        completed,
        "ARRIVED",
        "„Eingetroffen“ ist für diese Reservierung nicht möglich: Sie ist „Abgeschlossen“.",
      ],
    ] as const) {
      const before = await row(id);
      const answer = await mark(id, status);
      expect(answer.init?.status, `${before?.status} → ${status}`).toBe(409);
      expect(answer.data.notice?.description).toMatch(new RegExp(`^${message}`));
      expect(await row(id), "nothing changed").toEqual(before);
    }
    // What the screen shows for each is exactly what it accepts.
    const buttons = (await load(`?datum=${addDays(today(), -1)}`)).slots.flatMap((slot) =>
      slot.entries.map((entry) => [
        entry.name,
        offeredServiceActions(entry.status, addDays(today(), -1), entry.time),
      ]),
    );
    expect(buttons).toEqual([
      ["Storniert", []],
      ["Bestätigt", ["ARRIVED", "NO_SHOW"]],
    ]);
    expect((await mark(confirmed, "NO_SHOW")).data.outcome).toBe("done");
    expect((await mark(arrived, "COMPLETED")).data.outcome).toBe("done");
  });

  it("a walk-in from a screen loaded before the fields were renamed keeps its name (decision 0051)", async () => {
    const { db, post } = await screen();
    const answer = await post({ intent: "walk-in", party_size: "2", customer_name: "Familie Vorher" });
    expect(answer.data.outcome).toBe("done");
    const stored = await db
      .selectFrom("reservations")
      .select("customer_name")
      .where("id", "=", answer.data.undo?.id ?? 0)
      .executeTakeFirst();
    expect(stored?.customer_name).toBe("Familie Vorher");
  });

  it("a walk-in is stored 'Eingetroffen' now, from 'Laufkundschaft', holding seats; undo removes it; 0 or 500 people are refused", async () => {
    const { db, post, row } = await screen();
    for (const size of ["0", "500", "", "2.5"]) {
      const refused = await post({ intent: "walk-in", party_size: size, name: "" });
      expect(refused.init?.status).toBe(400);
      expect(refused.data.fieldErrors?.party_size).toMatch(/Personen/);
    }
    expect(await db.selectFrom("reservations").select("id").execute()).toEqual([]);

    const answer = await post({ intent: "walk-in", party_size: "3", name: "" });
    expect(answer.data.outcome).toBe("done");
    const id = answer.data.undo?.id ?? 0;
    const stored = await row(id);
    expect(stored).toMatchObject({
      status: "ARRIVED",
      source: "walk-in",
      party_size: 3,
      reservation_date: berlinNow().date,
    });
    const name = await db
      .selectFrom("reservations")
      .select("customer_name")
      .where("id", "=", id)
      .executeTakeFirst();
    expect(name?.customer_name).toBe("Laufkundschaft");
    expect((await heldOn(db, berlinNow().date)).map((held) => held.partySize)).toEqual([3]);

    // The same form sent again (a reload of the answer page): still one walk-in.
    const again = await post({
      intent: "walk-in",
      party_size: "3",
      name: "",
      request_token: "form-1",
    });
    const resent = await post({
      intent: "walk-in",
      party_size: "3",
      name: "",
      request_token: "form-1",
    });
    expect(resent.data.undo?.id).toBe(again.data.undo?.id);
    expect(
      await db.selectFrom("reservations").select("id").where("source", "=", "walk-in").execute(),
    ).toHaveLength(2);
    await db
      .deleteFrom("reservations")
      .where("id", "=", again.data.undo?.id ?? 0)
      .execute();

    const undone = await post({
      intent: "undo-walk-in",
      id: String(id),
      updated_at: stored?.updated_at ?? "",
    });
    expect(undone.data.outcome).toBe("done");
    expect(await row(id)).toBeUndefined();
    // Only a walk-in, and only as entered.
    const other = await insertReservation(db, { name: "Gast", date: berlinNow().date });
    const kept = await post({
      intent: "undo-walk-in",
      id: String(other),
      updated_at: (await row(other))?.updated_at ?? "",
    });
    expect(kept.init?.status).toBe(409);
    expect(await row(other)).toBeDefined();
  });
});
