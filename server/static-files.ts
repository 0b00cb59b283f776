import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { compressible, MIN_BYTES } from "./compression.ts";
import {
  asResponse,
  keepBody,
  type ConditionalRequest,
  type KeptBody,
  type PreparedAnswer,
} from "./kept-body.ts";

/**
 * The browser build (build/client). Files under /assets/ have content hashes in their names and are
 * cached for a year; anything else (favicon, robots) for an hour.
 */
const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".webmanifest": "application/manifest+json",
};

export const IMMUTABLE = "public, max-age=31536000, immutable";

/** Larger files are streamed from disk rather than kept (the build has none today). */
const KEPT_AT_MOST = 4 * 1024 * 1024;

/** What a static file answer reads of a request. */
export interface StaticRequest extends ConditionalRequest {
  /** The path as in the request line, without the query. */
  pathname: string;
}

/**
 * Files are found by their real path: a symlink inside the folder that points outside it is
 * refused, as is any path segment starting with a dot (`.env`, `.git`). The year-long cache is
 * decided by where the file really is (inside `assets/`), not by how the URL spells it, so
 * `/assets/..%2ffavicon.svg` is not cached as immutable.
 *
 * The build does not change while the server runs (a new build restarts it): each file is read once,
 * on first demand, and kept in memory with its compressed copies (server/kept-body.ts) — brotli at
 * its best quality, once per file instead of on every request. `finishHeaders` adds the headers
 * every answer carries (security headers).
 */
export function createStaticFiles(root: string, finishHeaders?: (headers: Headers) => void) {
  const resolvedRoot = fs.realpathSync(path.resolve(root));
  const assetsDir = path.join(resolvedRoot, "assets") + path.sep;
  const kept = new Map<string, Promise<KeptBody | undefined>>();

  /** The real file a request path names, if it may be served. */
  async function fileOf(rawPathname: string): Promise<string | undefined> {
    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPathname);
    } catch {
      return undefined;
    }
    if (pathname.endsWith("/") || pathname.includes("\0")) return undefined;
    if (pathname.split(/[\\/]/).some((segment) => segment.startsWith("."))) return undefined;
    try {
      const file = await fs.promises.realpath(path.resolve(resolvedRoot, `.${pathname}`));
      if (!file.startsWith(resolvedRoot + path.sep)) return undefined;
      return (await fs.promises.stat(file)).isFile() ? file : undefined;
    } catch {
      return undefined;
    }
  }

  function headersOf(file: string, stat: fs.Stats): Headers {
    const type = contentTypes[path.extname(file).toLowerCase()] ?? "application/octet-stream";
    const headers = new Headers({
      "Content-Type": type,
      "Last-Modified": stat.mtime.toUTCString(),
      "Cache-Control": file.startsWith(assetsDir) ? IMMUTABLE : "public, max-age=3600",
    });
    finishHeaders?.(headers);
    return headers;
  }

  async function keep(file: string): Promise<KeptBody | undefined> {
    const stat = await fs.promises.stat(file);
    if (stat.size > KEPT_AT_MOST) return undefined;
    const headers = headersOf(file, stat);
    return keepBody({
      body: await fs.promises.readFile(file),
      headers,
      compress: compressible.test(headers.get("content-type") ?? "") && stat.size >= MIN_BYTES,
      brotliQuality: 11,
      lastModified: Math.floor(stat.mtimeMs / 1000),
    });
  }

  /** The file's answer from memory; undefined for a path that names no servable file. */
  async function answer(request: StaticRequest): Promise<PreparedAnswer | undefined> {
    const method = request.method.toUpperCase();
    if (method !== "GET" && method !== "HEAD") return undefined;
    // Only paths that named a file are remembered: invented paths cannot fill the memory.
    let body = kept.get(request.pathname);
    if (!body) {
      const file = await fileOf(request.pathname);
      if (!file) return undefined;
      body = keep(file).catch(() => undefined);
      kept.set(request.pathname, body);
    }
    return (await body)?.answer(request);
  }

  /** Streams a file too large to keep. */
  async function stream(request: Request, pathname: string): Promise<Response | undefined> {
    const file = await fileOf(pathname);
    if (!file) return undefined;
    const stat = await fs.promises.stat(file);
    const headers = headersOf(file, stat);
    headers.set("Content-Length", String(stat.size));
    if (request.method === "HEAD") return new Response(null, { headers });
    return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>, { headers });
  }

  return {
    answer,
    /** The same for the fetch pipeline. */
    async serve(request: Request): Promise<Response | undefined> {
      const pathname = new URL(request.url).pathname;
      const conditional: StaticRequest = {
        pathname,
        method: request.method,
        acceptEncoding: request.headers.get("accept-encoding") ?? undefined,
        ifNoneMatch: request.headers.get("if-none-match") ?? undefined,
        ifModifiedSince: request.headers.get("if-modified-since") ?? undefined,
      };
      const prepared = await answer(conditional);
      if (prepared) return asResponse(prepared);
      // A file that exists but is not kept (too large) is streamed.
      return kept.has(pathname) ? stream(request, pathname) : undefined;
    },
  };
}

export type StaticFiles = ReturnType<typeof createStaticFiles>;
