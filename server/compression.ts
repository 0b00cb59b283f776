import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import zlib from "node:zlib";

/**
 * Brotli or gzip for text responses. Each written chunk is flushed, so streamed HTML still arrives
 * piece by piece. Small, binary and already-encoded responses pass through unchanged.
 */
const compressible = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

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
  headers.append("Vary", "Accept-Encoding");
  const encoding = chooseEncoding(request.headers.get("accept-encoding"));
  if (!encoding) return response;
  const compressor =
    encoding === "br"
      ? zlib.createBrotliCompress({
          flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
        })
      : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH, level: 6 });
  const source = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  source.on("error", (error) => compressor.destroy(error));
  const body = Readable.toWeb(source.pipe(compressor)) as ReadableStream<Uint8Array>;
  headers.set("Content-Encoding", encoding);
  headers.delete("Content-Length");
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
