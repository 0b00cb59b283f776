import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ClientAddress } from "@remix-run/node-fetch-server";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { migrateToLatest } from "../db/migrate.ts";
import { seedDemoContent } from "../app/demo/demo.ts";
import { ensureStaffAccount, type BootstrapResult } from "../app/features/auth/index.server.ts";
import { openPictureStorage } from "../app/common/pictures/open-storage.server.ts";
import { setPublicPicturesUrl } from "../app/common/pictures/uploaded-pictures.ts";
import { clearIncoming, incomingDirOf } from "../app/common/pictures/upload.server.ts";
import { appContext } from "../app/common/app-context.ts";
import { createLiveHub } from "../app/common/live/hub.server.ts";
import { notifiedSource, pollingSource } from "../app/common/live/source.server.ts";
import { openDatabase, type DatabaseHandle } from "../db/database.server.ts";
import { tightenDataDir } from "../db/private-files.server.ts";
import { bumpPageVersion, readPageVersion, watchPageVersion } from "../app/lib/page-version.server.ts";
import { listenForNotifications } from "../db/notifications.server.ts";
import type { Config } from "../app/lib/env.server.ts";
import { createLogger, type Logger } from "../app/lib/logger.server.ts";
import {
  createMailer,
  smtpTransport,
  type Mailer,
  type MailTransport,
} from "../app/common/mail/mailer.server.ts";
import { currentStaff, sessionCookieName } from "../app/features/auth/index.server.ts";
import { clientAddressOf, lastProxyValue } from "./client-address.ts";
import { compressResponse } from "./compression.ts";
import {
  BodyTooLargeError,
  DEFAULT_BODY_LIMIT,
  UPLOAD_BODY_LIMIT,
  UPLOAD_ROUTES,
  isFromThisSite,
  loggedPath,
  withVouchedOrigin,
  isSafeMethod,
  isUploadRoute,
  limitBody,
} from "./request-guards.ts";
import { fillInGuestLinks } from "../app/features/reservations/index.server.ts";
import { startHousekeeping } from "./housekeeping.ts";
import { startReminders } from "./reminders.ts";
import { readHoursAndContact } from "../app/features/content/index.server.ts";
import type { PreparedAnswer } from "./kept-body.ts";
import { createPageCache, pageRequestOf, type PageRequest } from "./page-cache.ts";
import { createPictureFiles } from "./picture-files.ts";
import { applySecurityHeaders, type InlineScripts } from "./security-headers.ts";
import { createStaticFiles } from "./static-files.ts";

/**
 * Tavola's HTTP pipeline as a fetch handler (Request in, Response out): health check, static files,
 * request guards, React Router, then security headers, compression and one log line per request.
 * Built by Vite together with the React Router app, so the app and the server share one instance of
 * every module; server/start.ts only listens and shuts down.
 */
