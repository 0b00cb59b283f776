import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { chooseEncoding } from "./compression.ts";

/**
 * An answer kept in memory — a guest's page (server/page-cache.ts) or a file of the browser build
 * (server/static-files.ts) — with everything needed to answer a request for it at once: its bytes,
 * its compressed copies (each made once, off the main thread, on first demand; until then it goes out
 * uncompressed), its headers per copy (made once), and its `ETag` for `304`. The answer can be
 * written to node's socket directly or wrapped in a fetch Response.
 */
export interface PreparedAnswer {
  status: 200 | 304;
  headers: ReadonlyArray<readonly [string, string]>;
  /** Undefined for HEAD and 304. */
  body: Buffer | undefined;
}

/** What a kept body reads of a request. */
export interface ConditionalRequest {
  method: string;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  ifModifiedSince?: string | undefined;
}

/** The same, read from a fetch Request. */
export function conditionalRequestOf(request: Request): ConditionalRequest {
  return {
    method: request.method,
    acceptEncoding: request.headers.get("accept-encoding") ?? undefined,
    ifNoneMatch: request.headers.get("if-none-match") ?? undefined,
    ifModifiedSince: request.headers.get("if-modified-since") ?? undefined,
  };
}

type Encoding = "br" | "gzip";
type Representation = "identity" | Encoding;

export interface KeptBodyOptions {
  body: Buffer;
  /** Headers of every answer (Content-Type, Cache-Control …), without length, encoding and ETag. */
  headers: Iterable<readonly [string, string]>;
  /** Whether compressed copies are worth making (text, and more than a few bytes). */
  compress: boolean;
  /** Brotli quality: 11 for files that never change, less for pages renewed often. */
  brotliQuality: number;
  /** Seconds since the epoch; answers If-Modified-Since when there is no If-None-Match. */
  lastModified?: number;
}

/** Headers a `304` repeats (those a cache updates its copy with), and the CSP its page runs under. */
const REPEATED_ON_304 = new Set([
  "etag",
  "cache-control",
  "vary",
  "last-modified",
  "content-security-policy",
]);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export function keepBody({ body, headers, compress, brotliQuality, lastModified }: KeptBodyOptions) {
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
  const base: Array<[string, string]> = [...headers].map(([name, value]) => [name, value]);
  const bodies: Partial<Record<Representation, Buffer>> = { identity: body };
  const finished: Partial<Record<Representation, ReadonlyArray<readonly [string, string]>>> = {};
  const encoding: Partial<Record<Encoding, Promise<void>>> = {};

  function encodeLater(to: Encoding) {
    encoding[to] ??= (
      to === "br"
        ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } })
        : gzip(body, { level: 9 })
    ).then(
      (data) => {
        bodies[to] = data;
      },
      () => undefined,
    );
  }

  function headersOf(representation: Representation) {
    const made = finished[representation];
    if (made) return made;
    const list: Array<readonly [string, string]> = [...base, ["etag", etag]];
    if (compress) list.push(["vary", "Accept-Encoding"]);
    if (representation !== "identity") list.push(["content-encoding", representation]);
    list.push(["content-length", String(bodies[representation]?.length ?? 0)]);
    finished[representation] = list;
    return list;
  }

  function unchanged(request: ConditionalRequest): boolean {
    if (request.ifNoneMatch !== undefined) return matchesEtag(request.ifNoneMatch, etag);
    if (request.ifModifiedSince === undefined || lastModified === undefined) return false;
    const since = Date.parse(request.ifModifiedSince);
    return Number.isFinite(since) && lastModified <= Math.floor(since / 1000);
  }

  return {
    etag,
    answer(request: ConditionalRequest): PreparedAnswer {
      let representation: Representation = "identity";
      const wanted = compress ? chooseEncoding(request.acceptEncoding ?? null) : undefined;
      if (wanted && bodies[wanted]) representation = wanted;
      else if (wanted) encodeLater(wanted);
      const headers = headersOf(representation);
      if (unchanged(request)) {
        return {
          status: 304,
          headers: headers.filter(([name]) => REPEATED_ON_304.has(name.toLowerCase())),
          body: undefined,
        };
      }
      const method = request.method.toUpperCase();
      return { status: 200, headers, body: method === "HEAD" ? undefined : bodies[representation] };
    },
    /** For tests: wait until the compressed copies asked for so far are made. */
    async settled(): Promise<void> {
      await Promise.all(Object.values(encoding));
    },
  };
}

export type KeptBody = ReturnType<typeof keepBody>;

/** The answer for the fetch pipeline. */
export function asResponse(answer: PreparedAnswer): Response {
  return new Response(answer.body ? new Uint8Array(answer.body) : null, {
    status: answer.status,
    headers: answer.headers as Array<[string, string]>,
  });
}

/** If-None-Match: `*` or a list of tags, compared weakly (a `W/` prefix does not count). */
function matchesEtag(header: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.trim() === "*" || header.split(",").some((tag) => bare(tag) === bare(etag));
}
