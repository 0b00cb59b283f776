import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { TEST_PASSWORD, createStaff } from "../../../tests/support/staff.ts";
import { findSession } from "./session.server.ts";
import { signIn, type SignInDependencies } from "./sign-in.server.ts";
import { authenticateStaff, findStaffByUsername } from "./staff.server.ts";
import { HashingBusyError } from "./password.server.ts";
import { addressBucket } from "../../lib/address-bucket.ts";
import { countAttempt, resetSweepClock, signInKeys, signInLimits, sweepExpired } from "./throttle.server.ts";

const noWait = async () => {};

/**
 * scrypt costs about 0.1 s per check (more on a busy machine); tests that make dozens of attempts
 * use this stand-in, which accepts exactly TEST_PASSWORD for an existing account.
 */
const quickAuthenticate: SignInDependencies["authenticate"] = async (db, username, password) =>
  password === TEST_PASSWORD ? findStaffByUsername(db, username) : undefined;

const attempt = (
  db: DatabaseHandle["db"],
  username: string,
  password: string,
  clientAddress = "203.0.113.7",
  previousToken?: string,
) => signIn(db, { username, password, clientAddress, userAgent: "Vitest", previousToken }, { wait: noWait });

describe.each(testDatabases())("sign-in on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("answers empty fields with their German messages", async () => {
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

  it("locks a username only from the address that guessed, even for the right password", async () => {
    handle = await engine.open();
    await createStaff(handle.db, "Sofia");
    for (let i = 0; i < signInLimits.pair.maxAttempts; i++) {
      expect(await attempt(handle.db, "Sofia", "falsch", "198.51.100.1")).toEqual({ kind: "rejected" });
    }
    const locked = await attempt(handle.db, "Sofia", TEST_PASSWORD, "198.51.100.1");
    expect(locked.kind).toBe("throttled");
    if (locked.kind === "throttled") expect(locked.retryAfterSeconds).toBeGreaterThan(14 * 60);
    // The owner, elsewhere, is not locked out by the attacker's failures.
    expect((await attempt(handle.db, "Sofia", TEST_PASSWORD, "198.51.100.2")).kind).toBe("signed-in");
  });

  it("checks at most 5 of 40 parallel guesses for one username from one address", async () => {
    handle = await engine.open();
    await createStaff(handle.db, "admin");
    let checked = 0;
    const authenticate: SignInDependencies["authenticate"] = async (db, username, password) => {
      checked++;
      return authenticateStaff(db, username, password);
    };
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        signIn(
          handle.db,
          { username: "admin", password: "falsch", clientAddress: "203.0.113.66", userAgent: null },
          { authenticate, wait: noWait },
        ),
      ),
    );
    expect(checked).toBeLessThanOrEqual(signInLimits.pair.maxAttempts);
    expect(results.filter((result) => result.kind === "throttled").length).toBeGreaterThanOrEqual(35);
    expect(results.filter((result) => result.kind === "rejected").length).toBe(checked);
  });

  it("keeps the right password working from a fresh address while admin is under attack, only slower", async () => {
    handle = await engine.open();
    await createStaff(handle.db, "admin");
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
    };
    // 20 addresses, 5 guesses each: every pair is locked, the username is far past its limit.
    for (let host = 1; host <= 20; host++) {
      for (let i = 0; i < signInLimits.pair.maxAttempts; i++) {
        await signIn(
          handle.db,
          { username: "admin", password: `rate-${i}`, clientAddress: `192.0.2.${host}`, userAgent: null },
          { wait, authenticate: quickAuthenticate },
        );
      }
    }
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBe(signInLimits.slowdown.maxMs);
    waits.length = 0;
    const owner = await signIn(
      handle.db,
      { username: "admin", password: TEST_PASSWORD, clientAddress: "203.0.113.200", userAgent: null },
      { wait },
    );
    expect(owner.kind).toBe("signed-in");
    expect(waits).toEqual([signInLimits.slowdown.maxMs]);
    // From now on that address is known to the account: no slowdown for its owner.
    waits.length = 0;
    const again = await signIn(
      handle.db,
      { username: "admin", password: TEST_PASSWORD, clientAddress: "203.0.113.200", userAgent: null },
      { wait },
    );
    expect(again.kind).toBe("signed-in");
    expect(waits).toEqual([]);
  });

  it("never refuses the owner's right password at an address they signed in from before", async () => {
    handle = await engine.open();
    await createStaff(handle.db, "admin");
    const shared = "203.0.113.50"; // e.g. the restaurant's guest Wi-Fi
    const fromShared = (password: string, username = "admin") =>
      signIn(
        handle.db,
        { username, password, clientAddress: shared, userAgent: null },
        { authenticate: quickAuthenticate, wait: noWait },
      );
    expect((await fromShared(TEST_PASSWORD)).kind).toBe("signed-in");
    // Someone on the same network guesses admin and other names well past both limits.
    for (let i = 0; i < 12; i++) await fromShared(`rate-${i}`);
    for (let i = 0; i < 12; i++) await fromShared("falsch", `raten-${i}`);
    expect((await fromShared(TEST_PASSWORD)).kind).toBe("signed-in");
  });

  it("counts an IPv6 /64 as one address", () => {
    expect(signInKeys("2001:db8:1:2:aaaa::1", "x").address).toBe(
      signInKeys("2001:db8:1:2:ffff:1:2:3", "x").address,
    );
    expect(signInKeys("2001:db8:1:2::1", "x").address).not.toBe(signInKeys("2001:db8:1:3::1", "x").address);
    expect(addressBucket("2001:0db8:0000:0002:0000:0000:0000:0001")).toBe("2001:db8:0:2::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("198.51.100.7")).toBe("198.51.100.7");
  });

  it("answers 'throttled' when every password-check slot is taken", async () => {
    handle = await engine.open();
    const busy: SignInDependencies["authenticate"] = async () => {
      throw new HashingBusyError();
    };
    const result = await signIn(
      handle.db,
      { username: "admin", password: "x", clientAddress: "192.0.2.77", userAgent: null },
      { authenticate: busy },
    );
    expect(result).toEqual({ kind: "throttled", retryAfterSeconds: 5 });
  });

  it("locks a client address that tries many usernames", async () => {
    handle = await engine.open();
    await createStaff(handle.db, "Paolo");
    for (let i = 0; i < signInLimits.address.maxAttempts; i++) {
      await signIn(
        handle.db,
        { username: `raten-${i}`, password: "falsch", clientAddress: "192.0.2.44", userAgent: null },
        { authenticate: quickAuthenticate },
      );
    }
    expect((await attempt(handle.db, "Paolo", TEST_PASSWORD, "192.0.2.44")).kind).toBe("throttled");
    expect((await attempt(handle.db, "Paolo", TEST_PASSWORD, "192.0.2.45")).kind).toBe("signed-in");
  });

  it("starts counting again after a successful sign-in and after the window", async () => {
    handle = await engine.open();
    await createStaff(handle.db, "Elena");
    for (let i = 0; i < signInLimits.pair.maxAttempts - 1; i++)
      await attempt(handle.db, "Elena", "falsch", "192.0.2.9");
    expect((await attempt(handle.db, "Elena", TEST_PASSWORD, "192.0.2.9")).kind).toBe("signed-in");
    const keys = signInKeys("192.0.2.9", "Elena");
    const left = await handle.db.selectFrom("login_throttle").select("key").orderBy("key").execute();
    expect(left.map((row) => row.key)).toEqual([keys.known, keys.username].sort());
    // Attempts spread wider than the window never lock.
    const start = Date.now();
    for (let i = 0; i < signInLimits.pair.maxAttempts + 3; i++) {
      const verdict = await countAttempt(
        handle.db,
        signInKeys("192.0.2.10", "Elena"),
        new Date(start + i * (signInLimits.pair.windowMs / 2 + 1000)),
      );
      expect(verdict.refusedForMs).toBe(0);
    }
  });

  it("deletes the counters of invented usernames once they expire", async () => {
    handle = await engine.open();
    const start = new Date();
    for (let i = 0; i < 30; i++)
      await countAttempt(handle.db, signInKeys(`198.51.100.${i}`, `erfunden-${i}`), start);
    const count = async () =>
      Number(
        (
          await handle.db
            .selectFrom("login_throttle")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // A pair, an address and a username row per invented attempt.
    expect(await count()).toBe(90);
    resetSweepClock();
    expect(await sweepExpired(handle.db, new Date(start.getTime() + signInLimits.pair.windowMs - 1000))).toBe(
      0,
    );
    resetSweepClock();
    expect(await sweepExpired(handle.db, new Date(start.getTime() + signInLimits.pair.windowMs + 1000))).toBe(
      90,
    );
    expect(await count()).toBe(0);
  });
});
