import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../features/auth/session.server.ts";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import routes from "../../routes.ts";
import { staffScreenContext } from "../../../tests/support/admin-routes.ts";
import { testBuild } from "../../../tests/support/router-build.ts";
import { createStaff } from "../../../tests/support/staff.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";

/**
 * The staff check is React Router middleware on the admin layout (decision 0030), not a line each
 * loader and action must remember. This test sends every request a signed-out visitor could send to
 * every route below /admin in app/routes.ts — a route added later included, without touching this
 * test — through React Router's own request handler: pages, `.data` requests and forms. Each must be
 * refused before any loader or action runs.
 */
type RouteModule = Record<string, unknown> & { loader?: unknown; action?: unknown };
const modules = import.meta.glob<RouteModule>(["/app/routes/**/*.{ts,tsx}", "!/app/routes/**/*.test.ts"], {
  eager: true,
});

interface AdminRoute {
  id: string;
  path: string;
  index: boolean;
  module: RouteModule;
}

const idOf = (file: string) => file.replace(/\.tsx?$/, "");

/** Every route of the table as React Router's build lists it, and those whose address is below /admin. */
function routeTable(entries: RouteConfigEntry[], parentId = "root", parentPath = "") {
  const build: ServerBuild["routes"] = {};
  const admin: AdminRoute[] = [];
  const walk = (list: RouteConfigEntry[], parent: string, base: string) => {
    for (const entry of list) {
      const id = idOf(entry.file);
      const module = modules[`/app/${entry.file}`];
      if (!module) throw new Error(`no module for ${entry.file}`);
      const path = [base, entry.path ?? ""].filter(Boolean).join("/");
      build[id] = {
        id,
        parentId: parent,
        path: entry.path,
        index: entry.index,
        caseSensitive: undefined,
        module: module as never,
      };
      if (path === "admin" || path.startsWith("admin/"))
        admin.push({
          id,
          path: `/${path.replace(/:[^/]+/g, "1").replace(/\*$/, "x")}`,
          index: !!entry.index,
          module,
        });
      walk(entry.children ?? [], id, path);
    }
  };
  walk(entries, parentId, parentPath);
  return { build, admin };
}

const { build: builtRoutes, admin } = routeTable(routes);

const build = testBuild(
  () => new Response("die Seite", { headers: { "Content-Type": "text/html" } }),
  builtRoutes as Record<string, Record<string, unknown>>,
);

const handler = createRequestHandler(build, "production");
const [sqlite] = testDatabases();
let handle: DatabaseHandle;
let staffCookie: string;
let pendingCookie: string;

beforeAll(async () => {
  if (!sqlite) throw new Error("SQLite is always available");
  handle = await sqlite.open();
  const userId = await createStaff(handle.db, "Chef");
  staffCookie = `tavola_session=${await createSession(handle.db, userId, null)}`;
  const pendingId = await createStaff(handle.db, "Neu");
  await handle.db
    .updateTable("staff_users")
    .set({ password_must_change: 1 })
    .where("id", "=", pendingId)
    .execute();
  pendingCookie = `tavola_session=${await createSession(handle.db, pendingId, null)}`;
});
afterAll(() => handle.close());

function send(path: string, init: RequestInit = {}): Promise<Response> {
  const context = staffScreenContext(handle);
  return handler(new Request(`http://localhost${path}`, init), context);
}

/** A route's `.data` address: the index route's carries `?index`, as React Router sends it. */
const dataPath = (route: AdminRoute) =>
  `${route.path === "/admin" && route.index ? "/admin/_" : route.path}.data${route.index ? "?index" : ""}`;

/**
 * The picture upload sits outside the layout and answers its own refusals — JSON 401 to a form, 404
 * to a GET — because the browser's upload reads JSON (decision 0027). So do the live updates: an
 * EventSource cannot follow a redirect, and gets 401 (decision 0035).
 */
const UPLOAD = "routes/resources/picture-upload";
/** The staff form's free seats (decision 0037): read by a script as JSON, so refused the same way. */
const FREE_SEATS = "routes/resources/staff-free-seats";
const LIVE = "routes/resources/live";

