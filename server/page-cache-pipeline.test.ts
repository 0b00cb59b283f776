import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, sessionCookieName } from "../app/features/auth/session.server.ts";
import { services } from "../app/common/app-context.ts";
import { readPageVersion } from "../app/lib/page-version.server.ts";
import { parseConfig } from "../app/lib/env.server.ts";
import { testBuild } from "../tests/support/router-build.ts";
import { recordingLogger } from "../tests/support/silent-logger.ts";
import { createApp, type TavolaApp } from "./app.ts";
import { nodeListener } from "./node-listener.ts";

/**
 * Guests' pages kept in memory, through the whole pipeline (decision 0020): a page is rendered once,
 * answered from memory with a policy naming its scripts' hashes (decision 0026), and rendered anew
 * after any change a staff member posts — never after a guest's post.
 */
let renders = 0;
const pageBuild = testBuild(
  (_request: Request, status: number, _headers: Headers, _context: unknown, loadContext: never) => {
    renders += 1;
    const nonce = services(loadContext).cspNonce;
    const script = `window.fassung = ${renders};`;
    return new Response(
      `<!DOCTYPE html><script nonce="${nonce}">${script}</script><p>Fassung ${renders}</p>`,
      {
        status,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      },
    );
  },
  {
    home: { index: true, module: { default: () => null, loader: () => ({}), action: () => ({ ok: true }) } },
  },
);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-page-cache-"));
const client = { address: "198.51.100.7", family: "IPv4" as const, port: 5000 };
/** The CSP hash of the page's one inline script, as the browser computes it. */
const scriptHashOf = (html: string) =>
  `sha256-${createHash("sha256")
    .update(/<script[^>]*>([^<]*)<\/script>/.exec(html)?.[1] ?? "?")
    .digest("base64")}`;
let app: TavolaApp;

