import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./database.server.ts";

describe("the SQLite connection", () => {
  let handle: DatabaseHandle | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-db-"));
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it("keeps statements prepared without mixing up their parameters, also beyond the cache's size", async () => {
    handle = openDatabase({ kind: "sqlite", file: path.join(dir, "cache.sqlite") });
    const { db } = handle;
    await sql`create table t (n integer not null, label text not null)`.execute(db);
    // 400 statements of different text (more than the cache holds), each run twice in turn.
    for (let round = 0; round < 2; round += 1) {
      for (let n = 0; n < 400; n += 1) {
        const literal = sql.raw(String(n));
        await sql`insert into t (n, label) values (${literal}, ${`r${round}-${n}`})`.execute(db);
        const row = await sql<
          Record<string, string>
        >`select label as ${sql.raw(`label${n}`)} from t where n = ${literal} and label = ${`r${round}-${n}`}`.execute(
          db,
        );
        expect(row.rows).toEqual([{ [`label${n}`]: `r${round}-${n}` }]);
      }
    }
    const count = await sql<{ c: number }>`select count(*) as c from t`.execute(db);
    expect(count.rows[0]?.c).toBe(800);
  });

  it("reports the real error when SQLite rolled a transaction back itself (as on a full disk)", async () => {
    handle = openDatabase({ kind: "sqlite", file: path.join(dir, "rollback.sqlite") });
    const { db } = handle;
    await sql`create table t (n integer not null)`.execute(db);
    // RAISE(ROLLBACK) ends the transaction inside SQLite, as SQLITE_FULL does.
    await sql`create trigger full_disk before insert on t when new.n = 13 begin select raise(rollback, 'database or disk is full'); end`.execute(
      db,
    );
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into t (n) values (1)`.execute(trx);
        await sql`insert into t (n) values (13)`.execute(trx);
      }),
    ).rejects.toThrow("database or disk is full");
    expect((await sql<{ c: number }>`select count(*) as c from t`.execute(db)).rows[0]?.c).toBe(0);
    await db.transaction().execute(async (trx) => sql`insert into t (n) values (2)`.execute(trx));
    expect((await sql<{ c: number }>`select count(*) as c from t`.execute(db)).rows[0]?.c).toBe(1);
  });

  it("takes the write lock when a transaction begins, so another process waits instead of failing mid-way", async () => {
    const file = path.join(dir, "locks.sqlite");
    handle = openDatabase({ kind: "sqlite", file });
    const { db } = handle;
    await sql`create table t (n integer)`.execute(db);
    const other = new DatabaseSync(file, { timeout: 0 });
    try {
      await db.transaction().execute(async (trx) => {
        await sql`select count(*) from t`.execute(trx);
        // Another process wanting to write now has to wait for this transaction (here: refused at once).
        expect(() => other.exec("begin immediate")).toThrow(/locked/);
        await sql`insert into t (n) values (1)`.execute(trx);
      });
      other.exec("begin immediate");
      other.exec("insert into t (n) values (2)");
      other.exec("commit");
    } finally {
      other.close();
    }
    const count = await sql<{ c: number }>`select count(*) as c from t`.execute(db);
    expect(count.rows[0]?.c).toBe(2);
  });

  it("reads a table's new shape after a migration changed it", async () => {
    handle = openDatabase({ kind: "sqlite", file: path.join(dir, "schema.sqlite") });
    const { db } = handle;
    await sql`create table t (a integer)`.execute(db);
    await sql`insert into t (a) values (1)`.execute(db);
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ a: 1 }]);
    await sql`alter table t add column b text default 'neu'`.execute(db);
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ a: 1, b: "neu" }]);
  });
});
