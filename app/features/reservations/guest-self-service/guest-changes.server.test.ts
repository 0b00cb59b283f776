import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { contentDefaults } from "../../../common/content/defaults.ts";
import { createMailer, type MailTransport } from "../../../common/mail/mailer.server.ts";
import { enqueueMail, requeueMail } from "../../../common/mail/outbox.server.ts";
import { insertReservation } from "../../../../tests/support/reservations.ts";
import { recordingLogger } from "../../../../tests/support/silent-logger.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import {
  fillInGuestLinks,
  GUEST_TOKEN_SLOT,
  RECIPIENT_CHANGED_MESSAGE,
  issueGuestToken,
  reservationOfToken,
} from "../book/guest-links.server.ts";
import {
  attendByGuest,
  cancelByGuest,
  changeByGuest,
  closedReasonOf,
  GUEST_CHANGED_MEANWHILE,
} from "./guest-changes.server.ts";
import { answerGuestPage } from "./guest-page.server.ts";
import { guestLinkMessages } from "../book/terms.ts";
import type { AppServices } from "../../../common/app-context.ts";
import { parseConfig } from "../../../lib/env.server.ts";
import { addDays, berlinNow } from "../../../lib/calendar.ts";
import type { Reservation } from "../book/shapes.ts";
import {
  requestAnswerMail,
  reservationCancellation,
  reservationNotice,
  reservationReceipt,
} from "../mails/reservation-mails.server.ts";
import { findReservation } from "../book/store.server.ts";
import { changeByStaff } from "../booking/staff-booking.server.ts";
import { validateGuestChange } from "../book/form-schemas.ts";
import { DEFAULT_SETTINGS } from "../book/reservation-settings.ts";

/**
 * The guest's link (decision 0033): tokens whose hash alone is stored, the outbox's placeholder filled
 * in as the e-mail leaves, and what the guest may do — on SQLite and on PostgreSQL.
 */
const now = new Date("2026-11-24T09:15:00Z");
const mail = {
  contact: contentDefaults["global.contact"],
  notifyEmail: "kueche@example.de",
  siteOrigin: "https://tavola.example",
};
const hours = contentDefaults["global.opening_hours"];

