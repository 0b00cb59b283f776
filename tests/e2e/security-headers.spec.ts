import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { spawnServer, type ServerProcess } from "../support/server-process.ts";

/**
 * The rules of Mozilla's HTTP Observatory, checked on every kind of answer the site gives, with the
 * site set up as in production behind HTTPS (PUBLIC_URL=https://…; README, Production): pages kept
 * and rendered, the announcements' JSON, scripts, stylesheets, fonts, pictures, robots and sitemap,
 * a page that does not exist, redirects, and the sign-in cookie. Decision 0022 says which grade that
 * earns and why.
 */
const PUBLIC_URL = "https://www.tavola.test";
const SIX_MONTHS = 15_768_000;

let server: ServerProcess;
let origin: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-headers-"));

test.beforeAll(async () => {
  server = spawnServer({
    DATA_DIR: dataDir,
    PUBLIC_URL,
    ADMIN_USERNAME: "chef",
    ADMIN_PASSWORD: "richtiges-passwort",
    LOG_LEVEL: "warn",
  });
  origin = await server.ready();
});
test.afterAll(async () => {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Rules every answer must keep, whatever it is. */
function expectObservatoryRules(response: Response, what: string) {
  const headers = response.headers;
  const hsts = /max-age=(\d+)/.exec(headers.get("strict-transport-security") ?? "");
  expect(Number(hsts?.[1] ?? 0), `${what}: HSTS of at least six months`).toBeGreaterThanOrEqual(SIX_MONTHS);
  expect(headers.get("x-content-type-options"), `${what}: nosniff`).toBe("nosniff");
  expect(headers.get("referrer-policy"), `${what}: Referrer-Policy`).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(headers.get("access-control-allow-origin"), `${what}: no CORS for any origin`).toBeNull();
  const location = headers.get("location");
  if (location) expect(location, `${what}: no redirect to http`).not.toMatch(/^http:/);
}

/** Rules of an HTML page: a CSP that allows no inline or eval'd script and no framing. */
function expectPageRules(response: Response, what: string) {
  expectObservatoryRules(response, what);
  const policy = response.headers.get("content-security-policy") ?? "";
  const directives = new Map(
    policy.split(";").map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  const scripts = directives.get("script-src") ?? directives.get("default-src") ?? [];
  expect(scripts, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(scripts, `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(
    scripts.some((source) => /^(https?:|\*|data:)$/.test(source)),
    `${what}: no broad script source`,
  ).toBe(false);
  expect(directives.get("default-src"), `${what}: default-src`).toEqual(["'self'"]);
  expect(directives.get("object-src"), `${what}: object-src`).toEqual(["'none'"]);
  expect(directives.get("frame-ancestors"), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(directives.get("base-uri"), `${what}: base-uri`).toEqual(["'none'"]);
  expect(directives.get("form-action"), `${what}: form-action`).toEqual(["'self'"]);
  expect(response.headers.get("x-frame-options"), `${what}: X-Frame-Options`).toBe("DENY");
}

const get = (pathname: string, init: RequestInit = {}) =>
  fetch(`${origin}${pathname}`, { redirect: "manual", ...init });

test("every kind of page and file keeps the Observatory's rules", async () => {
  const home = await get("/");
  const html = await home.text();
  expectPageRules(home, "/ (gerendert)");
  expectPageRules(await get("/"), "/ (aus dem Speicher)");
  for (const page of [
    "/speisekarte",
    "/wochenkarte",
    "/impressum",
    "/datenschutz",
    "/login",
    "/gibt-es-nicht",
  ])
    expectPageRules(await get(page), page);

  const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:css|js|woff2))"/g)].map(
    (match) => match[1],
  );
  expect(assets.some((asset) => asset?.endsWith(".css"))).toBe(true);
  const files = [
    ...new Set(assets),
    "/bilder/hero.webp",
    "/favicon.svg",
    "/robots.txt",
    "/sitemap.xml",
    "/api/mitteilungen",
    "/healthz",
  ];
  for (const file of files) {
    const response = await get(file ?? "");
    expect(response.status, file).toBe(200);
    expectObservatoryRules(response, file ?? "");
  }

  // Redirects stay on https: the staff area without a session, and a sign-in.
  const admin = await get("/admin");
  expect(admin.status).toBeGreaterThanOrEqual(300);
  expect(admin.status).toBeLessThan(400);
  expectObservatoryRules(admin, "/admin → /login");
});

/** The sha256 CSP sources of a page's inline scripts (data blocks such as JSON-LD do not run). */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = ""]) => !/\bsrc=|application\/ld\+json/.test(attributes))
    .map(([, , body = ""]) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
}

const scriptSourcesOf = (response: Response) =>
  (response.headers.get("content-security-policy") ?? "")
    .split(";")
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === "script-src")
    ?.slice(1) ?? [];

test("two guests share no nonce: a kept page allows its inline scripts by hash, a rendered one by its own nonce", async () => {
  for (const page of ["/", "/speisekarte"]) {
    const answers = [await get(page), await get(page)];
    const [first, second] = await Promise.all(answers.map((answer) => answer.text()));
    expect(second, `${page}: the same page from memory`).toBe(first);
    for (const answer of answers) {
      const sources = scriptSourcesOf(answer);
      expect(
        sources.filter((source) => source.startsWith("'nonce-")),
        page,
      ).toEqual([]);
      const hashes = inlineScriptHashes(first ?? "");
      expect(hashes.length, `${page}: React Router's inline scripts`).toBeGreaterThan(1);
      expect(sources, page).toEqual(["'self'", ...new Set(hashes)]);
    }
  }
  // The sign-in is rendered for each visitor: a nonce of its own, never the same twice.
  const nonces = [await get("/login"), await get("/login")].map((answer) =>
    scriptSourcesOf(answer).find((source) => source.startsWith("'nonce-")),
  );
  expect(nonces[0]).toMatch(/^'nonce-/);
  expect(nonces[1]).not.toBe(nonces[0]);
});

test("the sign-in cookie is __Host-, Secure, HttpOnly and SameSite", async () => {
  const signIn = await get("/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC_URL },
    body: new URLSearchParams({ username: "chef", password: "richtiges-passwort" }),
  });
  expectObservatoryRules(signIn, "POST /login");
  const cookie = signIn.headers.get("set-cookie") ?? "";
  expect(cookie).toMatch(/^__Host-/);
  const attributes = cookie.split(";").map((attribute) => attribute.trim().toLowerCase());
  expect(attributes).toContain("secure");
  expect(attributes).toContain("httponly");
  expect(attributes).toContain("path=/");
  expect(attributes.some((attribute) => /^samesite=(lax|strict)$/.test(attribute))).toBe(true);
  expect(attributes.some((attribute) => attribute.startsWith("domain="))).toBe(false);
});
