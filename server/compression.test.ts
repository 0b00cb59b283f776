import { PassThrough } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { createReadableStreamFromReadable } from "@react-router/node";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { chooseEncoding, compressResponse } from "./compression.ts";

const html = "<!doctype html><p>" + "Pasta e basta. ".repeat(500) + "</p>";
const get = (acceptEncoding?: string) =>
  new Request("http://x/", { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
const page = (body: BodyInit = html, type = "text/html; charset=utf-8") =>
  new Response(body, { headers: { "content-type": type } });

describe("compression", () => {
  it("prefers brotli, then gzip, and respects q=0", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("identity")).toBeUndefined();
    expect(chooseEncoding(null)).toBeUndefined();
  });

  it("passes an event stream by untouched, without waiting for its first piece (decision 0035)", async () => {
    // A stream that has written nothing yet: compressResponse must answer at once, not read it.
    const body = new ReadableStream<Uint8Array>({ start() {} });
    const stream = new Response(body, { headers: { "content-type": "text/event-stream; charset=utf-8" } });
    const response = await compressResponse(get("br, gzip"), stream);
    expect(response).toBe(stream);
    expect(response.headers.get("content-encoding")).toBeNull();
  });

  it("compresses HTML so that it decompresses to the same bytes", async () => {
    const response = await compressResponse(get("br"), page());
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(html.length / 5);
    expect((await promisify(zlib.brotliDecompress)(body)).toString()).toBe(html);
  });

  it("leaves images, small bodies and clients without support alone", async () => {
    expect(
      (await compressResponse(get("gzip"), page("x".repeat(5000), "image/png"))).headers.has(
        "content-encoding",
      ),
    ).toBe(false);
    const small = new Response("ok", { headers: { "content-type": "text/plain", "content-length": "2" } });
    expect((await compressResponse(get("gzip"), small)).headers.has("content-encoding")).toBe(false);
    expect((await compressResponse(get(), page())).headers.has("content-encoding")).toBe(false);
  });

  it("sends a short body without a length as it is, with its length, when it ends in its first piece", async () => {
    // A React Router `.data` answer: a few hundred bytes, streamed, no Content-Length.
    const answer = '[{"_1":2},"data",{"status":"sent"},"Reservierungsanfrage gesendet!"]';
    const streamed = (pieces: string[], close: "at once" | "later" | "never") =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
          if (close === "at once") controller.close();
          if (close === "later") setTimeout(() => controller.close(), 10);
        },
      });
    const data = (body: ReadableStream<Uint8Array>) => page(body, "text/x-script");
    const short = await compressResponse(
      get("br"),
      data(streamed([answer.slice(0, 20), answer.slice(20)], "at once")),
    );
    expect(short.headers.has("content-encoding")).toBe(false);
    expect(short.headers.get("content-length")).toBe(String(Buffer.byteLength(answer)));
    expect(await short.text()).toBe(answer);
    const empty = await compressResponse(get("br"), data(streamed([], "at once")));
    expect([empty.headers.get("content-length"), await empty.text()]).toEqual(["0", ""]);
    // Not over within the first piece, or long: compressed as before.
    const open = await compressResponse(get("gzip"), data(streamed([answer], "later")));
    expect(open.headers.get("content-encoding")).toBe("gzip");
    expect(decompress("gzip", Buffer.concat(await readChunks(open)))).toBe(answer);
    const long = await compressResponse(get("br"), data(streamed([answer.repeat(20)], "at once")));
    expect(long.headers.get("content-encoding")).toBe("br");
    expect(decompress("br", Buffer.concat(await readChunks(long)))).toBe(answer.repeat(20));
  });

  it("compresses a page written in one go as one piece, not one flush per written chunk", async () => {
    // What React does with a rendered page: dozens of small writes in one turn of the event loop.
    // Each flushed on its own, they used to cost one thread-pool round trip each (decision 0016).
    const pieces = Array.from(
      { length: 40 },
      (_, index) => `<p>Gericht ${index}: ${"Pasta ".repeat(40)}</p>`,
    );
    const writtenInOneGo = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
          controller.close();
        },
      });
    for (const encoding of ["br", "gzip"] as const) {
      const chunks = await readChunks(await compressResponse(get(encoding), page(writtenInOneGo())));
      expect(chunks.length).toBeLessThanOrEqual(2);
      expect(decompress(encoding, Buffer.concat(chunks))).toBe(pieces.join(""));
    }
  });

  it("keeps the pieces of a large body bounded and in order", async () => {
    const pieces = Array.from({ length: 100 }, (_, index) => `${index}:${"Tiramisu ".repeat(350)}`);
    const large = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
        controller.close();
      },
    });
    const chunks = await readChunks(await compressResponse(get("gzip"), page(large)));
    expect(chunks.length).toBeGreaterThan(2);
    expect(decompress("gzip", Buffer.concat(chunks))).toBe(pieces.join(""));
  });

  it("sends a React page rendered the way app/entry.server.tsx renders it in at most two pieces", async () => {
    const tree = createElement(
      "main",
      null,
      Array.from({ length: 300 }, (_, index) =>
        createElement(
          "section",
          { key: index },
          createElement("h2", null, `Abschnitt ${index}`),
          "Pasta e basta",
        ),
      ),
    );
    const html = await new Promise<ReadableStream<Uint8Array>>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(tree, {
        onShellReady() {
          const body = new PassThrough();
          pipe(body);
          resolve(createReadableStreamFromReadable(body));
        },
        onShellError: reject,
      });
    });
    const chunks = await readChunks(await compressResponse(get("br"), page(html)));
    expect(chunks.length).toBeLessThanOrEqual(2);
    expect(decompress("br", Buffer.concat(chunks))).toContain("<h2>Abschnitt 299</h2>");
  });

  it("still streams: what the page writes later follows as its own piece, before the page ends", async () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    let writeLater: (text: string) => void = () => undefined;
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        writeLater = (text) => controller.enqueue(encode(text));
        controller.enqueue(encode("<!doctype html><p>Die Seite</p>"));
        controller.enqueue(encode("x".repeat(2000)));
      },
    });
    const reader = bodyReader(await compressResponse(get("gzip"), page(source)));
    const shell = await nextChunk(reader);
    expect(decompress("gzip", Buffer.from(shell), { partial: true })).toBe(
      "<!doctype html><p>Die Seite</p>" + "x".repeat(2000),
    );
    writeLater("<p>Nachgeladen</p>");
    const boundary = await nextChunk(reader);
    expect(decompress("gzip", Buffer.concat([shell, boundary]), { partial: true })).toMatch(
      /<p>Nachgeladen<\/p>$/,
    );
    await reader.cancel();
  });

  it("stops the page when the client goes away, and fails when the page fails", async () => {
    const cancel = vi.fn();
    const endless = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new TextEncoder().encode("x".repeat(1500))),
      cancel,
    });
    const reader = bodyReader(await compressResponse(get("br"), page(endless)));
    await nextChunk(reader);
    await reader.cancel();
    await vi.waitFor(() => expect(cancel).toHaveBeenCalled());

    // Small or larger than one batch: the failure may come while nobody is reading yet.
    for (const size of [1500, 100_000]) {
      const failing = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("x".repeat(size)));
          setImmediate(() => controller.error(new Error("Render fehlgeschlagen")));
        },
      });
      await expect(readChunks(await compressResponse(get("gzip"), page(failing)))).rejects.toThrow(
        "Render fehlgeschlagen",
      );
    }
  });
});

function bodyReader(response: Response): ReadableStreamDefaultReader<Uint8Array> {
  if (!response.body) throw new Error("response without a body");
  return response.body.getReader();
}

async function nextChunk(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<Uint8Array> {
  const result = await reader.read();
  if (result.done) throw new Error("the body ended early");
  return result.value;
}

async function readChunks(response: Response): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  const reader = bodyReader(response);
  for (let result = await reader.read(); !result.done; result = await reader.read()) {
    chunks.push(result.value);
  }
  return chunks;
}

/** With `partial`, decompresses what has arrived of a stream that has not ended yet. */
function decompress(encoding: "br" | "gzip", body: Buffer, { partial = false } = {}): string {
  return (
    encoding === "br"
      ? zlib.brotliDecompressSync(body, partial ? { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH } : {})
      : zlib.gunzipSync(body, partial ? { finishFlush: zlib.constants.Z_SYNC_FLUSH } : {})
  ).toString();
}
