import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { insertReservation } from "../../../tests/support/reservations.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import {
  deleteExpiredMails,
  eraseMails,
  eraseMailsAbout,
  findGuestMails,
  guestMailRecords,
  mailsWrittenAt,
  reservationsWithMail,
} from "./outbox-guest-data.server.ts";
import { enqueueMail, readdressUnsentMails, storedRecipient } from "./outbox.server.ts";

/** The outbox's answers about guests' data (decision 0047, "One owner per table"). */
describe.each(testDatabases())("the outbox's answers about guests on $dialect", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  async function seed() {
    handle = await engine.open();
    const { db } = handle;
    const anna = await insertReservation(db, { name: "Anna", email: "anna@example.de", date: "2026-12-24" });
    const bruno = await insertReservation(db, { name: "Bruno", date: "2026-12-24" });
    const write = (
      values: { kind?: string; to: string; reservationId?: number; replyTo?: string },
      createdAt: string,
    ) =>
      enqueueMail(
        db,
        {
          kind: values.kind ?? "reservation-receipt",
          recipient: values.to,
          subject: "Betreff",
          text: "Text",
          sender: "info@example.de",
          ...(values.replyTo ? { replyTo: values.replyTo } : {}),
          ...(values.reservationId ? { reservationId: values.reservationId } : {}),
        },
        new Date(createdAt),
      );
    const mails = {
      receipt: await write({ to: "anna@example.de", reservationId: anna }, "2026-11-20T10:00:00.000Z"),
      notice: await write(
        {
          kind: "reservation-notice",
          to: "info@example.de",
          reservationId: anna,
          replyTo: "ANNA@example.de",
        },
        "2026-11-20T10:00:01.000Z",
      ),
      loose: await write({ to: "Anna@Example.de" }, "2026-11-21T10:00:00.000Z"),
      bruno: await write({ to: "bruno@example.de", reservationId: bruno }, "2026-11-22T10:00:00.000Z"),
    };
    return { db, reservations: { anna, bruno }, mails };
  }

  it("finds a guest's e-mails newest first, by reservation and by address, and hands out what they hold", async () => {
    const { db, reservations: r, mails: m } = await seed();
    const byAddress = await findGuestMails(db, { reservationIds: [], email: "anna@example.de" });
    expect(byAddress.map((row) => row.id)).toEqual([m.loose, m.notice, m.receipt]);
    const byReservation = await findGuestMails(db, { reservationIds: [r.anna] });
    expect(byReservation).toEqual([
      { id: m.notice, createdAt: "2026-11-20T10:00:01.000Z" },
      { id: m.receipt, createdAt: "2026-11-20T10:00:00.000Z" },
    ]);
    const records = await guestMailRecords(db, [m.notice, 999_999, m.loose], { bodies: false });
    expect(records).toEqual([
      expect.objectContaining({
        id: m.notice,
        replyTo: "ANNA@example.de",
        reservationId: r.anna,
        text: null,
      }),
      expect.objectContaining({ id: m.loose, recipient: "Anna@Example.de", reservationId: null, text: null }),
    ]);
    expect((await guestMailRecords(db, [m.receipt], { bodies: true }))[0]?.text).toBe("Text");
  });

  it("names the reservations it holds e-mails about, and the e-mails written at a recorded instant", async () => {
    const { db, reservations: r, mails: m } = await seed();
    expect((await reservationsWithMail(db)).sort((a, b) => a - b)).toEqual([r.anna, r.bruno]);
    expect(
      await mailsWrittenAt(db, [
        { id: m.receipt, createdAt: "2026-11-20T10:00:00.000Z" },
        { id: m.loose, createdAt: "2026-11-20T10:00:00.000Z" },
      ]),
    ).toEqual([m.receipt]);
  });

  it("erases e-mails by id and about reservations, counting what went", async () => {
    const { db, reservations: r, mails: m } = await seed();
    expect(await eraseMails(db, [m.loose, 999_999])).toBe(1);
    expect(await eraseMailsAbout(db, [r.anna])).toBe(2);
    expect(await db.selectFrom("mail_outbox").select("id").execute()).toEqual([{ id: m.bruno }]);
  });

  it("deletes what the retention run names, each e-mail counted once whichever rules name it", async () => {
    const { db, reservations: r } = await seed();
    const deleted = await deleteExpiredMails(db, {
      about: [r.bruno],
      ofKindAbout: { kind: "reservation-notice", reservationIds: [r.anna, r.bruno] },
      // Bruno's e-mail is named by this rule too.
      writtenBefore: "2026-11-22T12:00:00.000Z",
      sentBefore: "2026-11-01T00:00:00.000Z",
      failedWrittenBefore: "2026-11-01T00:00:00.000Z",
    });
    expect(deleted).toBe(4);
    expect(await db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
  });

  it("redirects a reservation's unsent e-mails to a corrected address, or deletes them without one", async () => {
    const { db, reservations: r, mails: m } = await seed();
    await readdressUnsentMails(db, {
      reservationId: r.anna,
      exceptKind: "reservation-notice",
      recipient: "anna.neu@example.de",
    });
    expect(await storedRecipient(db, m.receipt)).toBe("anna.neu@example.de");
    expect(await storedRecipient(db, m.notice)).toBe("info@example.de");
    await readdressUnsentMails(db, {
      reservationId: r.anna,
      exceptKind: "reservation-notice",
      recipient: null,
    });
    expect(await storedRecipient(db, m.receipt)).toBeUndefined();
    expect(await storedRecipient(db, m.notice)).toBe("info@example.de");
  });
});
