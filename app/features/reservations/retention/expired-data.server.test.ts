import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { enqueueMail } from "../../../common/mail/outbox.server.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { createStaffReservation } from "../../../../tests/support/reservations.ts";
import { issueGuestToken } from "../book/guest-links.server.ts";
import { ANONYMISED_NAME } from "../book/terms.ts";
import { deleteExpiredGuestData } from "./expired-data.server.ts";
import { saveReservationSettings } from "../settings/settings-store.server.ts";
import { DEFAULT_SETTINGS } from "../book/reservation-settings.ts";

const reservation = (date: string) => ({
  customer_name: `Gast ${date}`,
  email: "gast@example.de",
  phone_number: null,
  reservation_date: date,
  reservation_time: "19:00",
  party_size: 2,
  status: "COMPLETED" as const,
  notes: null,
});

describe.each(testDatabases())("guest data retention on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("anonymises reservations dated more than twelve months ago (by default), deleting their e-mails and links, and e-mails that old", async () => {
    handle = await engine.open();
    const mail = (reservationId?: number) => ({
      kind: "reservation-confirmation",
      recipient: "gast@example.de",
      subject: "Reservierung bestätigt",
      text: "…",
      sender: "info@example.de",
      reservationId,
    });
    // 25 November 2026, 10:00 in Berlin: the last kept date is 25 November 2025.
    const now = new Date("2026-11-25T09:00:00Z");
    const old = await createStaffReservation(handle.db, {
      ...reservation("2025-11-24"),
      phone_number: "0151 1234567",
      notes: "Nussallergie",
    });
    await handle.db
      .updateTable("reservations")
      .set({ request_token: "auto-abc" })
      .where("id", "=", old.reservation.id)
      .execute();
    await issueGuestToken(handle.db, old.reservation.id);
    const kept = await createStaffReservation(handle.db, reservation("2025-11-25"));
    await enqueueMail(handle.db, mail(old.reservation.id));
    const keptMail = await enqueueMail(handle.db, mail(kept.reservation.id));
    const ancientMail = await enqueueMail(handle.db, mail());
    await handle.db
      .updateTable("mail_outbox")
      .set({ created_at: "2025-11-25T08:59:00.000Z" })
      .where("id", "=", ancientMail)
      .execute();

    expect(await deleteExpiredGuestData(handle.db, now)).toEqual({ notes: 1, anonymised: 1, mails: 2 });
    const anonymised = await handle.db
      .selectFrom("reservations")
      .selectAll()
      .where("id", "=", old.reservation.id)
      .executeTakeFirstOrThrow();
    expect(anonymised).toMatchObject({
      customer_name: ANONYMISED_NAME,
      email: null,
      phone_number: null,
      notes: null,
      // What the statistics need stays: date, time, party size, status, and that it came online.
      reservation_date: "2025-11-24",
      reservation_time: "19:00",
      party_size: 2,
      status: "COMPLETED",
      request_token: `anon-${old.reservation.id}`,
    });
    expect(JSON.stringify(anonymised)).not.toMatch(/Gast 2025|gast@|0151|Nuss/);
    expect(await handle.db.selectFrom("reservation_links").select("token_hash").execute()).toEqual([]);
    const keptRow = await handle.db
      .selectFrom("reservations")
      .select(["customer_name", "email"])
      .where("id", "=", kept.reservation.id)
      .executeTakeFirstOrThrow();
    expect(keptRow).toEqual({ customer_name: "Gast 2025-11-25", email: "gast@example.de" });
    const mails = await handle.db.selectFrom("mail_outbox").select("id").execute();
    expect(mails.map((row) => row.id)).toEqual([keptMail]);

    expect(await deleteExpiredGuestData(handle.db, now)).toEqual({ notes: 0, anonymised: 0, mails: 0 });
  });

  it("erases the 'Besondere Wünsche' and the notice that repeats them the set number of days after the date", async () => {
    handle = await engine.open();
    const now = new Date("2026-11-25T09:00:00Z");
    const withNotes = (date: string) =>
      createStaffReservation(handle.db, { ...reservation(date), notes: "Laktoseintolerant" });
    const yesterday = await withNotes("2026-11-24");
    const today = await withNotes("2026-11-25");
    const notice = await enqueueMail(handle.db, {
      kind: "reservation-notice",
      recipient: "kueche@example.de",
      subject: "Neue Reservierungsanfrage",
      text: "Anmerkungen: Laktoseintolerant",
      sender: "info@example.de",
      reservationId: yesterday.reservation.id,
    });
    const periods = { notesEraseDays: 1, anonymiseAfterMonths: 12 };
    expect(await deleteExpiredGuestData(handle.db, now, periods)).toEqual({
      notes: 1,
      anonymised: 0,
      mails: 1,
    });
    const notes = await handle.db.selectFrom("reservations").select(["id", "notes"]).orderBy("id").execute();
    expect(notes).toEqual([
      { id: yesterday.reservation.id, notes: null },
      { id: today.reservation.id, notes: "Laktoseintolerant" },
    ]);
    expect(await handle.db.selectFrom("mail_outbox").select("id").where("id", "=", notice).execute()).toEqual(
      [],
    );
    // Three days: yesterday's would have been kept.
    expect(await deleteExpiredGuestData(handle.db, now, { ...periods, notesEraseDays: 3 })).toMatchObject({
      notes: 0,
    });
  });

  it("reads the periods from the settings: six months anonymise what twelve would keep", async () => {
    handle = await engine.open();
    const now = new Date("2026-11-25T09:00:00Z");
    await createStaffReservation(handle.db, reservation("2026-05-20"));
    expect((await deleteExpiredGuestData(handle.db, now)).anonymised).toBe(0);
    await saveReservationSettings(handle.db, { ...DEFAULT_SETTINGS, anonymiseAfterMonths: 6 }, "Giulia");
    expect((await deleteExpiredGuestData(handle.db, now)).anonymised).toBe(1);
  });

  it("deletes a sent e-mail 30 days after it was sent and a failed one 90 days after it was written", async () => {
    handle = await engine.open();
    const now = new Date("2026-11-25T09:00:00Z");
    const daysAgo = (days: number, minutes = 0) =>
      new Date(now.getTime() - days * 24 * 60 * 60 * 1000 - minutes * 60 * 1000).toISOString();
    const written = async (
      status: "pending" | "sent" | "failed",
      createdAt: string,
      sentAt: string | null,
    ) => {
      const id = await enqueueMail(handle.db, {
        kind: "reservation-notice",
        recipient: "kueche@example.de",
        subject: `${status} ${createdAt}`,
        text: "…",
        sender: "info@example.de",
      });
      await handle.db
        .updateTable("mail_outbox")
        .set({ status, created_at: createdAt, sent_at: sentAt })
        .where("id", "=", id)
        .execute();
      return id;
    };
    await written("sent", daysAgo(40), daysAgo(30, 1));
    const sentLately = await written("sent", daysAgo(40), daysAgo(29));
    await written("failed", daysAgo(90, 1), null);
    const failedLately = await written("failed", daysAgo(89), null);
    // Waiting for a mail server that is away: kept, to be sent (and deleted after twelve months).
    const waiting = await written("pending", daysAgo(200), null);

    expect(await deleteExpiredGuestData(handle.db, now)).toEqual({ notes: 0, anonymised: 0, mails: 2 });
    const kept = await handle.db.selectFrom("mail_outbox").select("id").orderBy("id").execute();
    expect(kept.map((row) => row.id)).toEqual([sentLately, failedLately, waiting]);
  });
});
