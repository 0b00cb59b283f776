import { Readable, type Writable } from "node:stream";
import zlib from "node:zlib";

/**
 * Brotli or gzip for text responses. Each batch of chunks is flushed, so streamed HTML still arrives
 * piece by piece. Small, binary and already-encoded responses pass through unchanged.
 */
export const compressible = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
export const MIN_BYTES = 1024;

export function chooseEncoding(acceptEncoding: string | null): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = acceptEncoding
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, "")) > 0)
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return undefined;
}

export function compressResponse(request: Request, response: Response): Response {
  const headers = response.headers;
  const type = headers.get("content-type") ?? "";
  const length = headers.get("content-length");
  if (
    !response.body ||
    request.method === "HEAD" ||
    response.status === 204 ||
    response.status === 304 ||
    headers.has("content-encoding") ||
    !compressible.test(type) ||
    (length !== null && Number(length) < MIN_BYTES) ||
    /\bno-transform\b/.test(headers.get("cache-control") ?? "")
  ) {
    return response;
  }
  if (!/\baccept-encoding\b/i.test(headers.get("vary") ?? "")) headers.append("Vary", "Accept-Encoding");
  const encoding = chooseEncoding(request.headers.get("accept-encoding"));
  if (!encoding) return response;
  headers.set("Content-Encoding", encoding);
  headers.delete("Content-Length");
  return new Response(compressBody(response.body, encoding), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

function createCompressor(encoding: "br" | "gzip"): zlib.BrotliCompress | zlib.Gzip {
  return encoding === "br"
    ? zlib.createBrotliCompress({
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
      })
    : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH, level: 6 });
}

/**
 * Every write to a zlib stream is one job on libuv's thread pool, and the next waits for it: React
 * writes a page as dozens of small chunks in one go, and compressing them one by one made every
 * rendered page wait for dozens of thread-pool round trips (docs/decisions/0016). So the chunks that
 * are already queued are compressed together, with one flush; what arrives later (a streamed
 * Suspense boundary) is its own batch and still reaches the browser at once.
 */
function compressBody(body: ReadableStream<Uint8Array>, encoding: "br" | "gzip"): ReadableStream<Uint8Array> {
  const compressor = createCompressor(encoding);
  const reader = body.getReader();
  // The client went away or compression failed: stop the source (React aborts its render).
  compressor.once("close", () => void reader.cancel().catch(() => undefined));
  void feedInBatches(reader, compressor);
  return Readable.toWeb(compressor) as ReadableStream<Uint8Array>;
}

async function feedInBatches(reader: ReadableStreamDefaultReader<Uint8Array>, compressor: Writable) {
  try {
    for await (const batch of queuedBatches(reader)) {
      if (compressor.destroyed) return;
      if (!compressor.write(batch)) await drainedOrClosed(compressor);
    }
    if (!compressor.destroyed) compressor.end();
  } catch (error) {
    compressor.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

const turnOver = Symbol("event loop turn over");
/**
 * A batch ends here even if more is queued: bounds the memory per response, and a source that is
 * always ready (a large body held in memory) still lets the compressor's back pressure pause it.
 */
const MAX_BATCH_BYTES = 64 * 1024;

/**
 * The stream's chunks, each run of chunks that is readable before the event loop's next turn joined
 * into one (up to MAX_BATCH_BYTES): everything the producer wrote in one go.
 */
async function* queuedBatches(reader: ReadableStreamDefaultReader<Uint8Array>): AsyncGenerator<Uint8Array> {
  // A read may fail while no one awaits it yet (between batches); it is awaited later, so its
  // rejection must not count as unhandled and stop the process.
  const read = () => {
    const pending = reader.read();
    pending.catch(() => undefined);
    return pending;
  };
  // Always a read whose result nobody has taken yet.
  let next = read();
  for (;;) {
    const first = await next;
    if (first.done) return;
    next = read();
    const chunks = [first.value];
    let bytes = first.value.byteLength;
    let ended = false;
    const nextTurn = new Promise<typeof turnOver>((resolve) => setImmediate(resolve, turnOver));
    while (bytes < MAX_BATCH_BYTES) {
      // A read of an already queued chunk settles in a microtask, before the next turn begins.
      const result = await Promise.race([next, nextTurn]);
      if (result === turnOver) break;
      if (result.done) {
        ended = true;
        break;
      }
      next = read();
      chunks.push(result.value);
      bytes += result.value.byteLength;
    }
    yield chunks.length === 1 ? first.value : Buffer.concat(chunks);
    if (ended) return;
  }
}

function drainedOrClosed(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.once("drain", done);
    stream.once("close", done);
  });
}
