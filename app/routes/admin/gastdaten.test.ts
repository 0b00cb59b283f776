import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { appContext, type AppServices } from "../../common/app-context.ts";
import { enqueueMail } from "../../common/mail/outbox.server.ts";
import { createSession } from "../../features/auth/session.server.ts";
import type { GuestDataResult, GuestDataView } from "../../features/guest-data/guest-data-model.ts";
import { guestDataMessages as M } from "../../features/guest-data/schema.ts";
import { parseConfig } from "../../lib/env.server.ts";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { callRoute } from "../../../tests/support/admin-routes.ts";
import { QueryCounter } from "../../../tests/support/query-counter.ts";
import { insertReservation } from "../../../tests/support/reservations.ts";
import { recordingLogger } from "../../../tests/support/silent-logger.ts";
import { createStaff } from "../../../tests/support/staff.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";

/**
 * 'Gastdaten' through its routes, after the admin layout's and its own middleware: owners only,
 * refused terms searched for nothing, the download's headers and content, deleting, and logs that
 * name the staff member and counts but nothing of the guest.
 */
const SCREEN = "routes/admin/gastdaten.tsx";
const DOWNLOAD = "routes/admin/gastdaten-json.ts";

const GUEST = { name: "Greta Geheim", email: "Greta.Geheim@example.de", phone: "0171 9876543" };

const [sqlite] = testDatabases();
let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

async function signedIn(role: "owner" | "staff") {
  if (!sqlite) throw new Error("SQLite is always available");
  handle = await sqlite.open();
  const userId = await createStaff(handle.db, role === "owner" ? "Chefin" : "Luca");
  await handle.db.updateTable("staff_users").set({ role }).where("id", "=", userId).execute();
  const cookie = `tavola_session=${await createSession(handle.db, userId, null)}`;
  const reservation = await insertReservation(handle.db, {
    ...GUEST,
    date: "2026-12-24",
    status: "CONFIRMED",
  });
  await enqueueMail(handle.db, {
    kind: "reservation-confirmation",
    recipient: GUEST.email,
    subject: "Reservierung bestätigt",
    text: `Guten Tag ${GUEST.name}`,
    sender: "info@ristorante-tavola.de",
    reservationId: reservation,
  });
  await insertReservation(handle.db, { name: "Otto Anders", email: "otto@example.de", date: "2026-12-24" });
  const counter = new QueryCounter();
  const { logger, entries } = recordingLogger();
  const context = new RouterContextProvider();
  const database = { ...handle, db: handle.db.withPlugin(counter) };
  context.set(appContext, { database, config: parseConfig({}), logger } as AppServices);
  const call = (file: string, kind: "loader" | "action", query: string, body?: Record<string, string>) => {
    const address = `http://localhost/admin/gastdaten${file === DOWNLOAD ? "/json" : ""}${query}`;
    return callRoute(file, kind, {
      request: new Request(address, {
        method: body ? "POST" : "GET",
        headers: { cookie },
        ...(body ? { body: new URLSearchParams(body) } : {}),
      }),
      context,
      url: new URL(address),
    });
  };
  return { call, counter, entries, db: handle.db };
}

interface Answer<T> {
  data: T;
  init?: { status?: number } | null;
}

async function thrown(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (error) {
    return error;
  }
}

const search = (term: string) => `?suche=${encodeURIComponent(term)}`;

