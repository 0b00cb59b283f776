import { CompiledQuery, type Compilable, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import type { Database } from "../../../db/database.types.ts";
import { enqueueMail } from "../../common/mail/outbox.server.ts";
import { insertReservation } from "../../../tests/support/reservations.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { deleteGuestData, exportGuestData, findGuestData } from "./guest-data.server.ts";
import type { GuestDataLabels } from "./guest-data-model.ts";
import { checkGuestTerm, type GuestTerm } from "./schema.ts";
import { guestActionLabels, statusLabels } from "../reservations/book/index.ts";

/** The book's own labels, as the route hands them in. */
const labels: GuestDataLabels = { status: statusLabels, guestAction: guestActionLabels };

function term(value: string): GuestTerm {
  const check = checkGuestTerm(value);
  if (!check.ok) throw new Error(check.message);
  return check.term;
}

const RESTAURANT = "info@ristorante-tavola.de";

async function mail(
  db: Kysely<Database>,
  values: { to: string; subject: string; reservationId?: number; replyTo?: string },
  createdAt = new Date("2026-11-20T10:00:00Z"),
) {
  return enqueueMail(
    db,
    {
      kind: "test",
      recipient: values.to,
      subject: values.subject,
      text: `Text: ${values.subject}`,
      sender: RESTAURANT,
      ...(values.replyTo ? { replyTo: values.replyTo } : {}),
      ...(values.reservationId ? { reservationId: values.reservationId } : {}),
    },
    createdAt,
  );
}

async function link(db: Kysely<Database>, reservationId: number, hash: string) {
  await db
    .insertInto("reservation_links")
    .values({ token_hash: hash, reservation_id: reservationId, created_at: new Date().toISOString() })
    .execute();
}

/**
 * Anna booked twice by e-mail (her address written in two cases, her number in two ways) and once by
 * phone (no address); one e-mail to her is left from a reservation already deleted. Bruno's number
 * differs from hers in the last digit; Carla's (Berlin) contains all of Anna's digits, in order.
 */
async function seed(db: Kysely<Database>) {
  const anna1 = await insertReservation(db, {
    name: "Anna Berg",
    email: "Anna.Berg@Example.de",
    phone: "0170 1234567",
    date: "2026-12-24",
    time: "19:00",
    status: "CONFIRMED",
  });
  const anna2 = await insertReservation(db, {
    name: "Anna Berg",
    email: "anna.berg@example.de",
    phone: "+49 170 1234567",
    date: "2026-12-31",
  });
  const annaPhoned = await insertReservation(db, {
    name: "A. Berg",
    email: null,
    phone: "0170/123 45 67",
    date: "2027-01-06",
  });
  const bruno = await insertReservation(db, {
    name: "Bruno Brandt",
    email: "bruno@example.de",
    phone: "0170 1234568",
    date: "2026-12-24",
  });
  const carla = await insertReservation(db, {
    name: "Carla Conti",
    email: "carla@example.de",
    phone: "030 1701234567",
    date: "2026-12-24",
  });
  const mails = {
    receipt: await mail(db, { to: "anna.berg@example.de", subject: "Ihre Anfrage", reservationId: anna1 }),
    notice: await mail(db, {
      to: RESTAURANT,
      subject: "Neue Reservierung: Anna Berg",
      reservationId: anna1,
      replyTo: "Anna.Berg@Example.de",
    }),
    phonedNotice: await mail(db, {
      to: RESTAURANT,
      subject: "Neue Reservierung: A. Berg",
      reservationId: annaPhoned,
    }),
    orphan: await mail(db, { to: "ANNA.BERG@example.de", subject: "Reservierung storniert" }),
    bruno: await mail(db, { to: "bruno@example.de", subject: "Ihre Anfrage", reservationId: bruno }),
    brunoNotice: await mail(db, {
      to: RESTAURANT,
      subject: "Neue Reservierung: Bruno Brandt",
      reservationId: bruno,
      replyTo: "bruno@example.de",
    }),
    carla: await mail(db, { to: "carla@example.de", subject: "Ihre Anfrage", reservationId: carla }),
  };
  await link(db, anna1, "a".repeat(64));
  await link(db, anna1, "b".repeat(64));
  await link(db, annaPhoned, "c".repeat(64));
  await link(db, bruno, "d".repeat(64));
  return { reservations: { anna1, anna2, annaPhoned, bruno, carla }, mails };
}

const ids = (rows: ReadonlyArray<{ id: number }>) => rows.map((row) => row.id).sort((a, b) => a - b);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe.each(testDatabases())("Gastdaten on $dialect", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });
  const open = async () => (handle = await engine.open());

  it("finds a guest by e-mail address whatever its case: reservations, e-mails to, about and answering to it", async () => {
    const { db } = await open();
    const { reservations: r, mails: m } = await seed(db);
    for (const value of ["anna.berg@example.de", "ANNA.BERG@EXAMPLE.DE", " Anna.Berg@example.DE "]) {
      const found = await findGuestData(db, term(value));
      expect(ids(found.reservations), value).toEqual(sorted([r.anna1, r.anna2]));
      expect(ids(found.mails), value).toEqual(sorted([m.receipt, m.notice, m.orphan]));
      expect(found.counts).toEqual({ reservations: 2, mails: 3 });
      expect(found.truncated).toBe(false);
    }
    const found = await findGuestData(db, term("anna.berg@example.de"));
    // Newest visit first; each row with what the screen lists.
    expect(found.reservations[0]).toMatchObject({
      id: r.anna2,
      name: "Anna Berg",
      email: "anna.berg@example.de",
      phone: "+49 170 1234567",
      date: "2026-12-31",
      status: "PENDING",
    });
    const orphan = found.mails.find((row) => row.id === m.orphan);
    expect(orphan).toMatchObject({
      aboutFound: false,
      reservationGone: true,
      subject: "Reservierung storniert",
    });
    expect(found.mails.find((row) => row.id === m.notice)).toMatchObject({
      aboutFound: true,
      reservationGone: false,
      recipient: RESTAURANT,
    });
  });

  it("finds a guest by phone number however it was written, and nobody whose number only looks alike", async () => {
    const { db } = await open();
    const { reservations: r, mails: m } = await seed(db);
    for (const value of ["0170 1234567", "+49 170 123 45 67", "0049 (170) 123-4567", "01701234567"]) {
      const found = await findGuestData(db, term(value));
      expect(ids(found.reservations), value).toEqual(sorted([r.anna1, r.anna2, r.annaPhoned]));
      // The e-mails about those reservations; one to her address without a reservation needs the address.
      expect(ids(found.mails), value).toEqual(sorted([m.receipt, m.notice, m.phonedNotice]));
    }
    expect(ids((await findGuestData(db, term("0170 1234568"))).reservations)).toEqual([r.bruno]);
    expect(ids((await findGuestData(db, term("030 170 1234567"))).reservations)).toEqual([r.carla]);
    expect((await findGuestData(db, term("0170 123456"))).counts).toEqual({ reservations: 0, mails: 0 });
  });

  it("finds nothing of other guests, and nothing for an unknown guest", async () => {
    const { db } = await open();
    const { reservations: r, mails: m } = await seed(db);
    const bruno = await findGuestData(db, term("bruno@example.de"));
    expect(ids(bruno.reservations)).toEqual([r.bruno]);
    expect(ids(bruno.mails)).toEqual(sorted([m.bruno, m.brunoNotice]));
    const nobody = await findGuestData(db, term("niemand@example.de"));
    expect(nobody).toMatchObject({ counts: { reservations: 0, mails: 0 }, reservations: [], mails: [] });
    // A part of an address is not the address.
    expect((await findGuestData(db, term("berg@example.de"))).counts).toEqual({ reservations: 0, mails: 0 });
  });

  it("counts everything but lists only as many rows as asked, newest first", async () => {
    const { db } = await open();
    await seed(db);
    const found = await findGuestData(db, term("+49 170 1234567"), 2);
    expect(found.counts).toEqual({ reservations: 3, mails: 3 });
    expect(found.reservations.map((row) => row.date)).toEqual(["2027-01-06", "2026-12-31"]);
    expect(found.mails).toHaveLength(2);
    expect(found.truncated).toBe(true);
  });

  it("exports every reservation and e-mail found, with the e-mails' texts", async () => {
    const { db } = await open();
    await seed(db);
    const { data, counts } = await exportGuestData(
      db,
      term("anna.berg@example.de"),
      labels,
      new Date("2026-11-25T09:00:00Z"),
    );
    expect(counts).toEqual({ reservations: 2, mails: 3 });
    expect(data.erstellt).toBe("2026-11-25T09:00:00.000Z");
    expect(data.suche).toBe("anna.berg@example.de");
    expect(data.reservierungen).toEqual([
      expect.objectContaining({ datum: "2026-12-31", telefon: "+49 170 1234567", status: "Ausstehend" }),
      expect.objectContaining({
        datum: "2026-12-24",
        uhrzeit: "19:00",
        personen: 2,
        name: "Anna Berg",
        email: "Anna.Berg@Example.de",
        status: "Bestätigt",
      }),
    ]);
    expect(data.emails.map((row) => row.text).sort()).toEqual(
      ["Text: Ihre Anfrage", "Text: Neue Reservierung: Anna Berg", "Text: Reservierung storniert"].sort(),
    );
    expect(data.emails.find((row) => row.betreff === "Neue Reservierung: Anna Berg")).toMatchObject({
      an: RESTAURANT,
      antwort_an: "Anna.Berg@Example.de",
      status: "Wartend",
    });
  });

  it("deletes exactly the guest's reservations, e-mails and links, and leaves everyone else's", async () => {
    const { db } = await open();
    const { reservations: r, mails: m } = await seed(db);
    const anna = term("Anna.Berg@example.de");
    const { stand } = await findGuestData(db, anna);
    expect(await deleteGuestData({ db, dialect: engine.dialect }, anna, stand)).toEqual({
      outcome: "deleted",
      reservations: 2,
      mails: 3,
    });
    expect(ids(await db.selectFrom("reservations").select("id").execute())).toEqual(
      sorted([r.annaPhoned, r.bruno, r.carla]),
    );
    expect(ids(await db.selectFrom("mail_outbox").select("id").execute())).toEqual(
      sorted([m.phonedNotice, m.bruno, m.brunoNotice, m.carla]),
    );
    const links = await db.selectFrom("reservation_links").select("reservation_id").execute();
    expect(links.map((row) => row.reservation_id).sort()).toEqual(sorted([r.annaPhoned, r.bruno]));
    expect((await findGuestData(db, anna)).counts).toEqual({ reservations: 0, mails: 0 });

    // Then by phone: what was booked by phone, with its e-mail and link.
    const phone = term("0170 1234567");
    const byPhone = await findGuestData(db, phone);
    expect(await deleteGuestData({ db, dialect: engine.dialect }, phone, byPhone.stand)).toEqual({
      outcome: "deleted",
      reservations: 1,
      mails: 1,
    });
    expect(ids(await db.selectFrom("reservations").select("id").execute())).toEqual(
      sorted([r.bruno, r.carla]),
    );
    expect(ids(await db.selectFrom("mail_outbox").select("id").execute())).toEqual(
      sorted([m.bruno, m.brunoNotice, m.carla]),
    );
    expect(await db.selectFrom("reservation_links").select("reservation_id").execute()).toEqual([
      { reservation_id: r.bruno },
    ]);
  });

  it("deletes nothing when the search finds other rows than were confirmed", async () => {
    const { db } = await open();
    await seed(db);
    const anna = term("anna.berg@example.de");
    const { stand } = await findGuestData(db, anna);
    // Meanwhile another e-mail to her is written.
    await mail(db, { to: "anna.berg@example.de", subject: "Erinnerung" });
    expect(await deleteGuestData({ db, dialect: engine.dialect }, anna, stand)).toEqual({
      outcome: "changed",
      reservations: 2,
      mails: 4,
    });
    expect((await findGuestData(db, anna)).counts).toEqual({ reservations: 2, mails: 4 });
    // A made-up stand deletes nothing either.
    expect(await deleteGuestData({ db, dialect: engine.dialect }, anna, "x")).toMatchObject({
      outcome: "changed",
    });
    expect((await findGuestData(db, anna)).counts).toEqual({ reservations: 2, mails: 4 });
  });

  // PostgreSQL may scan tables this small whatever the indexes: the plan is SQLite's.
  it.skipIf(engine.dialect !== "sqlite")(
    "finds an address and a reservation's e-mails through indexes, the queries written as the search writes them",
    async () => {
      const { db } = await open();
      const plan = async (query: Compilable) => {
        const compiled = query.compile();
        const explained = await db.executeQuery(
          CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
        );
        return JSON.stringify(explained.rows);
      };
      const byLower = (table: "reservations" | "mail_outbox", column: "email" | "recipient" | "reply_to") =>
        db
          .selectFrom(table)
          .select("id")
          // The same expression the search compares (guest-data.server.ts).
          .where((eb) => eb(eb.fn("lower", [column as never]), "=", "a@b.de"));
      expect(await plan(byLower("reservations", "email"))).toMatch(
        /USING (COVERING )?INDEX reservations_email_idx/,
      );
      expect(await plan(byLower("mail_outbox", "recipient"))).toMatch(
        /USING (COVERING )?INDEX mail_outbox_recipient_idx/,
      );
      expect(await plan(byLower("mail_outbox", "reply_to"))).toMatch(
        /USING (COVERING )?INDEX mail_outbox_reply_to_idx/,
      );
      expect(
        await plan(db.selectFrom("mail_outbox").select("id").where("reservation_id", "in", [1, 2])),
      ).toMatch(/USING (COVERING )?INDEX mail_outbox_reservation_idx/);
    },
  );
});
