import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { appContext, type AppServices } from "../../common/app-context.ts";
import { createSession } from "../../features/auth/session.server.ts";
import { statisticsMessages as M } from "../../features/statistics/schema.ts";
import type { StatisticsView } from "../../features/statistics/statistics.server.ts";
import { parseConfig } from "../../lib/env.server.ts";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { callRoute } from "../../../tests/support/admin-routes.ts";
import { QueryCounter } from "../../../tests/support/query-counter.ts";
import { insertReservation } from "../../../tests/support/reservations.ts";
import { recordingLogger } from "../../../tests/support/silent-logger.ts";
import { createStaff } from "../../../tests/support/staff.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { drawSmallPlan } from "../../../tests/support/tables.ts";
import { seatTheDay } from "../../features/reservations/availability/table-seating.server.ts";
import type { SeatUtilisation } from "../../features/reservations/availability/utilisation.ts";
import { DEFAULT_SETTINGS } from "../../features/reservations/book/reservation-settings.ts";

/**
 * 'Statistik' through its routes, after the admin layout's middleware: staff who are not owners may
 * use it, a refused period is a 400 with its message (never a 5xx) and counts nothing, and the CSV
 * answers the same.
 */
const SCREEN = "routes/admin/statistik.tsx";
const DOWNLOAD = "routes/admin/statistik-csv.ts";

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
  await insertReservation(handle.db, { date: "2026-11-10", status: "COMPLETED", partySize: 4 });
  const counter = new QueryCounter();
  const context = new RouterContextProvider();
  const database = { ...handle, db: handle.db.withPlugin(counter) };
  context.set(appContext, {
    database,
    config: parseConfig({}),
    logger: recordingLogger().logger,
  } as AppServices);
  const call = (file: string, query: string) => {
    const address = `http://localhost/admin/statistik${file === DOWNLOAD ? "/csv" : ""}${query}`;
    return callRoute(file, "loader", {
      request: new Request(address, { headers: { cookie } }),
      context,
      url: new URL(address),
    });
  };
  return { call, counter, db: handle.db };
}

interface Answer<T> {
  data: T;
  init?: { status?: number } | null;
}

describe("Statistik", () => {
  it("shows staff who are not owners the figures of a custom period, and its CSV", async () => {
    const { call } = await signedIn("staff");
    const query = "?zeitraum=eigener&von=2026-11-01&bis=2026-11-30";
    const answer = (await call(SCREEN, query)) as Answer<StatisticsView>;
    expect(answer.init?.status).toBe(200);
    expect(answer.data).toMatchObject({
      state: "shown",
      period: { choice: "eigener", from: "2026-11-01", to: "2026-11-30" },
      statistics: { totals: { reservations: 1, guests: 4 } },
    });
    const download = (await call(DOWNLOAD, query)) as Response;
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe(
      'attachment; filename="statistik-2026-11-01-bis-2026-11-30.csv"',
    );
  });

  it("shows the seats' utilisation per service and per area, on the screen and in the CSV", async () => {
    const { call, db } = await signedIn("staff");
    await drawSmallPlan(db);
    // Tuesday evening: two at 19:00 for 90 minutes, seated at a table of 'Innenraum'.
    await insertReservation(db, { date: "2026-11-10", time: "19:00", partySize: 2, status: "CONFIRMED" });
    await db.transaction().execute((trx) => seatTheDay(trx, DEFAULT_SETTINGS, "2026-11-10"));
    const query = "?zeitraum=eigener&von=2026-11-10&bis=2026-11-10";
    const answer = (await call(SCREEN, query)) as Answer<StatisticsView & { utilisation?: SeatUtilisation }>;
    const utilisation = answer.data.utilisation;
    // The tables' twelve seats are the restaurant's; the COMPLETED four at 18:00 have no table.
    expect(utilisation?.seats).toBe(12);
    const evening = utilisation?.services.find((figure) => figure.service === "evening");
    expect(evening).toMatchObject({ days: 1, taken: 2 * 90 + 4 * 120 });
    expect(utilisation?.areas).toEqual([
      {
        id: expect.any(Number),
        name: "Innenraum",
        seats: 12,
        days: 1,
        taken: 2 * 90,
        open: expect.any(Number),
      },
    ]);
    const csv = await ((await call(DOWNLOAD, query)) as Response).text();
    // The default hours: lunch 2.5 hours, the evening 5 hours, at twelve seats; 3 of 90 seat-hours.
    // (The shares are written as German spreadsheets read them, with a no-break space before '%'.)
    expect(csv).toMatch(
      /\r\nMittags;1;0;30;0\s%\r\nAbends;1;11;60;18,3\s%\r\nBereich Innenraum;1;3;90;3,3\s%\r\n/,
    );
  });

  it("refuses bad periods with 400 and the message, reading nothing but the session", async () => {
    const { call, counter } = await signedIn("owner");
    await call(SCREEN, "?zeitraum=gestern");
    const guardOnly = counter.count;
    for (const [query, message] of [
      ["?zeitraum=eigener&von=2026-11-30&bis=2026-11-01", M.endBeforeStart],
      ["?zeitraum=eigener&von=2020-01-01&bis=2026-01-01", M.tooLong],
      ["?zeitraum=eigener&von=2026-13-01&bis=2026-12-01", M.fromInvalid],
      ["?zeitraum=eigener&von=2026-01-01&bis=morgen", M.toInvalid],
      ["?zeitraum=eigener", M.fromMissing],
      ["?zeitraum=%00%27%3B", M.choice],
      [`?zeitraum=eigener&von=${"2".repeat(10_000)}&bis=2026-01-01`, M.fromInvalid],
    ] as const) {
      counter.count = 0;
      const answer = (await call(SCREEN, query)) as Answer<StatisticsView>;
      expect(answer.init?.status, query).toBe(400);
      expect(answer.data, query).toMatchObject({ state: "refused", check: { message } });
      expect(counter.count, `${query}: only the session is read`).toBe(guardOnly);
      const download = (await call(DOWNLOAD, query)) as Response;
      expect(download.status, query).toBe(400);
      expect(await download.text(), query).toBe(`${message}\n`);
    }
  });
});
