import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache, pageRequestOf } from "./page-cache.ts";

const html = (text: string, headers: Record<string, string> = {}) =>
  new Response(`<!DOCTYPE html><p>${text}</p>${"x".repeat(3000)}`, {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", ...headers },
  });
const get = (path = "/", headers: Record<string, string> = {}, method = "GET") =>
  pageRequestOf(new Request(`http://localhost${path}`, { headers, method }));

describe("the page cache", () => {
  it("keeps guests' pages only: GET or HEAD, listed, without a query and without a staff session", () => {
    const cache = createPageCache();
    expect(cache.cacheablePath(get("/"), "tavola_session")).toBe("/");
    expect(cache.cacheablePath(get("/speisekarte"), "tavola_session")).toBe("/speisekarte");
    expect(cache.cacheablePath(get("/", {}, "HEAD"), "tavola_session")).toBe("/");
    expect(cache.cacheablePath(get("/?utm=x"), "tavola_session")).toBeUndefined();
    expect(cache.cacheablePath(get("/admin"), "tavola_session")).toBeUndefined();
    expect(cache.cacheablePath(get("/login"), "tavola_session")).toBeUndefined();
    expect(
      cache.cacheablePath(get("/", { cookie: "a=1; tavola_session=abc" }), "tavola_session"),
    ).toBeUndefined();
    expect(cache.cacheablePath(get("/", { cookie: "andere=1" }), "tavola_session")).toBe("/");
    expect(cache.cacheablePath(get("/", {}, "POST"), "tavola_session")).toBeUndefined();
  });

  it("serves a kept page while its version is current, on the same day, for at most the maximum age", async () => {
    let clock = Date.parse("2026-11-25T10:00:00Z");
    const cache = createPageCache({ maxAgeMs: 60_000, now: () => clock });
    const answered = await cache.store("/", 3, "nonce-1", html("Tavola"), get("/"));
    expect(await answered.text()).toContain("Tavola");
    const kept = cache.lookup("/", 3, get());
    expect(await kept?.text()).toContain("Tavola");
    // Every guest gets this answer: its policy names the page's scripts by their hashes, not a nonce.
    expect(kept && cache.scriptsOf(kept)).toEqual({ hashes: [] });
    // Staff changed something: the version moved on.
    expect(cache.lookup("/", 4, get())).toBeUndefined();
    expect(cache.lookup("/", 3, get())).toBeUndefined();

    await cache.store("/", 4, "nonce-2", html("Neu"), get("/"));
    clock += 61_000;
    expect(cache.lookup("/", 4, get())).toBeUndefined();

    // Just before midnight in Berlin, and just after: a new day renders anew.
    clock = Date.parse("2026-11-25T22:59:30Z");
    await cache.store("/", 4, "nonce-3", html("Abend"), get("/"));
    expect(cache.lookup("/", 4, get())).toBeDefined();
    clock = Date.parse("2026-11-25T23:00:10Z");
    expect(cache.lookup("/", 4, get())).toBeUndefined();

    // A render begun before midnight and stored after it shows yesterday's data: not kept for today.
    clock = Date.parse("2026-11-25T22:59:59Z");
    const begun = cache.stamp();
    clock = Date.parse("2026-11-25T23:00:01Z");
    await cache.store("/", 4, "nonce-4", html("Über Mitternacht"), get(), begun);
    expect(cache.lookup("/", 4, get())).toBeUndefined();
  });

  it("keeps only complete 200 HTML without cookies", async () => {
    const cache = createPageCache();
    await cache.store(
      "/",
      1,
      "n",
      new Response("nicht gefunden", { status: 404, headers: { "Content-Type": "text/html" } }),
      get("/"),
    );
    await cache.store("/speisekarte", 1, "n", html("mit Keks", { "Set-Cookie": "a=1" }), get("/speisekarte"));
    await cache.store(
      "/wochenkarte",
      1,
      "n",
      new Response("{}", { headers: { "Content-Type": "application/json" } }),
      get("/wochenkarte"),
    );
    expect(cache.lookup("/", 1, get())).toBeUndefined();
    expect(cache.lookup("/speisekarte", 1, get())).toBeUndefined();
    expect(cache.lookup("/wochenkarte", 1, get())).toBeUndefined();
  });

  it("compresses a page once per encoding, then answers it compressed; HEAD has no body", async () => {
    const cache = createPageCache();
    await cache.store("/", 1, "n", html("Komprimiert"), get("/"));
    const first = cache.lookup("/", 1, get("/", { "accept-encoding": "br, gzip" }));
    expect(first?.headers.get("content-encoding")).toBeNull();
    await cache.settled();
    const brotli = cache.lookup("/", 1, get("/", { "accept-encoding": "br, gzip" }));
    expect(brotli?.headers.get("content-encoding")).toBe("br");
    const bytes = Buffer.from(await (brotli as Response).arrayBuffer());
    expect(Number(brotli?.headers.get("content-length"))).toBe(bytes.length);
    expect(zlib.brotliDecompressSync(bytes).toString()).toContain("Komprimiert");
    const head = cache.lookup("/", 1, get("/", {}, "HEAD"));
    expect(head?.body).toBeNull();
    expect(Number(head?.headers.get("content-length"))).toBeGreaterThan(3000);
  });

  it("answers complete: the finishing headers with the page's script hashes, an ETag, and no-cache", async () => {
    const cache = createPageCache({
      finishHeaders: (headers, scripts) =>
        headers.set("Content-Security-Policy", `script-src ${JSON.stringify(scripts)}`),
    });
    const script = "window.x = 1;";
    const page = new Response(
      `<!DOCTYPE html><script nonce="nonce-7">${script}</script>${"x".repeat(3000)}`,
      {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      },
    );
    await cache.store("/", 1, "nonce-7", page, get());
    const answer = cache.answer("/", 1, get());
    const headers = new Map(answer?.headers);
    expect(answer?.status).toBe(200);
    const hash = createHash("sha256").update(script).digest("base64");
    expect(headers.get("content-security-policy")).toBe(`script-src {"hashes":["sha256-${hash}"]}`);
    expect(headers.get("cache-control")).toBe("no-cache");
    expect(headers.get("vary")).toBe("Accept-Encoding");
    expect(headers.get("etag")).toMatch(/^W\/"[\w-]{22}"$/);
    expect(Number(headers.get("content-length"))).toBe(answer?.body?.length);
  });

  it("answers 304 without a body while the browser's copy is the kept page, 200 once it changed", async () => {
    const cache = createPageCache();
    await cache.store("/", 1, "n", html("Erste"), get());
    const etag = new Map(cache.answer("/", 1, get())?.headers).get("etag") ?? "";
    const revalidated = cache.answer("/", 1, get("/", { "if-none-match": etag }));
    expect(revalidated?.status).toBe(304);
    expect(revalidated?.body).toBeUndefined();
    expect(new Map(revalidated?.headers).get("etag")).toBe(etag);
    // The compressed copy is the same page: its tag matches too (compared weakly).
    await cache.settled();
    expect(
      cache.answer("/", 1, get("/", { "if-none-match": `"x", ${etag}`, "accept-encoding": "br" }))?.status,
    ).toBe(304);
    expect(cache.answer("/", 1, get("/", { "if-none-match": 'W/"anders"' }))?.status).toBe(200);

    // Staff changed the page: the browser's copy is no longer current, whatever its tag.
    await cache.store("/", 2, "n", html("Zweite"), get());
    const changed = cache.answer("/", 2, get("/", { "if-none-match": etag }));
    expect(changed?.status).toBe(200);
    expect(changed?.body?.toString()).toContain("Zweite");
  });
});
