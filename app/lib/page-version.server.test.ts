import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/database.server.ts";
import type { Database } from "../../db/database.types.ts";
import { testDatabases } from "../../tests/support/test-databases.ts";
import { bumpPageVersion, keptForPageVersion, readPageVersion } from "./page-version.server.ts";

describe.each(testDatabases())("readings kept for the page version on $dialect", (engine) => {
  let handle: DatabaseHandle;
  let other: DatabaseHandle | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
    await handle?.close();
  });

  /** A reading that counts how often it really read. */
  function counted(keep = true) {
    let reads = 0;
    const read = keptForPageVersion(async (db: Kysely<Database>) => {
      reads += 1;
      return { value: { version: await readPageVersion(db), reads }, keep };
    });
    return { read, reads: () => reads };
  }

  it("reads once while nothing changes, and again after every change", async () => {
    handle = await engine.open();
    const { read, reads } = counted();
    const first = await read(handle.db);
    expect(await read(handle.db)).toBe(first);
    expect(reads()).toBe(1);
    await bumpPageVersion(handle.db);
    expect((await read(handle.db)).version).toBe(first.version + 1);
    expect(reads()).toBe(2);
  });

  it("sees a change another server made to the same database at the next reading", async () => {
    const opened = await engine.open();
    handle = opened;
    other = openDatabase(opened.target);
    const { read, reads } = counted();
    await read(handle.db);
    await bumpPageVersion(other.db);
    await read(handle.db);
    expect(reads()).toBe(2);
  });

  it("never keeps a stand-in (a failed read's defaults)", async () => {
    handle = await engine.open();
    const { read, reads } = counted(false);
    await read(handle.db);
    await read(handle.db);
    expect(reads()).toBe(2);
  });

  it("inside a transaction, uses what was kept at the version the transaction sees; keeps nothing read there", async () => {
    handle = await engine.open();
    const { read, reads } = counted();
    const kept = await read(handle.db);
    // The requests of a shared transaction ask for the plan once more each (decision 0055).
    await handle.db.transaction().execute(async (trx) => {
      expect(await read(trx)).toBe(kept);
    });
    expect(reads()).toBe(1);
    // A transaction that changed the version (and what it covers) reads anew, and keeps none of it:
    // it might never be committed.
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await bumpPageVersion(trx);
        expect((await read(trx)).version).toBe(kept.version + 1);
        throw new Error("zurückgenommen");
      })
      .catch(() => undefined);
    expect(reads()).toBe(2);
    expect(await read(handle.db)).toBe(kept);
    expect(reads()).toBe(2);
  });

  it("keeps one reading per database", async () => {
    const opened = await engine.open();
    handle = opened;
    other = openDatabase(opened.target);
    const { read, reads } = counted();
    await read(handle.db);
    await read(other.db);
    expect(reads()).toBe(2);
  });
});
