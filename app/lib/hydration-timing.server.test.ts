import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferModuleScript, hydrateAfterLoad } from "./hydration-timing.server.ts";

const moduleBody = [
  ";",
  'import * as route0 from "/assets/root.js";',
  'import * as route1 from "/assets/home.js";',
  '  window.__reactRouterManifest = {"url": "/assets/manifest.js"};',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/site/home":route1};',
  "",
  'import("/assets/entry.client.js");',
].join("\n");

const page = [
  '<!DOCTYPE html><html lang="de"><head><link rel="stylesheet" href="/assets/app.css"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc"/>',
  '<link rel="modulepreload" href="/assets/framework.js" nonce="abc"/></head><body>',
  "<p>Grüße aus der Küche – Tiramisù</p>",
  '<script nonce="abc">window.__reactRouterContext = {"ssr":true};</script>',
  `<script nonce="abc" type="module" async="">${moduleBody}</script></body></html>`,
].join("");

async function rewrite(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(hydrateAfterLoad()));
}

describe("scripts after the page has loaded", () => {
  it("drops the preloads and defers the module script, however the page is cut into chunks", async () => {
    const bytes = Buffer.from(page);
    const expected = page
      .replace('<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc"/>', "")
      .replace('<link rel="modulepreload" href="/assets/framework.js" nonce="abc"/>', "")
      .replace(moduleBody, deferModuleScript(moduleBody));
    const whole = await rewrite([bytes]);
    expect(whole).toBe(expected);
    expect(whole).not.toContain("modulepreload");
    expect(whole).not.toContain("import * as");
    // The other inline script and the text are untouched.
    expect(whole).toContain('<script nonce="abc">window.__reactRouterContext = {"ssr":true};</script>');
    expect(whole).toContain("Grüße aus der Küche – Tiramisù");
    for (let cut = 1; cut < bytes.length; cut += 5) {
      expect(await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
    expect(await rewrite(Array.from(bytes, (byte) => Buffer.from([byte])))).toBe(expected);
  });

  it("imports the same modules, sets the route modules before the entry, and starts on load or the first touch", async () => {
    const deferred = deferModuleScript(moduleBody);
    const imported: string[] = [];
    const listeners = new Map<string, () => void>();
    const window: Record<string, unknown> = {};
    const run = new Function(
      "window",
      "document",
      "addEventListener",
      "__import",
      `${deferred.replaceAll("import(", "__import(")}\nreturn hydrate;`,
    ) as (...args: unknown[]) => unknown;
    run(
      window,
      { readyState: "interactive" },
      (type: string, listener: () => void) => listeners.set(type, listener),
      async (path: string) => {
        imported.push(path);
        if (path === "/assets/entry.client.js") expect(window.__reactRouterRouteModules).toBeDefined();
        return { path };
      },
    );
    expect(imported).toEqual([]);
    expect([...listeners.keys()]).toEqual(["load", "pointerdown", "keydown", "touchstart"]);
    listeners.get("pointerdown")?.();
    listeners.get("load")?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(imported).toEqual(["/assets/root.js", "/assets/home.js", "/assets/entry.client.js"]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { path: "/assets/root.js" },
      "routes/site/home": { path: "/assets/home.js" },
    });
  });

  it("passes a page without scripts through as it is", async () => {
    const plain = "<html><body>Impressum – Straße</body></html>";
    expect(await rewrite([Buffer.from(plain)])).toBe(plain);
    expect(await rewrite([])).toBe("");
  });
});
