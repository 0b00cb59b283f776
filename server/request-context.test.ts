import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInStaff, staffGuard } from "../app/features/auth/index.server.ts";
import { createSession } from "../app/features/auth/session.server.ts";
import { hoursAndContactOf, saveContentBlocks } from "../app/features/content/content.server.ts";
import { contentDefaults } from "../app/common/content/defaults.ts";
import { parseConfig } from "../app/lib/env.server.ts";
import * as login from "../app/routes/auth/login.tsx";
import * as logout from "../app/routes/auth/logout.tsx";
import * as pictureUpload from "../app/routes/resources/picture-upload.ts";
import { recordStatements } from "../tests/support/query-counter.ts";
import { testBuild } from "../tests/support/router-build.ts";
import { recordingLogger } from "../tests/support/silent-logger.ts";
import { createStaff, TEST_PASSWORD } from "../tests/support/staff.ts";
import { createApp, type TavolaApp } from "./app.ts";

/**
 * What the server already knows of a request goes into its context, read once (decision 0049): the
 * staff session — by the server before a change and by the admin guard alike —, the opening hours
 * and the contact details. A guest's page without a session cookie reads no session, a kept page
 * nothing but the page version, and a request that does not ask for the hours reads none.
 */
type Args = { context: RouterContextProvider };
let hoursAsked = 0;
const build = testBuild(
  // The document answer carries what React Router gathered for it (an action's Set-Cookie).
  (_request: Request, status: number, headers: Headers) => {
    headers.set("Content-Type", "text/html");
    return new Response("<!DOCTYPE html><p>Seite</p>", { status, headers });
  },
  {
    home: { index: true, module: { default: () => null, loader: () => ({}) } },
    admin: {
      path: "admin/x",
      module: {
        middleware: [staffGuard],
        loader: ({ context }: Args) => Response.json({ username: signedInStaff(context).username }),
        action: ({ context }: Args) => Response.json({ changedBy: signedInStaff(context).username }),
      },
    },
    hours: {
      path: "stunden",
      module: {
        // Asked twice, as an action and the loaders after it may: one reading.
        loader: async ({ context }: Args) => {
          hoursAsked += 1;
          const [first, second] = await Promise.all([hoursAndContactOf(context), hoursAndContactOf(context)]);
          return Response.json({
            same: first === second,
            monday: (await hoursAndContactOf(context)).hours.monday,
          });
        },
      },
    },
    quiet: { path: "ohne", module: { loader: () => Response.json({ ok: true }) } },
    login: { path: "login", module: login },
    logout: { path: "logout", module: logout },
    upload: { path: "admin/bilder/hochladen", module: pictureUpload },
  },
);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-request-context-"));
const client = { address: "198.51.100.49", family: "IPv4" as const, port: 5000 };
const { logger, entries } = recordingLogger();
let app: TavolaApp;

