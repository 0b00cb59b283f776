/**
 * Checks a request must pass before any application code sees it: the origin of state-changing
 * requests, and the size of request bodies.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const isSafeMethod = (method: string) => SAFE_METHODS.has(method.toUpperCase());

/**
 * A non-GET request must come from a page of this site. Browsers send `Origin` with every POST, so
 * a cross-site form or script shows up here as a foreign (or "null") origin and is refused. A request
 * without `Origin` can only come from a non-browser client, which holds no victim's cookie.
 */
export function isSameOrigin(request: Request, publicUrl: string | undefined): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  if (origin === "null") return false;
  const allowed = new Set([new URL(request.url).origin]);
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  return allowed.has(origin);
}

export const MiB = 1024 * 1024;
export const DEFAULT_BODY_LIMIT = 1 * MiB;

/** Screens that take image uploads (up to 10 MB per picture, several at once) get more room. */
const uploadRoutes = ["/admin/gallery", "/admin/menu-items", "/admin/content"];
export const UPLOAD_BODY_LIMIT = 64 * MiB;

export function bodyLimitFor(pathname: string): number {
  const isUploadRoute = uploadRoutes.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}.`),
  );
  return isUploadRoute ? UPLOAD_BODY_LIMIT : DEFAULT_BODY_LIMIT;
}

export class BodyTooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`Request body exceeds ${limit} bytes`);
    this.name = "BodyTooLargeError";
    this.limit = limit;
  }
}

/**
 * The request with its body bounded by `limit`: a declared Content-Length over the limit is refused
 * at once; a body without one (chunked) is read up to the limit and refused beyond it.
 */
export async function limitBody(request: Request, limit: number): Promise<Request> {
  if (!request.body) return request;
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    const length = Number(declared);
    if (!Number.isFinite(length) || length > limit) throw new BodyTooLargeError(limit);
    // Node's HTTP parser never delivers more than the declared length.
    return request;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const headers = new Headers(request.headers);
  headers.set("content-length", String(size));
  headers.delete("transfer-encoding");
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}
