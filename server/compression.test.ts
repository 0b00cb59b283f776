import { promisify } from "node:util";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compressResponse } from "./compression.ts";

const html = "<!doctype html><p>" + "Pasta e basta. ".repeat(500) + "</p>";
const get = (acceptEncoding?: string) =>
  new Request("http://x/", { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
const page = (body = html, type = "text/html; charset=utf-8") =>
  new Response(body, { headers: { "content-type": type } });

describe("compression", () => {
  it("prefers brotli, then gzip, and respects q=0", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("identity")).toBeUndefined();
    expect(chooseEncoding(null)).toBeUndefined();
  });

  it("compresses HTML so that it decompresses to the same bytes", async () => {
    const response = compressResponse(get("br"), page());
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(html.length / 5);
    expect((await promisify(zlib.brotliDecompress)(body)).toString()).toBe(html);
  });

  it("leaves images, small bodies and clients without support alone", () => {
    expect(
      compressResponse(get("gzip"), page("x".repeat(5000), "image/png")).headers.has("content-encoding"),
    ).toBe(false);
    const small = new Response("ok", { headers: { "content-type": "text/plain", "content-length": "2" } });
    expect(compressResponse(get("gzip"), small).headers.has("content-encoding")).toBe(false);
    expect(compressResponse(get(), page()).headers.has("content-encoding")).toBe(false);
  });
});
