import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { forgetAvailabilityAnswers } from "../../features/reservations/availability/guest-api.server.ts";
import { parseConfig } from "../../lib/env.server.ts";
import { appContext, type AppServices } from "../../common/app-context.ts";
import { recordingLogger } from "../../../tests/support/silent-logger.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { loader } from "./availability.ts";

/** The route's HTTP answers: JSON, kept briefly when right, never kept when wrong, never a 500. */
const [sqlite] = testDatabases();
let handle: DatabaseHandle;
beforeAll(async () => {
  if (!sqlite) throw new Error("SQLite is always available");
  handle = await sqlite.open();
  forgetAvailabilityAnswers();
});
afterAll(() => handle.close());

function get(query: string, database: DatabaseHandle = handle) {
  const context = new RouterContextProvider();
  context.set(appContext, {
    database,
    config: parseConfig({}),
    logger: recordingLogger().logger,
    clientAddress: "203.0.113.9",
  } as AppServices);
  const request = new Request(`http://localhost/api/verfuegbarkeit?${query}`);
  return loader({ request, context, params: {}, url: new URL(request.url) } as never) as Promise<Response>;
}

describe("GET /api/verfuegbarkeit", () => {
  it("answers JSON that browsers may keep a few seconds", async () => {
    const response = await get("datum=2099-01-01&personen=2");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=5");
    expect(await response.json()).toMatchObject({ datum: "2099-01-01", personen: 2, zeiten: [] });
  });

  it("answers a bad question with a German 400 that is not kept", async () => {
    const response = await get("datum=morgen&personen=2");
    expect(response.status).toBe(400);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ fehler: expect.stringMatching(/JJJJ-MM-TT/) });
  });

  it("answers a database that cannot be read with a German 503, not a 500", async () => {
    const broken = { ...handle, db: undefined } as unknown as DatabaseHandle;
    const response = await get("datum=2026-12-03&personen=3", broken);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ fehler: expect.stringMatching(/nicht gelesen werden/) });
  });

  it("refuses an address that asks too often with 429 and Retry-After", async () => {
    let last: Response | undefined;
    for (let index = 0; index < 130; index += 1) last = await get("datum=2026-12-04&personen=2");
    expect(last?.status).toBe(429);
    expect(last?.headers.get("Retry-After")).toBe("60");
  });
});
