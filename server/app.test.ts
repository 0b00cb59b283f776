import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../app/lib/env.server.ts";
import { services } from "../app/common/app-context.ts";
import { testBuild } from "../tests/support/router-build.ts";
import { recordingLogger } from "../tests/support/silent-logger.ts";
import { openDatabase } from "../db/database.server.ts";
import { createApp, type TavolaApp } from "./app.ts";

/**
 * The HTTP pipeline around a one-route React Router build: what every request goes through before
 * and after the application.
 */
const echoBuild = testBuild(() => new Response("document"), {
  echo: {
    path: "x",
    module: {
      loader: ({ request, context }: { request: Request; context: Parameters<typeof services>[0] }) =>
        Response.json({
          url: request.url,
          client: services(context).clientAddress,
          padding: "x".repeat(2000),
        }),
      action: async ({ request }: { request: Request }) =>
        new Response(`received ${(await request.text()).length}`),
    },
  },
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-app-"));
const client = { address: "198.51.100.4", family: "IPv4" as const, port: 5000 };
let app: TavolaApp;
const { logger, entries } = recordingLogger();

beforeAll(async () => {
  const config = parseConfig({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: "chef",
    ADMIN_PASSWORD: "test-passwort-1",
    PUBLIC_URL: "https://tavola.example",
  });
  app = await createApp(config, { build: echoBuild, logger });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the HTTP pipeline", () => {
  it("migrated the database, created the configured account and the demo content", async () => {
    expect(app.bootstrap).toEqual({ kind: "configured", username: "chef", change: "created" });
    expect(fs.existsSync(path.join(dataDir, "tavola.sqlite"))).toBe(true);
    expect((await app.database.db.selectFrom("menu_items").selectAll().execute()).length).toBeGreaterThan(0);
  });

  it("answers /healthz once the database is reachable", async () => {
    const response = await app.handle(new Request("http://localhost/healthz"), client);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "sqlite" });
  });

  it("puts security headers and HSTS (public URL is https) on every response, and logs it", async () => {
    const response = await app.handle(new Request("http://localhost/anything"), client);
    expect(response.headers.get("content-security-policy")).toMatch(
      /script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/,
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age/);
    expect(entries.some((entry) => entry.message === "request" && entry.fields?.path === "/anything")).toBe(
      true,
    );
  });

  it("reads requests as addressed to the public URL and passes the client's address", async () => {
    const response = await app.handle(new Request("http://10.0.0.5:3000/x?y=1"), client);
    expect(await response.json()).toMatchObject({
      url: "https://tavola.example/x?y=1",
      client: "198.51.100.4",
    });
  });

  it("compresses text for clients that accept it", async () => {
    const response = await app.handle(
      new Request("http://localhost/x", { headers: { "accept-encoding": "gzip" } }),
      client,
    );
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("refuses a cross-site POST with 403 before the application sees it", async () => {
    const response = await app.handle(
      new Request("https://tavola.example/x", {
        method: "POST",
        headers: { origin: "https://evil.example" },
        body: "a=1",
      }),
      client,
    );
    expect(response.status).toBe(403);
  });

  it("refuses bodies over the limit with 413 and passes smaller ones", async () => {
    const big = await app.handle(
      new Request("https://tavola.example/x", {
        method: "POST",
        headers: { origin: "https://tavola.example" },
        body: "x".repeat(1024 * 1024 + 1),
      }),
      client,
    );
    expect(big.status).toBe(413);
    const small = await app.handle(
      new Request("https://tavola.example/x", {
        method: "POST",
        headers: { origin: "https://tavola.example" },
        body: "x".repeat(1000),
      }),
      client,
    );
    expect(await small.text()).toBe("received 1000");
  });
});

describe("DEMO_CONTENT=off", () => {
  it("leaves an empty database empty", async () => {
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-app-empty-"));
    const config = parseConfig({ DATA_DIR: emptyDir, DEMO_CONTENT: "off" });
    const generated: string[] = [];
    const blank = await createApp(config, {
      build: echoBuild,
      logger,
      onGeneratedPassword: (username) => generated.push(username),
    });
    try {
      expect(await blank.database.db.selectFrom("menu_items").selectAll().execute()).toEqual([]);
      expect(generated).toEqual(["admin"]);
    } finally {
      await blank.close();
      fs.rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});

describe("work the server does by itself, and uploaded pictures", () => {
  it("anonymises reservations past their retention at a start a day after the last run, and serves the picture folder", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-app-housekeeping-"));
    const config = parseConfig({ DATA_DIR: dir, DEMO_CONTENT: "off" });
    const first = await createApp(config, { build: echoBuild, logger, onGeneratedPassword: () => {} });
    const old = { reservation_time: "19:00", party_size: 2, status: "COMPLETED" as const };
    const now = new Date().toISOString();
    await first.database.db
      .insertInto("reservations")
      .values([
        {
          ...old,
          customer_name: "Alt",
          customer_name_search: "alt",
          reservation_date: "2020-01-01",
          created_at: now,
          updated_at: now,
        },
        {
          ...old,
          customer_name: "Neu",
          customer_name_search: "neu",
          reservation_date: "2099-01-01",
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();
    await first.close();
    // The first start ran the day's housekeeping; the next start is a day later.
    const reopened = openDatabase(config.database);
    await reopened.db
      .updateTable("housekeeping_runs")
      .set({ started_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .execute();
    await reopened.close();
    fs.mkdirSync(path.join(dir, "pictures", "gallery"), { recursive: true });
    fs.writeFileSync(path.join(dir, "pictures", "gallery", "probe-0123456789abcdef.webp"), "RIFF");

    const second = await createApp(config, { build: echoBuild, logger, onGeneratedPassword: () => {} });
    try {
      await expect
        .poll(async () =>
          (
            await second.database.db
              .selectFrom("reservations")
              .select("customer_name")
              .orderBy("reservation_date")
              .execute()
          ).map((row) => row.customer_name),
        )
        .toEqual(["Anonymisiert", "Neu"]);
      const picture = await second.handle(
        new Request("http://localhost/bilder/hochgeladen/gallery/probe-0123456789abcdef.webp"),
        client,
      );
      expect(picture.status).toBe(200);
      expect(picture.headers.get("content-type")).toBe("image/webp");
    } finally {
      await second.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a database that cannot be reached", () => {
  it("turns a server error into 503 'vorübergehend nicht erreichbar' with Retry-After; a plain bug stays 500", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-app-unavailable-"));
    const failingBuild = testBuild(() => new Response("document"), {
      broken: {
        path: "kaputt",
        module: {
          loader: () => {
            throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
          },
        },
      },
    });
    const config = parseConfig({ DATA_DIR: dir, DEMO_CONTENT: "off" });
    const away = await createApp(config, { build: failingBuild, logger, onGeneratedPassword: () => {} });
    const page = (accept: string) =>
      away.handle(new Request("http://localhost/kaputt", { headers: { accept } }), client);
    try {
      // The database answers: the error is the page's own, and stays a 500.
      expect((await page("text/html")).status).toBe(500);

      await away.database.close();
      const html = await page("text/html,application/xhtml+xml");
      expect(html.status).toBe(503);
      expect(html.headers.get("retry-after")).toBe("30");
      expect(html.headers.get("cache-control")).toBe("no-store");
      expect(html.headers.get("content-security-policy")).toContain("script-src");
      const text = await html.text();
      expect(text).toContain("Vorübergehend nicht erreichbar");
      expect(text).toContain('lang="de"');
      const data = await page("*/*");
      expect(data.status).toBe(503);
      expect(await data.text()).toContain("vorübergehend nicht erreichbar");
      expect((await away.handle(new Request("http://localhost/healthz"), client)).status).toBe(503);
    } finally {
      await away.close().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
