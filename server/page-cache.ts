import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { berlinNow } from "../app/lib/calendar.ts";
import { PUBLIC_PAGES } from "../app/lib/public-pages.ts";
import { chooseEncoding } from "./compression.ts";
import { cookieHeaderHas } from "./request-guards.ts";

/**
 * Guests' pages rendered once and served from memory (decision 0020). A page is kept with the page
 * version it was rendered at (app/lib/page-version.server.ts) and served only while that version is
 * still current — every change staff make counts it up —, on the same Berlin day, and for at most a
 * minute (what a page shows of the clock: the booking window, today's times). Only guests' pages,
 * only without a query and without a staff session, only 200 HTML without cookies. Each page is
 * compressed once per encoding, off the main thread; until then it goes out uncompressed.
 *
 * A kept page's answer is complete — security headers, `ETag`, `Cache-Control: no-cache` — and made
 * once per encoding, so the server can write it to the socket without the fetch pipeline
 * (server/app.ts `serveKept`). Browsers and a CDN revalidate every time and get `304` while the page
 * is unchanged: staff changes still show at once.
 */
export const CACHEABLE_PAGES: ReadonlySet<string> = new Set(PUBLIC_PAGES);

/** What the cache reads of a request: the same from a fetch Request and from node's IncomingMessage. */
export interface PageRequest {
  method: string;
  /** Path and query, as in the request line. */
  target: string;
  cookie: string | undefined;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
}

export function pageRequestOf(request: Request): PageRequest {
  const url = new URL(request.url);
  return {
    method: request.method,
    target: `${url.pathname}${url.search}`,
    cookie: request.headers.get("cookie") ?? undefined,
    acceptEncoding: request.headers.get("accept-encoding") ?? undefined,
    ifNoneMatch: request.headers.get("if-none-match") ?? undefined,
  };
}

/** A kept page's answer to one request: everything to write, headers included. */
export interface KeptAnswer {
  status: 200 | 304;
  headers: ReadonlyArray<readonly [string, string]>;
  /** Undefined for HEAD and 304. */
  body: Buffer | undefined;
  /** The Content-Security-Policy nonce the page's inline scripts carry. */
  nonce: string;
}

type Encoding = "br" | "gzip";
type Representation = "identity" | Encoding;

