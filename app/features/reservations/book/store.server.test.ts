import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { contentDefaults } from "../../../common/content/defaults.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import type { MailContext } from "../mails/reservation-mails.server.ts";
import { deleteReservation, findStoredRequest, listReservations, type Reservation } from "./store.server.ts";
import { recordStatements } from "../../../../tests/support/query-counter.ts";
import { createGuestRequest, createStaffReservation } from "../../../../tests/support/reservations.ts";
import type { ReservationRequest, StaffReservationValues } from "./form-schemas.ts";
import { changeByStaff } from "../booking/staff-booking.server.ts";

const mail: MailContext = {
  contact: contentDefaults["global.contact"],
  notifyEmail: "kueche@example.de",
  siteOrigin: "https://tavola.example",
};

const request = (overrides: Partial<ReservationRequest> = {}): ReservationRequest => ({
  name: "Jürgen Müller",
  email: "j@example.de",
  phone: null,
  date: "2026-12-01",
  time: "18:00",
  party_size: 2,
  notes: null,
  website: "",
  request_token: "",
  waitlist: false,
  area: null,
  ...overrides,
});

const staff = (overrides: Partial<StaffReservationValues> = {}): StaffReservationValues => ({
  customer_name: "Gast",
  email: "gast@example.de",
  phone_number: null,
  reservation_date: "2026-12-01",
  reservation_time: "19:00",
  party_size: 2,
  status: "PENDING",
  notes: null,
  ...overrides,
});

describe.each(testDatabases())("reservations on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("takes an identical pending request without form key as the same one, a different one as new", async () => {
    handle = await engine.open();
    await createGuestRequest(handle.db, request());
    expect((await createGuestRequest(handle.db, request({ name: "JÜRGEN MÜLLER" }))).duplicate).toBe(true);
    expect((await createGuestRequest(handle.db, request({ party_size: 3 }))).duplicate).toBe(false);
  });

  it("lists by date, pending, and by name ignoring case with umlauts; LIKE wildcards are text", async () => {
    handle = await engine.open();
    await createStaffReservation(
      handle.db,
      staff({ customer_name: "Jürgen Übel", reservation_time: "20:00" }),
    );
    await createStaffReservation(
      handle.db,
      staff({ customer_name: "Anna Özdemir", reservation_time: "12:00" }),
    );
    await createStaffReservation(
      handle.db,
      staff({ customer_name: "100% Gast_1", status: "CONFIRMED", reservation_date: "2026-12-02" }),
    );
    const names = (rows: Reservation[]) => rows.map((row) => row.customer_name);
    expect(names(await listReservations(handle.db, { mode: "date", date: "2026-12-01" }))).toEqual([
      "Anna Özdemir",
      "Jürgen Übel",
    ]);
    expect(names(await listReservations(handle.db, { mode: "pending" }))).toHaveLength(2);
    expect(names(await listReservations(handle.db, { mode: "search", query: "ÜBEL" }))).toEqual([
      "Jürgen Übel",
    ]);
    expect(names(await listReservations(handle.db, { mode: "search", query: "özd" }))).toEqual([
      "Anna Özdemir",
    ]);
    expect(names(await listReservations(handle.db, { mode: "search", query: "%" }))).toEqual(["100% Gast_1"]);
    expect(names(await listReservations(handle.db, { mode: "search", query: "t_1" }))).toEqual([
      "100% Gast_1",
    ]);
    expect(names(await listReservations(handle.db, { mode: "search", query: "s_1" }))).toEqual([]);
  });

  it("writes the confirmation only when a reservation changes into CONFIRMED, the cancellation into CANCELLED", async () => {
    handle = await engine.open();
    const { reservation } = await createStaffReservation(handle.db, staff());
    const kinds = async () =>
      (await handle.db.selectFrom("mail_outbox").select("kind").orderBy("id").execute()).map(
        (row) => row.kind,
      );
    const before = reservation.updated_at;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const confirmed = await changeByStaff(handle.db, reservation.id, { status: "CONFIRMED" }, { mail });
    expect(confirmed.previousStatus).toBe("PENDING");
    expect(confirmed.reservation.updated_at > before).toBe(true);
    expect(await kinds()).toEqual(["reservation-confirmation"]);
    await changeByStaff(handle.db, reservation.id, staff({ status: "CONFIRMED", notes: "Fenster" }), {
      mail,
    });
    expect(await kinds()).toEqual(["reservation-confirmation"]);
    await changeByStaff(handle.db, reservation.id, { status: "CANCELLED" }, { mail });
    expect(await kinds()).toEqual(["reservation-confirmation", "reservation-cancellation"]);
    const confirmation = await handle.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("kind", "=", "reservation-confirmation")
      .executeTakeFirstOrThrow();
    expect(confirmation.recipient).toBe("gast@example.de");
    expect(confirmation.text_body).toContain("01.12.2026");
    expect(confirmation.text_body).toContain("19:00 Uhr");
    expect(confirmation.attachments).toContain("BEGIN:VCALENDAR");
  });

  it("two staff members confirming at once write one confirmation", async () => {
    handle = await engine.open();
    const { reservation } = await createStaffReservation(handle.db, staff());
    await Promise.all(
      Array.from({ length: 6 }, () =>
        changeByStaff(handle.db, reservation.id, { status: "CONFIRMED" }, { mail }),
      ),
    );
    expect(await handle.db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(1);
  });

  it("answers the form keys asked for at the same moment with one query, each with its own reservation", async () => {
    handle = await engine.open();
    const first = await createGuestRequest(handle.db, request({ request_token: "form-1" }));
    const second = await createGuestRequest(handle.db, request({ request_token: "form-2", time: "19:00" }));
    const recorded = recordStatements(handle.db);
    const answers = await Promise.all(
      ["form-1", "form-2", "form-3", "form-1", ""].map((key) => findStoredRequest(handle.db, key)),
    );
    recorded.stop();
    expect(answers.map((answer) => answer?.id)).toEqual([
      first.reservation.id,
      second.reservation.id,
      undefined,
      first.reservation.id,
      undefined,
    ]);
    expect(answers[0]).toEqual(first.reservation);
    expect(recorded.statements.filter((statement) => statement.includes("request_token"))).toHaveLength(1);
    // Asked later, asked again.
    expect((await findStoredRequest(handle.db, "form-2"))?.id).toBe(second.reservation.id);
  });

  it("asks each form key alone when the query for all of them fails, so one failure answers only its own", async () => {
    handle = await engine.open();
    const first = await createGuestRequest(handle.db, request({ request_token: "form-1" }));
    const executor = handle.db.getExecutor();
    const original = executor.executeQuery.bind(executor);
    executor.executeQuery = (query, options) =>
      /"request_token" in \(/.test(query.sql) || query.parameters.includes("form-broken")
        ? Promise.reject(new Error("connection lost"))
        : original(query, options);
    try {
      const answers = await Promise.allSettled(
        ["form-1", "form-2", "form-broken"].map((key) => findStoredRequest(handle.db, key)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
      expect(answers[0]).toMatchObject({ value: { id: first.reservation.id } });
    } finally {
      executor.executeQuery = original;
    }
  });

  it("deletes, and says when there was nothing to delete", async () => {
    handle = await engine.open();
    const { reservation } = await createStaffReservation(handle.db, staff());
    expect(await deleteReservation(handle.db, reservation.id)).toBe(true);
    expect(await deleteReservation(handle.db, reservation.id)).toBe(false);
    await expect(changeByStaff(handle.db, reservation.id, { status: "CONFIRMED" })).rejects.toThrow(
      /nicht gefunden/,
    );
  });
});
