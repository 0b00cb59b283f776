import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from "../../db/database.server.ts";
import type { Dialect } from "../../db/dialect.ts";
import { migrateToLatest } from "../../db/migrate.ts";

/**
 * The engines the data-layer tests run on: SQLite always, PostgreSQL when the run has one.
 * Each call of `open` gives a new, migrated, empty database.
 */
export interface TestDatabase {
  dialect: Dialect;
  /** `target` opens the same database again: a second server's view of it. */
  open(options?: { migrate?: boolean }): Promise<DatabaseHandle & { target: DatabaseTarget }>;
}

const sqlite: TestDatabase = {
  dialect: "sqlite",
  async open({ migrate = true } = {}) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-test-"));
    const target = { kind: "sqlite", file: path.join(dir, "test.sqlite") } as const;
    const handle = openDatabase(target);
    if (migrate) await migrateToLatest(handle);
    return {
      ...handle,
      target,
      async close() {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

function postgres(url: string): TestDatabase {
  return {
    dialect: "postgres",
    async open({ migrate = true } = {}) {
      const name = `test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const target = new URL(url);
      target.pathname = `/${name}`;
      const handle = openDatabase({ kind: "postgres", url: target.toString() });
      if (migrate) await migrateToLatest(handle);
      return {
        ...handle,
        target: { kind: "postgres", url: target.toString() },
        async close() {
          await handle.close();
          const cleanup = new pg.Client({ connectionString: url });
          await cleanup.connect();
          await cleanup.query(`drop database if exists ${name}`);
          await cleanup.end();
        },
      };
    },
  };
}

export function testDatabases(): TestDatabase[] {
  const url = inject("postgresUrl");
  return url ? [sqlite, postgres(url)] : [sqlite];
}
