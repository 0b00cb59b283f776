import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ClientAddress } from "@remix-run/node-fetch-server";
import { RouterContextProvider, type createRequestHandler } from "react-router";
import {
  appContext,
  type AppServices,
  type HoursAndContact,
  type SharedReadings,
  type StaffSession,
} from "../app/common/app-context.ts";
import { currentStaff, sessionCookieName } from "../app/features/auth/index.server.ts";
import { readHoursAndContact } from "../app/features/content/index.server.ts";
import type { Config } from "../app/lib/env.server.ts";
import type { Logger } from "../app/lib/logger.server.ts";
import { bumpPageVersion, readPageVersion } from "../app/lib/page-version.server.ts";
import { clientAddressOf, lastProxyValue } from "./client-address.ts";
import { compressResponse } from "./compression.ts";
import { healthCheck, unavailableIfDatabaseAway } from "./database-away.ts";
import type { PreparedAnswer } from "./kept-body.ts";
import { pageRequestOf, type PageCache, type PageRequest } from "./page-cache.ts";
import {
  BodyTooLargeError,
  DEFAULT_BODY_LIMIT,
  UPLOAD_BODY_LIMIT,
  isFromThisSite,
  isSafeMethod,
  isUploadRoute,
  limitBody,
  loggedPath,
  withVouchedOrigin,
} from "./request-guards.ts";
import type { InlineScripts } from "./security-headers.ts";
import type { StaticFiles } from "./static-files.ts";

/**
 * One request, from arrival to answer: health check, static files and pictures, guests' pages kept
 * in memory, request guards, React Router with the request's context, then security headers,
 * compression and one log line. The parts it uses are built once, at start (server/app.ts).
 */
export interface PipelineParts {
  config: Config;
  logger: Logger;
  /** The services every request's context carries besides its own (app/common/app-context.ts). */
  services: Pick<AppServices, "database" | "mailer" | "pictures" | "live">;
  handleRouterRequest: ReturnType<typeof createRequestHandler>;
  staticFiles: StaticFiles | undefined;
  servePicture: (request: Request) => Promise<Response | undefined>;
  pageCache: PageCache;
  uploadRoutes: readonly string[];
  /** Origin for absolute links: PUBLIC_URL, else where the server listens — never the Host header. */
  siteOrigin: () => string;
  /** Adds the security headers every answer carries, allowing `scripts` (server/security-headers.ts). */
  finishHeaders: (headers: Headers, scripts: InlineScripts) => void;
}