/** What signed-out visitors get: the sign-in page, however React Router encodes the redirect. */
async function expectRefused(response: Response, what: string, route: AdminRoute) {
  const location = response.headers.get("location") ?? response.headers.get("x-remix-redirect");
  const body = location ? "" : await response.text();
  if (route.id === LIVE) {
    expect(response.status, what).toBe(401);
    expect(response.headers.get("content-type"), what).not.toMatch(/event-stream/);
    return;
  }
  if (route.id === UPLOAD) {
    expect([401, 404], what).toContain(response.status);
    expect(body, what).not.toMatch(/"ok":true/);
    return;
  }
  if (route.id === FREE_SEATS) {
    expect(response.status, what).toBe(401);
    expect(body, what).not.toMatch(/"kind"/);
    return;
  }
  expect(
    location === "/login" || (response.status === 202 && body.includes('"/login"')),
    `${what}: ${response.status} ${location ?? body.slice(0, 200)}`,
  ).toBe(true);
}

describe("every route below /admin without a session", () => {
  it("finds the admin screens, the layout and the picture upload in the route table", () => {
    expect(admin.map((route) => route.id)).toEqual(
      expect.arrayContaining([
        "routes/admin/layout",
        "routes/admin/dashboard",
        "routes/admin/reservations",
        "routes/admin/account",
        "routes/admin/accounts",
        "routes/resources/picture-upload",
        "routes/resources/live",
      ]),
    );
  });

  it("refuses pages, data requests and forms before any loader or action runs", async () => {
    const before = await handle.db.selectFrom("announcements").select("id").execute();
    let checked = 0;
    for (const route of admin) {
      if (route.module.loader) {
        await expectRefused(await send(route.path), `GET ${route.path}`, route);
        await expectRefused(await send(dataPath(route)), `GET ${dataPath(route)}`, route);
        checked += 2;
      }
      if (route.module.action) {
        const body = () => new URLSearchParams({ intent: "save", announcements: "[]" });
        const post = { method: "POST", body: body() };
        await expectRefused(
          await send(route.path + (route.index ? "?index" : ""), post),
          `POST ${route.path}`,
          route,
        );
        await expectRefused(
          await send(dataPath(route), { method: "POST", body: body() }),
          `POST ${dataPath(route)}`,
          route,
        );
        checked += 2;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(40);
    expect(await handle.db.selectFrom("announcements").select("id").execute()).toEqual(before);
  });

  it("lets a signed-in staff member through the same handler (the refusals above are the guard's)", async () => {
    const response = await send("/admin/reservations.data", { headers: { cookie: staffCookie } });
    expect(response.status).toBe(200);
  });
});

describe("an account with steps pending on Mein Konto, through the same handler (decision 0027)", () => {
  const asPending = (init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { cookie: pendingCookie },
  });
  const redirectOf = async (response: Response) =>
    response.headers.get("location") ??
    response.headers.get("x-remix-redirect") ??
    (response.status === 202 ? /"(\/[^"]*)"/.exec(await response.text())?.[1] : undefined);

  it.each(["/admin/konto", "/admin/konto/", "/admin/konto.data", "/admin/konto/_.data"])(
    "reaches Mein Konto at %s",
    async (path) => {
      const response = await send(path, asPending());
      expect(response.status, path).toBe(200);
    },
  );

  it("may send Mein Konto's forms, by either data address", async () => {
    for (const path of ["/admin/konto.data", "/admin/konto/_.data"]) {
      const response = await send(
        path,
        asPending({ method: "POST", body: new URLSearchParams({ intent: "?" }) }),
      );
      expect(await redirectOf(response), path).toBeUndefined();
    }
  });

  it("gets 403 from the live updates, not a stream", async () => {
    const response = await send("/admin/live", asPending());
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).not.toMatch(/event-stream/);
  });

  it.each([
    "/admin",
    "/admin.data",
    "/admin/_.data?index",
    "/admin/reservations",
    "/admin/reservations.data",
    "/admin/konten.data",
  ])("is sent to Mein Konto from %s", async (path) => {
    expect(await redirectOf(await send(path, asPending()))).toBe("/admin/konto");
  });
});
