import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database.server.ts";
import { createStaffReservation } from "../../tests/support/reservations.ts";
import { testDatabases } from "../../tests/support/test-databases.ts";
import {
  againIfDeadlocked,
  againIfReferenceGone,
  isDeadlock,
  isForeignKeyViolation,
  isUniqueViolation,
  storageProblemOf,
} from "./storage-errors.server.ts";

const errno = (code: string) => Object.assign(new Error(code), { code });

describe("storageProblemOf", () => {
  it("knows a full disk and a folder it may not write, from files, SQLite and PostgreSQL", () => {
    expect(storageProblemOf(errno("ENOSPC"))).toBe("full");
    expect(storageProblemOf(errno("EDQUOT"))).toBe("full");
    expect(storageProblemOf(errno("EACCES"))).toBe("not-writable");
    expect(storageProblemOf(errno("EROFS"))).toBe("not-writable");
    expect(storageProblemOf(Object.assign(new Error("database or disk is full"), { errcode: 13 }))).toBe(
      "full",
    );
    // An extended code: SQLITE_READONLY_DBMOVED (8 | 4 << 8).
    expect(storageProblemOf(Object.assign(new Error("readonly"), { errcode: 8 | (4 << 8) }))).toBe(
      "not-writable",
    );
    expect(storageProblemOf(errno("53100"))).toBe("full");
    expect(storageProblemOf(new Error("wrapped", { cause: errno("ENOSPC") }))).toBe("full");
  });

  it("leaves every other failure alone", () => {
    expect(storageProblemOf(new Error("boom"))).toBeUndefined();
    expect(storageProblemOf(errno("ECONNREFUSED"))).toBeUndefined();
    expect(storageProblemOf(errno("23505"))).toBeUndefined(); // a unique violation
    expect(storageProblemOf(Object.assign(new Error("constraint"), { errcode: 19 }))).toBeUndefined();
    expect(storageProblemOf(undefined)).toBeUndefined();
    expect(storageProblemOf("ENOSPC")).toBeUndefined();
  });

  it("recognises what node:sqlite throws for a read-only database file", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-ro-"));
    try {
      const file = path.join(dir, "x.sqlite");
      new DatabaseSync(file).exec("create table t (x)");
      const readOnly = new DatabaseSync(file, { readOnly: true });
      let thrown: unknown;
      try {
        readOnly.exec("insert into t values (1)");
      } catch (error) {
        thrown = error;
      }
      readOnly.close();
      expect(storageProblemOf(thrown)).toBe("not-writable");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases())("a row referred to that is gone, on $dialect", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  /** What the engine throws for a place at a table that does not exist. */
  async function referenceGone(): Promise<unknown> {
    handle ??= await engine.open();
    const { reservation } = await createStaffReservation(handle.db, {
      customer_name: "Gast",
      email: null,
      phone_number: null,
      reservation_date: "2030-01-01",
      reservation_time: "19:00",
      party_size: 2,
      notes: null,
      status: "CONFIRMED",
    });
    return handle.db
      .insertInto("table_assignments")
      .values({ reservation_id: reservation.id, table_id: 999, assigned_at: "2030-01-01T00:00:00Z" })
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
  }

  it("is told apart from other failures", async () => {
    const error = await referenceGone();
    expect(isForeignKeyViolation(error)).toBe(true);
    expect(isUniqueViolation(error)).toBe(false);
    expect(isForeignKeyViolation(new Error("boom"))).toBe(false);
    expect(isForeignKeyViolation(new Error("wrapped", { cause: error }))).toBe(true);
  });

  it("runs the write once more, and only for it", async () => {
    const error = await referenceGone();
    let runs = 0;
    const write = async () => {
      runs += 1;
      if (runs === 1) throw error;
      return "stored";
    };
    expect(await againIfReferenceGone(write)).toBe("stored");
    expect(runs).toBe(2);
    runs = 0;
    await expect(
      againIfReferenceGone(async () => {
        runs += 1;
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(runs).toBe(1);
    // Gone again the second time: the caller gets the failure.
    await expect(againIfReferenceGone(() => Promise.reject(error))).rejects.toBe(error);
  });
});

describe("againIfDeadlocked", () => {
  it("runs a write PostgreSQL ended for a deadlock once more, and nothing else", async () => {
    const deadlock = new Error("wrapped", { cause: errno("40P01") });
    expect(isDeadlock(deadlock)).toBe(true);
    expect(isDeadlock(errno("23503"))).toBe(false);
    let runs = 0;
    expect(
      await againIfDeadlocked(async () => {
        runs += 1;
        if (runs === 1) throw deadlock;
        return "deleted";
      }),
    ).toBe("deleted");
    expect(runs).toBe(2);
    await expect(againIfDeadlocked(() => Promise.reject(errno("23503")))).rejects.toMatchObject({
      code: "23503",
    });
  });
});