export interface RequestPipeline {
  /** `client` is the socket's peer; forwarding headers are read here, per TRUST_PROXY. */
  handle(request: Request, client: ClientAddress): Promise<Response>;
  /** A guest's page or a build file kept in memory, straight to node's response (false: none). */
  serveKept(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
}

export function createRequestPipeline(parts: PipelineParts): RequestPipeline {
  const { config, logger } = parts;
  let warnedAboutHttps = false;

  async function handle(incoming: Request, peer: ClientAddress): Promise<Response> {
    const started = performance.now();
    const client = { ...peer, address: clientAddressOf(incoming.headers, peer.address, config.proxy) };
    const forwardedProto =
      config.proxy.hops > 0 ? lastProxyValue(incoming.headers, "x-forwarded-proto") : undefined;
    if (
      !config.secureCookies &&
      !warnedAboutHttps &&
      lastProxyValue(incoming.headers, "x-forwarded-proto") === "https"
    ) {
      warnedAboutHttps = true;
      logger.warn(
        "requests arrive over https, but PUBLIC_URL is not an https address: the sign-in cookie is sent without Secure. Set PUBLIC_URL=https://… (README, Production)",
      );
    }
    const request = asAddressedByBrowser(incoming, config.publicUrl, forwardedProto);
    const requestId = randomUUID();
    const cspNonce = randomBytes(16).toString("base64");
    let scripts: InlineScripts = { nonce: cspNonce };
    let response: Response;
    try {
      response = await route(parts, request, client, requestId, cspNonce);
      // A page answered from memory allows its own inline scripts, by their hashes (decision 0026).
      scripts = parts.pageCache.scriptsOf(response) ?? scripts;
    } catch (error) {
      logger.error("request failed", { requestId, error });
      response = plainResponse(500, "Interner Serverfehler. Bitte versuchen Sie es später erneut.");
    }
    // A server error while the database cannot be reached is not a fault of the page: guests and
    // staff are told to come back shortly (503, Retry-After), and nothing was written.
    if (response.status >= 500 && response.status !== 503)
      response =
        (await unavailableIfDatabaseAway(parts.services.database, logger, request, requestId)) ?? response;
    // Responses from Response.redirect() and fetch() have immutable headers: always work on a copy.
    const headers = new Headers(response.headers);
    parts.finishHeaders(headers, scripts);
    headers.set("X-Request-Id", requestId);
    const final = await compressResponse(
      request,
      new Response(response.body, { status: response.status, statusText: response.statusText, headers }),
    );
    logRequest(logger, {
      requestId,
      method: request.method,
      path: loggedPath(new URL(request.url).pathname),
      status: final.status,
      started,
      client: client.address,
    });
    return final;
  }

  return { handle, serveKept: (incoming, outgoing) => serveKept(parts, incoming, outgoing) };
}

async function route(
  parts: PipelineParts,
  request: Request,
  client: ClientAddress,
  requestId: string,
  cspNonce: string,
): Promise<Response> {
  const { config, logger, pageCache } = parts;
  const { database } = parts.services;
  const url = new URL(request.url);
  if (url.pathname === "/healthz") return healthCheck(database, logger);
  const asset = (await parts.staticFiles?.serve(request)) ?? (await parts.servePicture(request));
  if (asset) return asset;
  const pageRequest = pageRequestOf(request);
  const cookieName = sessionCookieName({ secure: config.secureCookies });
  const cacheable = pageCache.cacheablePath(pageRequest, cookieName);
  let pageVersion: number | undefined;
  if (cacheable) {
    const kept = await fromPageCache(parts, request, requestId, cacheable, pageRequest);
    if ("answer" in kept) return kept.answer;
    pageVersion = kept.version;
  }
  const unsafe = !isSafeMethod(request.method);
  if (unsafe && !isFromThisSite(request, { publicUrl: config.publicUrl, sessionCookieName: cookieName })) {
    logger.warn("cross-origin request refused", {
      requestId,
      path: loggedPath(url.pathname),
      origin: request.headers.get("origin"),
    });
    return plainResponse(403, "Anfrage abgelehnt: Sie kam nicht von dieser Website.");
  }
  const shared = sharedReadings(parts, request);
  // Who sends a change, read before the action runs (signing out or a new password ends the session
  // the request came with). Only a cookie of ours is looked up; anything else costs no query. The
  // admin guard gets this same reading (decision 0049).
  const staff = unsafe ? await shared.staffSession() : undefined;
  // The large limit only after the session is checked: nobody signed out, nor an account held on
  // Mein Konto (decision 0027), can make us hold more.
  const upload =
    staff !== undefined && staff.pending.length === 0 && isUploadRoute(url.pathname, parts.uploadRoutes);
  const bounded = await limitedBody(request, upload);
  if (bounded instanceof Response) return bounded;
  const context = new RouterContextProvider();
  context.set(appContext, {
    ...parts.services,
    config,
    logger,
    clientAddress: client.address,
    siteOrigin: parts.siteOrigin(),
    cspNonce,
    requestId,
    shared,
  });
  const begun = pageCache.stamp();
  const response = await parts.handleRouterRequest(bounded, context);
  if (staff) {
    // Staff changed something (or tried to): guests' kept pages are renewed (decision 0020). Only
    // a valid session counts: a made-up or expired cookie must not cost a write and every kept page.
    await bumpPageVersion(database.db).catch((error: unknown) =>
      logger.error("page version not counted up", { requestId, error }),
    );
  }
  if (cacheable && pageVersion !== undefined)
    return pageCache.store(cacheable, pageVersion, cspNonce, response, pageRequest, begun);
  return response;
}

/**
 * What this request's server, guard, loaders and actions share (decision 0049): each read at most
 * once, on first asking, so a request that does not ask reads nothing.
 */
function sharedReadings({ config, logger, services }: PipelineParts, request: Request): SharedReadings {
  let staff: Promise<StaffSession | undefined> | undefined;
  let hoursAndContact: Promise<HoursAndContact> | undefined;
  return {
    staffSession: () =>
      (staff ??= currentStaff(services.database.db, request, { secure: config.secureCookies })),
    forgetStaffSession: () => {
      staff = undefined;
    },
    hoursAndContact: () => (hoursAndContact ??= readHoursAndContact(services.database.db, logger)),
  };
}

/** A guest's page from memory, or the page version to keep it under once rendered (decision 0020). */
async function fromPageCache(
  { services, logger, pageCache }: PipelineParts,
  request: Request,
  requestId: string,
  path: string,
  pageRequest: PageRequest,
): Promise<{ answer: Response } | { version: number | undefined }> {
  try {
    const version = await readPageVersion(services.database.db);
    const kept = pageCache.lookup(path, version, pageRequest);
    return kept ? { answer: kept } : { version };
  } catch (error) {
    // The database is away: guests are told so, rather than shown a page of built-in defaults
    // (which is what the content blocks fall back to when one cannot be read).
    const away = await unavailableIfDatabaseAway(services.database, logger, request, requestId);
    if (away) return { answer: away };
    // Without the version no kept page is trusted: the page is rendered as without a cache.
    logger.warn("page version unreadable, rendering anew", { requestId, error });
    return { version: undefined };
  }
}

/** The request with its body limited (the upload's larger limit when `upload`), or the 413 answer. */
async function limitedBody(request: Request, upload: boolean): Promise<Request | Response> {
  try {
    return await limitBody(withVouchedOrigin(request), upload ? UPLOAD_BODY_LIMIT : DEFAULT_BODY_LIMIT, {
      streaming: upload,
    });
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    const response = plainResponse(
      413,
      `Die Anfrage ist zu groß (höchstens ${Math.round(error.limit / 1024 / 1024)} MB).`,
    );
    // The rest of the body is not read: the connection ends with this answer.
    response.headers.set("Connection", "close");
    return response;
  }
}

/**
 * Writes an answer kept in memory — a guest's page (decision 0020) or a file of the browser build —
 * straight to node's response, without the fetch pipeline; false, having written nothing, when
 * there is none for this request.
 */
async function serveKept(
  { config, logger, services, pageCache, staticFiles }: PipelineParts,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
): Promise<boolean> {
  const started = performance.now();
  const pageRequest: PageRequest = {
    method: incoming.method ?? "GET",
    target: incoming.url ?? "",
    cookie: incoming.headers.cookie,
    acceptEncoding: headerValue(incoming.headers["accept-encoding"]),
    ifNoneMatch: incoming.headers["if-none-match"],
    ifModifiedSince: incoming.headers["if-modified-since"],
  };
  const pagePath = pageCache.cacheablePath(pageRequest, sessionCookieName({ secure: config.secureCookies }));
  const path = pagePath ?? pageRequest.target.split("?")[0] ?? "";
  let kept: PreparedAnswer | undefined;
  try {
    kept = pagePath
      ? pageCache.answer(pagePath, await readPageVersion(services.database.db), pageRequest)
      : await staticFiles?.answerKnown({ ...pageRequest, pathname: path });
  } catch {
    return false; // the pipeline renders the page, and says why
  }
  if (!kept) return false;
  const requestId = randomUUID();
  const forwarded = new Headers();
  const proxyHeader = config.proxy.hops > 0 ? headerValue(incoming.headers[config.proxy.header]) : undefined;
  if (proxyHeader) forwarded.set(config.proxy.header, proxyHeader);
  const client = clientAddressOf(forwarded, incoming.socket.remoteAddress ?? "", config.proxy);
  // Nothing after this may throw: the answer is written, the pipeline must not answer again.
  outgoing.writeHead(kept.status, [...kept.headers.flat(), "X-Request-Id", requestId]);
  outgoing.end(kept.body);
  try {
    logRequest(logger, { requestId, method: pageRequest.method, path, status: kept.status, started, client });
  } catch {
    // A log line that cannot be written does not undo an answer that was.
  }
  return true;
}

function logRequest(
  logger: Logger,
  fields: {
    requestId: string;
    method: string;
    path: string;
    status: number;
    started: number;
    client: string;
  },
) {
  const { started, ...rest } = fields;
  (rest.path === "/healthz" || rest.path.startsWith("/assets/") ? logger.debug : logger.info)("request", {
    ...rest,
    durationMs: Math.round(performance.now() - started),
  });
}

function plainResponse(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * Behind a reverse proxy the server sees http://internal-host; with PUBLIC_URL set, every request is
 * read as addressed to the public origin, so origin checks agree with the browser. Without it, a
 * trusted proxy's X-Forwarded-Proto still tells whether the browser used https.
 */
function asAddressedByBrowser(
  request: Request,
  publicUrl: string | undefined,
  forwardedProto: string | undefined,
): Request {
  const url = new URL(request.url);
  let origin: string;
  if (publicUrl) origin = new URL(publicUrl).origin;
  else if (forwardedProto === "https" || forwardedProto === "http")
    origin = `${forwardedProto}://${url.host}`;
  else return request;
  if (url.origin === origin) return request;
  return new Request(`${origin}${url.pathname}${url.search}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}
