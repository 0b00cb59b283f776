import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { storageProblemOf } from "./storage-errors.server.ts";

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