describe("Gastdaten", () => {
  it("refuses staff who are not owners with 403: the screen, the download and deleting", async () => {
    const { call, db } = await signedIn("staff");
    for (const refusal of [
      await thrown(() => call(SCREEN, "loader", search(GUEST.email))),
      await thrown(() => call(DOWNLOAD, "loader", search(GUEST.email))),
      await thrown(() => call(SCREEN, "action", "", { intent: "delete", suche: GUEST.email, stand: "x" })),
    ]) {
      expect(refusal).toBeInstanceOf(Response);
      expect((refusal as Response).status).toBe(403);
      expect(await (refusal as Response).text()).toBe(M.ownersOnly);
    }
    expect(await db.selectFrom("reservations").select("id").execute()).toHaveLength(2);
  });

  it("refuses an empty, a malformed and a too long term with a message, and searches nothing", async () => {
    const { call, counter } = await signedIn("owner");
    await call(SCREEN, "loader", "");
    const guardOnly = counter.count;
    for (const [query, message] of [
      ["?suche=", M.empty],
      ["?suche=%20%20", M.empty],
      [search("Greta"), M.malformed],
      [search("1234"), M.malformed],
      [search(`${"9".repeat(255)}`), M.tooLong],
    ] as const) {
      counter.count = 0;
      const answer = (await call(SCREEN, "loader", query)) as Answer<GuestDataView>;
      expect(answer.init?.status, query).toBe(400);
      expect(answer.data, query).toMatchObject({ state: "refused", message });
      expect(counter.count, `${query}: only the session is read`).toBe(guardOnly);
    }
    const download = (await call(DOWNLOAD, "loader", "?suche=")) as Response;
    expect(download.status).toBe(400);
    expect(await download.json()).toEqual({ fehler: M.empty });
    const deleting = (await call(SCREEN, "action", "", {
      intent: "delete",
      suche: "Greta",
      stand: "x",
    })) as Answer<GuestDataResult>;
    expect(deleting.init?.status).toBe(400);
    expect(deleting.data.fieldErrors).toEqual({ suche: M.malformed });
  });

  it("finds the guest, downloads everything as a file, deletes it after the confirmation, and logs no guest data", async () => {
    const { call, entries, db } = await signedIn("owner");
    const found = (await call(SCREEN, "loader", search("greta.geheim@EXAMPLE.de"))) as Answer<GuestDataView>;
    expect(found.init?.status ?? 200).toBe(200);
    if (found.data.state !== "found") throw new Error("not found");
    expect(found.data.counts).toEqual({ reservations: 1, mails: 1 });
    expect(found.data.reservations[0]?.name).toBe(GUEST.name);

    const download = (await call(DOWNLOAD, "loader", search(GUEST.phone))) as Response;
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(download.headers.get("Cache-Control")).toBe("no-store");
    expect(download.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="gastdaten-\d{4}-\d\d-\d\d-\d{4}\.json"$/,
    );
    const file = (await download.json()) as { reservierungen: unknown[]; emails: unknown[] };
    expect(file.reservierungen).toEqual([
      expect.objectContaining({
        name: GUEST.name,
        email: GUEST.email,
        telefon: GUEST.phone,
        status: "Bestätigt",
      }),
    ]);
    expect(file.emails).toEqual([
      expect.objectContaining({ betreff: "Reservierung bestätigt", text: "Guten Tag Greta Geheim" }),
    ]);

    const printed = (await call(SCREEN, "loader", `${search(GUEST.email)}&drucken`)) as Answer<GuestDataView>;
    expect(printed.data).toMatchObject({ mode: "print", state: "found" });

    const deleted = (await call(SCREEN, "action", search(GUEST.email), {
      intent: "delete",
      suche: GUEST.email,
      stand: found.data.stand,
    })) as Answer<GuestDataResult>;
    expect(deleted.data).toMatchObject({
      outcome: "done",
      notice: {
        title: "Gastdaten gelöscht",
        description: "1 Reservierung und 1 E-Mail wurden endgültig gelöscht.",
      },
    });
    const left = await db.selectFrom("reservations").select("customer_name").execute();
    expect(left).toEqual([{ customer_name: "Otto Anders" }]);
    expect(await db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);

    const logged = entries.filter((entry) => entry.message.startsWith("guest data"));
    expect(logged).toEqual([
      {
        level: "info",
        message: "guest data exported",
        fields: { staff: "Chefin", format: "json", reservations: 1, mails: 1 },
      },
      {
        level: "info",
        message: "guest data exported",
        fields: { staff: "Chefin", format: "print", reservations: 1, mails: 1 },
      },
      {
        level: "info",
        message: "guest data deleted",
        fields: { staff: "Chefin", reservations: 1, mails: 1 },
      },
    ]);
    // Nothing a guest gave appears anywhere in the log, in any spelling searched.
    const log = JSON.stringify(entries).toLowerCase();
    for (const secret of ["greta", "geheim", "example.de", "9876543", "0171"])
      expect(log).not.toContain(secret);
  });

  it("deletes nothing when the confirmed list is no longer what the search finds", async () => {
    const { call, db } = await signedIn("owner");
    const found = (await call(SCREEN, "loader", search(GUEST.email))) as Answer<GuestDataView>;
    if (found.data.state !== "found") throw new Error("not found");
    await insertReservation(db, { ...GUEST, date: "2026-12-31" });
    const refused = (await call(SCREEN, "action", search(GUEST.email), {
      intent: "delete",
      suche: GUEST.email,
      stand: found.data.stand,
    })) as Answer<GuestDataResult>;
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toMatchObject({ outcome: "failed", counts: { reservations: 2, mails: 1 } });
    expect(refused.data.notice?.description).toContain("jetzt 2 Reservierungen und 1 E-Mail");
    expect(await db.selectFrom("reservations").select("id").execute()).toHaveLength(3);
  });
});
