import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityScriptPreloads } from "./script-priority.server.ts";

const page = [
  '<!DOCTYPE html><html lang="de"><head><link rel="stylesheet" href="/assets/app.css"/></head><body>',
  "<p>Grüße aus der Küche – Tiramisù</p>",
  '<link rel="modulepreload" href="/assets/entry.client.js"/>',
  '<link rel="modulepreload" href="/assets/framework.js"/>',
  '<script type="module" async="">import("/assets/entry.client.js");</script></body></html>',
].join("");

async function rewrite(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityScriptPreloads()));
}

describe("script preloads at low priority", () => {
  it("marks every modulepreload, however the page is cut into chunks, and changes nothing else", async () => {
    const bytes = Buffer.from(page);
    const expected = page.replaceAll(
      '<link rel="modulepreload"',
      '<link rel="modulepreload" fetchpriority="low"',
    );
    expect(await rewrite([bytes])).toBe(expected);
    // Cut at every byte: tags and multi-byte characters split anywhere.
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
    expect(await rewrite(Array.from(bytes, (byte) => Buffer.from([byte])))).toBe(expected);
    expect((await rewrite([bytes])).match(/fetchpriority="low"/g)).toHaveLength(2);
  });

  it("passes a page without preloads through as it is", async () => {
    const plain = "<html><body>Impressum – Straße</body></html>";
    expect(await rewrite([Buffer.from(plain)])).toBe(plain);
    expect(await rewrite([])).toBe("");
  });
});
