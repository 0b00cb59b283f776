import { berlinNow } from "../app/lib/calendar.ts";
import { PUBLIC_PAGES } from "../app/lib/public-pages.ts";
import { MIN_BYTES } from "./compression.ts";
import {
  asResponse,
  conditionalRequestOf,
  keepBody,
  type ConditionalRequest,
  type KeptBody,
  type PreparedAnswer,
} from "./kept-body.ts";
import { cookieHeaderHas } from "./request-guards.ts";
import { inlineScriptHashes, type InlineScripts } from "./security-headers.ts";

/**
 * Guests' pages rendered once and served from memory (decision 0020). A page is kept with the page
 * version it was rendered at (app/lib/page-version.server.ts) and served only while that version is
 * still current — every change staff make counts it up —, on the same Berlin day, and for at most a
 * minute (what a page shows of the clock: the booking window, today's times). Only guests' pages
 * and the announcements' JSON, only without a query and without a staff session, only complete 200
 * answers without cookies. Each is compressed once per encoding (server/kept-body.ts).
 *
 * A kept page's answer is complete — security headers, `ETag`, `Cache-Control: no-cache` — and made
 * once per encoding, so the server can write it to the socket without the fetch pipeline
 * (server/request-pipeline.ts `serveKept`). Browsers and a CDN revalidate every time and get `304`
 * while the page is unchanged: staff changes still show at once.
 */
export const CACHEABLE_PAGES: ReadonlySet<string> = new Set(PUBLIC_PAGES);

/** What the cache reads of a request: the same from a fetch Request and from node's IncomingMessage. */
export interface PageRequest extends ConditionalRequest {
  /** Path and query, as in the request line. */
  target: string;
  cookie: string | undefined;
}

export function pageRequestOf(request: Request): PageRequest {
  const url = new URL(request.url);
  return {
    ...conditionalRequestOf(request),
    target: `${url.pathname}${url.search}`,
    cookie: request.headers.get("cookie") ?? undefined,
  };
}

export interface RenderStamp {
  day: string;
  at: number;
}

/** A kept page's answer to one request, with the inline scripts its policy allows. */
export interface KeptAnswer extends PreparedAnswer {
  scripts: InlineScripts;
}

interface CachedPage {
  version: number;
  day: string;
  storedAt: number;
  /** The page's inline scripts, by their hashes: one answer goes to every guest (decision 0026). */
  scripts: InlineScripts;
  kept: KeptBody;
}

export interface PageCacheOptions {
  maxAgeMs?: number;
  now?: () => number;
  /** Adds the headers every answer carries (security headers allowing the page's inline scripts). */
  finishHeaders?: (headers: Headers, scripts: InlineScripts) => void;
}

/** Answers kept besides the pages: the announcements guests see today, as JSON (the dialog's data). */
const KEPT_DATA = new Set(["/api/mitteilungen"]);

export function createPageCache({ maxAgeMs = 60_000, now = Date.now, finishHeaders }: PageCacheOptions = {}) {
  const pages = new Map<string, CachedPage>();
  const allowedScripts = new WeakMap<Response, InlineScripts>();
  const today = () => berlinNow(new Date(now())).date;

  /** The path a request's answer may come from (or go into) the cache under, if any. */
  function cacheablePath(request: PageRequest, sessionCookieName: string): string | undefined {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    if (!CACHEABLE_PAGES.has(request.target) && !KEPT_DATA.has(request.target)) return undefined;
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

  const answer = (page: CachedPage, request: PageRequest): KeptAnswer => ({
    ...page.kept.answer(request),
    scripts: page.scripts,
  });

  function response(kept: KeptAnswer): Response {
    const made = asResponse(kept);
    allowedScripts.set(made, kept.scripts);
    return made;
  }

  return {
    cacheablePath,
    /**
     * When a render begins, for `store`: a page is as old as the data it read, so one that began
     * before midnight is kept as yesterday's.
     */
    stamp(): RenderStamp {
      return { day: today(), at: now() };
    },
    /** The page as kept for `path`, answered for this request, if it is still current. */
    answer(path: string, version: number, request: PageRequest): KeptAnswer | undefined {
      const page = current(path, version);
      return page ? answer(page, request) : undefined;
    },
    /** `answer` for the fetch pipeline. */
    lookup(path: string, version: number, request: PageRequest): Response | undefined {
      const page = current(path, version);
      return page ? response(answer(page, request)) : undefined;
    },
    /**
     * Keeps a freshly rendered page (rendered at `version`, its inline scripts carrying `nonce`) when
     * it may be kept, and answers it as a kept page: read whole, since a kept page must be complete.
     * Its policy names the hashes of the scripts that carry the nonce, not the nonce: every guest
     * gets the same answer, and a nonce that every guest can read would open the page to any script
     * that reaches it (decision 0026). Hashed once here; each answer is as fast as before.
     */
    async store(
      path: string,
      version: number,
      nonce: string,
      rendered: Response,
      request: PageRequest,
      begun: RenderStamp = { day: today(), at: now() },
    ): Promise<Response> {
      const type = rendered.headers.get("content-type") ?? "";
      if (
        rendered.status !== 200 ||
        !(type.startsWith("text/html") || (KEPT_DATA.has(path) && type.startsWith("application/json"))) ||
        rendered.headers.has("set-cookie") ||
        rendered.headers.has("content-encoding") ||
        !rendered.body
      )
        return rendered;
      const body = Buffer.from(await rendered.arrayBuffer());
      const headers = new Headers(rendered.headers);
      for (const name of ["content-length", "etag", "vary"]) headers.delete(name);
      // Browsers and a CDN may keep it, but ask every time: staff changes show at once.
      headers.set("Cache-Control", "no-cache");
      const scripts: InlineScripts = { hashes: inlineScriptHashes(body, nonce) };
      finishHeaders?.(headers, scripts);
      const page: CachedPage = {
        version,
        day: begun.day,
        storedAt: begun.at,
        scripts,
        kept: keepBody({ body, headers, compress: body.length >= MIN_BYTES, brotliQuality: 9 }),
      };
      pages.set(path, page);
      return response(answer(page, request));
    },
    /** The inline scripts a page answered from memory may run (its header must name the same). */
    scriptsOf(made: Response): InlineScripts | undefined {
      return allowedScripts.get(made);
    },
    /** For tests: wait until every page's compression has finished. */
    async settled(): Promise<void> {
      await Promise.all([...pages.values()].map((page) => page.kept.settled()));
    },
    clear() {
      pages.clear();
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
