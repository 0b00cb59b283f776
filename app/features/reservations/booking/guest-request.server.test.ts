import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { contentDefaults } from "../../../common/content/defaults.ts";
import { createMailer, type MailTransport } from "../../../common/mail/mailer.server.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { fullOnInsert } from "../../../../tests/support/full-disk.ts";
import { recordingLogger } from "../../../../tests/support/silent-logger.ts";
import { handleAdminAction, loadList } from "./book-admin.server.ts";
import { LIST_LIMIT } from "../book/store.server.ts";
import { submitReservationRequest, type RequestDependencies } from "./guest-request.server.ts";
import { DEFAULT_SETTINGS } from "../book/reservation-settings.ts";
import { holdDateLock } from "../../../../tests/support/reservations.ts";

const now = new Date("2026-11-24T09:15:00Z");
const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};
/** The staff form for a new reservation, as the dialog sends it. */
const staffForm = {
  name: "Anna Müller",
  email: "anna@example.de",
  phone: "",
  date: "2026-12-01",
  time: "18:00",
  party_size: "2",
  status: "PENDING",
  notes: "",
};

const guest = {
  name: "Jürgen Müller",
  email: "j@example.de",
  date: "2026-11-27",
  time: "18:00",
  party_size: "2",
  request_token: "form-1",
};

function transport() {
  const sent: Array<Parameters<MailTransport["send"]>[0]> = [];
  let down = false;
  return {
    sent,
    setDown: (value: boolean) => (down = value),
    transport: {
      async send(message) {
        if (down) throw new Error("Verbindung abgelehnt");
        sent.push(message);
      },
      close() {},
    } satisfies MailTransport,
  };
}

