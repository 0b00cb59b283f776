import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createSession } from "../../features/auth/session.server.ts";
import { draftFields, draftOf, findTab } from "../../features/content/content-form.ts";
import { appContext, type AppServices } from "../../common/app-context.ts";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { parseConfig } from "../../lib/env.server.ts";
import { recordingLogger } from "../../../tests/support/silent-logger.ts";
import { createStaff } from "../../../tests/support/staff.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { contentDefaults } from "../../common/content/defaults.ts";
import { callRoute } from "../../../tests/support/admin-routes.ts";
import { action as logoutAction } from "../auth/logout.tsx";

/** Who changed what: content saves and sign-outs are logged with the staff member's username. */
const [sqlite] = testDatabases();
let handle: DatabaseHandle | undefined;
afterEach(async () => handle?.close());

async function signedInCall() {
  if (!sqlite) throw new Error("SQLite is always available");
  handle = await sqlite.open();
  const userId = await createStaff(handle.db, "Giulia");
  const token = await createSession(handle.db, userId, null);
  const { logger, entries } = recordingLogger();
  const context = new RouterContextProvider();
  context.set(appContext, { database: handle, config: parseConfig({}), logger } as AppServices);
  const request = (path: string, body: FormData) =>
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { cookie: `tavola_session=${token}` },
      body,
    });
  return { context, entries, request };
}

describe("staff actions in the log", () => {
  it("logs a content save with the username and the block", async () => {
    const { context, entries, request } = await signedInCall();
    const tab = findTab("hero");
    if (!tab) throw new Error("hero tab");
    const form = new FormData();
    form.append("block", "hero");
    form.append("intent", "save");
    const values = draftOf(tab, contentDefaults);
    for (const [name, value] of draftFields(values)) form.append(name, value);
    await callRoute("routes/admin/content.tsx", "action", {
      request: request("/admin/content", form),
      context,
      params: {},
    });
    expect(entries).toContainEqual({
      level: "info",
      message: "content saved",
      fields: { username: "Giulia", block: "hero" },
    });
  });

  it("logs a sign-out with the username", async () => {
    const { context, entries, request } = await signedInCall();
    const response = (await logoutAction({
      request: request("/logout", new FormData()),
      context,
      params: {},
    } as never)) as Response;
    expect(response.status).toBe(302);
    expect(entries).toContainEqual({ level: "info", message: "signed out", fields: { username: "Giulia" } });
  });
});
