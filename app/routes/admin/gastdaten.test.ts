import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { appContext, type AppServices } from "../../common/app-context.ts";
import { enqueueMail } from "../../common/mail/outbox.server.ts";
import { createSession } from "../../features/auth/session.server.ts";
import type { GuestDataResult, GuestDataView } from "../../features/guest-data/guest-data-model.ts";
import { guestDataMessages as M } from "../../features/guest-data/schema.ts";
import { parseConfig } from "../../lib/env.server.ts";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { callAs, thrownBy } from "../../../tests/support/admin-routes.ts";
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
  const call = (file: string, kind: "loader" | "action", query: string, body?: Record<string, string>) =>
    callAs(
      cookie,
      context,
      file,
      kind,
      `http://localhost/admin/gastdaten${file === DOWNLOAD ? "/json" : ""}${query}`,
      body,
    );
  return { call, counter, entries, db: handle.db };
}

interface Answer<T> {
  data: T;
  init?: { status?: number } | null;
}

/** A view of the screen, as its forms ask for it: a POST with the term in the body (decision 0041). */
const asking = (intent: "search" | "print" | "confirm", suche: string) => ({ intent, suche });

describe("Gastdaten", () => {
  it("refuses staff who are not owners with 403: the screen, the download and deleting", async () => {
    const { call, db } = await signedIn("staff");
    for (const refusal of [
      await thrownBy(() => call(SCREEN, "loader", "")),
      await thrownBy(() => call(SCREEN, "action", "", asking("search", GUEST.email))),
      await thrownBy(() => call(DOWNLOAD, "action", "", { suche: GUEST.email })),
      await thrownBy(() => call(SCREEN, "action", "", { intent: "delete", suche: GUEST.email, stand: "x" })),
    ]) {
      expect(refusal).toBeInstanceOf(Response);
      expect((refusal as Response).status).toBe(403);
      expect(await (refusal as Response).text()).toBe(M.ownersOnly);
    }
    expect(await db.selectFrom("reservations").select("id").execute()).toHaveLength(2);
  });

  it("refuses an empty, a malformed and a too long term with a message, and searches nothing", async () => {
    const { call, counter } = await signedIn("owner");
    await call(SCREEN, "action", "", { intent: "unknown" });
    const guardOnly = counter.count;
    for (const [term, message] of [
      ["", M.empty],
      ["  ", M.empty],
      ["Greta", M.malformed],
      ["1234", M.malformed],
      ["9".repeat(255), M.tooLong],
    ] as const) {
      counter.count = 0;
      const answer = (await call(SCREEN, "action", "", asking("search", term))) as Answer<GuestDataResult>;
      expect(answer.init?.status, term).toBe(400);
      expect(answer.data.view, term).toMatchObject({ state: "refused", message });
      expect(counter.count, `${term}: only the session is read`).toBe(guardOnly);
    }
    const download = (await call(DOWNLOAD, "action", "", { suche: "" })) as Response;
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
    const answer = (await call(
      SCREEN,
      "action",
      "",
      asking("search", "greta.geheim@EXAMPLE.de"),
    )) as Answer<GuestDataResult>;
    expect(answer.init?.status ?? 200).toBe(200);
    const found = { data: answer.data.view };
    if (found.data?.state !== "found") throw new Error("not found");
    expect(found.data.counts).toEqual({ reservations: 1, mails: 1 });
    expect(found.data.reservations[0]?.name).toBe(GUEST.name);

    const download = (await call(DOWNLOAD, "action", "", { suche: GUEST.phone })) as Response;
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

    const printed = (await call(
      SCREEN,
      "action",
      "",
      asking("print", GUEST.email),
    )) as Answer<GuestDataResult>;
    expect(printed.data.view).toMatchObject({ mode: "print", state: "found" });
    const confirming = (await call(
      SCREEN,
      "action",
      "",
      asking("confirm", GUEST.email),
    )) as Answer<GuestDataResult>;
    expect(confirming.data.view).toMatchObject({ mode: "confirm", state: "found" });

    const deleted = (await call(SCREEN, "action", "", {
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
      // The same search again, as it is now.
      view: { mode: "list", state: "found", counts: { reservations: 0, mails: 0 } },
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
    const answer = (await call(
      SCREEN,
      "action",
      "",
      asking("search", GUEST.email),
    )) as Answer<GuestDataResult>;
    const found = { data: answer.data.view };
    if (found.data?.state !== "found") throw new Error("not found");
    await insertReservation(db, { ...GUEST, date: "2026-12-31" });
    const refused = (await call(SCREEN, "action", "", {
      intent: "delete",
      suche: GUEST.email,
      stand: found.data.stand,
    })) as Answer<GuestDataResult>;
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toMatchObject({ outcome: "failed", counts: { reservations: 2, mails: 1 } });
    expect(refused.data.notice?.description).toContain("jetzt 2 Reservierungen und 1 E-Mail");
    expect(await db.selectFrom("reservations").select("id").execute()).toHaveLength(3);
  });

  it("never searches by the address: proxies and browsers keep it (decision 0041)", async () => {
    const { call, counter } = await signedIn("owner");
    await call(SCREEN, "loader", "");
    const guardOnly = counter.count;
    counter.count = 0;
    const screen = (await call(
      SCREEN,
      "loader",
      `?suche=${encodeURIComponent(GUEST.email)}&drucken`,
    )) as GuestDataView;
    expect(screen).toEqual({ mode: "list", state: "start" });
    expect(counter.count).toBe(guardOnly);
    // The file is a form's answer only: the route has no loader a link with the term could reach.
    expect(Object.keys(await import("./gastdaten-json.ts"))).not.toContain("loader");
  });
});
