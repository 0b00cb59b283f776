import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { TEST_PASSWORD, createStaff } from "../../../tests/support/staff.ts";
import {
  beginSecondFactor,
  changeOwnPassword,
  confirmOwnPassword,
  confirmSecondFactor,
  createAccount,
  listAccounts,
  resetAccountPassword,
  secondFactorState,
  verifySecondFactor,
} from "./accounts.server.ts";
import { lookalikeKeys } from "./lookalike.server.ts";
import { changeSecondFactorSchema, changePasswordSchema, secondFactorSchema } from "./schema.ts";
import { readSecondFactorPolicy, writeSecondFactorPolicy } from "./second-factor-policy.server.ts";
import { createSession, findSession, requireStaff } from "./session.server.ts";
import { signIn } from "./sign-in.server.ts";
import {
  authenticateStaff,
  ensureStaffAccount,
  LookalikeUsernameError,
  setStaffPassword,
} from "./staff.server.ts";
import { stepAt, totpCode } from "./totp.server.ts";

/**
 * Decision 0027: a second factor the owners can require, first passwords that must be changed,
 * look-alike usernames, long recovery codes, and passwords never cut.
 */
const cookie = { secure: false };
const requestWith = (token: string) =>
  new Request("http://x/admin/speisekarte", { headers: { cookie: `tavola_session=${token}` } });

async function turnOnSecondFactor(handle: DatabaseHandle, userId: number): Promise<string[]> {
  const secret = await beginSecondFactor(handle.db, userId);
  const now = Date.now();
  const codes = await confirmSecondFactor(handle.db, userId, totpCode(secret, stepAt(now)), now);
  if (!codes) throw new Error("the second factor did not turn on");
  return codes;
}

describe("usernames that look alike", () => {
  const alike = (a: string, b: string) => [...lookalikeKeys(a)].some((key) => lookalikeKeys(b).has(key));

  it("are found across scripts, widths and case; different names are not", () => {
    expect(alike("admin", "аdmin")).toBe(true); // Cyrillic а
    expect(alike("admin", "АDMIN")).toBe(true); // Cyrillic А, upper case
    expect(alike("admin", "ａｄｍｉｎ")).toBe(true); // full-width
    expect(alike("admin", "αdmin")).toBe(true); // Greek alpha
    expect(alike("Ian", "lan")).toBe(true);
    expect(alike("mario", "rnario")).toBe(true);
    expect(alike("paolo", "pa0lo")).toBe(true);
    expect(alike("anna", "anne")).toBe(false);
    expect(alike("maria", "marla")).toBe(false);
    expect(alike("luca", "lucas")).toBe(false);
  });
});

describe("the forms' schemas", () => {
  it("refuse a password longer than any password can be, with a German message, instead of cutting it", () => {
    const long = "x".repeat(201);
    const change = changeSecondFactorSchema.safeParse({ current: long, code: "123456" });
    expect(change.success).toBe(false);
    expect(change.error?.issues[0]?.message).toBe("Das Passwort ist zu lang (höchstens 200 Zeichen).");
    const password = changePasswordSchema.safeParse({
      current: long,
      password: "a".repeat(12),
      repeat: "a".repeat(12),
    });
    expect(password.error?.issues.map((issue) => issue.message)).toContain(
      "Das Passwort ist zu lang (höchstens 200 Zeichen).",
    );
    expect(secondFactorSchema.safeParse({ code: "a".repeat(41) }).error?.issues[0]?.message).toBe(
      "Der Code ist zu lang.",
    );
  });

  it("take a new password only when it differs from the current one", () => {
    const same = changePasswordSchema.safeParse({
      current: "Lasagne am Sonntag",
      password: "Lasagne am Sonntag",
      repeat: "Lasagne am Sonntag",
    });
    expect(same.error?.issues[0]?.message).toBe("Das neue Passwort muss sich vom aktuellen unterscheiden.");
  });

  it("accept recovery codes old and new, as typed from a printout", () => {
    for (const code of ["abcd-efgh-jk", "0123-4567-89ab-cdef-ghjk-mnpq", "0123 4567 89AB CDEF GHJK MNPQ"])
      expect(secondFactorSchema.safeParse({ code }).success).toBe(true);
    for (const code of ["0123-4567-89ab", "abcd-efgh-j", "abcd_efgh_jk"])
      expect(secondFactorSchema.safeParse({ code }).success).toBe(false);
  });
});

