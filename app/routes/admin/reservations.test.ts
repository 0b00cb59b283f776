import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createSession } from "../../features/auth/session.server.ts";
import type { AdminResult, ListResult } from "../../features/reservations/book/shapes.ts";
import { saveReservationSettings } from "../../features/reservations/settings/settings-store.server.ts";
import { DEFAULT_SETTINGS } from "../../features/reservations/book/reservation-settings.ts";
import { parseConfig } from "../../lib/env.server.ts";
import { appContext, type AppServices } from "../../common/app-context.ts";
import { createMailer, type MailTransport } from "../../common/mail/mailer.server.ts";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import type { ReservationStatus } from "../../features/reservations/book/terms.ts";
import { callRoute } from "../../../tests/support/admin-routes.ts";
import { recordingLogger } from "../../../tests/support/silent-logger.ts";
import { createStaff } from "../../../tests/support/staff.ts";
import { addDays, berlinNow } from "../../lib/calendar.ts";
import { insertReservation } from "../../../tests/support/reservations.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";

/**
 * 'Reservierungen einsehen' against the seats (decision 0031, docs/product/reservations.md#staff-screen):
 * waitlist requests with room again are flagged, a staff change that would overbook is asked about
 * first and saved with the override, and without settings nothing of it shows. Through the route's
 * own loader and action, after the admin layout's staff check (decision 0030).
 */
const FILE = "routes/admin/reservations.tsx";
const DATE = "2030-06-12";
const sent: Array<Parameters<MailTransport["send"]>[0]> = [];
const transport: MailTransport = {
  async send(message) {
    sent.push(message);
  },
  close() {},
};

interface Answer {
  data: AdminResult;
  init: ResponseInit | null;
}

