import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import {
  authenticateStaff,
  ensureStaffAccount,
  generatePassword,
  listStaff,
  setStaffPassword,
} from "./staff.server.ts";

describe("generatePassword", () => {
  it("makes 20 characters without look-alikes, different every time", () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
    for (const password of passwords) expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{20}$/);
  });
});

describe.each(testDatabases())("staff accounts on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("creates one account with a random password on the first start, and nothing later", async () => {
    handle = await engine.open();
    const first = await ensureStaffAccount(handle.db, undefined);
    expect(first.kind).toBe("generated");
    if (first.kind !== "generated") return;
    expect(await authenticateStaff(handle.db, "admin", first.password)).toBeDefined();
    expect(await ensureStaffAccount(handle.db, undefined)).toEqual({ kind: "existing" });
    expect(await listStaff(handle.db)).toHaveLength(1);
  });

  it("makes sure the ADMIN_* account exists with that password", async () => {
    handle = await engine.open();
    expect(
      await ensureStaffAccount(handle.db, { username: "Chef", password: "erstes-passwort" }),
    ).toMatchObject({ change: "created" });
    expect(
      await ensureStaffAccount(handle.db, { username: "chef", password: "erstes-passwort" }),
    ).toMatchObject({ change: "unchanged" });
    expect(
      await ensureStaffAccount(handle.db, { username: "Chef", password: "zweites-passwort" }),
    ).toMatchObject({ change: "updated" });
    expect(await authenticateStaff(handle.db, "Chef", "erstes-passwort")).toBeUndefined();
    expect(await authenticateStaff(handle.db, "Chef", "zweites-passwort")).toBeDefined();
  });

  it("never undoes a password set later with the staff command", async () => {
    handle = await engine.open();
    await ensureStaffAccount(handle.db, { username: "Chef", password: "aus-der-umgebung" });
    await setStaffPassword(handle.db, "Chef", "vom-staff-befehl");
    expect(await ensureStaffAccount(handle.db, { username: "Chef", password: "aus-der-umgebung" })).toEqual({
      kind: "configured",
      username: "Chef",
      change: "kept",
    });
    expect(await authenticateStaff(handle.db, "Chef", "vom-staff-befehl")).toBeDefined();
    expect(await authenticateStaff(handle.db, "Chef", "aus-der-umgebung")).toBeUndefined();
  });

  it("does not allow two accounts that differ only by case", async () => {
    handle = await engine.open();
    expect(await setStaffPassword(handle.db, "Anna", "passwort-eins")).toBe("created");
    expect(await setStaffPassword(handle.db, "ANNA", "passwort-zwei")).toBe("updated");
    expect(await listStaff(handle.db)).toHaveLength(1);
  });
});
