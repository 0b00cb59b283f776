import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { contentDefaults } from "../../../common/content/defaults.ts";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { createMailer } from "../../../common/mail/mailer.server.ts";
import { formDataOf, hostileForm } from "../../../../tests/support/hostile-input.ts";
import { recordingLogger } from "../../../../tests/support/silent-logger.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { handleAdminAction } from "./book-admin.server.ts";
import { MAX_PUBLIC_PARTY_SIZE, MAX_STAFF_PARTY_SIZE, reservationLimits as L } from "../book/terms.ts";
import { submitReservationRequest } from "./guest-request.server.ts";

/**
 * Hostile input, property-based: whatever a guest's form or a staff action carries — fields missing,
 * doubled, far too long, of the wrong kind, full of control characters or odd Unicode — the answer
 * is a German message with a 2xx or 4xx status, never a server error, and nothing invalid is stored.
 * A bounded run here; `HOSTILE_RUNS` runs more (e.g. 5000, as a drill).
 */
const runs = Number(process.env.HOSTILE_RUNS ?? 60);
const now = new Date("2026-11-24T09:15:00Z");
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

describe.each(testDatabases())("hostile input to reservations on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  function dependencies() {
    const { logger } = recordingLogger();
    const mail = {
      contact: contentDefaults["global.contact"],
      notifyEmail: undefined,
      siteOrigin: "http://localhost:3000",
    };
    const mailer = createMailer({
      db: handle.db,
      logger,
      transport: undefined,
      from: undefined,
      retryBaseMs: 60_000,
    });
    return { logger, mail, mailer };
  }

  async function expectOnlyValidRows() {
    const rows = await handle.db.selectFrom("reservations").selectAll().execute();
    for (const row of rows) {
      expect(row.customer_name.trim().length).toBeGreaterThan(0);
      expect(row.customer_name.length).toBeLessThanOrEqual(L.name);
      expect(row.customer_name).not.toMatch(CONTROL);
      expect(row.email ?? "").toMatch(/^$|^[^\s@]+@[^\s@]+$/);
      expect((row.email ?? "").length).toBeLessThanOrEqual(L.email);
      expect((row.notes ?? "").length).toBeLessThanOrEqual(L.notes);
      expect(row.notes ?? "").not.toMatch(CONTROL);
      expect(row.reservation_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.reservation_time).toMatch(/^\d{2}:\d{2}$/);
      expect(Number.isInteger(row.party_size)).toBe(true);
      expect(row.party_size).toBeGreaterThanOrEqual(1);
      expect(row.party_size).toBeLessThanOrEqual(MAX_STAFF_PARTY_SIZE);
    }
    return rows;
  }

  it("a guest's request: never a server error, nothing stored unless valid", async () => {
    handle = await engine.open();
    const { logger, mail, mailer } = dependencies();
    let token = 0;
    const goodRequest = {
      name: "Anna Müller",
      email: "anna@example.de",
      phone: "0711 123456",
      date: "2026-11-27",
      time: "18:00",
      party_size: "2",
      notes: "Fensterplatz",
      website: "",
      request_token: "key",
    };
    const request = (form: FormData) =>
      submitReservationRequest(form, {
        db: handle.db,
        logger,
        mailer,
        clientAddress: "192.0.2.10",
        rateLimit: 0,
        hours: contentDefaults["global.opening_hours"],
        mail,
        now,
      });
    // Not vacuous: the good form is stored (checked once on its own, as a valid one among the random
    // forms is likely, not certain).
    expect(
      (await request(formDataOf(Object.entries({ ...goodRequest, request_token: "key-0" })))).status,
    ).toBe(200);
    await fc.assert(
      fc.asyncProperty(hostileForm(goodRequest), async (entries) => {
        token += 1;
        // A fresh key per run, where the form had one: otherwise every run would be "sent again".
        const form = formDataOf(
          entries.map(([name, value]) => [
            name,
            name === "request_token" && value === "key" ? `key-${token}` : value,
          ]),
        );
        const before = (await handle.db.selectFrom("reservations").select("id").execute()).length;
        const answer = await request(form);
        expect([200, 400]).toContain(answer.status);
        expect(answer.result.notice?.title ?? "").not.toBe("");
        const after = (await handle.db.selectFrom("reservations").select("id").execute()).length;
        if (answer.status === 400) expect(after).toBe(before);
        expect(after - before).toBeLessThanOrEqual(1);
      }),
      { numRuns: runs },
    );
    const stored = await expectOnlyValidRows();
    for (const row of stored) expect(row.party_size).toBeLessThanOrEqual(MAX_PUBLIC_PARTY_SIZE);
  });

  it("a staff action: never a server error, nothing stored unless valid", async () => {
    handle = await engine.open();
    const { logger, mail, mailer } = dependencies();
    const existing = await handle.db
      .insertInto("reservations")
      .values({
        customer_name: "Vorhanden",
        customer_name_search: "vorhanden",
        email: null,
        phone_number: null,
        reservation_date: "2026-12-01",
        reservation_time: "18:00",
        party_size: 2,
        notes: null,
        status: "PENDING",
        request_token: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const goodForm = {
      id: String(existing.id),
      name: "Anna Müller",
      email: "anna@example.de",
      phone: "",
      date: "2026-12-01",
      time: "18:00",
      party_size: "4",
      status: "CONFIRMED",
      notes: "",
    };
    const send = (intent: string, entries: Array<[string, string]>) =>
      handleAdminAction(formDataOf([["intent", intent], ...entries]), {
        db: handle.db,
        logger,
        mailer,
        mail,
        username: "chef",
      });
    // Not vacuous: the good form's fields are the ones the schema reads, so it is saved. (Checked
    // once on its own: among 60 random forms a valid one to save is not certain.)
    expect((await send("create", Object.entries(goodForm))).result.info?.title).toBe("Erfolg");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("create", "update", "status", "delete", "unbekannt"),
        hostileForm(goodForm),
        async (intent, entries) => {
          const answer = await send(intent, entries);
          expect(answer.status).toBeGreaterThanOrEqual(200);
          expect(answer.status).toBeLessThan(500);
        },
      ),
      { numRuns: runs },
    );
    await expectOnlyValidRows();
  });
});
