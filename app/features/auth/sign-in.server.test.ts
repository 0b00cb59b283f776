import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../lib/db.server.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { TEST_PASSWORD, createStaff } from "../../../tests/support/staff.ts";
import { findSession } from "./session.server.ts";
import { signIn } from "./sign-in.server.ts";
import { loginThrottleRules, lockedFor, loginThrottleKeys, recordFailure } from "./throttle.server.ts";

const attempt = (
  db: DatabaseHandle["db"],
  username: string,
  password: string,
  clientAddress = "203.0.113.7",
  previousToken?: string,
) => signIn(db, { username, password, clientAddress, userAgent: "Vitest", previousToken });

describe.each(testDatabases())("sign-in on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("answers empty fields with the spec's messages", async () => {
    handle = await engine.open();
    expect(await attempt(handle.db, "  ", "")).toEqual({
      kind: "invalid",
      fieldErrors: {
        username: "Bitte geben Sie einen Benutzernamen ein",
        password: "Bitte geben Sie ein Passwort ein",
      },
    });
  });

  it("gives the same answer for an unknown user and a wrong password, and signs in case-insensitively", async () => {
    handle = await engine.open();
    await createStaff(handle.db, "Giulia");
    expect(await attempt(handle.db, "niemand", TEST_PASSWORD)).toEqual({ kind: "rejected" });
    expect(await attempt(handle.db, "Giulia", "falsch")).toEqual({ kind: "rejected" });
    const result = await attempt(handle.db, " giulia ", TEST_PASSWORD);
    expect(result).toMatchObject({ kind: "signed-in", username: "Giulia" });
  });

  it("starts a new session at sign-in and ends the one the browser had", async () => {
    handle = await engine.open();
    await createStaff(handle.db, "Marco");
    const first = await attempt(handle.db, "Marco", TEST_PASSWORD);
    if (first.kind !== "signed-in") throw new Error("expected sign-in");
    const second = await attempt(handle.db, "Marco", TEST_PASSWORD, "203.0.113.7", first.token);
    if (second.kind !== "signed-in") throw new Error("expected sign-in");
    expect(second.token).not.toBe(first.token);
    expect(await findSession(handle.db, first.token)).toBeUndefined();
    expect(await findSession(handle.db, second.token)).toBeDefined();
  });

  it("locks a username after repeated failures, even with the right password, until the lock runs out", async () => {
    handle = await engine.open();
    await createStaff(handle.db, "Sofia");
    for (let i = 0; i < loginThrottleRules.username.maxFailures; i++) {
      // Each failure from another address: the per-username rule is what locks.
      expect(await attempt(handle.db, "Sofia", "falsch", `198.51.100.${i}`)).toEqual({ kind: "rejected" });
    }
    const locked = await attempt(handle.db, "Sofia", TEST_PASSWORD, "198.51.100.200");
    expect(locked.kind).toBe("throttled");
    if (locked.kind === "throttled") expect(locked.retryAfterSeconds).toBeGreaterThan(14 * 60);
    const later = new Date(Date.now() + loginThrottleRules.username.lockMs + 1000);
    expect(await lockedFor(handle.db, loginThrottleKeys("198.51.100.200", "Sofia"), later)).toBe(0);
  });

  it("locks a client address that tries many usernames", async () => {
    handle = await engine.open();
    await createStaff(handle.db, "Paolo");
    for (let i = 0; i < loginThrottleRules.address.maxFailures; i++) {
      await attempt(handle.db, `raten-${i}`, "falsch", "192.0.2.44");
    }
    expect((await attempt(handle.db, "Paolo", TEST_PASSWORD, "192.0.2.44")).kind).toBe("throttled");
    expect((await attempt(handle.db, "Paolo", TEST_PASSWORD, "192.0.2.45")).kind).toBe("signed-in");
  });

  it("forgets earlier failures after a successful sign-in and after the window", async () => {
    handle = await engine.open();
    await createStaff(handle.db, "Elena");
    const keys = loginThrottleKeys("192.0.2.9", "Elena");
    for (let i = 0; i < loginThrottleRules.username.maxFailures - 1; i++)
      await attempt(handle.db, "Elena", "falsch", "192.0.2.9");
    expect((await attempt(handle.db, "Elena", TEST_PASSWORD, "192.0.2.9")).kind).toBe("signed-in");
    expect(await handle.db.selectFrom("login_throttle").selectAll().execute()).toEqual([]);
    // Failures spread wider than the window never lock.
    const start = Date.now();
    for (let i = 0; i < loginThrottleRules.username.maxFailures + 2; i++) {
      await recordFailure(
        handle.db,
        keys,
        new Date(start + i * (loginThrottleRules.username.windowMs / 2 + 1000)),
      );
    }
    expect(await lockedFor(handle.db, keys, new Date(start + 100 * 60_000))).toBe(0);
  });
});