export interface TavolaApp {
  /** `client` is the socket's peer; forwarding headers are read here, per TRUST_PROXY. */
  handle(request: Request, client: ClientAddress): Promise<Response>;
  /**
   * Writes an answer kept in memory — a guest's page (decision 0020) or a file of the browser build —
   * straight to node's response, without the fetch pipeline; false, having written nothing, when
   * there is none for this request.
   */
  serveKept(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
  /** The origin the server listens on, for absolute links when PUBLIC_URL is not set. */
  setListeningOrigin(origin: string): void;
  database: DatabaseHandle;
  logger: Logger;
  bootstrap: BootstrapResult;
  mailer: Mailer;
  /**
   * The first step of a shutdown: the staff screens' event streams end (their browsers reconnect to
   * another process, or once this one is back), so no open stream keeps the server from closing.
   */
  endLiveStreams(): void;
  close(): Promise<void>;
}

export interface CreateAppOptions {
  /** The React Router build; defaults to the one bundled with this module. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Where the browser build lives (production only; in development Vite serves assets). */
  clientDir?: string;
  logger?: Logger;
  /** Called once when the first start generated a staff password. */
  onGeneratedPassword?: (username: string, password: string) => void;
  /** How e-mails leave (tests); defaults to SMTP at SMTP_URL, or none without it. */
  mailTransport?: MailTransport;
  /** Whether the background worker retries e-mails (default true). */
  mailWorker?: boolean;
  /** The demo gallery's pictures (app/demo/galerie); the bundled server is told where they are. */
  demoPicturesDir?: string;
  /** Routes that take uploads (tests); defaults to request-guards' UPLOAD_ROUTES. */
  uploadRoutes?: readonly string[];
}

const loadBundledBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

function plainResponse(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function createApp(config: Config, options: CreateAppOptions = {}): Promise<TavolaApp> {
  const logger = options.logger ?? createLogger(config.logLevel);
  // An older installation's DATA_DIR may be readable by every local user (decision 0026).
  const notTightened = await tightenDataDir(config.dataDir);
  if (notTightened.length > 0)
    logger.warn("DATA_DIR: could not make these private (another user's files, or a read-only disk)", {
      paths: notTightened.slice(0, 20),
      count: notTightened.length,
    });
  // Checked before anything else opens: a wrong S3 setting stops the start, naming the variable (0038).
  const pictures = await openPictureStorage(config.pictures);
  setPublicPicturesUrl(config.pictures.kind === "s3" ? config.pictures.publicUrl : undefined);
  const database = openDatabase(config.database);
  let bootstrap: BootstrapResult;
  try {
    const applied = await migrateToLatest(database, {
      onNewerSchema: (unknown) =>
        logger.warn(
          "the database was migrated by a newer version: this one runs on it unchanged until it is replaced (README, 'Mehrere Instanzen')",
          { unknownMigrations: unknown },
        ),
    });
    if (applied.length > 0)
      logger.info("migrations applied", { migrations: applied, database: database.dialect });
    bootstrap = await ensureStaffAccount(database.db, config.admin);
    if (
      config.demoContent &&
      (await seedDemoContent(database.db, { pictures: { files: pictures, from: options.demoPicturesDir } }))
    )
      logger.info("demo content created");
  } catch (error) {
    await database.close();
    pictures.close();
    throw error;
  }
  if (bootstrap.kind === "generated") options.onGeneratedPassword?.(bootstrap.username, bootstrap.password);
  if (bootstrap.kind === "configured" && bootstrap.change === "kept") {
    logger.warn(
      "ADMIN_PASSWORD ignored: this account's password was set with `npm run staff -- set-password`, which wins (docs/decisions/0009)",
      { username: bootstrap.username },
    );
  } else if (bootstrap.kind === "configured" && bootstrap.change !== "unchanged") {
    logger.info("staff account from ADMIN_USERNAME", {
      username: bootstrap.username,
      change: bootstrap.change,
    });
  }

  const mailer = createMailer({
    db: database.db,
    logger,
    transport: options.mailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined),
    from: config.mailFrom,
    retryBaseMs: config.mailRetryMs,
    pollMs: Math.min(5000, config.mailRetryMs),
    prepare: fillInGuestLinks(database.db),
  });
  if (options.mailWorker ?? true) mailer.start();
  const housekeeping = startHousekeeping(database.db, logger);
  // On PostgreSQL every server hears every other's changes at their commit (decision 0039): guests'
  // pages and the open staff screens; on SQLite the processes of one machine read the shared file.
  const notifications =
    config.database.kind === "postgres" ? listenForNotifications(config.database.url, { logger }) : undefined;
  if (notifications) watchPageVersion(database.db, notifications);
  // Open staff screens learn of changes from the database, whichever process made them (decision 0035).
  const live = createLiveHub(
    notifications
      ? notifiedSource(database.db, notifications, { logger })
      : pollingSource(database.db, { logger }),
    { logger },
  );
  await clearIncoming(incomingDirOf(config.dataDir));
  if (!mailer.configured)
    logger.warn(
      "SMTP_URL is not set: e-mails wait in the outbox (Verwaltung → Reservierungen → E-Mail-Ausgang)",
    );

  const development = config.env === "development";
  const hsts = config.publicUrl?.startsWith("https://") ?? false;
  // React Router derives its route tables anew on every request when handed a function (so that
  // Vite can swap the code in development): outside development it gets the build itself, once.
  const build = options.build ?? loadBundledBuild;
  const handleRouterRequest = createRequestHandler(
    development || typeof build !== "function" ? build : await build(),
    development ? "development" : "production",
  );
  // Nothing in the browser build runs inline scripts: its files' policy allows none.
  const staticFiles = options.clientDir
    ? createStaticFiles(options.clientDir, (headers) =>
        applySecurityHeaders(headers, { scripts: { hashes: [] }, hsts, development }),
      )
    : undefined;
  let storeAwaySaidAt = 0;
  const servePicture = createPictureFiles(pictures, {
    // Said once a minute at most: during an outage every uncached picture of every page asks.
    onStoreAway: (error) => {
      if (Date.now() - storeAwaySaidAt < 60_000) return;
      storeAwaySaidAt = Date.now();
      logger.warn("picture store unreachable: pictures not in memory answered 503", { error });
    },
  });
  const cookieSettings = { secure: config.secureCookies };
  const uploadRoutes = options.uploadRoutes ?? UPLOAD_ROUTES;
  // In development every request renders anew (Vite changes the code under it).
  const pageCache = createPageCache({
    maxAgeMs: development ? -1 : undefined,
    finishHeaders: (headers, scripts) => applySecurityHeaders(headers, { scripts, hsts, development }),
  });
  // Absolute links never come from the request's Host header, which the client writes.
  let listeningOrigin = `http://localhost:${config.port}`;
  const siteOrigin = () => config.publicUrl ?? listeningOrigin;
  const reminders = startReminders({
    db: database.db,
    logger,
    mailer,
    everyMs: config.reminderCheckMs,
    mailContext: async () => ({
      contact: (await readHoursAndContact(database.db, logger)).contact,
      notifyEmail: config.notifyEmail,
      siteOrigin: siteOrigin(),
    }),
  });
  let warnedAboutHttps = false;

  async function route(
    request: Request,
    client: ClientAddress,
    requestId: string,
    cspNonce: string,
  ): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/healthz") return healthCheck(database, logger);
    const asset = (await staticFiles?.serve(request)) ?? (await servePicture(request));
    if (asset) return asset;
    const pageRequest = pageRequestOf(request);
    const cacheable = pageCache.cacheablePath(pageRequest, sessionCookieName(cookieSettings));
    let pageVersion: number | undefined;
    if (cacheable) {
      try {
        pageVersion = await readPageVersion(database.db);
        const kept = pageCache.lookup(cacheable, pageVersion, pageRequest);
        if (kept) return kept;
      } catch (error) {
        // The database is away: guests are told so, rather than shown a page of built-in defaults
        // (which is what the content blocks fall back to when one cannot be read).
        const away = await unavailableIfDatabaseAway(request, requestId);
        if (away) return away;
        // Without the version no kept page is trusted: the page is rendered as without a cache.
        logger.warn("page version unreadable, rendering anew", { requestId, error });
        pageVersion = undefined;
      }
    }
    const unsafe = !isSafeMethod(request.method);
    if (
      unsafe &&
      !isFromThisSite(request, {
        publicUrl: config.publicUrl,
        sessionCookieName: sessionCookieName(cookieSettings),
      })
    ) {
      logger.warn("cross-origin request refused", {
        requestId,
        path: loggedPath(url.pathname),
        origin: request.headers.get("origin"),
      });
      return plainResponse(403, "Anfrage abgelehnt: Sie kam nicht von dieser Website.");
    }
    // Who sends a change, read before the action runs (signing out or a new password ends the session
    // the request came with). Only a cookie of ours is looked up; anything else costs no query.
    const staff = unsafe ? await currentStaff(database.db, request, cookieSettings) : undefined;
    let bounded: Request;
    try {
      // The large limit only after the session is checked: nobody signed out, nor an account held on
      // Mein Konto (decision 0027), can make us hold more.
      const upload =
        staff !== undefined && staff.pending.length === 0 && isUploadRoute(url.pathname, uploadRoutes);
      bounded = await limitBody(withVouchedOrigin(request), upload ? UPLOAD_BODY_LIMIT : DEFAULT_BODY_LIMIT, {
        streaming: upload,
      });
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        const response = plainResponse(
          413,
          `Die Anfrage ist zu groß (höchstens ${Math.round(error.limit / 1024 / 1024)} MB).`,
        );
        // The rest of the body is not read: the connection ends with this answer.
        response.headers.set("Connection", "close");
        return response;
      }
      throw error;
    }
    const context = new RouterContextProvider();
    context.set(appContext, {
      database,
      config,
      logger,
      mailer,
      pictures,
      clientAddress: client.address,
      siteOrigin: siteOrigin(),
      cspNonce,
      requestId,
      live,
    });
    const begun = pageCache.stamp();
    const response = await handleRouterRequest(bounded, context);
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

