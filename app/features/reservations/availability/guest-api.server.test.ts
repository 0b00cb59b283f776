import { deleteReservation, findReservation } from "../book/store.server.ts";
import { createStaffReservation } from "../../../../tests/support/reservations.ts";
import { addByStaff, changeByStaff } from "../booking/staff-booking.server.ts";
import { cancelByGuest, changeByGuest } from "../guest-self-service/guest-changes.server.ts";
import { submitReservationRequest } from "../booking/guest-request.server.ts";
import type { StaffReservationValues } from "../book/form-schemas.ts";
import { saveReservationSettings } from "../settings/settings-store.server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { contentDefaults } from "../../../common/content/defaults.ts";
import { createMailer } from "../../../common/mail/mailer.server.ts";
import { recordingLogger } from "../../../../tests/support/silent-logger.ts";
import { insertReservation } from "../../../../tests/support/reservations.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import {
  answerAvailability,
  ASKS_PER_MINUTE,
  availabilityApiMessages as M,
  forgetAvailabilityAnswers,
  mayAsk,
  MAX_RANGE_DAYS,
  type AvailabilityDeps,
} from "./guest-api.server.ts";
import { DEFAULT_SETTINGS, type ReservationSettings } from "../book/reservation-settings.ts";

/** `GET /api/verfuegbarkeit`: the rule's answer as JSON, German 400s for bad questions, kept briefly. */
const now = new Date("2026-11-24T09:15:00Z");
const hours = contentDefaults["global.opening_hours"];

const staffValues: StaffReservationValues = {
  customer_name: "Gast",
  email: null,
  phone_number: null,
  reservation_date: "2026-11-27",
  reservation_time: "19:00",
  party_size: 2,
  notes: null,
  status: "CONFIRMED",
};