beforeAll(async () => {
  const config = parseConfig({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: "chef",
    ADMIN_PASSWORD: "test-passwort-1",
    DEMO_CONTENT: "off",
  });
  app = await createApp(config, { build: pageBuild, logger: recordingLogger().logger, mailWorker: false });
});
afterAll(async () => {
  await app.close().catch(() => undefined); // the last test closed its database already
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const page = async (headers: Record<string, string> = {}) => {
  const response = await app.handle(new Request("http://localhost/", { headers }), client);
  return { text: await response.text(), csp: response.headers.get("content-security-policy") ?? "" };
};
const post = (headers: Record<string, string>) =>
  app.handle(
    new Request("http://localhost/?index", {
      method: "POST",
      headers: {
        Origin: "http://localhost",
        "Content-Type": "application/x-www-form-urlencoded",
        ...headers,
      },
      body: "a=1",
    }),
    client,
  );

describe("guests' pages kept in memory", () => {
  it("renders once, answers from memory allowing the page's script by its hash, and renews after staff changes", async () => {
    const first = await page();
    expect(first.text).toContain("Fassung 1");
    const again = await page();
    expect(again.text).toContain("Fassung 1");
    expect(renders).toBe(1);
    expect(again.csp).toContain(`script-src 'self' '${scriptHashOf(again.text)}'`);

    // A guest's post (a reservation request) changes nothing guests see: still the kept page.
    await post({});
    expect((await page()).text).toContain("Fassung 1");

    // A staff member's post: the next guest gets a page rendered anew.
    const account = await app.database.db.selectFrom("staff_users").select("id").executeTakeFirstOrThrow();
    const token = await createSession(app.database.db, account.id, "test");
    await post({ Cookie: `${sessionCookieName({ secure: false })}=${token}` });
    const renewed = await page();
    expect(renewed.text).toMatch(/Fassung [3-9]/);
    const rendersAfter = renders;
    await page();
    expect(renders).toBe(rendersAfter);

    // Staff themselves always see the page rendered for them.
    await page({ Cookie: `${sessionCookieName({ secure: false })}=${token}` });
    expect(renders).toBe(rendersAfter + 1);
  });

  it("two guests' answers share no nonce: a kept page names its script's hash, a page rendered for one guest its own nonce", async () => {
    const policies = [await page(), await page()];
    for (const { text, csp } of policies) {
      expect(csp).not.toContain("'nonce-");
      // The nonce in the kept page's markup opens nothing: the policy does not name it.
      expect(csp).not.toContain(/nonce="([^"]+)"/.exec(text)?.[1] ?? "?");
      expect(csp).toContain(`'${scriptHashOf(text)}'`);
    }
    // A page with a query string is rendered for each guest (never kept): a nonce of its own each time.
    const renderedNonce = async () => {
      const response = await app.handle(new Request("http://localhost/?von=suche"), client);
      const nonce = /nonce="([^"]+)"/.exec(await response.text())?.[1] ?? "?";
      expect(response.headers.get("content-security-policy")).toContain(`script-src 'self' 'nonce-${nonce}'`);
      return nonce;
    };
    const rendered = [await renderedNonce(), await renderedNonce()];
    expect(rendered[0]).not.toBe(rendered[1]);
  });

  it("only a valid staff session counts the page version up: a made-up or expired session cookie does not", async () => {
    const version = () => readPageVersion(app.database.db);
    const cookie = (value: string) => ({ Cookie: `${sessionCookieName({ secure: false })}=${value}` });
    const account = await app.database.db.selectFrom("staff_users").select("id").executeTakeFirstOrThrow();
    const expired = await createSession(
      app.database.db,
      account.id,
      "test",
      new Date(Date.now() - 13 * 60 * 60 * 1000),
    );
    const before = await version();
    await post(cookie("x"));
    await post(cookie("A".repeat(43)));
    await post(cookie(expired));
    expect(await version()).toBe(before);

    const valid = await createSession(app.database.db, account.id, "test");
    await post(cookie(valid));
    expect(await version()).toBe(before + 1);
  });

  it("a change made through another server (the shared database's version) renews the page too", async () => {
    await page();
    const before = renders;
    await app.database.db
      .updateTable("page_versions")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .execute();
    await page();
    expect(renders).toBe(before + 1);
  });

  it("over HTTP, a kept page goes out straight from memory: complete headers, 304 for the browser's copy", async () => {
    let throughPipeline = 0;
    const server = http.createServer(
      nodeListener({
        serveKept: app.serveKept,
        handle: (request, peer) => {
          throughPipeline += 1;
          return app.handle(request, peer);
        },
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const first = await fetch(`${origin}/`);
      const firstText = await first.text();
      const rendersBefore = renders;
      const pipelineBefore = throughPipeline;
      const kept = await fetch(`${origin}/`);
      const keptText = await kept.text();
      expect(renders).toBe(rendersBefore);
      expect(throughPipeline).toBe(pipelineBefore);
      expect(keptText).toBe(firstText);
      expect(kept.headers.get("content-security-policy")).toContain(`'${scriptHashOf(keptText)}'`);
      expect(kept.headers.get("content-security-policy")).not.toContain("nonce");
      expect(kept.headers.get("x-frame-options")).toBe("DENY");
      expect(kept.headers.get("x-request-id")).toMatch(/^[\w-]{36}$/);
      expect(kept.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
      const etag = kept.headers.get("etag") ?? "";
      expect(etag).toBe(first.headers.get("etag"));
      expect(kept.headers.get("cache-control")).toBe("no-cache");

      const revalidated = await fetch(`${origin}/`, { headers: { "If-None-Match": etag } });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe("");
      const head = await fetch(`${origin}/`, {
        method: "HEAD",
        headers: { "Accept-Encoding": "identity" },
      });
      expect(head.status).toBe(200);
      expect(Number(head.headers.get("content-length"))).toBe(Buffer.byteLength(keptText));

      // After a change the browser's copy is stale: 200 with the page rendered anew.
      await app.database.db
        .updateTable("page_versions")
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .execute();
      const changed = await fetch(`${origin}/`, { headers: { "If-None-Match": etag } });
      expect(changed.status).toBe(200);
      expect(await changed.text()).toContain(`Fassung ${renders}`);
      expect(renders).toBe(rendersBefore + 1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("with the database away, a guest's page is 503 'Vorübergehend nicht erreichbar', not a page of defaults", async () => {
    await page();
    await app.database.close();
    const response = await app.handle(
      new Request("http://localhost/", { headers: { accept: "text/html" } }),
      client,
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(await response.text()).toContain("Vorübergehend nicht erreichbar");
  });
});