  /** The 503 'vorübergehend nicht erreichbar' answer when the database cannot be reached, else nothing. */
  async function unavailableIfDatabaseAway(request: Request, requestId: string) {
    if (await databaseReachable(database)) return undefined;
    logger.warn("database unreachable: answered 503", {
      requestId,
      path: loggedPath(new URL(request.url).pathname),
    });
    return unavailableResponse(request);
  }

  function logRequest(fields: {
    requestId: string;
    method: string;
    path: string;
    status: number;
    started: number;
    client: string;
  }) {
    const { started, ...rest } = fields;
    (rest.path === "/healthz" || rest.path.startsWith("/assets/") ? logger.debug : logger.info)("request", {
      ...rest,
      durationMs: Math.round(performance.now() - started),
    });
  }

  async function serveKept(incoming: IncomingMessage, outgoing: ServerResponse): Promise<boolean> {
    const started = performance.now();
    const pageRequest: PageRequest = {
      method: incoming.method ?? "GET",
      target: incoming.url ?? "",
      cookie: incoming.headers.cookie,
      acceptEncoding: headerValue(incoming.headers["accept-encoding"]),
      ifNoneMatch: incoming.headers["if-none-match"],
      ifModifiedSince: incoming.headers["if-modified-since"],
    };
    const pagePath = pageCache.cacheablePath(pageRequest, sessionCookieName(cookieSettings));
    const path = pagePath ?? pageRequest.target.split("?")[0] ?? "";
    let kept: PreparedAnswer | undefined;
    try {
      kept = pagePath
        ? pageCache.answer(pagePath, await readPageVersion(database.db), pageRequest)
        : await staticFiles?.answerKnown({ ...pageRequest, pathname: path });
    } catch {
      return false; // the pipeline renders the page, and says why
    }
    if (!kept) return false;
    const requestId = randomUUID();
    const forwarded = new Headers();
    const proxyHeader =
      config.proxy.hops > 0 ? headerValue(incoming.headers[config.proxy.header]) : undefined;
    if (proxyHeader) forwarded.set(config.proxy.header, proxyHeader);
    const client = clientAddressOf(forwarded, incoming.socket.remoteAddress ?? "", config.proxy);
    // Nothing after this may throw: the answer is written, the pipeline must not answer again.
    outgoing.writeHead(kept.status, [...kept.headers.flat(), "X-Request-Id", requestId]);
    outgoing.end(kept.body);
    try {
      logRequest({ requestId, method: pageRequest.method, path, status: kept.status, started, client });
    } catch {
      // A log line that cannot be written does not undo an answer that was.
    }
    return true;
  }

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
      response = await route(request, client, requestId, cspNonce);
      // A page answered from memory allows its own inline scripts, by their hashes (decision 0026).
      scripts = pageCache.scriptsOf(response) ?? scripts;
    } catch (error) {
      logger.error("request failed", { requestId, error });
      response = plainResponse(500, "Interner Serverfehler. Bitte versuchen Sie es später erneut.");
    }
    // A server error while the database cannot be reached is not a fault of the page: guests and
    // staff are told to come back shortly (503, Retry-After), and nothing was written.
    if (response.status >= 500 && response.status !== 503)
      response = (await unavailableIfDatabaseAway(request, requestId)) ?? response;
    // Responses from Response.redirect() and fetch() have immutable headers: always work on a copy.
    const headers = new Headers(response.headers);
    applySecurityHeaders(headers, { scripts, hsts, development });
    headers.set("X-Request-Id", requestId);
    const final = await compressResponse(
      request,
      new Response(response.body, { status: response.status, statusText: response.statusText, headers }),
    );
    logRequest({
      requestId,
      method: request.method,
      path: loggedPath(new URL(request.url).pathname),
      status: final.status,
      started,
      client: client.address,
    });
    return final;
  }

  return {
    handle,
    serveKept,
    setListeningOrigin(origin: string) {
      listeningOrigin = origin.replace(/\/+$/, "");
    },
    database,
    logger,
    bootstrap,
    mailer,
    endLiveStreams: () => live.close(),
    async close() {
      live.close();
      await notifications?.close();
      await reminders.stop();
      await mailer.stop();
      await housekeeping.stop();
      await database.close();
      pictures.close();
    },
  };
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

