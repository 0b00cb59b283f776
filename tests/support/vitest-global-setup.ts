import type { TestProject } from "vitest/node";
import {
  findPostgresBinaries,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from "./throwaway-postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

/**
 * Starts a throwaway PostgreSQL for the run when its binaries are on the machine (or uses
 * TEST_DATABASE_URL). With REQUIRE_POSTGRES=1 (CI) a run without PostgreSQL fails instead of
 * skipping those tests.
 */
let server: ThrowawayPostgres | undefined;

export async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL ?? null;
  if (!url) {
    const binaries = findPostgresBinaries();
    if (binaries) {
      server = await startThrowawayPostgres(binaries);
      url = server.url;
    }
  }
  if (!url && process.env.REQUIRE_POSTGRES === "1") {
    throw new Error(
      "REQUIRE_POSTGRES=1, but no PostgreSQL binaries were found (set PG_BIN or TEST_DATABASE_URL).",
    );
  }
  project.provide("postgresUrl", url);
}

export function teardown() {
  server?.stop();
}
