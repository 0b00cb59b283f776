import { MAX_PICTURE_BYTES, UPLOAD_PATH } from "../app/common/pictures/picture-upload.ts";
import { redactGuestLinks } from "../app/lib/logger.server.ts";

/**
 * Checks a request must pass before any application code sees it: the origin of state-changing
 * requests, and the size of request bodies.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const isSafeMethod = (method: string) => SAFE_METHODS.has(method.toUpperCase());

/**
 * A non-GET request must come from a page of this site. Browsers send `Origin` with every POST, so
 * a cross-site form or script shows up here as a foreign (or "null") origin and is refused — "null"
 * is let through only on the guest's link with `Sec-Fetch-Site: same-origin` (that page of ours sends
 * no referrer, decision 0033). A
 * request without `Origin` is let through only when it carries no staff session cookie (a script
 * or command-line client acting for itself); with the cookie it must at least say
 * `Sec-Fetch-Site: same-origin`, which browsers set and pages cannot forge.
 */
export function isFromThisSite(
  request: Request,
  options: { publicUrl: string | undefined; sessionCookieName: string },
): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) {
    if (!carriesCookie(request, options.sessionCookieName)) return true;
    return request.headers.get("sec-fetch-site") === "same-origin";
  }
  // A page of ours that sends no referrer (the guest's link, decision 0033) posts its forms with
  // `Origin: null`; the browser's own `Sec-Fetch-Site` still says where they came from.
  if (origin === "null")
    return (
      GUEST_LINK_PATH.test(new URL(request.url).pathname) &&
      request.headers.get("sec-fetch-site") === "same-origin"
    );
  const allowed = new Set([new URL(request.url).origin]);
  if (options.publicUrl) allowed.add(new URL(options.publicUrl).origin);
  return allowed.has(origin);
}

/**
 * A change `isFromThisSite` let through with `Origin: null` (a page of ours that sends no referrer)
 * goes on with this site's origin: React Router refuses an action whose Origin is not the request's.
 */
export function withVouchedOrigin(request: Request): Request {
  if (request.headers.get("origin") !== "null") return request;
  const headers = new Headers(request.headers);
  headers.set("origin", new URL(request.url).origin);
  return new Request(request.url, {
    method: request.method,
    headers,
    body: request.body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
}

/** Paths whose last part is a guest's token (decision 0033): a page of ours without referrer. */
const GUEST_LINK_PATH = /^\/reservierung\/[^/]+/;

/**
 * The path as logs may keep it: a guest's token would open the reservation to whoever reads them.
 * The logger redacts every line the same way (app/lib/logger.server.ts); this keeps the field short.
 */
export const loggedPath = (pathname: string): string => redactGuestLinks(pathname);

/** Whether the request carries a cookie of this name (its value is not checked here). */
export function carriesCookie(request: Request, name: string): boolean {
  const header = request.headers.get("cookie");
  return header !== null && cookieHeaderHas(header, name);
}

/** Whether a Cookie header's value names the cookie `name`. */
export function cookieHeaderHas(header: string, name: string): boolean {
  return header.split(";").some((part) => part.trim().startsWith(`${name}=`));
}

export const MiB = 1024 * 1024;
export const DEFAULT_BODY_LIMIT = 1 * MiB;

/** One picture per request, at most 10 MB (app/common/pictures/picture-upload.ts), and a little room for headers' sake. */
export const UPLOAD_BODY_LIMIT = MAX_PICTURE_BYTES + 64 * 1024;

/**
 * Routes that take file uploads get a larger body limit, and only for a signed-in staff member
 * (checked before the body is read).
 */
export const UPLOAD_ROUTES: readonly string[] = [UPLOAD_PATH];

export const isUploadRoute = (pathname: string, uploadRoutes: readonly string[] = UPLOAD_ROUTES) =>
  uploadRoutes.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}.`),
  );

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
 * at once; a body without one (chunked) is counted while it streams in and refused as soon as it
 * passes the limit, so at most `limit` bytes are ever held. The chunks read are handed on as they
 * are, without copying them into one buffer.
 */
export async function limitBody(
  request: Request,
  limit: number,
  { streaming = false }: { streaming?: boolean } = {},
): Promise<Request> {
  if (!request.body) return request;
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    const length = Number(declared);
    if (!Number.isFinite(length) || length > limit) throw new BodyTooLargeError(limit);
    // Node's HTTP parser never delivers more than the declared length.
    return request;
  }
  if (streaming) return withCountedBody(request, limit);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  const headers = new Headers(request.headers);
  headers.set("content-length", String(size));
  headers.delete("transfer-encoding");
  return new Request(request.url, {
    method: request.method,
    headers,
    body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
}

/**
 * For upload routes: a body without a declared length is not collected but counted as it streams
 * on to the route (which writes it to disk); past the limit the stream fails. So several uploads at
 * once never hold their bodies in memory.
 */
function withCountedBody(request: Request, limit: number): Request {
  let size = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > limit) controller.error(new BodyTooLargeError(limit));
      else controller.enqueue(chunk);
    },
  });
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body?.pipeThrough(counter),
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
}
