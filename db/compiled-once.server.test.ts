import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabases } from "../tests/support/test-databases.ts";
import { compiledOnce } from "./compiled-once.server.ts";
import type { DatabaseHandle } from "./database.server.ts";
import type { Database } from "./database.types.ts";

describe.each(testDatabases())("queries compiled once on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("builds a query once and runs it with each call's values, in and outside a transaction", async () => {
    handle = await engine.open();
    let builds = 0;
    const lock = compiledOnce((db: Kysely<Database>, values: { day: string; writes: number }) => {
      builds += 1;
      return db
        .insertInto("reservation_day_locks")
        .values({ day: values.day, writes: values.writes })
        .returning(["day", "writes"]);
    });
    const count = compiledOnce((db: Kysely<Database>) =>
      db.selectFrom("reservation_day_locks").select((eb) => eb.fn.countAll<number>().as("n")),
    );
    expect(await lock(handle.db, { day: "2099-01-01", writes: 1 })).toEqual([
      { day: "2099-01-01", writes: 1 },
    ]);
    await handle.db.transaction().execute(async (trx) => {
      expect(await lock(trx, { day: "2099-01-02", writes: 7 })).toEqual([{ day: "2099-01-02", writes: 7 }]);
    });
    expect(builds).toBe(1);
    expect((await count(handle.db)).map((row) => Number(row.n))).toEqual([2]);
  });

  it("keeps constants written into the query and places a value used twice at both places", async () => {
    handle = await engine.open();
    const insert = compiledOnce((db: Kysely<Database>, values: { day: string }) =>
      db.insertInto("reservation_day_locks").values({ day: values.day, writes: 3 }),
    );
    const find = compiledOnce((db: Kysely<Database>, values: { day: string }) =>
      db
        .selectFrom("reservation_day_locks")
        .select("writes")
        .where("day", ">=", values.day)
        .where("day", "<=", values.day)
        .limit(1),
    );
    await insert(handle.db, { day: "2099-02-01" });
    await insert(handle.db, { day: "2099-02-02" });
    expect(await find(handle.db, { day: "2099-02-02" })).toEqual([{ writes: 3 }]);
    expect(await find(handle.db, { day: "2099-02-03" })).toEqual([]);
  });

  it("refuses a value that is missing or a list at every run", async () => {
    handle = await engine.open();
    const find = compiledOnce((db: Kysely<Database>, values: { day: string }) =>
      db.selectFrom("reservation_day_locks").select("day").where("day", "=", values.day),
    );
    expect(await find(handle.db, { day: "2099-04-01" })).toEqual([]);
    await expect(find(handle.db, { day: undefined as unknown as string })).rejects.toThrow(
      /day is undefined/,
    );
    await expect(find(handle.db, { day: ["a", "b"] as unknown as string })).rejects.toThrow(/not one value/);
  });

  it("refuses a query whose build turns a value into something else", async () => {
    handle = await engine.open();
    const changed = compiledOnce((db: Kysely<Database>, values: { day: string }) =>
      db
        .selectFrom("reservation_day_locks")
        .select("day")
        .where("day", "=", `${String(values.day)}-x`),
    );
    await expect(changed(handle.db, { day: "2099-03-01" })).rejects.toThrow(/day not placed/);
  });
});
