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

/**
 * The response as the client may take it: compressed with brotli or gzip when it is text of 1 KB or
 * more. A body whose length is not known (a React Router `.data` answer, a streamed page) is read up
 * to its first piece (`queuedBatches`) before deciding: one that ends there, short, goes out as it is,
 * with its length — the same as a body whose length said so, without a compressor of its own for a
 * few hundred bytes (a brotli stream allocates its window and works on the thread pool: decision
 * 0016).
 */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
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
    // An event stream goes out message by message, never waiting for a compressor (decision 0035).
    type.startsWith("text/event-stream") ||
    (length !== null && Number(length) < MIN_BYTES) ||
    /\bno-transform\b/.test(headers.get("cache-control") ?? "")
  ) {
    return response;
  }
  const encoding = chooseEncoding(request.headers.get("accept-encoding"));
  const reader = encoding ? response.body.getReader() : undefined;
  const batches = reader ? queuedBatches(reader) : undefined;
  let first: Promise<IteratorResult<Batch>> | undefined;
  if (batches && length === null) {
    first = batches.next();
    // A failing body fails the compressed stream, as it would have without this look.
    const read = await first.catch(() => undefined);
    if (read && (read.done || (read.value.last && read.value.bytes.byteLength < MIN_BYTES))) {
      const bytes = read.done ? new Uint8Array(0) : read.value.bytes;
      headers.set("Content-Length", String(bytes.byteLength));
      return new Response(bytes as Uint8Array<ArrayBuffer>, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    }
  }
  if (!/\baccept-encoding\b/i.test(headers.get("vary") ?? "")) headers.append("Vary", "Accept-Encoding");
  if (!encoding || !reader || !batches) return response;
  headers.set("Content-Encoding", encoding);
  headers.delete("Content-Length");
  return new Response(compressBody(reader, batches, first, encoding), {
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
function compressBody(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  batches: AsyncGenerator<Batch>,
  first: Promise<IteratorResult<Batch>> | undefined,
  encoding: "br" | "gzip",
): ReadableStream<Uint8Array> {
  const compressor = createCompressor(encoding);
  // The client went away or compression failed: stop the source (React aborts its render).
  compressor.once("close", () => void reader.cancel().catch(() => undefined));
  void feedInBatches(batches, first, compressor);
  return Readable.toWeb(compressor) as ReadableStream<Uint8Array>;
}

async function feedInBatches(
  batches: AsyncGenerator<Batch>,
  first: Promise<IteratorResult<Batch>> | undefined,
  compressor: Writable,
) {
  try {
    for (let next = await (first ?? batches.next()); !next.done; next = await batches.next()) {
      if (compressor.destroyed) return;
      if (!compressor.write(next.value.bytes)) await drainedOrClosed(compressor);
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

/** A run of chunks written in one go, and whether the stream ended with it. */
interface Batch {
  bytes: Uint8Array;
  last: boolean;
}

/**
 * The stream's chunks, each run of chunks that is readable before the event loop's next turn joined
 * into one (up to MAX_BATCH_BYTES): everything the producer wrote in one go.
 */
async function* queuedBatches(reader: ReadableStreamDefaultReader<Uint8Array>): AsyncGenerator<Batch> {
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
    yield { bytes: chunks.length === 1 ? first.value : Buffer.concat(chunks), last: ended };
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