beforeAll(async () => {
  const config = parseConfig({ DATA_DIR: dataDir, DEMO_CONTENT: "off" });
  app = await createApp(config, { build, logger, mailWorker: false, onGeneratedPassword: () => {} });
  await createStaff(app.database.db, "Luca");
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function sessionCookie() {
  const { id } = await app.database.db
    .selectFrom("staff_users")
    .select("id")
    .where("username", "=", "Luca")
    .executeTakeFirstOrThrow();
  const token = await createSession(app.database.db, id, null);
  return { token, cookie: `tavola_session=${token}` };
}

/** The answer to `request`, and the statements the app ran for it. */
async function send(request: Request) {
  const recorded = recordStatements(app.database.db);
  try {
    const response = await app.handle(request, client);
    const body = await response.text();
    return { response, body, statements: recorded.statements };
  } finally {
    recorded.stop();
  }
}

const on = (table: string, statements: string[]) => statements.filter((sql) => sql.includes(`"${table}"`));
const sessionReads = (statements: string[]) =>
  on("staff_sessions", statements).filter((sql) => /^\s*select/i.test(sql));

const form = (pathname: string, cookie: string, fields: Record<string, string> = { a: "1" }) =>
  new Request(`http://localhost${pathname}`, {
    method: "POST",
    headers: {
      cookie,
      origin: "http://localhost",
      accept: "text/html",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });

describe("the staff session, read once per request", () => {
  it("an admin page reads it once: the guard takes it from the context", async () => {
    const { cookie } = await sessionCookie();
    const { response, statements } = await send(
      new Request("http://localhost/admin/x", { headers: { cookie } }),
    );
    expect(response.status).toBe(200);
    expect(sessionReads(statements)).toHaveLength(1);
  });

  it("a form sent to an admin screen reads it once: the server before the action, the guard the same reading", async () => {
    const { cookie } = await sessionCookie();
    const before = await app.database.db
      .selectFrom("page_versions")
      .select("version")
      .executeTakeFirstOrThrow();
    const { response, statements } = await send(form("/admin/x.data", cookie));
    expect(response.status).toBe(200);
    expect(sessionReads(statements)).toHaveLength(1);
    // The valid session still renews the guests' kept pages (decision 0020).
    const after = await app.database.db
      .selectFrom("page_versions")
      .select("version")
      .executeTakeFirstOrThrow();
    expect(Number(after.version)).toBe(Number(before.version) + 1);
  });

  it("the picture upload reads it once: the server for the larger body, the route the same reading", async () => {
    const { cookie } = await sessionCookie();
    // Without `ziel` the route answers 400, after its staff check.
    const { response, statements } = await send(form("/admin/bilder/hochladen", cookie));
    expect(response.status).toBe(400);
    expect(sessionReads(statements)).toHaveLength(1);
    const signedOut = await send(form("/admin/bilder/hochladen", ""));
    expect(signedOut.response.status).toBe(401);
  });

  it("without a session the guard still refuses, and a made-up cookie costs one read", async () => {
    const signedOut = await send(new Request("http://localhost/admin/x"));
    expect(signedOut.response.status).toBe(302);
    expect(signedOut.response.headers.get("location")).toBe("/login");
    expect(on("staff_sessions", signedOut.statements)).toEqual([]);
    const madeUp = await send(
      new Request("http://localhost/admin/x", { headers: { cookie: `tavola_session=${"x".repeat(43)}` } }),
    );
    expect(madeUp.response.status).toBe(302);
    expect(sessionReads(madeUp.statements)).toHaveLength(1);
  });

  it("a guest's page without a session cookie reads no session; kept in memory, nothing but the page version", async () => {
    const rendered = await send(new Request("http://localhost/"));
    expect(rendered.response.status).toBe(200);
    expect(on("staff_sessions", rendered.statements)).toEqual([]);
    const kept = await send(new Request("http://localhost/"));
    expect(kept.response.status).toBe(200);
    expect(kept.statements.length).toBeLessThanOrEqual(1);
    expect(kept.statements.filter((sql) => !sql.includes('"page_versions"'))).toEqual([]);
  });

  it("signing out reads the session once, ends it and says who left", async () => {
    const { token, cookie } = await sessionCookie();
    const { response, statements } = await send(form("/logout", cookie));
    expect(response.status).toBe(302);
    expect(sessionReads(statements)).toHaveLength(1);
    expect(
      await app.database.db
        .selectFrom("staff_sessions")
        .select("id")
        .where(
          "user_id",
          "in",
          app.database.db.selectFrom("staff_users").select("id").where("username", "=", "Luca"),
        )
        .execute(),
    ).not.toContainEqual({ id: token });
    expect(entries.some((entry) => entry.message === "signed out" && entry.fields?.username === "Luca")).toBe(
      true,
    );
  });

  it("a sign-in without JavaScript over a valid session: the page after it does not see the ended session", async () => {
    const { cookie } = await sessionCookie();
    const { response } = await send(form("/login", cookie, { username: "Luca", password: TEST_PASSWORD }));
    // The loader after the action must not send the browser to /admin on the session the sign-in
    // ended: that answer would drop the new session's cookie.
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/tavola_session=[A-Za-z0-9_-]{43}/);
    const signedIn = await send(new Request("http://localhost/login", { headers: { cookie } }));
    expect(signedIn.response.status).toBe(200);
  });
});

describe("the opening hours and the contact, through the context", () => {
  it("are read once however often a request asks, and not for a request that does not", async () => {
    const first = await send(new Request("http://localhost/stunden"));
    expect(JSON.parse(first.body)).toEqual({
      same: true,
      monday: contentDefaults["global.opening_hours"].monday,
    });
    expect(on("page_versions", first.statements)).toHaveLength(1);
    expect(on("site_content", first.statements)).toHaveLength(1);
    const quiet = await send(new Request("http://localhost/ohne"));
    expect(on("site_content", quiet.statements)).toEqual([]);
    expect(on("page_versions", quiet.statements)).toEqual([]);
    expect(hoursAsked).toBe(1);
  });

  it("show a change at the next request", async () => {
    await saveContentBlocks(app.database.db, {
      "global.opening_hours": { ...contentDefaults["global.opening_hours"], monday: "Ruhetag (Test)" },
    });
    const { body } = await send(new Request("http://localhost/stunden"));
    expect(JSON.parse(body)).toMatchObject({ monday: "Ruhetag (Test)" });
  });
});
