import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { sql } from "kysely";
import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "../db/database.server.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { root } from "./support/server-process.ts";

/**
 * deploy/postgres/10-tavola-owner.sh as the postgres image runs it at its first start (as the
 * superuser, psql on the server's address), here against the test run's throwaway PostgreSQL: the
 * role it makes is no superuser, owns the database, and Tavola's migrations run as it.
 */
const postgresUrl = inject("postgresUrl");

describe.skipIf(!postgresUrl)("PostgreSQL's owner role for compose", () => {
  it("is made without superuser rights, owns its database, and migrates it", async () => {
    const admin = new URL(postgresUrl ?? "");
    const suffix = randomBytes(4).toString("hex");
    const role = `tavola_${suffix}`;
    const db = `tavola_db_${suffix}`;
    // A quote and a backslash in the password: it goes in as a value, never as SQL.
    const password = `pa'ss\\wort-${suffix}`;
    const result = spawnSync(path.join(root, "deploy/postgres/10-tavola-owner.sh"), {
      encoding: "utf8",
      env: {
        PATH: process.env.PATH ?? "",
        PGHOST: admin.hostname,
        PGPORT: admin.port || "5432",
        PGPASSWORD: decodeURIComponent(admin.password),
        POSTGRES_USER: decodeURIComponent(admin.username),
        TAVOLA_DB_USER: role,
        TAVOLA_DB_PASSWORD: password,
        TAVOLA_DB_NAME: db,
      },
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);

    const url = new URL(admin);
    url.username = role;
    url.password = encodeURIComponent(password);
    url.pathname = `/${db}`;
    const handle = openDatabase({ kind: "postgres", url: url.toString() });
    try {
      await migrateToLatest(handle);
      const rights = await sql<{
        rolsuper: boolean;
        rolcreatedb: boolean;
        rolcreaterole: boolean;
      }>`select rolsuper, rolcreatedb, rolcreaterole from pg_roles where rolname = current_user`.execute(
        handle.db,
      );
      expect(rights.rows).toEqual([{ rolsuper: false, rolcreatedb: false, rolcreaterole: false }]);
      const owners = await sql<{ owner: string }>`
        select distinct tableowner as owner from pg_tables where schemaname = 'public'`.execute(handle.db);
      expect(owners.rows).toEqual([{ owner: role }]);
      const database = await sql<{ owner: string }>`
        select pg_get_userbyid(datdba) as owner from pg_database where datname = current_database()`.execute(
        handle.db,
      );
      expect(database.rows).toEqual([{ owner: role }]);
    } finally {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: postgresUrl ?? "" });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${db}`);
      await cleanup.query(`drop role if exists ${role}`);
      await cleanup.end();
    }
  });
});
