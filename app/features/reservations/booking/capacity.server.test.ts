import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { contentDefaults } from "../../../common/content/defaults.ts";
import { createMailer, type MailTransport } from "../../../common/mail/mailer.server.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { recordingLogger } from "../../../../tests/support/silent-logger.ts";
import { reservationMessages as M } from "../book/terms.ts";
import { submitReservationRequest, type RequestDependencies } from "./guest-request.server.ts";
import { DEFAULT_SETTINGS, type ReservationSettings } from "../book/reservation-settings.ts";

/**
 * The capacity check and the insert are one transaction, serialised per date (decision 0031): guests
 * taking the last seats at the same moment never overbook, on SQLite and on PostgreSQL. And a request
 * the settings cover is stored confirmed, with the confirmation e-mail.
 */
const now = new Date("2026-11-24T09:15:00Z");
const sent: Array<Parameters<MailTransport["send"]>[0]> = [];
const transport: MailTransport = {
  async send(message) {
    sent.push(message);
  },
  close() {},
};

const guestForm = (index: number, values: Record<string, string> = {}) => {
  const data = new FormData();
  const fields = {
    name: `Gast ${index}`,
    email: `gast${index}@example.de`,
    date: "2026-11-27",
    time: "19:00",
    party_size: "2",
    request_token: `form-${index}`,
    ...values,
  };
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

describe.each(testDatabases())("the reservation book's capacity on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  function deps(settings: ReservationSettings | undefined, client: string): RequestDependencies {
    const { logger } = recordingLogger();
    return {
      db: handle.db,
      logger,
      mailer: createMailer({ db: handle.db, logger, transport, from: undefined, retryBaseMs: 60_000 }),
      clientAddress: client,
      rateLimit: 0,
      hours: contentDefaults["global.opening_hours"],
      mail: {
        contact: contentDefaults["global.contact"],
        notifyEmail: undefined,
        siteOrigin: "http://localhost",
      },
      settings,
      now,
    };
  }

  const holding = () =>
    handle.db
      .selectFrom("reservations")
      .select(["status", "party_size"])
      .where("status", "in", ["PENDING", "CONFIRMED"])
      .execute();

  it("20 guests at once for a time with room for exactly 4 parties: exactly 4 are stored", async () => {
    handle = await engine.open();
    const settings = { ...DEFAULT_SETTINGS, totalSeats: 10, onlineSeats: 8 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        submitReservationRequest(guestForm(index), deps(settings, `192.0.2.${index + 1}`)),
      ),
    );
    expect(await holding()).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(16);
    for (const answer of refused)
      expect(answer.result).toMatchObject({
        status: "refused",
        fieldErrors: {
          time: expect.stringMatching(/^Diese Uhrzeit ist gerade ausgebucht\. Noch frei: .*\d\d:\d\d Uhr\.$/),
        },
      });
    // 19:00 and every time whose stay overlaps it are full; 21:00 is still free.
    expect(JSON.stringify(refused[0]?.result)).toMatch(/Noch frei: [^"]*21:00/);
  });

  it("without settings every request is taken and waits for staff, as before", async () => {
    handle = await engine.open();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        submitReservationRequest(
          guestForm(index, { party_size: "8" }),
          deps(undefined, `192.0.2.${index + 1}`),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await holding()).map((row) => row.status)).toEqual(Array(6).fill("PENDING"));
  });

  it("confirms at once what automatic confirmation covers, and sends the confirmation with its .ics", async () => {
    handle = await engine.open();
    sent.length = 0;
    const settings = { ...DEFAULT_SETTINGS, onlineSeats: 20, autoConfirmUpTo: 2 };
    const small = await submitReservationRequest(guestForm(1), deps(settings, "192.0.2.1"));
    expect(small.result).toMatchObject({ status: "sent", notice: { title: M.confirmedTitle } });
    const large = await submitReservationRequest(
      guestForm(2, { party_size: "3" }),
      deps(settings, "192.0.2.2"),
    );
    expect(large.result).toMatchObject({ status: "sent", notice: { title: M.successTitle } });
    const rows = await handle.db
      .selectFrom("reservations")
      .select(["party_size", "status"])
      .orderBy("party_size")
      .execute();
    expect(rows).toEqual([
      { party_size: 2, status: "CONFIRMED" },
      { party_size: 3, status: "PENDING" },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const confirmation = sent.find((mail) => mail.to === "gast1@example.de");
    expect(confirmation?.subject).toMatch(/bestätigt/);
    expect(JSON.stringify(confirmation)).toMatch(/text\/calendar|\.ics/);
    // The one waiting for staff gets the receipt only (decision 0033), no confirmation.
    expect(sent.filter((mail) => mail.to === "gast2@example.de").map((mail) => mail.subject)).toEqual([
      "Ihre Reservierungsanfrage bei Ristorante Tavola: 27.11.2026 um 19:00 Uhr",
    ]);
  });

  it("a fully booked day names the next dates with room and the phone number", async () => {
    handle = await engine.open();
    // 27.11. is open only 19:00–19:30 that day: one slot, room for one party of 2.
    const settings = {
      ...DEFAULT_SETTINGS,
      onlineSeats: 2,
      exceptions: [{ date: "2026-11-27", opens: "19:00", closes: "19:30", note: "" }],
    };
    const first = await submitReservationRequest(guestForm(1), deps(settings, "192.0.2.1"));
    expect(first.status).toBe(200);
    const second = await submitReservationRequest(guestForm(2), deps(settings, "192.0.2.2"));
    expect(second.status).toBe(409);
    expect(second.result).toMatchObject({
      status: "refused",
      fieldErrors: {
        date: `${M.dayFull} Noch Plätze frei am 28.11.2026, 29.11.2026, 01.12.2026. Oder rufen Sie uns an: ${contentDefaults["global.contact"].phone}.`,
      },
    });
  });

  it("a time outside an exception's hours is refused like any time outside the hours: 400, its message", async () => {
    handle = await engine.open();
    // 27.11. (a Friday, open until late by the weekly hours) is open only 19:00–20:00 that day.
    const settings = {
      ...DEFAULT_SETTINGS,
      exceptions: [{ date: "2026-11-27", opens: "19:00", closes: "20:00", note: "Weihnachtsfeier" }],
    };
    const late = await submitReservationRequest(guestForm(1, { time: "21:00" }), deps(settings, "192.0.2.1"));
    expect(late).toMatchObject({
      status: 400,
      result: { status: "invalid", fieldErrors: { time: M.timeClosed } },
    });
    const inside = await submitReservationRequest(
      guestForm(2, { time: "19:30" }),
      deps(settings, "192.0.2.2"),
    );
    expect(inside.status).toBe(200);
    expect(await holding()).toEqual([{ status: "PENDING", party_size: 2 }]);
  });

  it("a guest refused for lack of room may ask for the waitlist: stored 'Warteliste', holding no seats", async () => {
    handle = await engine.open();
    sent.length = 0;
    const settings = { ...DEFAULT_SETTINGS, onlineSeats: 2, autoConfirmUpTo: 8 };
    expect((await submitReservationRequest(guestForm(1), deps(settings, "192.0.2.1"))).status).toBe(200);
    const refused = await submitReservationRequest(guestForm(2), deps(settings, "192.0.2.2"));
    expect(refused).toMatchObject({ status: 409, result: { status: "refused", waitlistOffered: true } });

    const waiting = await submitReservationRequest(
      guestForm(3, { waitlist: "ja" }),
      deps(settings, "192.0.2.3"),
    );
    expect(waiting).toMatchObject({
      status: 200,
      result: {
        status: "sent",
        notice: { title: M.waitlistTitle, description: M.waitlistDescription("27.11.2026", "19:00") },
      },
    });
    // A second waiting guest is taken too: the waitlist holds nothing.
    const another = await submitReservationRequest(
      guestForm(4, { waitlist: "ja" }),
      deps(settings, "192.0.2.4"),
    );
    expect(another.status).toBe(200);
    const rows = await handle.db
      .selectFrom("reservations")
      .select(["customer_name", "status"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { customer_name: "Gast 1", status: "CONFIRMED" },
      { customer_name: "Gast 3", status: "WAITLIST" },
      { customer_name: "Gast 4", status: "WAITLIST" },
    ]);
    // Nothing is confirmed behind staff's back: the waiting guest gets no confirmation.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const toWaiting = sent.filter((mail) => mail.to === "gast3@example.de");
    expect(toWaiting.map((mail) => mail.subject)).toEqual([
      "Ihre Reservierungsanfrage bei Ristorante Tavola: 27.11.2026 um 19:00 Uhr",
    ]);
    expect(toWaiting[0]?.text).toContain("Das ist noch keine Reservierung.");
    expect(sent.some((mail) => /Warteliste/.test(mail.subject ?? ""))).toBe(true);

    // With room, a request sent for the waitlist is simply taken as usual.
    const roomy = { ...settings, onlineSeats: 20 };
    const taken = await submitReservationRequest(
      guestForm(5, { waitlist: "ja", time: "21:00" }),
      deps(roomy, "192.0.2.5"),
    );
    expect(taken.result).toMatchObject({ notice: { title: M.confirmedTitle } });
  });

  it("never puts a closed date, a past time or one inside the lead time on the waitlist", async () => {
    handle = await engine.open();
    const settings = {
      ...DEFAULT_SETTINGS,
      onlineSeats: 20,
      leadMinutes: 120,
      closures: [{ from: "2026-11-28", to: "2026-11-28", note: "Betriebsausflug" }],
    };
    const closed = await submitReservationRequest(
      guestForm(1, { waitlist: "ja", date: "2026-11-28" }),
      deps(settings, "192.0.2.1"),
    );
    expect(closed.status).toBe(409);
    expect(closed.result).not.toHaveProperty("waitlistOffered");
    // 24.11. 09:15 UTC is 10:15 in Berlin: 11:30 lies within the two hours' lead time.
    const soon = await submitReservationRequest(
      guestForm(2, { waitlist: "ja", date: "2026-11-24", time: "11:30" }),
      deps(settings, "192.0.2.2"),
    );
    expect(soon.status).toBe(409);
    expect(soon.result).not.toHaveProperty("waitlistOffered");
    expect(await handle.db.selectFrom("reservations").select("id").execute()).toEqual([]);
  });

  it("a request sent again is answered as the first was — confirmed or on the waitlist — and stored once", async () => {
    handle = await engine.open();
    const settings = { ...DEFAULT_SETTINGS, onlineSeats: 2, autoConfirmUpTo: 4 };
    // Without JavaScript (no form key) and with it (the form's key), each sent twice.
    for (const [index, token] of [
      [1, ""],
      [2, "form-2"],
    ] as const) {
      const form = () => guestForm(index, { request_token: token, time: index === 1 ? "12:00" : "19:00" });
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const answer = await submitReservationRequest(form(), deps(settings, "192.0.2.1"));
        expect(answer, `guest ${index}, attempt ${attempt + 1}`).toMatchObject({
          status: 200,
          result: { notice: { title: M.confirmedTitle } },
        });
      }
    }
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await submitReservationRequest(
        guestForm(3, { request_token: "", time: "19:00", waitlist: "ja" }),
        deps(settings, "192.0.2.1"),
      );
      expect(answer.result).toMatchObject({ notice: { title: M.waitlistTitle } });
    }
    const rows = await handle.db
      .selectFrom("reservations")
      .select(["customer_name", "status"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { customer_name: "Gast 1", status: "CONFIRMED" },
      { customer_name: "Gast 2", status: "CONFIRMED" },
      { customer_name: "Gast 3", status: "WAITLIST" },
    ]);
  });
});
