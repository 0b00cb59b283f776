import { randomBytes, randomUUID } from "node:crypto";
import type { ClientAddress } from "@remix-run/node-fetch-server";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { migrateToLatest } from "../db/migrate.ts";
import { seedDemoContent } from "../db/seed/demo.ts";
import { ensureStaffAccount, type BootstrapResult } from "../app/features/auth/staff.server.ts";
import { appContext } from "../app/lib/app-context.ts";
import { openDatabase, type DatabaseHandle } from "../app/lib/db.server.ts";
import type { Config } from "../app/lib/env.server.ts";
import { createLogger, type Logger } from "../app/lib/logger.server.ts";
import { compressResponse } from "./compression.ts";
import { BodyTooLargeError, bodyLimitFor, isSafeMethod, isSameOrigin, limitBody } from "./request-guards.ts";
import { applySecurityHeaders } from "./security-headers.ts";
import { createStaticFiles } from "./static-files.ts";

/**
 * Tavola's HTTP pipeline as a fetch handler (Request in, Response out): health check, static files,
 * request guards, React Router, then security headers, compression and one log line per request.
 * Built by Vite together with the React Router app, so the app and the server share one instance of
 * every module; server/start.ts only listens and shuts down.
 */
export interface TavolaApp {
  handle(request: Request, client: ClientAddress): Promise<Response>;
  database: DatabaseHandle;
  logger: Logger;
  bootstrap: BootstrapResult;
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
  const database = openDatabase(config.database);
  let bootstrap: BootstrapResult;
  try {
    const applied = await migrateToLatest(database);
    if (applied.length > 0)
      logger.info("migrations applied", { migrations: applied, database: database.dialect });
    bootstrap = await ensureStaffAccount(database.db, config.admin);
    if (config.demoContent && (await seedDemoContent(database.db))) logger.info("demo content created");
  } catch (error) {
    await database.close();
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

  const development = config.env === "development";
  const handleRouterRequest = createRequestHandler(
    options.build ?? loadBundledBuild,
    development ? "development" : "production",
  );
  const serveStatic = options.clientDir ? createStaticFiles(options.clientDir) : undefined;
  const hsts = config.publicUrl?.startsWith("https://") ?? false;

  async function route(
    request: Request,
    client: ClientAddress,
    requestId: string,
    cspNonce: string,
  ): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/healthz") return healthCheck(database, logger);
    const asset = serveStatic ? await serveStatic(request) : undefined;
    if (asset) return asset;
    if (!isSafeMethod(request.method) && !isSameOrigin(request, config.publicUrl)) {
      logger.warn("cross-origin request refused", {
        requestId,
        path: url.pathname,
        origin: request.headers.get("origin"),
      });
      return plainResponse(403, "Anfrage abgelehnt: Sie kam nicht von dieser Website.");
    }
    let bounded: Request;
    try {
      bounded = await limitBody(request, bodyLimitFor(url.pathname));
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        return plainResponse(
          413,
          `Die Anfrage ist zu groß (höchstens ${Math.round(error.limit / 1024 / 1024)} MB).`,
        );
      }
      throw error;
    }
    const context = new RouterContextProvider();
    context.set(appContext, { database, config, logger, clientAddress: client.address, cspNonce, requestId });
    return handleRouterRequest(bounded, context);
  }

  async function handle(incoming: Request, client: ClientAddress): Promise<Response> {
    const started = performance.now();
    const request = withPublicOrigin(incoming, config.publicUrl);
    const requestId = randomUUID();
    const cspNonce = randomBytes(16).toString("base64");
    let response: Response;
    try {
      response = await route(request, client, requestId, cspNonce);
    } catch (error) {
      logger.error("request failed", { requestId, error });
      response = plainResponse(500, "Interner Serverfehler. Bitte versuchen Sie es später erneut.");
    }
    // Responses from Response.redirect() and fetch() have immutable headers: always work on a copy.
    const headers = new Headers(response.headers);
    applySecurityHeaders(headers, { nonce: cspNonce, hsts, development });
    headers.set("X-Request-Id", requestId);
    const final = compressResponse(
      request,
      new Response(response.body, { status: response.status, statusText: response.statusText, headers }),
    );
    const pathname = new URL(request.url).pathname;
    (pathname === "/healthz" || pathname.startsWith("/assets/") ? logger.debug : logger.info)("request", {
      requestId,
      method: request.method,
      path: pathname,
      status: final.status,
      durationMs: Math.round(performance.now() - started),
      client: client.address,
    });
    return final;
  }

  return {
    handle,
    database,
    logger,
    bootstrap,
    close: () => database.close(),
  };
}

/**
 * Behind a reverse proxy the server sees http://internal-host; with PUBLIC_URL set, every request is
 * read as addressed to the public origin, so origin checks and absolute links agree with the browser.
 */
function withPublicOrigin(request: Request, publicUrl: string | undefined): Request {
  if (!publicUrl) return request;
  const url = new URL(request.url);
  const origin = new URL(publicUrl).origin;
  if (url.origin === origin) return request;
  return new Request(`${origin}${url.pathname}${url.search}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
}

async function healthCheck(database: DatabaseHandle, logger: Logger): Promise<Response> {
  try {
    await database.db
      .selectFrom("staff_users")
      .select((eb) => eb.lit(1).as("ok"))
      .limit(1)
      .execute();
    return Response.json(
      { status: "ok", database: database.dialect },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    logger.error("health check failed", { error });
    return Response.json({ status: "error" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
