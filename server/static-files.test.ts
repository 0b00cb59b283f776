import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { IMMUTABLE, createStaticFiles } from "./static-files.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-static-"));
fs.mkdirSync(path.join(root, "assets"));
fs.writeFileSync(path.join(root, "assets", "app-abc123.js"), "console.log(1)");
fs.writeFileSync(path.join(root, "favicon.svg"), "<svg/>");
fs.writeFileSync(
  path.join(root, "assets", "app-def456.css"),
  `body{color:red}\n${"p{margin:0}\n".repeat(400)}`,
);
fs.writeFileSync(path.join(os.tmpdir(), "tavola-secret.txt"), "geheim");
fs.writeFileSync(path.join(root, ".env"), "ADMIN_PASSWORD=geheim");
fs.mkdirSync(path.join(root, ".git"));
fs.writeFileSync(path.join(root, ".git", "config"), "[core]");
fs.symlinkSync(path.join(os.tmpdir(), "tavola-secret.txt"), path.join(root, "link-out.txt"));
fs.symlinkSync(path.join(root, "favicon.svg"), path.join(root, "assets", "link-in.svg"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const files = createStaticFiles(root, (headers) => headers.set("X-Content-Type-Options", "nosniff"));
const get = (pathname: string, headers: Record<string, string> = {}, method = "GET") =>
  files.serve(new Request(`http://x${pathname}`, { headers, method }));

describe("static files", () => {
  it("serves hashed assets for a year and other files for an hour", async () => {
    const asset = await get("/assets/app-abc123.js");
    expect(asset?.status).toBe(200);
    expect(asset?.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(asset?.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await asset?.text()).toBe("console.log(1)");
    expect((await get("/favicon.svg"))?.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("answers 304 when the file has not changed", async () => {
    const first = await get("/favicon.svg");
    const again = await get("/favicon.svg", {
      "if-modified-since": first?.headers.get("last-modified") ?? "",
    });
    expect(again?.status).toBe(304);
  });

  it("never leaves its folder and passes unknown paths on", async () => {
    expect(await get("/../tavola-secret.txt")).toBeUndefined();
    expect(await get("/%2e%2e/tavola-secret.txt")).toBeUndefined();
    expect(await get("/assets")).toBeUndefined();
    expect(await get("/admin")).toBeUndefined();
  });

  it("refuses dotfiles and dot folders", async () => {
    expect(await get("/.env")).toBeUndefined();
    expect(await get("/.git/config")).toBeUndefined();
    expect(await get("/%2egit/config")).toBeUndefined();
    expect(await get("/assets/..%2f.env")).toBeUndefined();
  });

  it("follows a symlink only when its target is inside the folder", async () => {
    expect(await get("/link-out.txt")).toBeUndefined();
    expect((await get("/assets/link-in.svg"))?.status).toBe(200);
  });

  it("caches as immutable only files that really are in assets/, however the URL spells them", async () => {
    // An encoded "../" survives URL parsing; such a path is refused rather than served as an asset.
    expect(await get("/assets/..%2ffavicon.svg")).toBeUndefined();
    // A symlink in assets/ to a file outside it is not a hashed asset either.
    expect((await get("/assets/link-in.svg"))?.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("keeps a file in memory, compresses it once with brotli and answers its ETag with 304", async () => {
    const plain = await get("/assets/app-def456.css", { "accept-encoding": "br" });
    expect(plain?.headers.get("content-encoding")).toBeNull();
    expect(plain?.headers.get("x-content-type-options")).toBe("nosniff");
    const text = await plain?.text();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const compressed = await get("/assets/app-def456.css", { "accept-encoding": "gzip, br" });
    expect(compressed?.headers.get("content-encoding")).toBe("br");
    expect(compressed?.headers.get("vary")).toBe("Accept-Encoding");
    const bytes = Buffer.from(await (compressed as Response).arrayBuffer());
    expect(bytes.length).toBeLessThan(200);
    expect(Number(compressed?.headers.get("content-length"))).toBe(bytes.length);
    expect(zlib.brotliDecompressSync(bytes).toString()).toBe(text);

    const etag = compressed?.headers.get("etag") ?? "";
    const again = await get("/assets/app-def456.css", { "if-none-match": etag });
    expect(again?.status).toBe(304);
    expect(await again?.text()).toBe("");
    expect((await get("/assets/app-def456.css", { "if-none-match": 'W/"alt"' }))?.status).toBe(200);

    const head = await get("/assets/app-def456.css", {}, "HEAD");
    expect(head?.body).toBeNull();
    expect(Number(head?.headers.get("content-length"))).toBe(Buffer.byteLength(text ?? ""));
  });

  it("answers from memory without a file lookup only under a path already found in its own spelling", async () => {
    const none = { method: "GET", acceptEncoding: undefined, ifNoneMatch: undefined };
    const fresh = createStaticFiles(root);
    expect(await fresh.answerKnown({ ...none, pathname: "/assets/app-abc123.js" })).toBeUndefined();
    await fresh.serve(new Request("http://x/assets/app-abc123.js"));
    const answer = await fresh.answerKnown({ ...none, pathname: "/assets/app-abc123.js" });
    expect(answer?.status).toBe(200);
    expect(answer?.body?.toString()).toBe("console.log(1)");
    expect(new Map(answer?.headers).get("cache-control")).toBe(IMMUTABLE);
    expect(
      await fresh.answerKnown({ ...none, pathname: "/assets/app-abc123.js", method: "POST" }),
    ).toBeUndefined();

    // Other spellings of the same file are served, but neither remembered nor kept a second time.
    for (const spelling of ["//assets/app-abc123.js", "/assets//app-abc123.js", "/%61ssets/app-abc123.js"]) {
      expect(await (await fresh.serve(new Request(`http://x${spelling}`)))?.text()).toBe("console.log(1)");
      expect(await fresh.answerKnown({ ...none, pathname: spelling })).toBeUndefined();
    }
    expect(await fresh.answerKnown({ ...none, pathname: "/speisekarte" })).toBeUndefined();
    expect(await fresh.answerKnown({ ...none, pathname: "/.env" })).toBeUndefined();
  });
});
