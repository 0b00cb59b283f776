import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { enqueueMail } from "../../common/mail/outbox.server.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { createStaffReservation } from "./reservations.server.ts";
import { deleteExpiredGuestData } from "./retention.server.ts";

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

  it("deletes reservations dated more than twelve months ago, their e-mails, and e-mails that old", async () => {
    handle = await engine.open();
    const mail = (reservationId?: number) => ({
      kind: "reservation-notice",
      recipient: "kueche@example.de",
      subject: "Neue Reservierungsanfrage",
      text: "…",
      sender: "info@example.de",
      reservationId,
    });
    // 25 November 2026, 10:00 in Berlin: the last kept date is 25 November 2025.
    const now = new Date("2026-11-25T09:00:00Z");
    const old = await createStaffReservation(handle.db, reservation("2025-11-24"), () => []);
    const kept = await createStaffReservation(handle.db, reservation("2025-11-25"), () => []);
    const oldMail = await enqueueMail(handle.db, mail(old.reservation.id));
    const keptMail = await enqueueMail(handle.db, mail(kept.reservation.id));
    const ancientMail = await enqueueMail(handle.db, mail());
    await handle.db
      .updateTable("mail_outbox")
      .set({ created_at: "2025-11-25T08:59:00.000Z" })
      .where("id", "=", ancientMail)
      .execute();

    expect(await deleteExpiredGuestData(handle.db, now)).toEqual({ reservations: 1, mails: 2 });
    const reservations = await handle.db.selectFrom("reservations").select("id").execute();
    expect(reservations.map((row) => row.id)).toEqual([kept.reservation.id]);
    const mails = await handle.db.selectFrom("mail_outbox").select("id").execute();
    expect(mails.map((row) => row.id)).toEqual([keptMail]);
    expect(oldMail).not.toBe(keptMail);

    expect(await deleteExpiredGuestData(handle.db, now)).toEqual({ reservations: 0, mails: 0 });
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

    expect(await deleteExpiredGuestData(handle.db, now)).toEqual({ reservations: 0, mails: 2 });
    const kept = await handle.db.selectFrom("mail_outbox").select("id").orderBy("id").execute();
    expect(kept.map((row) => row.id)).toEqual([sentLately, failedLately, waiting]);
  });
});