describe.each(testDatabases())("first steps on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("a fresh installation requires no second factor, and nothing holds an account back", async () => {
    handle = await engine.open();
    expect(await readSecondFactorPolicy(handle.db)).toBe("off");
    const id = await createStaff(handle.db, "Chef");
    const token = await createSession(handle.db, id, null);
    expect((await findSession(handle.db, token))?.pending).toEqual([]);
    expect(await requireStaff(handle.db, requestWith(token), cookie)).toMatchObject({ userId: id });
  });

  it("the policy holds owners (or everyone) without a second factor on Mein Konto, until they set one up", async () => {
    handle = await engine.open();
    const owner = await createStaff(handle.db, "Chef");
    const staff = await createStaff(handle.db, "Luca");
    const ownerToken = await createSession(handle.db, owner, null);
    const staffToken = await createSession(handle.db, staff, null);
    const pendingOf = async (token: string) => (await findSession(handle.db, token))?.pending;

    await writeSecondFactorPolicy(handle.db, "owners");
    expect(await pendingOf(ownerToken)).toEqual(["set-up-second-factor"]);
    expect(await pendingOf(staffToken)).toEqual([]);
    // Every admin screen's guard sends it to Mein Konto (replacing the history entry); Mein Konto lets it in.
    const refused = await requireStaff(handle.db, requestWith(ownerToken), cookie).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(302);
    expect((refused as Response).headers.get("location")).toBe("/admin/konto");
    expect(
      await requireStaff(handle.db, requestWith(ownerToken), cookie, { allowPending: true }),
    ).toMatchObject({ userId: owner, pending: ["set-up-second-factor"] });

    await writeSecondFactorPolicy(handle.db, "everyone");
    expect(await pendingOf(staffToken)).toEqual(["set-up-second-factor"]);

    await turnOnSecondFactor(handle, owner);
    expect(await pendingOf(ownerToken)).toEqual([]);
    expect(await requireStaff(handle.db, requestWith(ownerToken), cookie)).toMatchObject({ userId: owner });

    await writeSecondFactorPolicy(handle.db, "off");
    expect(await pendingOf(staffToken)).toEqual([]);
  });

  it("passwords someone else chose must be changed: the first start's, an owner's for a new account or a reset", async () => {
    handle = await engine.open();
    const generated = await ensureStaffAccount(handle.db, undefined);
    if (generated.kind !== "generated") throw new Error("expected a generated password");
    const admin = await authenticateStaff(handle.db, "admin", generated.password);
    if (!admin) throw new Error("the generated password does not sign in");
    const adminToken = await createSession(handle.db, admin.id, null);
    expect((await findSession(handle.db, adminToken))?.pending).toEqual(["change-password"]);

    expect(
      await createAccount(handle.db, { username: "luca", password: "Tiramisu mit Espresso", role: "staff" }),
    ).toEqual({ outcome: "created" });
    const luca = (await listAccounts(handle.db)).find((account) => account.username === "luca");
    expect(luca?.mustChangePassword).toBe(true);
    const lucaId = luca?.id ?? 0;
    const lucaToken = await createSession(handle.db, lucaId, null);
    expect((await findSession(handle.db, lucaToken))?.pending).toEqual(["change-password"]);

    // Changing it to one's own frees the account; an owner's reset holds it again.
    const changed = await changeOwnPassword(
      handle.db,
      lucaId,
      "Tiramisu mit Espresso",
      "Panna cotta zum Dessert",
      null,
    );
    if (changed.verdict !== "changed") throw new Error(`expected a change, got ${changed.verdict}`);
    expect((await findSession(handle.db, changed.token))?.pending).toEqual([]);
    expect(await resetAccountPassword(handle.db, admin.id, lucaId, "Zabaione am Abend")).toBe("done");
    const again = await createSession(handle.db, lucaId, null);
    expect((await findSession(handle.db, again))?.pending).toEqual(["change-password"]);

    // Both at once: the password first, then the second factor the owners require.
    await writeSecondFactorPolicy(handle.db, "everyone");
    expect((await findSession(handle.db, again))?.pending).toEqual([
      "change-password",
      "set-up-second-factor",
    ]);
  });

  it("ADMIN_PASSWORD and the staff command's own passwords need no change; --temporary does", async () => {
    handle = await engine.open();
    await ensureStaffAccount(handle.db, { username: "Chef", password: "vom-betreiber-gewaehlt" });
    await setStaffPassword(handle.db, "Anna", "von-anna-selbst-getippt");
    await setStaffPassword(handle.db, "Marco", "fuer-marco-vorlaeufig", { mustChange: true });
    const accounts = await listAccounts(handle.db);
    expect(accounts.map((account) => [account.username, account.mustChangePassword])).toEqual([
      ["Anna", false],
      ["Chef", false],
      ["Marco", true],
    ]);
  });

  it("normalises names with NFKC and case-folding, at sign-in too, and refuses look-alikes of existing names", async () => {
    handle = await engine.open();
    await createStaff(handle.db, "admin");
    // Full-width letters are the same name: that account exists already.
    expect(
      await createAccount(handle.db, {
        username: "ａｄｍｉｎ",
        password: "ein langes passwort",
        role: "staff",
      }),
    ).toEqual({ outcome: "exists" });
    expect(
      await createAccount(handle.db, { username: "аdmin", password: "ein langes passwort", role: "owner" }),
    ).toEqual({ outcome: "lookalike", existing: "admin" });
    await expect(setStaffPassword(handle.db, "АDMIN", "ein langes passwort")).rejects.toBeInstanceOf(
      LookalikeUsernameError,
    );
    expect((await listAccounts(handle.db)).map((account) => account.username)).toEqual(["admin"]);

    // Sign-in finds the account under the same forms, and counts them as one name.
    expect(await authenticateStaff(handle.db, "ＡＤＭＩＮ", TEST_PASSWORD)).toBeDefined();
    for (const name of ["ａｄｍｉｎ", "ADMIN", "Ａdmin "])
      await signIn(
        handle.db,
        { username: name, password: "falsch-falsch", clientAddress: "203.0.113.7", userAgent: null },
        { wait: async () => {} },
      );
    const counters = await handle.db.selectFrom("login_throttle").select(["key", "attempts"]).execute();
    expect(counters.find((row) => row.key.startsWith("pair:"))).toMatchObject({ attempts: 3 });
    expect(counters.filter((row) => row.key.startsWith("pair:"))).toHaveLength(1);

    // A name that is new and unlike any other is stored in NFKC.
    expect(
      await createAccount(handle.db, {
        username: "Ｇｉｕｌｉａ",
        password: "ein langes passwort",
        role: "staff",
      }),
    ).toEqual({ outcome: "created" });
    expect((await listAccounts(handle.db)).map((account) => account.username)).toEqual(["admin", "Giulia"]);
  });

  it("recovery codes carry 120 bits; the shorter codes made before keep working and are counted", async () => {
    handle = await engine.open();
    const id = await createStaff(handle.db, "Chef");
    const codes = await turnOnSecondFactor(handle, id);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^([0-9a-hjkmnp-tv-z]{4}-){5}[0-9a-hjkmnp-tv-z]{4}$/);
    expect(new Set(codes).size).toBe(10);
    expect(await secondFactorState(handle.db, id)).toMatchObject({
      recoveryCodesLeft: 10,
      shortRecoveryCodesLeft: 0,
    });
    // Typed in capitals, with spaces, and 'O' for zero.
    const first = codes[0] ?? "";
    const typed = first.toUpperCase().replaceAll("-", " ").replaceAll("0", "O");
    expect(await verifySecondFactor(handle.db, id, typed)).toBe("recovery-code");

    // A code of the shorter kind, as stored before decision 0027.
    await handle.db
      .insertInto("staff_recovery_codes")
      .values({
        user_id: id,
        code_hash: createHash("sha256").update("abcdefghjk").digest("hex"),
        long_code: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await secondFactorState(handle.db, id)).toMatchObject({
      recoveryCodesLeft: 10,
      shortRecoveryCodesLeft: 1,
    });
    expect(await verifySecondFactor(handle.db, id, "ABCD-EFGH-JK")).toBe("recovery-code");
    expect(await secondFactorState(handle.db, id)).toMatchObject({
      recoveryCodesLeft: 9,
      shortRecoveryCodesLeft: 0,
    });
  });

  it("checks one's own password whole: what follows the 200th character is not dropped", async () => {
    handle = await engine.open();
    const password = "p".repeat(200);
    const id = await createStaff(handle.db, "Chef", password);
    expect(await confirmOwnPassword(handle.db, id, `${password}und-noch-mehr`)).toEqual({ verdict: "wrong" });
    expect(await confirmOwnPassword(handle.db, id, password)).toEqual({ verdict: "right" });
  });
});
