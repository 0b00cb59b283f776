import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { insertReservation, type TestReservation } from "../../../../tests/support/reservations.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { guestHistories, HISTORY_CHUNK } from "./guest-visits.server.ts";
import { ANONYMISED_NAME } from "./terms.ts";

/** 27 November 2026, 12:00 in Berlin: what has passed and what has not. */
const NOW = new Date("2026-11-27T11:00:00Z");

describe.each(testDatabases())("a guest's earlier visits on $dialect", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  async function book() {
    handle = await engine.open();
    const db = handle.db;
    const add = (values: TestReservation) => insertReservation(db, { name: "Maria Rossi", ...values });
    const question = async (id: number) => {
      const row = await db
        .selectFrom("reservations")
        .select(["id", "email", "phone_number", "reservation_date", "reservation_time"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      return { ...row, id: Number(row.id) };
    };
    return { db, add, question };
  }

  it("counts visits, no-shows and cancellations by e-mail in any case and by phone however written", async () => {
    const { db, add, question } = await book();
    const today = await add({
      email: "maria@example.de",
      phone: "+49 170 1234567",
      date: "2026-11-27",
      time: "19:00",
      status: "CONFIRMED",
    });
    await add({ email: "Maria@Example.DE", date: "2026-01-10", status: "COMPLETED" });
    await add({ email: null, phone: "0170 / 123 45 67", date: "2026-02-10", status: "ARRIVED" });
    await add({ email: "MARIA@example.de", date: "2026-03-10", status: "CONFIRMED" });
    await add({ email: "maria@example.de", date: "2026-04-10", status: "NO_SHOW" });
    await add({ email: null, phone: "0049 170 1234567", date: "2026-05-10", status: "CANCELLED" });
    // Neither a pending request nor the waitlist counts.
    await add({ email: "maria@example.de", date: "2026-06-10", status: "PENDING" });
    await add({ email: "maria@example.de", date: "2026-06-11", status: "WAITLIST" });
    // Matched by both e-mail and phone: counted once.
    await add({ email: "maria@example.de", phone: "01701234567", date: "2026-07-10", status: "COMPLETED" });
    // Another guest.
    await add({ email: "luca@example.de", phone: "0171 999999", date: "2026-07-11", status: "COMPLETED" });

    const histories = await guestHistories(db, [await question(today)], NOW);
    expect(histories.get(today)).toEqual({ visits: 4, noShows: 1, cancelled: 1 });
  });

  it("leaves out the reservation itself, later ones, a confirmed one still ahead and anonymised ones", async () => {
    const { db, add, question } = await book();
    const listed = await add({
      email: "gast@example.de",
      phone: "0151 2345678",
      date: "2026-12-20",
      time: "19:00",
      status: "COMPLETED",
    });
    // Same day, earlier: a no-show counts; a confirmed one still ahead of now is no visit yet.
    await add({ email: "gast@example.de", date: "2026-12-20", time: "12:00", status: "CONFIRMED" });
    await add({ email: "gast@example.de", date: "2026-12-20", time: "12:30", status: "NO_SHOW" });
    // Later than the listed one, or at the same moment: nothing.
    await add({ email: "gast@example.de", date: "2026-12-20", time: "19:00", status: "COMPLETED" });
    await add({ email: "gast@example.de", date: "2027-01-05", status: "NO_SHOW" });
    // Anonymised (decision 0033): no address, no number, the name replaced.
    await add({ name: ANONYMISED_NAME, email: null, phone: null, date: "2025-01-05", status: "COMPLETED" });
    await db
      .updateTable("reservations")
      .set({ customer_name: ANONYMISED_NAME, email: null, phone_number: null, phone_key: null })
      .where("id", "=", await add({ email: "gast@example.de", date: "2025-02-05", status: "NO_SHOW" }))
      .execute();
    // A row with the address left but named as anonymised is not counted either.
    await add({ name: ANONYMISED_NAME, email: "gast@example.de", date: "2025-03-05", status: "CANCELLED" });

    expect((await guestHistories(db, [await question(listed)], NOW)).get(listed)).toEqual({
      visits: 0,
      noShows: 1,
      cancelled: 0,
    });
  });

  it("gives no entry to a guest without address or number, zeros to a first visit, and answers hundreds at once", async () => {
    const { db, add, question } = await book();
    const unknown = await add({ email: null, phone: "12", date: "2026-11-27" });
    const first = await add({ email: "neu@example.de", date: "2026-11-27" });
    const many: number[] = [];
    for (let index = 0; index < HISTORY_CHUNK + 20; index += 1)
      many.push(
        await add({ email: `gast${index}@example.de`, phone: `0170 ${100000 + index}`, date: "2026-11-28" }),
      );
    await add({ email: "gast510@example.de", date: "2026-01-01", status: "COMPLETED" });
    await add({ phone: "+49 170 100519", email: null, date: "2026-01-01", status: "NO_SHOW" });
    const asked = await Promise.all([unknown, first, ...many].map(question));
    const histories = await guestHistories(db, asked, NOW);
    expect(histories.has(unknown)).toBe(false);
    expect(histories.get(first)).toEqual({ visits: 0, noShows: 0, cancelled: 0 });
    expect(histories.get(many[510] ?? 0)).toEqual({ visits: 1, noShows: 0, cancelled: 0 });
    expect(histories.get(many[519] ?? 0)).toEqual({ visits: 0, noShows: 1, cancelled: 0 });
    expect(histories.size).toBe(HISTORY_CHUNK + 21);
  });
});
