import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { compressible, MIN_BYTES } from "./compression.ts";
import {
  asResponse,
  conditionalRequestOf,
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

  /** The request path that names `file` directly: the only spelling remembered. */
  const canonicalPathOf = (file: string) => `/${path.relative(resolvedRoot, file).split(path.sep).join("/")}`;

  /** Found once and remembered, in their canonical spelling; `//x`, `%61` and symlinks are looked up anew. */
  const knownFiles = new Map<string, string>();
  /** Kept bodies per real file: at most one per file of the build, however it was asked for. */
  const bodies = new Map<string, Promise<KeptBody | undefined>>();

  async function find(pathname: string): Promise<string | undefined> {
    const known = knownFiles.get(pathname);
    if (known) return known;
    const file = await fileOf(pathname);
    if (file && canonicalPathOf(file) === pathname) knownFiles.set(pathname, file);
    return file;
  }

  function bodyOf(file: string): Promise<KeptBody | undefined> {
    let body = bodies.get(file);
    if (!body) {
      body = keep(file).catch(() => undefined);
      bodies.set(file, body);
    }
    return body;
  }

  const isReading = (method: string) => method === "GET" || method === "HEAD";

  /** Streams a file too large to keep. */
  async function stream(request: Request, file: string): Promise<Response> {
    const stat = await fs.promises.stat(file);
    const headers = headersOf(file, stat);
    headers.set("Content-Length", String(stat.size));
    if (request.method === "HEAD") return new Response(null, { headers });
    return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>, { headers });
  }

  return {
    /**
     * The answer from memory for a file already found under this very path (the pipeline's fast
     * path, `serveKept`: no file system call); undefined otherwise, and the fetch pipeline's `serve` looks.
     */
    async answerKnown(request: StaticRequest): Promise<PreparedAnswer | undefined> {
      const file = knownFiles.get(request.pathname);
      if (!file || !isReading(request.method.toUpperCase())) return undefined;
      return (await bodyOf(file))?.answer(request);
    },
    async serve(request: Request): Promise<Response | undefined> {
      if (!isReading(request.method.toUpperCase())) return undefined;
      const file = await find(new URL(request.url).pathname);
      if (!file) return undefined;
      const body = await bodyOf(file);
      // A file too large to keep (or unreadable once) is streamed.
      return body ? asResponse(body.answer(conditionalRequestOf(request))) : stream(request, file);
    },
  };
}

export type StaticFiles = ReturnType<typeof createStaticFiles>;