/** One cheap query, given at most two seconds (a database that hangs counts as unreachable). */
async function databaseReachable(database: DatabaseHandle): Promise<boolean> {
  const query = database.db
    .selectFrom("staff_users")
    .select((eb) => eb.lit(1).as("ok"))
    .limit(1)
    .execute()
    .then(
      () => true,
      () => false,
    );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), 2000);
  });
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const UNAVAILABLE_TITLE = "Vorübergehend nicht erreichbar";
export const UNAVAILABLE_TEXT =
  "Die Website ist vorübergehend nicht erreichbar. Bitte versuchen Sie es in wenigen Minuten erneut.";
const RETRY_AFTER_SECONDS = 30;

/** The page (or, for data requests, the text) guests and staff see while the database is away. */
function unavailableResponse(request: Request): Response {
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  if (!(request.headers.get("accept") ?? "").includes("text/html"))
    return new Response(UNAVAILABLE_TEXT, {
      status: 503,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  const page = `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${UNAVAILABLE_TITLE}</title><style>body{font-family:system-ui,sans-serif;margin:0;display:grid;min-height:100vh;place-items:center;background:#faf7f2;color:#1c1917}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}</style></head><body><main><h1>${UNAVAILABLE_TITLE}</h1><p>${UNAVAILABLE_TEXT}</p></main></body></html>`;
  return new Response(page, {
    status: 503,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
  });
}

async function healthCheck(database: DatabaseHandle, logger: Logger): Promise<Response> {
  if (await databaseReachable(database))
    return Response.json(
      { status: "ok", database: database.dialect },
      { headers: { "Cache-Control": "no-store" } },
    );
  logger.error("health check failed: database unreachable");
  return Response.json({ status: "error" }, { status: 503, headers: { "Cache-Control": "no-store" } });
}