interface CachedPage {
  version: number;
  day: string;
  storedAt: number;
  nonce: string;
  etag: string;
  /** The rendered answer's own headers, without length and encoding. */
  headers: Array<[string, string]>;
  bodies: Partial<Record<Representation, Buffer>>;
  /** Final headers per representation, made on first use. */
  finished: Partial<Record<Representation, ReadonlyArray<readonly [string, string]>>>;
  encoding: Partial<Record<Encoding, Promise<void>>>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface PageCacheOptions {
  maxAgeMs?: number;
  now?: () => number;
  /** Adds the headers every answer carries (security headers with the page's nonce). */
  finishHeaders?: (headers: Headers, nonce: string) => void;
}

export function createPageCache({ maxAgeMs = 60_000, now = Date.now, finishHeaders }: PageCacheOptions = {}) {
  const pages = new Map<string, CachedPage>();
  const nonces = new WeakMap<Response, string>();
  const today = () => berlinNow(new Date(now())).date;

  /** The path a request's answer may come from (or go into) the cache under, if any. */
  function cacheablePath(request: PageRequest, sessionCookieName: string): string | undefined {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    if (request.target.includes("?") || !CACHEABLE_PAGES.has(request.target)) return undefined;
    if (request.cookie !== undefined && cookieHeaderHas(request.cookie, sessionCookieName)) return undefined;
    return request.target;
  }

  function current(path: string, version: number): CachedPage | undefined {
    const page = pages.get(path);
    if (!page) return undefined;
    if (page.version !== version || page.day !== today() || now() - page.storedAt > maxAgeMs) {
      pages.delete(path);
      return undefined;
    }
    return page;
  }

  function encodeLater(page: CachedPage, encoding: Encoding) {
    const identity = page.bodies.identity;
    if (!identity) return;
    page.encoding[encoding] ??= (
      encoding === "br"
        ? brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzip(identity, { level: 9 })
    ).then(
      (data) => {
        page.bodies[encoding] = data;
      },
      () => undefined,
    );
  }

  function finished(page: CachedPage, representation: Representation) {
    const made = page.finished[representation];
    if (made) return made;
    const headers = new Headers(page.headers);
    finishHeaders?.(headers, page.nonce);
    headers.set("ETag", page.etag);
    headers.set("Cache-Control", "no-cache");
    headers.set("Vary", "Accept-Encoding");
    if (representation !== "identity") headers.set("Content-Encoding", representation);
    headers.set("Content-Length", String(page.bodies[representation]?.length ?? 0));
    const list = [...headers];
    page.finished[representation] = list;
    return list;
  }

  function answer(page: CachedPage, request: PageRequest): KeptAnswer {
    const encoding = chooseEncoding(request.acceptEncoding ?? null);
    let representation: Representation = "identity";
    if (encoding && page.bodies[encoding]) representation = encoding;
    else if (encoding) encodeLater(page, encoding);
    const headers = finished(page, representation);
    if (request.ifNoneMatch !== undefined && matchesEtag(request.ifNoneMatch, page.etag)) {
      const kept = new Set(["etag", "cache-control", "vary", "content-security-policy"]);
      return {
        status: 304,
        headers: headers.filter(([name]) => kept.has(name)),
        body: undefined,
        nonce: page.nonce,
      };
    }
    const body = request.method === "HEAD" ? undefined : page.bodies[representation];
    return { status: 200, headers, body, nonce: page.nonce };
  }

  function asResponse(kept: KeptAnswer): Response {
    const response = new Response(kept.body ? new Uint8Array(kept.body) : null, {
      status: kept.status,
      headers: kept.headers as Array<[string, string]>,
    });
    nonces.set(response, kept.nonce);
    return response;
  }

  return {
    cacheablePath,
    /** The page as kept for `path`, answered for this request, if it is still current. */
    answer(path: string, version: number, request: PageRequest): KeptAnswer | undefined {
      const page = current(path, version);
      return page ? answer(page, request) : undefined;
    },
    /** `answer` for the fetch pipeline. */
    lookup(path: string, version: number, request: PageRequest): Response | undefined {
      const page = current(path, version);
      return page ? asResponse(answer(page, request)) : undefined;
    },
    /**
     * Keeps a freshly rendered page (rendered at `version`, with `nonce`) when it may be kept, and
     * answers it as a kept page: read whole, since a kept page must be complete.
     */
    async store(
      path: string,
      version: number,
      nonce: string,
      response: Response,
      request: PageRequest,
    ): Promise<Response> {
      const type = response.headers.get("content-type") ?? "";
      if (
        response.status !== 200 ||
        !type.startsWith("text/html") ||
        response.headers.has("set-cookie") ||
        response.headers.has("content-encoding") ||
        !response.body
      )
        return response;
      const body = Buffer.from(await response.arrayBuffer());
      const headers = [...response.headers].filter(
        ([name]) => !["content-length", "etag", "cache-control", "vary"].includes(name.toLowerCase()),
      );
      const page: CachedPage = {
        version,
        day: today(),
        storedAt: now(),
        nonce,
        etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`,
        headers,
        bodies: { identity: body },
        finished: {},
        encoding: {},
      };
      pages.set(path, page);
      return asResponse(answer(page, request));
    },
    /** The nonce of a page answered from memory (its scripts carry it, so its header must too). */
    nonceOf(response: Response): string | undefined {
      return nonces.get(response);
    },
    /** For tests: wait until every page's compression has finished. */
    async settled(): Promise<void> {
      await Promise.all([...pages.values()].flatMap((page) => Object.values(page.encoding)));
    },
    clear() {
      pages.clear();
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** If-None-Match: `*` or a list of tags, compared weakly (RFC 9110 13.1.2). */
function matchesEtag(header: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.trim() === "*" || header.split(",").some((tag) => bare(tag) === bare(etag));
}
