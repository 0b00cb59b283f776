import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { Worker } from "node:worker_threads";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { contentDefaults } from "../../../common/content/defaults.ts";
import { insertReservation } from "../../../../tests/support/reservations.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { changeByGuest } from "./guest-changes.server.ts";
import { bookedAtShortNotice, writeDueReminders } from "./reminders.server.ts";
import { findReservation } from "../book/store.server.ts";
import { changeByStaff } from "../booking/staff-booking.server.ts";
import { DEFAULT_SETTINGS } from "../book/reservation-settings.ts";

/**
 * The reminder the day before (decision 0033): from the configured hour, for tomorrow's confirmed
 * reservations booked at least 24 hours ahead, once per reservation — also when two processes run
 * it at the same moment — on SQLite and on PostgreSQL.
 */
const mail = {
  contact: contentDefaults["global.contact"],
  notifyEmail: undefined,
  siteOrigin: "https://tavola.example",
};
/** 10:30 in Berlin on Tuesday 24 November 2026. */
const now = new Date("2026-11-24T09:30:00Z");
const tomorrow = "2026-11-25";
const longAgo = "2026-11-01T12:00:00.000Z";

describe.each(testDatabases())("the reminder on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  const reminders = () =>
    handle.db
      .selectFrom("mail_outbox")
      .select(["recipient", "subject", "text_body", "kind"])
      .where("kind", "=", "reservation-reminder")
      .orderBy("id")
      .execute();

  it("reminds tomorrow's confirmed guests from the hour on, once; not the others", async () => {
    handle = await engine.open();
    const confirmed = { date: tomorrow, status: "CONFIRMED" as const, createdAt: longAgo };
    const due = await insertReservation(handle.db, { ...confirmed, name: "Erna Erinnert", time: "19:00" });
    await insertReservation(handle.db, { ...confirmed, name: "Ohne Adresse", email: null });
    await insertReservation(handle.db, { ...confirmed, name: "Paul Pending", status: "PENDING" });
    await insertReservation(handle.db, { ...confirmed, name: "Carl Cancelled", status: "CANCELLED" });
    await insertReservation(handle.db, { ...confirmed, name: "Übermorgen", date: "2026-11-26" });
    // Booked at 10:15 this morning for tomorrow at 10:00: less than 24 hours ahead.
    await insertReservation(handle.db, {
      ...confirmed,
      name: "Kurz Vorher",
      time: "10:00",
      createdAt: "2026-11-24T09:15:00.000Z",
    });

    const settings = { ...DEFAULT_SETTINGS, reminderHour: 11 };
    expect(await writeDueReminders(handle.db, { settings, mail, now })).toEqual([]);
    expect(
      await writeDueReminders(handle.db, { settings: { ...settings, reminderHour: null }, mail, now }),
    ).toEqual([]);
    const written = await writeDueReminders(handle.db, {
      settings: { ...settings, reminderHour: 10 },
      mail,
      now,
    });
    expect(written).toHaveLength(1);
    const [reminder] = await reminders();
    expect(reminder?.recipient).toBe("erna.erinnert@example.de");
    expect(reminder?.subject).toBe(
      "Erinnerung an Ihre Reservierung: Ristorante Tavola, 25.11.2026 um 19:00 Uhr",
    );
    expect(reminder?.text_body).toContain("Reservierung ansehen, ändern oder stornieren");
    expect(reminder?.text_body).toContain("Ich komme");
    expect((await findReservation(handle.db, due))?.reminder_sent_at).toBe(now.toISOString());

    // Later runs, a restart: nothing more.
    const later = new Date(now.getTime() + 60 * 60 * 1000);
    expect(await writeDueReminders(handle.db, { settings: DEFAULT_SETTINGS, mail, now: later })).toEqual([]);
    expect(await reminders()).toHaveLength(1);
  });

  it("three processes at the same moment write each reminder once", async () => {
    const opened = await engine.open();
    handle = opened;
    for (let index = 0; index < 20; index += 1)
      await insertReservation(handle.db, {
        name: `Gast ${index}`,
        date: tomorrow,
        time: "19:00",
        status: "CONFIRMED",
        createdAt: longAgo,
      });
    const inAnotherThread = () =>
      new Promise<number>((resolve, reject) => {
        const thread = new Worker(new URL("../../../../tests/support/reminder-thread.ts", import.meta.url), {
          workerData: { target: opened.target, settings: DEFAULT_SETTINGS, mail, now: now.toISOString() },
        });
        thread.once("message", resolve);
        thread.once("error", reject);
      });
    const runs = await Promise.all([
      inAnotherThread(),
      inAnotherThread(),
      writeDueReminders(handle.db, { settings: DEFAULT_SETTINGS, mail, now }).then((ids) => ids.length),
    ]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(20);
    const written = await reminders();
    expect(written).toHaveLength(20);
    expect(new Set(written.map((row) => row.recipient)).size).toBe(20);
  });

  it("a visit the guest moves to another day is reminded again for that day", async () => {
    handle = await engine.open();
    const id = await insertReservation(handle.db, {
      name: "Mona Move",
      date: tomorrow,
      status: "CONFIRMED",
      createdAt: longAgo,
    });
    await writeDueReminders(handle.db, { settings: DEFAULT_SETTINGS, mail, now });
    const reminded = await findReservation(handle.db, id);
    if (!reminded) throw new Error("missing");
    const moved = await changeByGuest(
      handle.db,
      reminded,
      { date: "2026-11-26", time: "19:00", party_size: 2 },
      { settings: DEFAULT_SETTINGS, hours: contentDefaults["global.opening_hours"], mail, now },
    );
    expect(moved.done && moved.reservation.reminder_sent_at).toBeNull();
  });

  it("a visit staff move to another day is reminded again; a new time or name alone is not", async () => {
    handle = await engine.open();
    const id = await insertReservation(handle.db, {
      name: "Stefan Staff",
      date: tomorrow,
      time: "19:00",
      status: "CONFIRMED",
      createdAt: longAgo,
    });
    await writeDueReminders(handle.db, { settings: DEFAULT_SETTINGS, mail, now });
    const staffValues = {
      customer_name: "Stefan Staff",
      email: "stefan.staff@example.de",
      phone_number: null,
      reservation_date: tomorrow,
      reservation_time: "19:00",
      party_size: 2,
      status: "CONFIRMED" as const,
      notes: null,
    };
    const renamed = await changeByStaff(handle.db, id, { ...staffValues, customer_name: "Stefan Stab" });
    expect(renamed.reservation.reminder_sent_at).toBe(now.toISOString());
    const later = await changeByStaff(handle.db, id, { ...staffValues, reservation_time: "20:00" });
    expect(later.reservation.reminder_sent_at).toBe(now.toISOString());
    const moved = await changeByStaff(handle.db, id, { ...staffValues, reservation_date: "2026-11-26" });
    expect(moved.reservation.reminder_sent_at).toBeNull();
  });

  it("finds tomorrow's reservations through an index", async () => {
    handle = await engine.open();
    const plan =
      engine.dialect === "sqlite"
        ? await sql<{
            detail: string;
          }>`explain query plan select id from reservations where reservation_date = ${tomorrow} and status = 'CONFIRMED' and reminder_sent_at is null`.execute(
            handle.db,
          )
        : await handle.db.transaction().execute(async (trx) => {
            // A table this small is cheaper to scan; the question is whether an index serves the query.
            await sql`set local enable_seqscan = off`.execute(trx);
            return sql<{
              "QUERY PLAN": string;
            }>`explain select id from reservations where reservation_date = ${tomorrow} and status = 'CONFIRMED' and reminder_sent_at is null`.execute(
              trx,
            );
          });
    const text = JSON.stringify(plan.rows);
    if (engine.dialect === "sqlite") expect(text).toMatch(/USING INDEX reservations_status_date_idx/);
    else expect(text).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
  });
});

describe("booked at short notice", () => {
  it("is less than 24 hours between booking and the visit (Berlin wall clock)", () => {
    const visit = {
      reservation_date: "2026-11-25",
      reservation_time: "19:00",
      guest_action: null,
      guest_action_at: null,
    };
    expect(bookedAtShortNotice({ ...visit, created_at: "2026-11-24T17:59:00Z" })).toBe(false);
    expect(bookedAtShortNotice({ ...visit, created_at: "2026-11-24T18:01:00Z" })).toBe(true);
    // Moved by the guest to tomorrow this evening: counted from the change.
    const moved = { ...visit, created_at: "2026-11-01T10:00:00Z", guest_action: "changed" as const };
    expect(bookedAtShortNotice({ ...moved, guest_action_at: "2026-11-24T18:01:00Z" })).toBe(true);
    expect(
      bookedAtShortNotice({ ...moved, guest_action: "attending", guest_action_at: "2026-11-24T18:01:00Z" }),
    ).toBe(false);
  });
});