describe.each(testDatabases())("reservations screen and capacity on $dialect", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    sent.length = 0;
  });

  async function screen(role: "owner" | "staff" = "staff") {
    handle = await engine.open();
    const db = handle.db;
    const userId = await createStaff(db, role === "owner" ? "Chef" : "Luca");
    await db.updateTable("staff_users").set({ role }).where("id", "=", userId).execute();
    const cookie = `tavola_session=${await createSession(db, userId, null)}`;
    const { logger, entries } = recordingLogger();
    const context = new RouterContextProvider();
    context.set(appContext, {
      database: handle,
      config: parseConfig({}),
      logger,
      mailer: createMailer({ db, logger, transport, from: undefined, retryBaseMs: 60_000 }),
      siteOrigin: "http://localhost",
    } as AppServices);
    const address = (search = `?date=${DATE}`) => `http://localhost/admin/reservations${search}`;
    const load = async (search?: string) =>
      (await callRoute(FILE, "loader", {
        request: new Request(address(search), { headers: { cookie } }),
        context,
        url: new URL(address(search)),
      })) as { list: ListResult; capacity: { onlineSeats: number | null } };
    const post = async (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      return (await callRoute(FILE, "action", {
        request: new Request(address(), { method: "POST", headers: { cookie }, body }),
        context,
        url: new URL(address()),
      })) as Answer;
    };
    const add = (name: string, time: string, partySize: number, status: ReservationStatus) =>
      insertReservation(db, { name, date: DATE, time, partySize, status });
    const statusOf = async (id: number) =>
      (await db.selectFrom("reservations").select("status").where("id", "=", id).executeTakeFirstOrThrow())
        .status;
    const sixtySeats = () =>
      saveReservationSettings(db, { ...DEFAULT_SETTINGS, totalSeats: 70, onlineSeats: 60 }, "Chef");
    return { db, load, post, add, statusOf, sixtySeats, entries };
  }

  const roomFor = (list: ListResult) => (list.ok ? list.roomFor : undefined);

  it("flags a waitlist request 'Platz frei' once its time has room again, on the day and in 'Warteliste'", async () => {
    const { load, add, sixtySeats, post } = await screen();
    await sixtySeats();
    const full = await add("Große Gruppe", "19:00", 58, "CONFIRMED");
    const waiting = await add("Wanda Warten", "19:00", 4, "WAITLIST");
    const day = await load();
    expect(day.capacity.onlineSeats).toBe(60);
    expect(roomFor(day.list)).toEqual([]);

    await post({ intent: "status", id: String(full), status: "CANCELLED" });
    expect(roomFor((await load()).list)).toEqual([waiting]);
    const waitlist = await load("?view=warteliste");
    expect(waitlist.list.ok && waitlist.list.reservations.map((row) => row.id)).toEqual([waiting]);
    expect(roomFor(waitlist.list)).toEqual([waiting]);
    // 'Ausstehend' stays the pending requests only.
    const pending = await load("?view=pending");
    expect(pending.list.ok && pending.list.reservations).toEqual([]);
  });

  it("never flags a waitlist request for a day already over", async () => {
    const { db, load, sixtySeats } = await screen();
    await sixtySeats();
    const yesterday = addDays(berlinNow().date, -1);
    await insertReservation(db, { name: "Zu Spät", date: yesterday, time: "19:00", status: "WAITLIST" });
    const day = await load(`?date=${yesterday}`);
    expect(day.list.ok && day.list.reservations.map((row) => row.customer_name)).toEqual(["Zu Spät"]);
    expect(roomFor(day.list)).toEqual([]);
  });

  it("'Bestätigen' confirms a waitlist request and sends the confirmation; a staff member who is no owner may", async () => {
    const { add, sixtySeats, post, statusOf } = await screen("staff");
    await sixtySeats();
    const waiting = await add("Wanda Warten", "19:00", 4, "WAITLIST");
    const answer = await post({ intent: "status", id: String(waiting), status: "CONFIRMED" });
    expect(answer.init?.status ?? 200).toBe(200);
    expect(answer.data.info?.message).toBe(
      "Status für Wanda Warten aktualisiert und Bestätigungs-E-Mail gesendet.",
    );
    expect(await statusOf(waiting)).toBe("CONFIRMED");
    expect(sent.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Reservierung bestätigt: /)]);
  });

  it("closing a waitlist request tells the guest no seat came free, not that a reservation was cancelled", async () => {
    const { add, post, statusOf } = await screen("staff");
    const waiting = await add("Wanda Warten", "19:00", 4, "WAITLIST");
    await post({ intent: "status", id: String(waiting), status: "CANCELLED" });
    expect(await statusOf(waiting)).toBe("CANCELLED");
    expect(sent.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Warteliste: leider kein Platz frei: /),
    ]);
    expect(sent[0]?.text).toMatch(/auf der Warteliste\. Zu dieser Zeit ist leider kein Platz frei geworden/);
  });

  it("asks 'Überbucht: … Trotzdem speichern?' before a confirmation that overbooks, and saves with the override", async () => {
    const { db, add, sixtySeats, post, statusOf } = await screen();
    await sixtySeats();
    await add("Große Gruppe", "19:00", 60, "CONFIRMED");
    const waiting = await add("Wanda Warten", "19:00", 4, "WAITLIST");

    const question = await post({ intent: "status", id: String(waiting), status: "CONFIRMED" });
    expect(question.init?.status).toBe(409);
    expect(question.data).toMatchObject({
      intent: "status",
      outcome: "invalid",
      overbooking: {
        message: "Überbucht: Um 19:00 wären 64 von 60 Plätzen belegt. Trotzdem speichern?",
        values: { intent: "status", id: String(waiting), status: "CONFIRMED", overbook: "ja" },
      },
    });
    expect(await statusOf(waiting)).toBe("WAITLIST");
    expect(await db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);

    const saved = await post(question.data.overbooking?.values ?? {});
    expect(saved.data.outcome).toBe("done");
    expect(await statusOf(waiting)).toBe("CONFIRMED");
    expect(sent.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Reservierung bestätigt: /)]);
  });

  it("asks before a new reservation or an edit that overbooks, not before an edit that adds no seats", async () => {
    const { db, add, sixtySeats, post } = await screen();
    await sixtySeats();
    const big = await add("Große Gruppe", "19:00", 58, "CONFIRMED");
    const form = {
      intent: "create",
      name: "Telefon Gast",
      email: "",
      phone: "",
      date: DATE,
      time: "19:30",
      party_size: "4",
      status: "CONFIRMED",
      notes: "",
    };
    const question = await post(form);
    expect(question.data.overbooking?.message).toBe(
      "Überbucht: Um 19:30 wären 62 von 60 Plätzen belegt. Trotzdem speichern?",
    );
    expect(question.data.overbooking?.values).toEqual({ ...form, overbook: "ja" });
    expect(await db.selectFrom("reservations").select("id").execute()).toHaveLength(1);
    expect((await post({ ...form, overbook: "ja" })).data.info?.message).toBe(
      "Neue Reservierung erfolgreich hinzugefügt!",
    );

    // The evening is now overbooked; a note on the big party adds no seats and is saved at once.
    const row = await db
      .selectFrom("reservations")
      .selectAll()
      .where("id", "=", big)
      .executeTakeFirstOrThrow();
    const edit = {
      ...form,
      intent: "update",
      id: String(big),
      updated_at: row.updated_at,
      name: "Große Gruppe",
      time: "19:00",
      party_size: "58",
      notes: "Geburtstag",
    };
    expect((await post(edit)).data.info?.message).toBe("Reservierung erfolgreich aktualisiert!");
    // One more guest is asked about.
    const fresh = await db
      .selectFrom("reservations")
      .select("updated_at")
      .where("id", "=", big)
      .executeTakeFirstOrThrow();
    const more = await post({ ...edit, updated_at: fresh.updated_at, party_size: "59" });
    expect(more.data.overbooking?.message).toBe(
      "Überbucht: Um 19:30 wären 63 von 60 Plätzen belegt. Trotzdem speichern?",
    );
  });

  it("staff confirming the last seats at once: one is saved, every other is asked", async () => {
    const { db, add, sixtySeats, post } = await screen();
    await sixtySeats();
    await add("Große Gruppe", "19:00", 56, "CONFIRMED");
    const waiting: number[] = [];
    for (let index = 0; index < 10; index += 1)
      waiting.push(await add(`Warten ${index}`, "19:00", 4, "WAITLIST"));
    const answers = await Promise.all(
      waiting.map((id) => post({ intent: "status", id: String(id), status: "CONFIRMED" })),
    );
    expect(answers.filter((answer) => answer.data.outcome === "done")).toHaveLength(1);
    expect(answers.filter((answer) => answer.data.overbooking !== undefined)).toHaveLength(9);
    const confirmed = await db
      .selectFrom("reservations")
      .select("id")
      .where("status", "=", "CONFIRMED")
      .where("party_size", "=", 4)
      .execute();
    expect(confirmed).toHaveLength(1);
  });

  it("without settings: no capacity, every waitlist request has room, and nothing is ever asked", async () => {
    const { add, load, post, statusOf } = await screen();
    await add("Große Gruppe", "19:00", 200, "CONFIRMED");
    const waiting = await add("Wanda Warten", "19:00", 4, "WAITLIST");
    const day = await load();
    expect(day.capacity.onlineSeats).toBeNull();
    expect(roomFor(day.list)).toEqual([waiting]);
    const answer = await post({ intent: "status", id: String(waiting), status: "CONFIRMED" });
    expect(answer.data.overbooking).toBeUndefined();
    expect(await statusOf(waiting)).toBe("CONFIRMED");
  });

  it("settings that cannot be read never fail the page: the list shows without capacity, and the failure is logged", async () => {
    const { db, add, load, entries } = await screen();
    await add("Große Gruppe", "19:00", 20, "CONFIRMED");
    await db.schema.dropTable("reservation_day_hours").execute();
    const day = await load();
    expect(day.list.ok).toBe(true);
    expect(day.capacity.onlineSeats).toBeNull();
    expect(entries.some((entry) => entry.message === "reservation settings could not be read")).toBe(true);
  });
});