describe.each(testDatabases())("requests and staff actions on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  function deps(overrides: Partial<RequestDependencies> = {}, mail = transport()): RequestDependencies {
    const { logger } = recordingLogger();
    return {
      db: handle.db,
      logger,
      mailer: createMailer({
        db: handle.db,
        logger,
        transport: mail.transport,
        from: undefined,
        retryBaseMs: 60_000,
      }),
      clientAddress: "192.0.2.10",
      rateLimit: 5,
      hours: contentDefaults["global.opening_hours"],
      mail: {
        contact: contentDefaults["global.contact"],
        notifyEmail: undefined,
        siteOrigin: "http://localhost:3000",
      },
      now,
      ...overrides,
    };
  }
  /** What a staff action gets, from the same mailer and logger as a guest's request. */
  const staffDeps = (base: RequestDependencies) => ({
    db: handle.db,
    logger: base.logger,
    mailer: base.mailer,
    mail: base.mail,
    username: "chef",
  });
  const count = async () => (await handle.db.selectFrom("reservations").select("id").execute()).length;

  it("stores a valid request and sends the notice to the contact address, then the receipt to the guest", async () => {
    handle = await engine.open();
    const mail = transport();
    const answer = await submitReservationRequest(form(guest), deps({}, mail));
    expect(answer).toMatchObject({
      status: 200,
      result: { status: "sent", notice: { title: "Reservierungsanfrage gesendet!" } },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mail.sent.map((message) => message.to)).toEqual(["info@ristorante-tavola.de", "j@example.de"]);
    expect(mail.sent[1]?.subject).toMatch(/^Ihre Reservierungsanfrage bei Ristorante Tavola: /);
    expect(mail.sent[0]?.text).toContain("Jürgen Müller");
    expect(mail.sent[0]?.from).toBe("info@ristorante-tavola.de");
    expect(mail.sent[0]?.replyTo).toBe("j@example.de");
  });

  it.each([
    ["a JSON body (no form fields)", {}, "Fehlende Angaben"],
    ["a party size of -3", { ...guest, party_size: "-3" }, "Fehler bei der Reservierung"],
    ["the date 2026-02-30", { ...guest, date: "2026-02-30" }, "Fehler bei der Reservierung"],
    ["a closed day", { ...guest, date: "2026-11-30" }, "Fehler bei der Reservierung"],
  ])("answers %s with 400 and a German message, storing nothing", async (_, values, title) => {
    handle = await engine.open();
    const answer = await submitReservationRequest(form(values), deps());
    expect(answer.status).toBe(400);
    expect(answer.result.notice.title).toBe(title);
    expect(await count()).toBe(0);
  });

  it("stores the same form sent eight times at once once, with one notice and one receipt", async () => {
    handle = await engine.open();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => submitReservationRequest(form(guest), deps({ rateLimit: 0 }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(await count()).toBe(1);
    const outbox = await handle.db.selectFrom("mail_outbox").select(["kind", "reservation_id"]).execute();
    expect(outbox.map((row) => row.kind).sort()).toEqual(["reservation-notice", "reservation-receipt"]);
  });

  it("stores the same request without form key sent eight times at once once (the date's lock)", async () => {
    handle = await engine.open();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        submitReservationRequest(form({ ...guest, request_token: "" }), deps({ rateLimit: 0 })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(await count()).toBe(1);
    const outbox = await handle.db.selectFrom("mail_outbox").select("kind").execute();
    expect(outbox.map((row) => row.kind).sort()).toEqual(["reservation-notice", "reservation-receipt"]);
  });

  it("stores the same request from eight open forms (eight form keys) sent at once once", async () => {
    handle = await engine.open();
    // The requests for one date share a transaction (decision 0055): each after the first finds the
    // first among what that transaction stored, not in what it read before.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        submitReservationRequest(form({ ...guest, request_token: `tab-${index}` }), deps({ rateLimit: 0 })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(await count()).toBe(1);
    const outbox = await handle.db.selectFrom("mail_outbox").select("kind").execute();
    expect(outbox.map((row) => row.kind).sort()).toEqual(["reservation-notice", "reservation-receipt"]);
  });

  it("answers a filled honeypot as if all went well and stores nothing", async () => {
    handle = await engine.open();
    const answer = await submitReservationRequest(form({ ...guest, website: "http://spam.example" }), deps());
    expect(answer.status).toBe(200);
    expect(await count()).toBe(0);
  });

  it("refuses the sixth request from one address in 10 minutes with 429", async () => {
    handle = await engine.open();
    const statuses = [];
    for (let n = 0; n < 6; n += 1) {
      const answer = await submitReservationRequest(
        form({ ...guest, name: `Gast ${n}`, request_token: `f${n}` }),
        deps(),
      );
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.result.notice.description).toMatch(/^Zu viele Anfragen/);
        expect(Number(answer.headers?.["Retry-After"])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await count()).toBe(5);
    expect(
      (
        await submitReservationRequest(
          form({ ...guest, request_token: "x" }),
          deps({ clientAddress: "192.0.2.99" }),
        )
      ).status,
    ).toBe(200);
  });

  it("counts a request refused for lack of room towards the limit, in the storing transaction", async () => {
    handle = await engine.open();
    const settings = { ...DEFAULT_SETTINGS, onlineSeats: 2 };
    const send = (n: number) =>
      submitReservationRequest(
        form({ ...guest, name: `Gast ${n}`, request_token: `room-${n}` }),
        deps({ rateLimit: 2, settings }),
      );
    const statuses = [(await send(1)).status, (await send(2)).status, (await send(3)).status];
    expect(statuses).toEqual([200, 409, 429]);
    expect(await count()).toBe(1);
    const counter = await handle.db.selectFrom("rate_limit_counters").select(["key", "hits"]).execute();
    expect(counter).toEqual([{ key: "reservation:192.0.2.10", hits: 3 }]);
  });

  it("answers a form sent again as stored, without counting it towards the limit", async () => {
    handle = await engine.open();
    const first = await submitReservationRequest(form(guest), deps({ rateLimit: 1 }));
    const again = await submitReservationRequest(form(guest), deps({ rateLimit: 1 }));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.result.notice.title).toBe("Reservierungsanfrage gesendet!");
    expect(await count()).toBe(1);
    const other = await submitReservationRequest(
      form({ ...guest, name: "Anna", request_token: "form-2" }),
      deps({ rateLimit: 1 }),
    );
    expect(other.status).toBe(429);
  });

  it("staff: a view with more reservations than the list shows says how many there are", async () => {
    handle = await engine.open();
    const now = new Date().toISOString();
    const rows = Array.from({ length: LIST_LIMIT + 1 }, (_, n) => ({
      customer_name: `Gast ${n}`,
      customer_name_search: `gast ${n}`,
      email: "gast@example.de",
      reservation_date: "2026-12-01",
      reservation_time: "19:00",
      party_size: 2,
      status: "PENDING" as const,
      created_at: now,
      updated_at: now,
    }));
    for (let start = 0; start < rows.length; start += 100)
      await handle.db
        .insertInto("reservations")
        .values(rows.slice(start, start + 100))
        .execute();
    const list = await loadList(handle.db, { mode: "pending" }, recordingLogger().logger);
    expect(list).toMatchObject({ ok: true, total: LIST_LIMIT + 1 });
    expect(list.ok && list.reservations.length).toBe(LIST_LIMIT);
    expect(list.ok && list.readAt).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  });

  it("answers a database failure with the guest's failure message, never an exception", async () => {
    handle = await engine.open();
    await handle.db.schema.dropTable("mail_outbox").execute();
    const answer = await submitReservationRequest(form(guest), deps());
    expect(answer.status).toBe(500);
    expect(answer.result.notice.description).toBe(
      "Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.",
    );
    expect(answer.result.status !== "sent" && answer.result.values.name).toBe("Jürgen Müller");
  });

  it("a full disk: the guest is told so and keeps the form; nothing is stored", async () => {
    handle = await engine.open();
    const answer = await submitReservationRequest(
      form(guest),
      deps({ db: fullOnInsert(handle.db, handle.dialect, "reservations") }),
    );
    expect(answer.status).toBe(507);
    expect(answer.result.notice.description).toBe(
      "Ihre Anfrage konnte gerade nicht gespeichert werden, weil unser Server im Moment nichts speichern kann. Bitte versuchen Sie es später erneut oder rufen Sie uns an.",
    );
    expect(answer.result.status !== "sent" && answer.result.values.email).toBe(guest.email);
    expect(await handle.db.selectFrom("reservations").select("id").execute()).toEqual([]);
    expect(await handle.db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
  });

  it("a failure while writing the e-mails takes the whole request back: no reservation, no note, no count", async () => {
    handle = await engine.open();
    // The outbox is the last write of the request's transaction (decision 0050): the reservation,
    // its note to the staff screens and the address's count were written before it.
    const answer = await submitReservationRequest(
      form(guest),
      deps({ db: fullOnInsert(handle.db, handle.dialect, "mail_outbox") }),
    );
    expect(answer.status).toBe(507);
    expect(answer.result.status !== "sent" && answer.result.values.email).toBe(guest.email);
    expect(await count()).toBe(0);
    expect(await handle.db.selectFrom("reservation_events").select("id").execute()).toEqual([]);
    expect(await handle.db.selectFrom("rate_limit_counters").select("key").execute()).toEqual([]);
    expect(await handle.db.selectFrom("reservation_day_locks").select("day").execute()).toEqual([]);
  });

  it("a request that fails after its address was counted gives the count back", async () => {
    handle = await engine.open();
    const base = deps();
    // Its e-mails cannot be written (no contact details): the request fails inside its transaction.
    const broken = { ...base, mail: { ...base.mail, contact: undefined as never } };
    const answer = await submitReservationRequest(form(guest), broken);
    expect(answer.status).toBe(500);
    expect(await count()).toBe(0);
    expect(await handle.db.selectFrom("rate_limit_counters").select("key").execute()).toEqual([]);
  });

  it.runIf(engine.dialect === "postgres")(
    "counts the address before the date's shared transaction: a request waiting for the date holds no counter",
    async () => {
      handle = await engine.open();
      // Groups for two dates each holding one address's counter while they wait for the other's
      // would deadlock (decision 0055): the count is committed before the request waits for anything.
      const { release, ended: holding } = await holdDateLock(handle.db, guest.date);
      const answer = submitReservationRequest(form(guest), deps());
      try {
        let counted: Array<{ key: string; hits: number }> = [];
        for (let tries = 0; tries < 100 && counted.length === 0; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          counted = await handle.db.selectFrom("rate_limit_counters").select(["key", "hits"]).execute();
        }
        expect(counted).toEqual([{ key: "reservation:192.0.2.10", hits: 1 }]);
        expect(await count()).toBe(0);
      } finally {
        release();
      }
      await holding;
      expect((await answer).status).toBe(200);
      expect(await count()).toBe(1);
    },
  );

  it("staff: confirming sends the confirmation ('Erfolg'), a mail server that is down gives 'E-Mail Fehler'", async () => {
    handle = await engine.open();
    const mail = transport();
    const base = deps({}, mail);
    const admin = staffDeps(base);
    const added = await handleAdminAction(form({ intent: "create", ...staffForm }), admin);
    expect(added.result.info).toEqual({
      title: "Erfolg",
      message: "Neue Reservierung erfolgreich hinzugefügt!",
    });
    const id = String(added.result.reservationId);

    const confirmed = await handleAdminAction(form({ intent: "status", id, status: "CONFIRMED" }), admin);
    expect(confirmed.result.info).toEqual({
      title: "Erfolg",
      message: "Status für Anna Müller aktualisiert und Bestätigungs-E-Mail gesendet.",
    });
    expect(mail.sent.find((message) => message.to === "anna@example.de")?.attachments?.[0]?.filename).toBe(
      "reservierung.ics",
    );

    await handleAdminAction(form({ intent: "status", id, status: "PENDING" }), admin);
    mail.setDown(true);
    const failed = await handleAdminAction(
      form({ intent: "update", id, ...staffForm, status: "CONFIRMED" }),
      admin,
    );
    expect(failed.result.info).toEqual({
      title: "E-Mail Fehler",
      message:
        "Reservierung aktualisiert, aber Bestätigungs-E-Mail konnte nicht gesendet werden: Verbindung abgelehnt",
    });
    const again = await handleAdminAction(form({ intent: "status", id, status: "COMPLETED" }), admin);
    expect(again.result.info?.message).toBe(
      "Status für Anna Müller erfolgreich auf Abgeschlossen aktualisiert.",
    );
  });

  it("staff: an edit made on an older version does not overwrite a colleague's change", async () => {
    handle = await engine.open();
    const base = deps();
    const admin = staffDeps(base);
    const added = await handleAdminAction(form({ intent: "create", ...staffForm }), admin);
    const id = String(added.result.reservationId);
    const opened = await handle.db
      .selectFrom("reservations")
      .select("updated_at")
      .where("id", "=", Number(id))
      .executeTakeFirstOrThrow();
    // A colleague confirms while the dialog is open …
    await new Promise((resolve) => setTimeout(resolve, 5));
    await handleAdminAction(form({ intent: "status", id, status: "CONFIRMED" }), admin);
    // … so saving the dialog, which still says 'Ausstehend', is refused and changes nothing.
    const stale = await handleAdminAction(
      form({ intent: "update", id, ...staffForm, party_size: "4", updated_at: opened.updated_at }),
      admin,
    );
    expect(stale.status).toBe(409);
    expect(stale.result.info?.message).toMatch(/inzwischen von jemand anderem geändert/);
    const row = await handle.db
      .selectFrom("reservations")
      .select(["status", "party_size", "updated_at"])
      .where("id", "=", Number(id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "CONFIRMED", party_size: 2 });

    const fresh = await handleAdminAction(
      form({
        intent: "update",
        id,
        ...staffForm,
        status: "CONFIRMED",
        party_size: "4",
        updated_at: row.updated_at,
      }),
      admin,
    );
    expect(fresh.status).toBe(200);
  });

  it("staff: invalid input, an unknown intent or id change nothing and answer in German", async () => {
    handle = await engine.open();
    const base = deps();
    const admin = staffDeps(base);
    const invalid = await handleAdminAction(form({ intent: "create", name: "", party_size: "2.5" }), admin);
    expect(invalid.status).toBe(400);
    expect(invalid.result.fieldErrors?.name).toBe("Name ist erforderlich");
    expect((await handleAdminAction(form({ intent: "drop-table" }), admin)).status).toBe(400);
    expect((await handleAdminAction(form({ intent: "delete", id: "999" }), admin)).result.info?.title).toBe(
      "Fehler",
    );
    expect(
      (await handleAdminAction(form({ intent: "status", id: "1; drop", status: "X" }), admin)).status,
    ).toBe(400);
    expect(await count()).toBe(0);
  });
});
