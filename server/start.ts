import cluster from "node:cluster";
import http from "node:http";
import module from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { configWarnings, parseConfigOrExit } from "../app/lib/env.server.ts";
import { restrictNewFiles } from "../db/private-files.server.ts";
import type { TavolaApp, createApp as CreateApp } from "./app.ts";
import { buildIfNeeded } from "./build-if-needed.ts";
import { nodeListener } from "./node-listener.ts";
import { compileCacheDir, smallMachineRestart } from "./small-machine.ts";
import { runWorkers } from "./workers.ts";

/**
 * The process: read the configuration, build if needed, open the app, listen, and shut down
 * gracefully on SIGTERM/SIGINT (stop accepting, let requests in flight finish, close the database).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const say = (line: string) => process.stdout.write(`${line}\n`);
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  // Before anything is written or opened: the new image starts from the beginning (decision 0043).
  // Windows has no execve (Node throws there): it starts with Node's defaults.
  const restart =
    process.platform === "win32" ? undefined : smallMachineRestart(compileCacheDir(root), process);
  if (restart) process.execve?.(process.execPath, restart.args, restart.env);
  const config = parseConfigOrExit(process.env);
  // Whatever the server (or the build it starts) makes is its own (decision 0026).
  restrictNewFiles();
  if (cluster.isPrimary)
    for (const warning of configWarnings(config)) process.stderr.write(`\n  ACHTUNG: ${warning}\n\n`);
  const whereData = config.database.kind === "sqlite" ? config.dataDir : "PostgreSQL";
  if (cluster.isPrimary && config.workers > 1 && config.env !== "development") {
    // Built once, here, before the processes start (they would each check).
    buildIfNeeded(root, say);
    await runWorkers({
      count: config.workers,
      say,
      describe: (port) =>
        `Tavola läuft auf http://localhost:${port} (Datenbank: ${whereData}, ${config.workers} Prozesse)`,
    });
    return;
  }

  const onGeneratedPassword = (username: string, password: string) => {
    say("");
    say("  Tavola: Es gab noch kein Mitarbeiterkonto. Angelegt wurde:");
    say(`    Benutzername: ${username}`);
    say(`    Passwort:     ${password}`);
    say("  Das Passwort wird nur dieses eine Mal angezeigt. Bei der ersten Anmeldung");
    say("  wählen Sie unter „Mein Konto“ ein eigenes; vorher öffnet sich nichts anderes.");
    say("");
  };

  let app: TavolaApp;
  let viteMiddlewares: http.RequestListener | undefined;
  let closeVite: (() => Promise<void>) | undefined;
  if (config.env === "development") {
    const vite = await import("vite");
    const server = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
    const module = (await server.ssrLoadModule("/server/app.ts")) as { createApp: typeof CreateApp };
    app = await module.createApp(config, { onGeneratedPassword });
    viteMiddlewares = server.middlewares as unknown as http.RequestListener;
    closeVite = () => server.close();
  } else {
    buildIfNeeded(root, say);
    const module = (await import(pathToFileURL(path.join(root, "build", "server", "index.js")).href)) as {
      createApp: typeof CreateApp;
    };
    app = await module.createApp(config, {
      clientDir: path.join(root, "build", "client"),
      // The demo gallery's drawn pictures (app/demo/gallery.ts): the bundle does not carry them.
      demoPicturesDir: path.join(root, "app", "demo", "galerie"),
      onGeneratedPassword,
    });
  }

  const listener = nodeListener(app);
  const server = http.createServer(
    viteMiddlewares
      ? (req, res) =>
          (
            viteMiddlewares as (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void
          )(req, res, () => listener(req, res))
      : listener,
  );
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const wildcard = config.host === "0.0.0.0" || config.host === "::";
  app.setListeningOrigin(
    `http://${wildcard ? "localhost" : config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`,
  );
  // Written now, not only at a clean exit: the next start needs no type stripping (decision 0043).
  module.flushCompileCache?.();
  app.logger.info("listening", { port, host: config.host, database: app.database.dialect, env: config.env });
  // With several processes, the first process (server/workers.ts) says it once all of them listen.
  if (cluster.isPrimary) say(`Tavola läuft auf http://localhost:${port} (Datenbank: ${whereData})`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.logger.info("shutting down", { signal });
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    // Open event streams would hold their connections until the grace period ends.
    app.endLiveStreams();
    server.close(async () => {
      clearTimeout(force);
      try {
        await closeVite?.();
        await app.close();
        app.logger.info("stopped");
        process.exit(0);
      } catch (error) {
        app.logger.error("shutdown failed", { error });
        process.exit(1);
      }
    });
    server.closeIdleConnections();
    // A connection whose answer ends after this (an event stream just ended, a request in flight)
    // stays open for its keep-alive time unless closed once it is idle.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    idle.unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // `npm run bench -- memory` reads the heap from outside (decision 0043): only a signal from the
  // same user asks, and without the variable SIGUSR2 keeps its default (the process ends).
  if (process.env.MEMORY_REPORT === "on")
    process.on("SIGUSR2", () => {
      const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
      say(`tavola-memory ${JSON.stringify({ rss, heapUsed, heapTotal, external, arrayBuffers })}`);
    });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Tavola konnte nicht starten: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
