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
  deviceOf,
  endOtherSessions,
  endSession,
  listAccounts,
  listSessions,
  removeAccount,
  resetAccountPassword,
  resetAccountSecondFactor,
  secondFactorState,
  verifySecondFactor,
} from "./accounts.server.ts";
import {
  COMMON_PASSWORD_MESSAGE,
  PASSWORD_IS_NAME_MESSAGE,
  passwordProblem,
} from "./password-policy.server.ts";
import { createSession, findSession, hashToken } from "./session.server.ts";
import { completeSecondFactor, signIn } from "./sign-in.server.ts";
import { authenticateStaff, setStaffPassword } from "./staff.server.ts";
import { STEP_SECONDS, stepAt, totpCode } from "./totp.server.ts";

const noWait = async () => {};

describe("the password rules", () => {
  it("refuse the most common passwords (any case) and the account's own name; accept a long sentence", () => {
    expect(passwordProblem("1234567890", "anna")).toBe(COMMON_PASSWORD_MESSAGE);
    expect(passwordProblem("QWERTYUIOP", "anna")).toBe(COMMON_PASSWORD_MESSAGE);
    expect(passwordProblem("Password123", "anna")).toBe(COMMON_PASSWORD_MESSAGE);
    expect(passwordProblem("Annabella-Rossi", "annabella-rossi")).toBe(PASSWORD_IS_NAME_MESSAGE);
    expect(passwordProblem("Lasagne am Sonntag 2026", "anna")).toBeUndefined();
  });

  it("tell devices apart by their user agent", () => {
    expect(
      deviceOf(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
      ),
    ).toBe("Chrome auf Windows");
    expect(deviceOf("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe(
      "Firefox auf Linux",
    );
    expect(deviceOf(null)).toBe("Unbekanntes Gerät");
  });
});

describe.each(testDatabases())("staff accounts on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("the first account is an owner, later ones staff; only owners' changes of others count", async () => {
    handle = await engine.open();
    const owner = await createStaff(handle.db, "Chef");
    const staff = await createStaff(handle.db, "Luca");
    expect((await listAccounts(handle.db)).map((account) => [account.username, account.role])).toEqual([
      ["Chef", "owner"],
      ["Luca", "staff"],
    ]);
    expect(
      await createAccount(handle.db, { username: "luca", password: "ein langes passwort", role: "staff" }),
    ).toEqual({ outcome: "exists" });
    expect(await removeAccount(handle.db, owner, owner)).toBe("self");
    expect(await resetAccountPassword(handle.db, owner, owner, "neues-passwort-1")).toBe("self");
    expect(await removeAccount(handle.db, owner, 999_999)).toBe("not-found");

    const token = await createSession(handle.db, staff, "Vitest");
    expect(await resetAccountPassword(handle.db, owner, staff, "Panna cotta zum Dessert")).toBe("done");
    expect(await findSession(handle.db, token)).toBeUndefined();
    expect(await authenticateStaff(handle.db, "Luca", "Panna cotta zum Dessert")).toBeDefined();
    expect(await removeAccount(handle.db, owner, staff)).toBe("done");
    expect(await authenticateStaff(handle.db, "Luca", "Panna cotta zum Dessert")).toBeUndefined();
  });

  it("never removes the last owner", async () => {
    handle = await engine.open();
    const first = await createStaff(handle.db, "Chef");
    await createAccount(handle.db, { username: "Zweite", password: "ein langes passwort", role: "owner" });
    const second = (await listAccounts(handle.db)).find((account) => account.username === "Zweite")?.id ?? 0;
    expect(await removeAccount(handle.db, second, first)).toBe("done");
    // A removed owner's leftover session cannot remove the remaining one; nor can the last owner go.
    expect(await removeAccount(handle.db, first, second)).toBe("last-owner");
  });

  it("changing one's password needs the current one, signs out every other device and renews this one's session", async () => {
    handle = await engine.open();
    const id = await createStaff(handle.db, "Chef");
    const here = await createSession(handle.db, id, "hier");
    const there = await createSession(handle.db, id, "dort");
    expect(await changeOwnPassword(handle.db, id, "falsch", "Lasagne am Sonntag", "hier")).toEqual({
      verdict: "wrong",
    });
    expect(await findSession(handle.db, here)).toBeDefined();
    const changed = await changeOwnPassword(handle.db, id, TEST_PASSWORD, "Lasagne am Sonntag", "hier");
    if (changed.verdict !== "changed") throw new Error(`expected a change, got ${changed.verdict}`);
    // Every old token is worth nothing; this device goes on with the new one.
    expect(await findSession(handle.db, here)).toBeUndefined();
    expect(await findSession(handle.db, there)).toBeUndefined();
    expect(await findSession(handle.db, changed.token)).toBeDefined();
    expect(await authenticateStaff(handle.db, "Chef", "Lasagne am Sonntag")).toBeDefined();
    // ADMIN_PASSWORD at the next start does not undo a password staff chose (decision 0009).
    const row = await handle.db
      .selectFrom("staff_users")
      .select("password_set_by")
      .where("id", "=", id)
      .executeTakeFirst();
    expect(row?.password_set_by).toBe("staff");
  });

  it("a stolen session cannot guess the current password: five checks per quarter hour, then none", async () => {
    handle = await engine.open();
    const id = await createStaff(handle.db, "Chef");
    const verdicts = [];
    for (let n = 0; n < 5; n += 1)
      verdicts.push((await confirmOwnPassword(handle.db, id, `rate-mal-${n}`)).verdict);
    expect(verdicts).toEqual(["wrong", "wrong", "wrong", "wrong", "wrong"]);
    const sixth = await confirmOwnPassword(handle.db, id, TEST_PASSWORD);
    expect(sixth).toMatchObject({ verdict: "throttled" });
    // Another account is not affected.
    const other = await createStaff(handle.db, "Luca");
    expect(await confirmOwnPassword(handle.db, other, TEST_PASSWORD)).toEqual({ verdict: "right" });
  });

  it("lists one's own sessions and ends only one's own", async () => {
    handle = await engine.open();
    const anna = await createStaff(handle.db, "Anna");
    const marco = await createStaff(handle.db, "Marco");
    const here = await createSession(handle.db, anna, "Mozilla/5.0 (Macintosh) Safari/605");
    const phone = await createSession(handle.db, anna, "Mozilla/5.0 (Android 15) Chrome/131.0");
    const marcos = await createSession(handle.db, marco, "Vitest");
    const sessions = await listSessions(handle.db, anna, hashToken(here));
    expect(sessions.map((session) => [session.device, session.current]).sort()).toEqual([
      ["Chrome auf Android", false],
      ["Safari auf macOS", true],
    ]);
    expect(await endSession(handle.db, anna, hashToken(marcos))).toBe(false);
    expect(await findSession(handle.db, marcos)).toBeDefined();
    expect(await endSession(handle.db, anna, hashToken(phone))).toBe(true);
    expect(await findSession(handle.db, phone)).toBeUndefined();
    await createSession(handle.db, anna, "noch eins");
    expect(await endOtherSessions(handle.db, anna, hashToken(here))).toBe(1);
    expect(await findSession(handle.db, here)).toBeDefined();
    expect(await findSession(handle.db, marcos)).toBeDefined();
  });

  it("second factor: on only after a right code; codes once each; recovery codes once each, stored hashed", async () => {
    handle = await engine.open();
    const id = await createStaff(handle.db, "Chef");
    const secret = await beginSecondFactor(handle.db, id);
    expect(await secondFactorState(handle.db, id)).toMatchObject({ enabled: false, pendingSecret: secret });
    const now = Date.now();
    expect(await confirmSecondFactor(handle.db, id, "000000", now)).toBeUndefined();
    const codes = await confirmSecondFactor(handle.db, id, totpCode(secret, stepAt(now)), now);
    expect(codes).toHaveLength(10);
    expect(await secondFactorState(handle.db, id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const stored = await handle.db.selectFrom("staff_recovery_codes").select("code_hash").execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(codes?.[0]);

    // The code that switched it on cannot be used again; the next step's can, once.
    expect(await verifySecondFactor(handle.db, id, totpCode(secret, stepAt(now)), now)).toBeUndefined();
    const later = now + STEP_SECONDS * 1000;
    expect(await verifySecondFactor(handle.db, id, totpCode(secret, stepAt(later)), later)).toBe("code");
    expect(await verifySecondFactor(handle.db, id, totpCode(secret, stepAt(later)), later)).toBeUndefined();

    const recovery = codes?.[3] ?? "";
    expect(await verifySecondFactor(handle.db, id, recovery.toUpperCase().replaceAll("-", " "), later)).toBe(
      "recovery-code",
    );
    expect(await verifySecondFactor(handle.db, id, recovery, later)).toBeUndefined();
    expect((await secondFactorState(handle.db, id)).recoveryCodesLeft).toBe(9);

    // Two uses of one recovery code at the same moment: one wins.
    const twice = await Promise.all([
      verifySecondFactor(handle.db, id, codes?.[5] ?? "", later),
      verifySecondFactor(handle.db, id, codes?.[5] ?? "", later),
    ]);
    expect(twice.filter((result) => result === "recovery-code")).toHaveLength(1);

    const owner = await createStaff(handle.db, "Zweiter");
    await handle.db.updateTable("staff_users").set({ role: "owner" }).where("id", "=", owner).execute();
    expect(await resetAccountSecondFactor(handle.db, owner, id)).toBe("done");
    expect(await secondFactorState(handle.db, id)).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
  });

  it("sign-in with a second factor: the password opens only the code step; five wrong codes close it", async () => {
    handle = await engine.open();
    const id = await createStaff(handle.db, "Chef");
    const secret = await beginSecondFactor(handle.db, id);
    const start = Date.now();
    await confirmSecondFactor(handle.db, id, totpCode(secret, stepAt(start)), start);

    const first = await signIn(
      handle.db,
      { username: "Chef", password: TEST_PASSWORD, clientAddress: "203.0.113.9", userAgent: "Vitest" },
      { wait: noWait },
    );
    if (first.kind !== "second-factor") throw new Error(`expected the code step, got ${first.kind}`);
    expect(await handle.db.selectFrom("staff_sessions").select("id").execute()).toEqual([]);
    const step = (code: string, time = new Date()) =>
      completeSecondFactor(
        handle.db,
        { challengeToken: first.challengeToken, code, clientAddress: "203.0.113.9", userAgent: "Vitest" },
        time,
      );
    expect(await step("abc")).toMatchObject({ kind: "invalid" });
    expect(await step("000 000")).toMatchObject({ kind: "wrong-code", attemptsLeft: 4 });
    const later = new Date(start + STEP_SECONDS * 1000);
    const done = await step(totpCode(secret, stepAt(later.getTime())), later);
    expect(done).toMatchObject({ kind: "signed-in", username: "Chef", usedRecoveryCode: false });
    // The challenge is spent.
    expect(await step(totpCode(secret, stepAt(later.getTime()) + 1), later)).toEqual({ kind: "expired" });

    const second = await signIn(
      handle.db,
      { username: "Chef", password: TEST_PASSWORD, clientAddress: "203.0.113.9", userAgent: "Vitest" },
      { wait: noWait },
    );
    if (second.kind !== "second-factor") throw new Error("expected the code step");
    const wrong = (code: string) =>
      completeSecondFactor(handle.db, {
        challengeToken: second.challengeToken,
        code,
        clientAddress: "203.0.113.9",
        userAgent: "Vitest",
      });
    const answers = [];
    for (let n = 0; n < 6; n += 1) answers.push((await wrong("999999")).kind);
    expect(answers).toEqual(["wrong-code", "wrong-code", "wrong-code", "wrong-code", "expired", "expired"]);
    // An unknown or made-up challenge opens nothing.
    expect(
      await completeSecondFactor(handle.db, {
        challengeToken: undefined,
        code: "123456",
        clientAddress: "203.0.113.9",
        userAgent: "Vitest",
      }),
    ).toEqual({ kind: "expired" });
  });

  it("codes are limited per account across sign-ins and addresses; a reset factor or password closes open sign-ins", async () => {
    handle = await engine.open();
    const id = await createStaff(handle.db, "Chef");
    const secret = await beginSecondFactor(handle.db, id);
    const start = Date.now();
    await confirmSecondFactor(handle.db, id, totpCode(secret, stepAt(start)), start);
    const challengeFrom = async (address: string) => {
      const result = await signIn(
        handle.db,
        { username: "Chef", password: TEST_PASSWORD, clientAddress: address, userAgent: "Vitest" },
        { wait: noWait },
      );
      if (result.kind !== "second-factor") throw new Error(`expected the code step, got ${result.kind}`);
      return result.challengeToken;
    };
    const guess = (token: string, address: string) =>
      completeSecondFactor(
        handle.db,
        { challengeToken: token, code: "999999", clientAddress: address, userAgent: "Vitest" },
        new Date(),
        noWait,
      );
    const kinds: string[] = [];
    // Five addresses, two guesses each: ten codes; the eleventh is refused from a sixth address.
    for (let n = 0; n < 5; n += 1) {
      const address = `2001:db8:${n}::1`;
      const token = await challengeFrom(address);
      kinds.push((await guess(token, address)).kind, (await guess(token, address)).kind);
    }
    expect(kinds.every((kind) => kind === "wrong-code")).toBe(true);
    const last = await challengeFrom("2001:db8:99::1");
    expect(await guess(last, "2001:db8:99::1")).toMatchObject({ kind: "throttled" });

    // The day's limit holds when the quarter hour's is fresh: 50 codes today already.
    await handle.db.deleteFrom("rate_limit_counters").execute();
    const now = new Date();
    await handle.db
      .insertInto("rate_limit_counters")
      .values({
        key: `second-factor-day:${id}`,
        hits: 50,
        window_started_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      })
      .execute();
    const today = await challengeFrom("2001:db8:98::1");
    expect(await guess(today, "2001:db8:98::1")).toMatchObject({ kind: "throttled" });

    // A sign-in waiting for its code ends when an owner resets the password or the second factor.
    await handle.db.deleteFrom("rate_limit_counters").execute();
    const owner = await createStaff(handle.db, "Zweiter");
    await handle.db.updateTable("staff_users").set({ role: "owner" }).where("id", "=", owner).execute();
    const open = await challengeFrom("203.0.113.50");
    expect(await resetAccountPassword(handle.db, owner, id, TEST_PASSWORD)).toBe("done");
    expect(await guess(open, "203.0.113.50")).toEqual({ kind: "expired" });
    const again = await challengeFrom("203.0.113.51");
    await handle.db.updateTable("staff_users").set({ totp_secret: null }).where("id", "=", id).execute();
    expect(await guess(again, "203.0.113.51")).toEqual({ kind: "expired" });
  });

  it("the staff command keeps making the first account an owner", async () => {
    handle = await engine.open();
    await setStaffPassword(handle.db, "erste", "ein langes passwort");
    await setStaffPassword(handle.db, "zweite", "ein langes passwort");
    expect((await listAccounts(handle.db)).map((account) => account.role)).toEqual(["owner", "staff"]);
  });
});
