import { promisify } from "node:util";
import zlib from "node:zlib";
import { berlinNow } from "../app/lib/calendar.ts";
import { PUBLIC_PAGES } from "../app/lib/public-pages.ts";
import { chooseEncoding } from "./compression.ts";
import { carriesCookie } from "./request-guards.ts";

/**
 * Guests' pages rendered once and served from memory (decision 0020). A page is kept with the page
 * version it was rendered at (app/lib/page-version.server.ts) and served only while that version is
 * still current — every change staff make counts it up —, on the same Berlin day, and for at most a
 * minute (what a page shows of the clock: the booking window, today's times). Only guests' pages,
 * only without a query and without a staff session, only 200 HTML without cookies. Each page is
 * compressed once per encoding, off the main thread; until then it is compressed on the way out.
 */
export const CACHEABLE_PAGES: ReadonlySet<string> = new Set(PUBLIC_PAGES);

type Encoding = "br" | "gzip";

interface CachedPage {
  version: number;
  day: string;
  storedAt: number;
  /** The Content-Security-Policy nonce the page's inline scripts carry. */
  nonce: string;
  headers: Array<[string, string]>;
  body: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  encoding: Partial<Record<Encoding, Promise<void>>>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface PageCacheOptions {
  maxAgeMs?: number;
  now?: () => number;
}

export function createPageCache({ maxAgeMs = 60_000, now = Date.now }: PageCacheOptions = {}) {
  const pages = new Map<string, CachedPage>();
  const nonces = new WeakMap<Response, string>();
  const today = () => berlinNow(new Date(now())).date;

  function isCacheable(request: Request, sessionCookieName: string): boolean {
    const method = request.method.toUpperCase();
    if (method !== "GET" && method !== "HEAD") return false;
    const url = new URL(request.url);
    if (url.search !== "" || !CACHEABLE_PAGES.has(url.pathname)) return false;
    return !carriesCookie(request, sessionCookieName);
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
    page.encoding[encoding] ??= (
      encoding === "br"
        ? brotli(page.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzip(page.body, { level: 9 })
    ).then(
      (data) => {
        page.encoded[encoding] = data;
      },
      () => undefined,
    );
  }

  function respond(page: CachedPage, request: Request): Response {
    const headers = new Headers(page.headers);
    const encoding = chooseEncoding(request.headers.get("accept-encoding"));
    let body = page.body;
    if (encoding) {
      const encoded = page.encoded[encoding];
      if (encoded) {
        body = encoded;
        headers.set("Content-Encoding", encoding);
        headers.append("Vary", "Accept-Encoding");
      } else {
        encodeLater(page, encoding);
      }
    }
    headers.set("Content-Length", String(body.length));
    const response = new Response(request.method.toUpperCase() === "HEAD" ? null : new Uint8Array(body), {
      status: 200,
      headers,
    });
    nonces.set(response, page.nonce);
    return response;
  }

  return {
    isCacheable,
    /** The page as kept for `path`, answered for this request, if it is still current. */
    lookup(path: string, version: number, request: Request): Response | undefined {
      const page = current(path, version);
      return page ? respond(page, request) : undefined;
    },
    /**
     * Keeps a freshly rendered page (rendered at `version`, with `nonce`) when it may be kept, and
     * answers it: read whole, since a kept page must be complete.
     */
    async store(path: string, version: number, nonce: string, response: Response): Promise<Response> {
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
      const headers = [...response.headers].filter(([name]) => name.toLowerCase() !== "content-length");
      pages.set(path, {
        version,
        day: today(),
        storedAt: now(),
        nonce,
        headers,
        body,
        encoded: {},
        encoding: {},
      });
      return new Response(new Uint8Array(body), { status: 200, headers: response.headers });
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