describe.each(testDatabases())("the guest's link on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  /** The stored reservation, which the test has just written. */
  const stored = async (id: number) => {
    const reservation = await findReservation(handle.db, id);
    if (!reservation) throw new Error(`reservation ${id} missing`);
    return reservation;
  };

  const outbox = () =>
    handle.db
      .selectFrom("mail_outbox")
      .select(["kind", "recipient", "subject", "text_body"])
      .orderBy("id")
      .execute();

  it("stores only a token's hash; a forged, malformed or foreign token finds nothing", async () => {
    handle = await engine.open();
    const id = await insertReservation(handle.db, { name: "Tina Token", date: "2026-12-01" });
    const token = await issueGuestToken(handle.db, id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await reservationOfToken(handle.db, token))?.id).toBe(id);
    const stored = await handle.db.selectFrom("reservation_links").select("token_hash").execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    for (const forged of [
      "",
      "kurz",
      `${token.slice(0, 31)}${token.endsWith("A") ? "B" : "A"}`,
      `${token}A`,
      "ä".repeat(32),
      "' or 1=1 --",
    ])
      expect(await reservationOfToken(handle.db, forged), forged).toBeUndefined();
    // A reservation's deletion takes its links with it.
    await handle.db.deleteFrom("reservations").where("id", "=", id).execute();
    expect(await handle.db.selectFrom("reservation_links").select("token_hash").execute()).toEqual([]);
  });

  it("fills the link in as the e-mail leaves: the outbox keeps the placeholder, each sending a token of its own", async () => {
    handle = await engine.open();
    const id = await insertReservation(handle.db, { name: "Paul Post", date: "2026-12-01" });
    const receipt = reservationReceipt(await stored(id), mail);
    expect(receipt?.text).toContain(`https://tavola.example/reservierung/${GUEST_TOKEN_SLOT}`);
    if (!receipt) throw new Error("no receipt");
    await enqueueMail(handle.db, receipt);
    const sent: Array<{ text: string; html?: string }> = [];
    const transport: MailTransport = { send: async (message) => void sent.push(message), close() {} };
    const { logger } = recordingLogger();
    const mailer = createMailer({
      db: handle.db,
      logger,
      transport,
      from: undefined,
      retryBaseMs: 60_000,
      prepare: fillInGuestLinks(handle.db),
      backlogWaitMs: 0,
    });
    const row = await handle.db.selectFrom("mail_outbox").select("id").executeTakeFirstOrThrow();
    expect((await mailer.deliver(row.id)).status).toBe("sent");
    const token = /\/reservierung\/([A-Za-z0-9_-]{32})/.exec(sent[0]?.text ?? "")?.[1] ?? "";
    expect(sent[0]?.html).toContain(`href="https://tavola.example/reservierung/${token}"`);
    expect((await reservationOfToken(handle.db, token))?.id).toBe(id);
    const [kept] = await outbox();
    expect(kept?.text_body).toContain(GUEST_TOKEN_SLOT);
    expect(kept?.text_body).not.toContain(token);
    // A mail without the placeholder (the restaurant's notice) is sent as written.
    const fill = fillInGuestLinks(handle.db);
    const plain = { ...(await handle.db.selectFrom("mail_outbox").selectAll().executeTakeFirstOrThrow()) };
    plain.text_body = "ohne Link";
    plain.html_body = null;
    expect(await fill(plain)).toBe(plain);
    // A guest who types the slot into a field gets no working link into the restaurant's notice.
    const notice = { ...plain, kind: "reservation-notice", text_body: `Anmerkungen: ${GUEST_TOKEN_SLOT}` };
    expect(await fill(notice)).toBe(notice);
  });

  it("a request confirmed at once gets the confirmation; one waiting, the receipt; a waitlist request says so", async () => {
    handle = await engine.open();
    const id = await insertReservation(handle.db, {
      name: "Rita Receipt",
      date: "2026-12-01",
      time: "19:00",
    });
    const pending = await stored(id);
    const receipt = requestAnswerMail(pending, mail);
    expect(receipt?.subject).toBe("Ihre Reservierungsanfrage bei Ristorante Tavola: 01.12.2026 um 19:00 Uhr");
    expect(receipt?.text).toContain("bestätigen Ihre Reservierung per E-Mail");
    expect(receipt?.text).toContain("Reservierung ansehen, ändern oder stornieren");
    expect(receipt?.attachments).toBeUndefined();
    const confirmed = requestAnswerMail({ ...pending, status: "CONFIRMED" }, mail);
    expect(confirmed?.kind).toBe("reservation-confirmation");
    expect(confirmed?.attachments?.map((attachment) => attachment.filename)).toEqual(["reservierung.ics"]);
    expect(confirmed?.text).toContain("Reservierung ansehen, ändern oder stornieren");
    expect(requestAnswerMail({ ...pending, status: "WAITLIST" }, mail)?.text).toContain("Warteliste");
    expect(requestAnswerMail({ ...pending, email: null }, mail)).toBeUndefined();
  });

  it("two cancels at the same moment: one cancels and writes one cancellation and one notice; a replay changes nothing", async () => {
    handle = await engine.open();
    const id = await insertReservation(handle.db, {
      name: "Doppel Klick",
      date: "2026-12-01",
      status: "CONFIRMED",
    });
    const reservation = await stored(id);
    const outcomes = await Promise.all([
      cancelByGuest(handle.db, reservation, mail, now),
      cancelByGuest(handle.db, reservation, mail, now),
    ]);
    expect(outcomes.filter((outcome) => outcome.done)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.done)).toEqual({ done: false, closed: "cancelled" });
    const mails = await outbox();
    expect(mails.map((row) => [row.kind, row.recipient])).toEqual([
      ["reservation-cancellation", "doppel.klick@example.de"],
      ["reservation-notice", "kueche@example.de"],
    ]);
    expect(mails[1]?.subject).toBe("Vom Gast storniert: Doppel Klick, 01.12.2026 um 18:00 Uhr, 2 Personen");
    const after = await stored(id);
    expect(after).toMatchObject({ status: "CANCELLED", guest_action: "cancelled" });
    expect(after.guest_action_at).toBe(now.toISOString());
    expect(await cancelByGuest(handle.db, after, mail, now)).toEqual({ done: false, closed: "cancelled" });
    expect(await outbox()).toHaveLength(2);
  });

  it("a reservation whose time has passed is neither cancelled nor changed; 'Ich komme' waits for the confirmation", async () => {
    handle = await engine.open();
    const id = await insertReservation(handle.db, { name: "Vera Vorbei", date: "2026-11-24", time: "10:00" });
    const past = await stored(id);
    expect(await cancelByGuest(handle.db, past, mail, now)).toEqual({ done: false, closed: "past" });
    const change = { date: "2026-12-02", time: "19:00", party_size: 2 };
    expect(await changeByGuest(handle.db, past, change, { settings: undefined, hours, mail, now })).toEqual({
      done: false,
      closed: "past",
    });
    const laterId = await insertReservation(handle.db, { name: "Paula Pending", date: "2026-12-01" });
    const pending = await stored(laterId);
    const refused = await attendByGuest(handle.db, pending, now);
    expect(refused.done).toBe(false);
    await handle.db
      .updateTable("reservations")
      .set({ status: "CONFIRMED" })
      .where("id", "=", laterId)
      .execute();
    const confirmed = await stored(laterId);
    const attending = await attendByGuest(handle.db, confirmed, now);
    expect(attending.done && attending.reservation.guest_action).toBe("attending");
    expect(await outbox()).toEqual([]);
    expect((await findReservation(handle.db, id))?.status).toBe("PENDING");
  });

  it("a change to a full time is refused with what is free; to a free one it is kept, confirmed only if automatic confirmation covers it", async () => {
    handle = await engine.open();
    const settings = { ...DEFAULT_SETTINGS, totalSeats: 10, onlineSeats: 6, autoConfirmUpTo: 2 };
    await insertReservation(handle.db, {
      name: "Volle Runde",
      date: "2026-12-01",
      time: "19:00",
      partySize: 6,
      status: "CONFIRMED",
    });
    const id = await insertReservation(handle.db, {
      name: "Clara Change",
      date: "2026-12-01",
      time: "12:30",
      partySize: 2,
      status: "CONFIRMED",
    });
    const deps = { settings, hours, mail, now };
    const reservation = await stored(id);
    const full = await changeByGuest(
      handle.db,
      reservation,
      { date: "2026-12-01", time: "19:00", party_size: 2 },
      deps,
    );
    expect(full.done).toBe(false);
    expect(!full.done && "refused" in full && full.refused.message).toMatch(/ausgebucht/);
    expect(await findReservation(handle.db, id)).toEqual(reservation);
    expect(await outbox()).toEqual([]);

    expect(
      await changeByGuest(handle.db, reservation, { date: "2026-12-01", time: "12:30", party_size: 2 }, deps),
    ).toEqual({ done: false, unchanged: true });

    const kept = await changeByGuest(
      handle.db,
      reservation,
      { date: "2026-12-01", time: "13:00", party_size: 4 },
      deps,
    );
    expect(kept.done && kept.reservation).toMatchObject({
      reservation_time: "13:00",
      party_size: 4,
      // Four guests are beyond 'automatisch bestätigen bis 2': the restaurant confirms again.
      status: "PENDING",
      guest_action: "changed",
    });
    const mails = await outbox();
    expect(mails.map((row) => row.kind)).toEqual(["reservation-change", "reservation-notice"]);
    expect(mails[0]?.text_body).toContain("noch nicht bestätigt");
    expect(mails[1]?.text_body).toMatch(/Vorher: +01\.12\.2026 um 12:30 Uhr, 2 Personen \(Bestätigt\)/);
  });

  it("a change sent from a page read before staff moved the visit to another date: the guest looks again", async () => {
    handle = await engine.open();
    const id = await insertReservation(handle.db, {
      name: "Mia Mittendrin",
      email: "mia@example.de",
      date: "2026-12-01",
      time: "18:00",
      status: "CONFIRMED",
    });
    const asTheGuestRead = await stored(id);
    await changeByStaff(handle.db, id, {
      customer_name: "Mia Mittendrin",
      email: "mia@example.de",
      phone_number: null,
      reservation_date: "2026-12-03",
      reservation_time: "18:00",
      party_size: 2,
      status: "CONFIRMED",
      notes: null,
    });
    const movedByStaff = await stored(id);
    // Only the dates the guest's page knew of are locked (decision 0055): staff's date is not one.
    expect(
      await changeByGuest(
        handle.db,
        asTheGuestRead,
        { date: "2026-12-02", time: "19:00", party_size: 2 },
        { settings: DEFAULT_SETTINGS, hours, mail, now },
      ),
    ).toEqual({ done: false, refused: { field: "date", message: GUEST_CHANGED_MEANWHILE } });
    expect(await stored(id)).toEqual(movedByStaff);
  });

  it("staff changing the status or the time end the guest's note; a new address ends the old links", async () => {
    handle = await engine.open();
    const id = await insertReservation(handle.db, {
      name: "Nora Neu",
      date: "2026-12-01",
      status: "CONFIRMED",
    });
    await attendByGuest(handle.db, await stored(id), now);
    const token = await issueGuestToken(handle.db, id);
    const values = {
      customer_name: "Nora Neu",
      email: "nora.neu@example.de",
      phone_number: null,
      reservation_date: "2026-12-01",
      reservation_time: "18:00",
      party_size: 2,
      status: "CONFIRMED" as const,
      notes: null,
    };
    // Saving the same visit keeps what the guest said.
    expect((await changeByStaff(handle.db, id, values)).reservation.guest_action).toBe("attending");
    const confirmedAgain = await changeByStaff(handle.db, id, { ...values, status: "PENDING" });
    expect(confirmedAgain.reservation).toMatchObject({ guest_action: null, guest_action_at: null });
    expect((await reservationOfToken(handle.db, token))?.id).toBe(id);
    await changeByStaff(handle.db, id, { ...values, email: "nora.richtig@example.de" });
    expect(await reservationOfToken(handle.db, token)).toBeUndefined();
  });

  it("a visit the page shows as not changeable (a time off the slots, a party above the online limit) is not changed by a form sent anyway", async () => {
    handle = await engine.open();
    // The page's action reads the clock itself: dates ahead of the real today.
    const visitDay = addDays(berlinNow().date, 5);
    const offSlot = await insertReservation(handle.db, {
      name: "Tom Viertel",
      email: "tom@example.de",
      date: visitDay,
      time: "19:15",
      status: "CONFIRMED",
    });
    const large = await insertReservation(handle.db, {
      name: "Große Runde",
      email: "runde@example.de",
      date: visitDay,
      time: "19:00",
      partySize: 12,
      status: "CONFIRMED",
    });
    const change = { date: addDays(visitDay, 1), time: "19:00", party_size: 2 };
    const deps = { settings: DEFAULT_SETTINGS, hours, mail };
    for (const id of [offSlot, large]) {
      const before = await stored(id);
      expect(await changeByGuest(handle.db, before, change, deps)).toEqual({
        done: false,
        notChangeable: true,
      });
      expect(await stored(id)).toEqual(before);
    }
    // Through the page's own action: 409 and the sentence the page shows instead of the form.
    const { logger } = recordingLogger();
    const app = {
      database: handle,
      logger,
      mailer: createMailer({
        db: handle.db,
        logger,
        transport: undefined,
        from: undefined,
        retryBaseMs: 60_000,
      }),
      config: parseConfig({}),
      siteOrigin: mail.siteOrigin,
      clientAddress: "192.0.2.7",
    } as AppServices;
    for (const id of [offSlot, large]) {
      const before = await stored(id);
      const token = await issueGuestToken(handle.db, id);
      const request = new Request(`${mail.siteOrigin}/reservierung/${token}`, {
        method: "POST",
        headers: { origin: mail.siteOrigin },
        body: new URLSearchParams({ intent: "change", ...change, party_size: "2" }),
      });
      const answer = await answerGuestPage(
        request,
        app,
        token,
        Promise.resolve({ hours, contact: mail.contact }),
      );
      expect(answer.status).toBe(409);
      expect(answer.result.notice.description).toBe(guestLinkMessages.changeByPhone);
      expect(await stored(id)).toEqual(before);
    }
    expect(await outbox()).toEqual([]);
  });

  it("a corrected address takes the guest's unsent e-mails along; the old address gets nothing, no link (decision 0041)", async () => {
    handle = await engine.open();
    const id = await insertReservation(handle.db, {
      name: "Mia Tippfehler",
      email: "mia@gmial.example",
      date: "2026-12-01",
    });
    const reservation = await stored(id);
    const receipt = reservationReceipt(reservation, mail);
    const cancellation = reservationCancellation(reservation, mail);
    if (!receipt || !cancellation) throw new Error("no mail");
    const waiting = await enqueueMail(handle.db, receipt);
    const failed = await enqueueMail(handle.db, cancellation);
    const sentBefore = await enqueueMail(handle.db, receipt);
    const notice = await enqueueMail(handle.db, reservationNotice(reservation, mail, "guest"));
    await handle.db.updateTable("mail_outbox").set({ status: "failed" }).where("id", "=", failed).execute();
    await handle.db.updateTable("mail_outbox").set({ status: "sent" }).where("id", "=", sentBefore).execute();
    const recipients = async () =>
      Object.fromEntries(
        (await handle.db.selectFrom("mail_outbox").select(["id", "recipient", "status"]).execute()).map(
          (row) => [row.id, `${row.recipient} ${row.status}`],
        ),
      );
    const values = {
      customer_name: "Mia Tippfehler",
      email: "mia@gmail.example",
      phone_number: null,
      reservation_date: "2026-12-01",
      reservation_time: reservation.reservation_time,
      party_size: reservation.party_size,
      status: "PENDING" as const,
      notes: null,
    };
    await changeByStaff(handle.db, id, values);
    expect(await recipients()).toEqual({
      [waiting]: "mia@gmail.example pending",
      [failed]: "mia@gmail.example failed",
      [sentBefore]: "mia@gmial.example sent",
      [notice]: "kueche@example.de pending",
    });

    // Sent, the receipt goes to the corrected address with a link that works.
    const sent: Array<{ to: string; text: string }> = [];
    const transport: MailTransport = { send: async (message) => void sent.push(message), close() {} };
    const { logger } = recordingLogger();
    const mailer = createMailer({
      db: handle.db,
      logger,
      transport,
      from: undefined,
      retryBaseMs: 60_000,
      prepare: fillInGuestLinks(handle.db),
      backlogWaitMs: 0,
    });
    expect((await mailer.deliver(waiting)).status).toBe("sent");
    expect(sent.map((message) => message.to)).toEqual(["mia@gmail.example"]);
    const token = /\/reservierung\/([A-Za-z0-9_-]{32})/.exec(sent[0]?.text ?? "")?.[1] ?? "";
    expect((await reservationOfToken(handle.db, token))?.id).toBe(id);

    // Without an address, what waits is deleted: composed for the old address, it reaches nobody.
    await changeByStaff(handle.db, id, { ...values, email: null });
    expect(await recipients()).toEqual({
      [waiting]: "mia@gmail.example sent",
      [sentBefore]: "mia@gmial.example sent",
      [notice]: "kueche@example.de pending",
    });
    expect(await reservationOfToken(handle.db, token)).toBeUndefined();
  });

  it("the mailer never mints a link for, nor sends to, an address that is no longer the reservation's (decision 0041)", async () => {
    handle = await engine.open();
    const id = await insertReservation(handle.db, {
      name: "Ben Alt",
      email: "ben@alt.example",
      date: "2026-12-01",
    });
    const receipt = reservationReceipt(await stored(id), mail);
    if (!receipt) throw new Error("no receipt");
    const old = await enqueueMail(handle.db, receipt);
    await handle.db.updateTable("mail_outbox").set({ status: "sent" }).where("id", "=", old).execute();
    const raced = await enqueueMail(handle.db, receipt);
    const claimedBefore = await handle.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("id", "=", raced)
      .executeTakeFirstOrThrow();
    await changeByStaff(handle.db, id, {
      customer_name: "Ben Alt",
      email: "ben@neu.example",
      phone_number: null,
      reservation_date: "2026-12-01",
      reservation_time: (await stored(id)).reservation_time,
      party_size: 2,
      status: "PENDING",
      notes: null,
    });
    // A message the mailer read before the correction goes to the address stored now.
    const fill = fillInGuestLinks(handle.db);
    const ready = await fill(claimedBefore);
    expect(ready.recipient).toBe("ben@neu.example");
    expect(ready.text_body).not.toContain(GUEST_TOKEN_SLOT);

    // The old receipt sent again ('Erneut senden') to the old address: withdrawn, no token stored.
    const linksBefore = await handle.db.selectFrom("reservation_links").select("token_hash").execute();
    await requeueMail(handle.db, old);
    const sent: Array<{ to: string }> = [];
    const transport: MailTransport = { send: async (message) => void sent.push(message), close() {} };
    const { logger } = recordingLogger();
    const mailer = createMailer({
      db: handle.db,
      logger,
      transport,
      from: undefined,
      retryBaseMs: 60_000,
      prepare: fill,
      backlogWaitMs: 0,
    });
    expect((await mailer.deliver(old)).status).toBe("waiting");
    expect(sent).toEqual([]);
    const withdrawn = await handle.db
      .selectFrom("mail_outbox")
      .select(["status", "last_error"])
      .where("id", "=", old)
      .executeTakeFirstOrThrow();
    expect(withdrawn).toEqual({ status: "failed", last_error: RECIPIENT_CHANGED_MESSAGE });
    expect(await handle.db.selectFrom("reservation_links").select("token_hash").execute()).toEqual(
      linksBefore,
    );
  });

  it("refuses a party above the online limit and a date outside the window before anything is read", () => {
    const context = { hours, now, largestParty: 6, horizonMonths: 6 };
    const tooMany = validateGuestChange({ date: "2026-12-01", time: "19:00", party_size: "7" }, context);
    expect(tooMany.success).toBe(false);
    expect(!tooMany.success && tooMany.fieldErrors.party_size).toBeTruthy();
    const past = validateGuestChange({ date: "2026-11-20", time: "19:00", party_size: "2" }, context);
    expect(!past.success && past.fieldErrors.date).toBeTruthy();
    for (const party of ["0", "-1", "2.5", "1e1", ""])
      expect(
        validateGuestChange({ date: "2026-12-01", time: "19:00", party_size: party }, context).success,
      ).toBe(false);
    expect(validateGuestChange({ date: "2026-12-01", time: "19:07", party_size: "2" }, context).success).toBe(
      false,
    );
  });
});

describe("the evening's states on the guest's link (decision 0034)", () => {
  const visit = (status: Reservation["status"]): Reservation => ({
    id: 1,
    customer_name: "Gast",
    email: "gast@example.de",
    phone_number: null,
    reservation_date: "2099-06-01",
    reservation_time: "19:00",
    party_size: 2,
    notes: null,
    status,
    created_at: "2026-11-27T10:00:00.000Z",
    updated_at: "2026-11-27T10:00:00.000Z",
    guest_action: null,
    guest_action_at: null,
    reminder_sent_at: null,
    source: "online",
    auto_confirmed: 0,
    area_wish_id: null,
    arrived_at: null,
    left_at: null,
  });

  it("an arrived visit is done and a no-show is past: neither is offered a change or a cancellation", () => {
    expect(closedReasonOf(visit("ARRIVED"))).toBe("completed");
    expect(closedReasonOf(visit("NO_SHOW"))).toBe("past");
    expect(closedReasonOf(visit("CONFIRMED"))).toBeUndefined();
  });
});
