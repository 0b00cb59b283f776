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
        await server.stop();
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
