import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.types.ts";
import { openDatabase, type DatabaseHandle } from "../../../db/database.server.ts";
import { parseConfig } from "../../../app/lib/env.server.ts";
import { sessionCookieName } from "../../../app/features/auth/session.server.ts";
import { spawnServer } from "../../support/server-process.ts";

/**
 * A site for browser tests: the production server on a new, empty data folder (so: migrations, demo
 * content and the staff account below, as at a first start) and on a free port. Why each worker and
 * some tests get their own: docs/decisions/0011-isolated-browser-tests.md.
 */
export const E2E_ADMIN = { username: "e2e-chef", password: "e2e-geheim-passwort" };

export interface Site {
  /** `http://127.0.0.1:<port>`: the tests' baseURL. */
  origin: string;
  dataDir: string;
  /** The server's process id. */
  pid: number | undefined;
  /** The site's database, opened from the test process with the app's own module. */
  db: Kysely<Database>;
  /** The name of the staff session cookie, from the same configuration the server reads. */
  sessionCookie: string;
  stop(): Promise<void>;
}

/**
 * `extraEnv` adds to or overrides the environment (e.g. `SMTP_URL`). Reservation requests are not
 * limited per address unless a test sets `RESERVATION_RATE_LIMIT`: every test browser is 127.0.0.1.
 */
/** How long a site's server may take to stop after SIGTERM before the suite kills it. */
const STOP_WITHIN_MS = 30_000;

/**
 * Stops the server; one that has not ended `ms` after SIGTERM is killed, and what it printed is
 * shown. Once in a CI run a site's server outlived the fixture's 90 s after a passing test, and the
 * suite failed on the teardown without saying why; the server's own shutdown is tested in
 * tests/e2e/process.spec.ts.
 */
async function stopWithin(server: ReturnType<typeof spawnServer>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), ms);
  });
  const ended = await Promise.race([server.stop(), late]);
  clearTimeout(timer);
  if (ended !== "late") return;
  process.stderr.write(
    `\ne2e: a site's server had not stopped ${ms / 1000} s after SIGTERM and was killed. Its output:\n${server.output().slice(-4000)}\n`,
  );
  server.child.kill("SIGKILL");
  await server.exited;
}

export async function startSite(extraEnv: Record<string, string> = {}): Promise<Site> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-e2e-"));
  const env = {
    DATA_DIR: dataDir,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: "error",
    RESERVATION_RATE_LIMIT: "0",
    ...extraEnv,
  };
  const server = spawnServer(env);
  let database: DatabaseHandle | undefined;
  try {
    const origin = await server.ready();
    const config = parseConfig(env);
    database = openDatabase(config.database);
    const handle = database;
    return {
      origin,
      dataDir,
      pid: server.child.pid,
      db: handle.db,
      sessionCookie: sessionCookieName({ secure: config.secureCookies }),
      async stop() {
        await handle.close();
        await stopWithin(server, STOP_WITHIN_MS);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database?.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