describe.each(testDatabases())("the availability API on $dialect", (engine) => {
  let handle: DatabaseHandle;
  let reads: number;
  beforeEach(async () => {
    forgetAvailabilityAnswers();
    handle = await engine.open();
    reads = 0;
  });
  afterEach(async () => handle?.close());

  const ask = (query: string, settings: ReservationSettings = DEFAULT_SETTINGS, at = now.getTime()) =>
    answerAvailability(
      new URLSearchParams(query),
      async (): Promise<AvailabilityDeps> => {
        reads += 1;
        return { db: handle.db, hours, settings, now };
      },
      at,
    );

  const book = (time: string, party: number) =>
    insertReservation(handle.db, { date: "2026-11-27", time, partySize: party, status: "CONFIRMED" });

  it("lists a date's times with whether each is free, by the same rule the server stores by", async () => {
    await book("19:00", 4);
    const settings = { ...DEFAULT_SETTINGS, onlineSeats: 6 };
    const answer = await ask("datum=2026-11-27&personen=4", settings);
    expect(answer.status).toBe(200);
    const body = answer.body as {
      datum: string;
      personen: number;
      zeiten: Array<{ zeit: string; frei: boolean }>;
    };
    expect(body).toMatchObject({ datum: "2026-11-27", personen: 4 });
    expect(body.zeiten.find((time) => time.zeit === "19:00")).toEqual({
      zeit: "19:00",
      frei: false,
      grund: "ausgebucht",
    });
    expect(body.zeiten.find((time) => time.zeit === "12:00")).toEqual({ zeit: "12:00", frei: true });
  });

  it("a fully booked date keeps its times, none free, and says so; a time too soon says why", async () => {
    await book("19:00", 4);
    const full = {
      ...DEFAULT_SETTINGS,
      onlineSeats: 4,
      exceptions: [{ date: "2026-11-27", opens: "18:00", closes: "20:00", note: "" }],
    };
    const answer = await ask("datum=2026-11-27&personen=2", full);
    expect(answer.body).toEqual({
      datum: "2026-11-27",
      personen: 2,
      zeiten: ["18:00", "18:30", "19:00", "19:30"].map((zeit) => ({
        zeit,
        frei: false,
        grund: "ausgebucht",
      })),
      hinweis: "An diesem Tag sind online keine Plätze mehr frei.",
    });
    // Three hours' lead time from 24.11. 10:15 (Berlin): 11:30 and 12:00 are too soon, 13:30 is free.
    const soon = await ask("datum=2026-11-24&personen=2", { ...DEFAULT_SETTINGS, leadMinutes: 180 });
    const zeiten = (soon.body as { zeiten: Array<{ zeit: string; frei: boolean; grund?: string }> }).zeiten;
    expect(zeiten.find((time) => time.zeit === "11:30")).toEqual({
      zeit: "11:30",
      frei: false,
      grund: "vorlaufzeit",
    });
    expect(zeiten.find((time) => time.zeit === "13:30")).toEqual({ zeit: "13:30", frei: true });
  });

  it("says why a date has no times: a closure's note", async () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      closures: [{ from: "2026-11-27", to: "2026-11-28", note: "Betriebsferien" }],
    };
    const answer = await ask("datum=2026-11-27&personen=2", settings);
    expect(answer).toMatchObject({
      status: 200,
      body: { zeiten: [], hinweis: expect.stringMatching(/Betriebsferien/) },
    });
  });

  it("answers a span per date, at most 62 days", async () => {
    const answer = await ask("von=2026-11-28&bis=2026-12-01&personen=2");
    expect(answer).toEqual({
      status: 200,
      body: {
        von: "2026-11-28",
        bis: "2026-12-01",
        personen: 2,
        tage: [
          { datum: "2026-11-28", frei: true },
          { datum: "2026-11-29", frei: true },
          { datum: "2026-11-30", frei: false },
          { datum: "2026-12-01", frei: true },
        ],
      },
    });
    expect((await ask(`von=2026-12-01&bis=2027-01-31&personen=2`)).status).toBe(200);
    expect(MAX_RANGE_DAYS).toBe(62);
    expect(await ask(`von=2026-12-01&bis=2027-02-01&personen=2`)).toEqual({
      status: 400,
      body: { fehler: M.range },
    });
  });

  it.each([
    ["personen=0&datum=2026-11-27", M.partySize(100)],
    ["personen=-1&datum=2026-11-27", M.partySize(100)],
    ["personen=2.5&datum=2026-11-27", M.partySize(100)],
    ["personen=1000&datum=2026-11-27", M.partySize(100)],
    ["personen=2&datum=2026-02-30", M.date],
    ["personen=2&datum=morgen", M.date],
    ["personen=2&von=2026-01-01&bis=2027-02-05", M.range],
    ["personen=2&von=2026-12-05&bis=2026-12-01", M.range],
    ["personen=2", M.question],
    ["personen=2&datum=2026-11-27&von=2026-11-27&bis=2026-11-28", M.question],
  ])("refuses %s with a German 400 and reads nothing", async (query, message) => {
    expect(await ask(query)).toEqual({ status: 400, body: { fehler: message } });
    expect(reads).toBe(0);
  });

  it("refuses a party above the largest online group", async () => {
    const answer = await ask("datum=2026-11-27&personen=9");
    expect(answer).toEqual({ status: 400, body: { fehler: M.partySize(8) } });
  });

  it("keeps an answer a few seconds: a crowd asking the same costs one read", async () => {
    for (let index = 0; index < 20; index += 1) await ask("datum=2026-11-27&personen=2");
    expect(reads).toBe(1);
    await ask("datum=2026-11-27&personen=2", DEFAULT_SETTINGS, now.getTime() + 6000);
    expect(reads).toBe(2);
  });

  it("forgets what it kept once a reservation or the settings are written in this process", async () => {
    const question = "datum=2026-11-27&personen=2";
    await ask(question);
    const writes = [
      () => createStaffReservation(handle.db, staffValues),
      () => changeByStaff(handle.db, 1, { status: "CANCELLED" }),
      () => deleteReservation(handle.db, 1),
      () => saveReservationSettings(handle.db, { ...DEFAULT_SETTINGS, onlineSeats: 20 }, "Anna"),
    ];
    for (const [index, write] of writes.entries()) {
      await write();
      await ask(question);
      expect(reads, `after write ${index + 1}`).toBe(index + 2);
    }
  });

  it("forgets what it kept after each way in: a guest's request, staff adding, the guest's change and cancel", async () => {
    const question = "datum=2026-11-27&personen=2";
    const { logger } = recordingLogger();
    const mail = {
      contact: contentDefaults["global.contact"],
      notifyEmail: undefined,
      siteOrigin: "http://localhost",
    };
    const mailer = createMailer({
      db: handle.db,
      logger,
      transport: { async send() {}, close() {} },
      from: undefined,
      retryBaseMs: 60_000,
    });
    const guestForm = new FormData();
    for (const [name, value] of Object.entries({
      name: "Jürgen Müller",
      email: "j@example.de",
      date: "2026-11-27",
      time: "18:00",
      party_size: "2",
      request_token: "form-1",
    }))
      guestForm.set(name, value);
    const stored = async () => {
      const reservation = await findReservation(handle.db, 1);
      if (!reservation) throw new Error("missing");
      return reservation;
    };
    await ask(question);
    const writes = [
      () =>
        submitReservationRequest(guestForm, {
          db: handle.db,
          logger,
          mailer,
          clientAddress: "192.0.2.10",
          rateLimit: 5,
          hours,
          mail,
          now,
        }),
      () => addByStaff(handle.db, { values: staffValues, notice: mail }),
      async () =>
        changeByGuest(
          handle.db,
          await stored(),
          { date: "2026-11-27", time: "19:00", party_size: 3 },
          {
            settings: undefined,
            hours,
            mail,
            now,
          },
        ),
      async () => cancelByGuest(handle.db, await stored(), mail, now),
    ];
    for (const [index, write] of writes.entries()) {
      await write();
      await ask(question);
      expect(reads, `after write ${index + 1}`).toBe(index + 2);
    }
  });
});

describe("asking too often", () => {
  it("lets an address ask a limited number of times per minute, then again the next minute", () => {
    forgetAvailabilityAnswers();
    const minute = Date.parse("2026-11-24T09:15:00Z");
    for (let index = 0; index < ASKS_PER_MINUTE; index += 1)
      expect(mayAsk("198.51.100.7", minute)).toBe(true);
    expect(mayAsk("198.51.100.7", minute)).toBe(false);
    expect(mayAsk("198.51.100.8", minute)).toBe(true);
    expect(mayAsk("198.51.100.7", minute + 60_000)).toBe(true);
  });
});
