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
});
