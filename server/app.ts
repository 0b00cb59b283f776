import { createRequestHandler, type ServerBuild } from "react-router";
import { migrateToLatest } from "../db/migrate.ts";
import { seedDemoContent } from "../app/demo/demo.ts";
import { ensureStaffAccount, type BootstrapResult } from "../app/features/auth/index.server.ts";
import { openPictureStorage } from "../app/common/pictures/open-storage.server.ts";
import type { PictureStorage } from "../app/common/pictures/storage.server.ts";
import { setPublicPicturesUrl } from "../app/common/pictures/uploaded-pictures.ts";
import { clearIncoming, incomingDirOf } from "../app/common/pictures/upload.server.ts";
import { createLiveHub } from "../app/common/live/hub.server.ts";
import { notifiedSource, pollingSource } from "../app/features/reservations/book/index.server.ts";
import { openDatabase, type DatabaseHandle } from "../db/database.server.ts";
import { tightenDataDir } from "../db/private-files.server.ts";
import { watchPageVersion } from "../app/lib/page-version.server.ts";
import { listenForNotifications } from "../db/notifications.server.ts";
import type { Config } from "../app/lib/env.server.ts";
import { createLogger, type Logger } from "../app/lib/logger.server.ts";
import {
  createMailer,
  smtpTransport,
  type Mailer,
  type MailTransport,
} from "../app/common/mail/mailer.server.ts";
import { UPLOAD_ROUTES } from "./request-guards.ts";
import { fillInGuestLinks } from "../app/features/reservations/book/index.server.ts";
import { startHousekeeping } from "./housekeeping.ts";
import { startReminders } from "./reminders.ts";
import { readHoursAndContact } from "../app/features/content/index.server.ts";
import { createPageCache } from "./page-cache.ts";
import { createPictureFiles } from "./picture-files.ts";
import { createRequestPipeline, type RequestPipeline } from "./request-pipeline.ts";
import { applySecurityHeaders, type InlineScripts } from "./security-headers.ts";
import { createStaticFiles } from "./static-files.ts";

/**
 * Tavola's server as a fetch handler (Request in, Response out). This module is the start-up
 * wiring: it opens the data folder, the picture store and the database, migrates, starts the
 * mailer, the housekeeping, the reminders and the live hub, and builds the parts every request uses
 * — once. What happens to one request is server/request-pipeline.ts. Built by Vite together with
 * the React Router app, so the app and the server share one instance of every module;
 * server/start.ts only listens and shuts down.
 */
export interface TavolaApp extends RequestPipeline {
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

export async function createApp(config: Config, options: CreateAppOptions = {}): Promise<TavolaApp> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const { pictures, database, bootstrap } = await openStores(config, options, logger);
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
  const finishHeaders = (headers: Headers, scripts: InlineScripts) =>
    applySecurityHeaders(headers, { scripts, hsts, development });
  // React Router derives its route tables anew on every request when handed a function (so that
  // Vite can swap the code in development): outside development it gets the build itself, once.
  const build = options.build ?? loadBundledBuild;
  const handleRouterRequest = createRequestHandler(
    development || typeof build !== "function" ? build : await build(),
    development ? "development" : "production",
  );
  // Absolute links never come from the request's Host header, which the client writes.
  let listeningOrigin = `http://localhost:${config.port}`;
  const siteOrigin = () => config.publicUrl ?? listeningOrigin;
  const pipeline = createRequestPipeline({
    config,
    logger,
    services: { database, mailer, pictures, live },
    handleRouterRequest,
    // Nothing in the browser build runs inline scripts: its files' policy allows none.
    staticFiles: options.clientDir
      ? createStaticFiles(options.clientDir, (headers) => finishHeaders(headers, { hashes: [] }))
      : undefined,
    servePicture: picturesServedBy(pictures, logger),
    // In development every request renders anew (Vite changes the code under it).
    pageCache: createPageCache({ maxAgeMs: development ? -1 : undefined, finishHeaders }),
    uploadRoutes: options.uploadRoutes ?? UPLOAD_ROUTES,
    siteOrigin,
    finishHeaders,
  });

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

  return {
    handle: pipeline.handle,
    serveKept: pipeline.serveKept,
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
 * The data folder made private, the picture store and the database opened, the database migrated,
 * the first staff account made and the demo content written: what must stand before anything runs.
 */
async function openStores(config: Config, options: CreateAppOptions, logger: Logger) {
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
  return { pictures, database, bootstrap };
}

/** Uploaded pictures, answered 503 while their store is away (said in the log once a minute at most). */
function picturesServedBy(pictures: PictureStorage, logger: Logger) {
  let storeAwaySaidAt = 0;
  return createPictureFiles(pictures, {
    // During an outage every uncached picture of every page asks.
    onStoreAway: (error) => {
      if (Date.now() - storeAwaySaidAt < 60_000) return;
      storeAwaySaidAt = Date.now();
      logger.warn("picture store unreachable: pictures not in memory answered 503", { error });
    },
  });
}
