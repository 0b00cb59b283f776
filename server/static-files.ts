import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

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

/**
 * Files are looked up by their real path: a symlink inside the folder that points outside it is
 * refused, as is any path segment starting with a dot (`.env`, `.git`). The year-long cache is
 * decided by where the file really is (inside `assets/`), not by how the URL spells it, so
 * `/assets/..%2ffavicon.svg` is not cached as immutable.
 */
export function createStaticFiles(root: string) {
  const resolvedRoot = fs.realpathSync(path.resolve(root));
  const assetsDir = path.join(resolvedRoot, "assets") + path.sep;
  return async function serveStatic(request: Request): Promise<Response | undefined> {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return undefined;
    }
    if (pathname.endsWith("/") || pathname.includes("\0")) return undefined;
    if (pathname.split(/[\\/]/).some((segment) => segment.startsWith("."))) return undefined;
    let file: string;
    let stat: fs.Stats;
    try {
      file = await fs.promises.realpath(path.resolve(resolvedRoot, `.${pathname}`));
      if (!file.startsWith(resolvedRoot + path.sep)) return undefined;
      stat = await fs.promises.stat(file);
    } catch {
      return undefined;
    }
    if (!stat.isFile()) return undefined;
    const headers = new Headers({
      "Content-Type": contentTypes[path.extname(file).toLowerCase()] ?? "application/octet-stream",
      "Content-Length": String(stat.size),
      "Last-Modified": stat.mtime.toUTCString(),
      "Cache-Control": file.startsWith(assetsDir) ? IMMUTABLE : "public, max-age=3600",
    });
    const since = request.headers.get("if-modified-since");
    if (since && Math.floor(stat.mtimeMs / 1000) <= Math.floor(Date.parse(since) / 1000)) {
      headers.delete("Content-Length");
      return new Response(null, { status: 304, headers });
    }
    if (request.method === "HEAD") return new Response(null, { headers });
    const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
    return new Response(body, { headers });
  };
}
