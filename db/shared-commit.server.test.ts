import { sql, type Transaction } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabases } from "../tests/support/test-databases.ts";
import { openDatabase, type DatabaseHandle } from "./database.server.ts";
import type { Database } from "./database.types.ts";
import { transactTogether, whenCommitsDone } from "./shared-commit.server.ts";

const day = (i: number) => `2099-01-${String(i + 1).padStart(2, "0")}`;

describe.each(testDatabases())("shared commits on $dialect", (engine) => {
  let handle: DatabaseHandle;
  let outside: DatabaseHandle;
  afterEach(async () => {
    await outside?.close();
    await handle?.close();
  });

  async function open() {
    const opened = await engine.open();
    handle = opened;
    // A second server on the same database: it sees only what is committed.
    outside = openDatabase(opened.target);
    return handle.db;
  }

  const committedDays = async () =>
    (await outside.db.selectFrom("reservation_day_locks").select("day").orderBy("day").execute()).map(
      (row) => row.day,
    );

  /**
   * Writes its date's row, then says how many rows a second server sees: what was committed before it.
   * (A work should touch nothing but `trx`; this one only reads, through another connection, to look.)
   */
  const writeAndLook = (i: number) => async (trx: Transaction<Database>) => {
    await trx
      .insertInto("reservation_day_locks")
      .values({ day: day(i), writes: 1 })
      .execute();
    return (await committedDays()).length;
  };

  const sqliteOnly = it.runIf(engine.dialect === "sqlite");
  const postgresOnly = it.runIf(engine.dialect === "postgres");

  sqliteOnly(
    "writes work that arrives at the same moment in one commit, and answers each only after it",
    async () => {
      const db = await open();
      const seen = await Promise.all([0, 1, 2, 3, 4].map((i) => transactTogether(db, writeAndLook(i))));
      // One transaction each would have committed the ones before: 0, 1, 2, 3, 4.
      expect(seen).toEqual([0, 0, 0, 0, 0]);
      expect(await committedDays()).toEqual([0, 1, 2, 3, 4].map(day));
    },
  );

  postgresOnly("gives each work a transaction of its own, answered after its commit", async () => {
    const db = await open();
    const seen = await Promise.all(
      [0, 1, 2].map((i) =>
        transactTogether(db, async (trx) => {
          await writeAndLook(i)(trx);
          return (await sql<{ id: string }>`select txid_current()::text as id`.execute(trx)).rows[0]?.id;
        }),
      ),
    );
    expect(new Set(seen).size).toBe(3);
    expect(await committedDays()).toEqual([0, 1, 2].map(day));
  });

  postgresOnly(
    "shares one transaction among the works naming the same key (a date); others get their own",
    async () => {
      const db = await open();
      const txid = (trx: Transaction<Database>) =>
        sql<{ id: string }>`select txid_current()::text as id`.execute(trx).then((r) => r.rows[0]?.id);
      const seen = await Promise.all([
        ...[0, 1, 2].map((i) =>
          transactTogether(
            db,
            async (trx) => {
              await writeAndLook(i)(trx);
              return txid(trx);
            },
            "2099-01-01",
          ),
        ),
        transactTogether(db, txid, "2099-01-02"),
        transactTogether(db, txid),
      ]);
      expect(new Set(seen.slice(0, 3)).size).toBe(1);
      expect(new Set(seen).size).toBe(3);
      // Answered after the commit: all three are there for another server.
      expect(await committedDays()).toEqual([0, 1, 2].map(day));
    },
  );

  postgresOnly(
    "runs a failed group's works again, each alone: only the one at fault is refused",
    async () => {
      const db = await open();
      const results = await Promise.allSettled([
        transactTogether(db, writeAndLook(0), "k"),
        // The same date's row a second time, in the same transaction: the primary key refuses it.
        transactTogether(db, writeAndLook(0), "k"),
        transactTogether(db, writeAndLook(2), "k"),
      ]);
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      // Alone, each saw what the one before it had committed.
      expect((results[2] as PromiseFulfilledResult<number>).value).toBe(1);
      expect(await committedDays()).toEqual([day(0), day(2)]);
    },
  );

  it("says when the work waiting and arriving meanwhile is committed, or after a while, at once when none waits", async () => {
    const db = await open();
    const key = "reservation-day:2099-01-01";
    let idle = false;
    void whenCommitsDone(db, key).then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(true);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = transactTogether(
      db,
      async (trx) => {
        await gate;
        return writeAndLook(0)(trx);
      },
      key,
    );
    const done = whenCommitsDone(db, key).then(committedDays);
    // Arrives while the first is being written: waited for too.
    await new Promise((resolve) => setImmediate(resolve));
    const second = transactTogether(db, writeAndLook(1), key);
    // Not longer than asked, though.
    let waited = false;
    await whenCommitsDone(db, key, { atMostMs: 50 }).then(() => (waited = true));
    expect(waited).toBe(true);
    release();
    expect(await done).toEqual([day(0), day(1)]);
    await Promise.all([first, second]);
  });

  it("lets each work see what the ones before it wrote, in order", async () => {
    const db = await open();
    const counts = await Promise.all(
      [0, 1, 2].map(() =>
        transactTogether(db, async (trx) => {
          await trx
            .insertInto("reservation_day_locks")
            .values({ day: day(0), writes: 1 })
            .onConflict((conflict) =>
              conflict
                .column("day")
                .doUpdateSet((update) => ({ writes: update("reservation_day_locks.writes", "+", 1) })),
            )
            .execute();
          const row = await trx
            .selectFrom("reservation_day_locks")
            .select("writes")
            .executeTakeFirstOrThrow();
          return Number(row.writes);
        }),
      ),
    );
    // On PostgreSQL the three run side by side, each waiting for the row: in whichever order.
    expect(engine.dialect === "sqlite" ? counts : [...counts].sort((a, b) => a - b)).toEqual([1, 2, 3]);
  });

  it("costs nobody else's work when one fails: that one is refused with its own error, nothing of it kept", async () => {
    const db = await open();
    const failing = async (trx: Transaction<Database>) => {
      await trx
        .insertInto("reservation_day_locks")
        .values({ day: day(9), writes: 1 })
        .execute();
      throw new Error("kaputt");
    };
    const results = await Promise.allSettled([
      transactTogether(db, writeAndLook(0)),
      transactTogether(db, failing),
      transactTogether(db, writeAndLook(2)),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: "kaputt" });
    // On SQLite run again one by one after the group was rolled back: the third saw the first committed.
    if (engine.dialect === "sqlite")
      expect(results.map((result) => (result.status === "fulfilled" ? result.value : "x"))).toEqual([
        0,
        "x",
        1,
      ]);
    expect(await committedDays()).toEqual([day(0), day(2)]);
  });

  it("refuses a work whose write breaks a rule, and keeps the others", async () => {
    const db = await open();
    const results = await Promise.allSettled([
      transactTogether(db, writeAndLook(0)),
      // The same date's row a second time: the primary key refuses it.
      transactTogether(db, writeAndLook(0)),
      transactTogether(db, writeAndLook(1)),
    ]);
    // In order on SQLite; on PostgreSQL the first two run side by side and either may win the row.
    if (engine.dialect === "sqlite")
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(1);
    expect(results[2]?.status).toBe("fulfilled");
    expect(await committedDays()).toEqual([day(0), day(1)]);
  });

  sqliteOnly(
    "runs each work alone when the group's commit fails, so only the one at fault is refused",
    async () => {
      const db = await open();
      // A link to a reservation that does not exist, checked only at the commit.
      const breaksAtCommit = async (trx: Transaction<Database>) => {
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await sql`insert into mail_outbox (kind, recipient, subject, text_body, reservation_id, next_attempt_at, created_at) values ('confirmation', 'gast@example.de', 'Betreff', 'Text', 999999, '2099-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z')`.execute(
          trx,
        );
        return "stored";
      };
      const results = await Promise.allSettled([
        transactTogether(db, writeAndLook(0)),
        transactTogether(db, breaksAtCommit),
        transactTogether(db, writeAndLook(2)),
      ]);
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect(await committedDays()).toEqual([day(0), day(2)]);
      expect(await outside.db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
    },
  );

  sqliteOnly(
    "refuses transactTogether inside a work, which would wait for its own group forever",
    async () => {
      const db = await open();
      await expect(transactTogether(db, async () => transactTogether(db, async () => 1))).rejects.toThrow(
        /inside a work/,
      );
      // The next work is not held up by it.
      expect(await transactTogether(db, writeAndLook(0))).toBe(0);
    },
  );

  sqliteOnly("writes at most 50 works in one group", async () => {
    const db = await open();
    const ids = Array.from({ length: 120 }, (_, i) => i);
    const seen = await Promise.all(
      ids.map((i) =>
        transactTogether(db, async (trx) => {
          await trx
            .insertInto("reservation_day_locks")
            .values({ day: `g${String(i).padStart(3, "0")}`, writes: 1 })
            .execute();
          return (await committedDays()).length;
        }),
      ),
    );
    expect(seen).toEqual(ids.map((i) => (i < 50 ? 0 : i < 100 ? 50 : 100)));
  });

  sqliteOnly("takes work that arrives while a group is written into the next group", async () => {
    const db = await open();
    const first = transactTogether(db, writeAndLook(0));
    // Sent once the first group has begun: it must wait for that commit, then goes in a group of its own.
    await new Promise((resolve) => setImmediate(resolve));
    const later = await Promise.all([
      transactTogether(db, writeAndLook(1)),
      transactTogether(db, writeAndLook(2)),
    ]);
    expect(await first).toBe(0);
    expect(later).toEqual([1, 1]);
  });
});
