import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache.ts";

const html = (text: string, headers: Record<string, string> = {}) =>
  new Response(`<!DOCTYPE html><p>${text}</p>${"x".repeat(3000)}`, {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", ...headers },
  });
const get = (path = "/", headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers });

describe("the page cache", () => {
  it("keeps guests' pages only: GET or HEAD, listed, without a query and without a staff session", () => {
    const cache = createPageCache();
    expect(cache.isCacheable(get("/"), "tavola_session")).toBe(true);
    expect(cache.isCacheable(get("/speisekarte"), "tavola_session")).toBe(true);
    expect(cache.isCacheable(get("/?utm=x"), "tavola_session")).toBe(false);
    expect(cache.isCacheable(get("/admin"), "tavola_session")).toBe(false);
    expect(cache.isCacheable(get("/login"), "tavola_session")).toBe(false);
    expect(cache.isCacheable(get("/", { cookie: "a=1; tavola_session=abc" }), "tavola_session")).toBe(false);
    expect(cache.isCacheable(get("/", { cookie: "andere=1" }), "tavola_session")).toBe(true);
    expect(cache.isCacheable(new Request("http://localhost/", { method: "POST" }), "tavola_session")).toBe(
      false,
    );
  });

  it("serves a kept page while its version is current, on the same day, for at most the maximum age", async () => {
    let clock = Date.parse("2026-11-25T10:00:00Z");
    const cache = createPageCache({ maxAgeMs: 60_000, now: () => clock });
    const answered = await cache.store("/", 3, "nonce-1", html("Tavola"));
    expect(await answered.text()).toContain("Tavola");
    const kept = cache.lookup("/", 3, get());
    expect(await kept?.text()).toContain("Tavola");
    expect(kept && cache.nonceOf(kept)).toBe("nonce-1");
    // Staff changed something: the version moved on.
    expect(cache.lookup("/", 4, get())).toBeUndefined();
    expect(cache.lookup("/", 3, get())).toBeUndefined();

    await cache.store("/", 4, "nonce-2", html("Neu"));
    clock += 61_000;
    expect(cache.lookup("/", 4, get())).toBeUndefined();

    // Just before midnight in Berlin, and just after: a new day renders anew.
    clock = Date.parse("2026-11-25T22:59:30Z");
    await cache.store("/", 4, "nonce-3", html("Abend"));
    expect(cache.lookup("/", 4, get())).toBeDefined();
    clock = Date.parse("2026-11-25T23:00:10Z");
    expect(cache.lookup("/", 4, get())).toBeUndefined();
  });

  it("keeps only complete 200 HTML without cookies", async () => {
    const cache = createPageCache();
    await cache.store(
      "/",
      1,
      "n",
      new Response("nicht gefunden", { status: 404, headers: { "Content-Type": "text/html" } }),
    );
    await cache.store("/speisekarte", 1, "n", html("mit Keks", { "Set-Cookie": "a=1" }));
    await cache.store(
      "/wochenkarte",
      1,
      "n",
      new Response("{}", { headers: { "Content-Type": "application/json" } }),
    );
    expect(cache.lookup("/", 1, get())).toBeUndefined();
    expect(cache.lookup("/speisekarte", 1, get())).toBeUndefined();
    expect(cache.lookup("/wochenkarte", 1, get())).toBeUndefined();
  });

  it("compresses a page once per encoding, then answers it compressed; HEAD has no body", async () => {
    const cache = createPageCache();
    await cache.store("/", 1, "n", html("Komprimiert"));
    const first = cache.lookup("/", 1, get("/", { "accept-encoding": "br, gzip" }));
    expect(first?.headers.get("content-encoding")).toBeNull();
    await cache.settled();
    const brotli = cache.lookup("/", 1, get("/", { "accept-encoding": "br, gzip" }));
    expect(brotli?.headers.get("content-encoding")).toBe("br");
    const bytes = Buffer.from(await (brotli as Response).arrayBuffer());
    expect(Number(brotli?.headers.get("content-length"))).toBe(bytes.length);
    expect(zlib.brotliDecompressSync(bytes).toString()).toContain("Komprimiert");
    const head = cache.lookup("/", 1, new Request("http://localhost/", { method: "HEAD" }));
    expect(head?.body).toBeNull();
  });
});
