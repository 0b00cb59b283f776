import { describe, expect, it } from "vitest";
import {
  HashingBusyError,
  MAX_CONCURRENT_HASHES,
  MAX_WAITING_HASHES,
  hashPassword,
  hashingLoad,
  verifyAgainstDecoy,
  verifyPassword,
  withHashSlot,
} from "./password.server.ts";

describe("password hashing", () => {
  it("stores scrypt with OWASP parameters and a random salt, never the password", async () => {
    const first = await hashPassword("Margherita-2026");
    const second = await hashPassword("Margherita-2026");
    expect(first).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toContain("Margherita");
    expect(first).not.toBe(second);
  });

  it("accepts the right password and refuses a wrong or malformed one", async () => {
    const stored = await hashPassword("Tiramisù-ohne-Ende");
    expect(await verifyPassword("Tiramisù-ohne-Ende", stored)).toBe(true);
    expect(await verifyPassword("tiramisù-ohne-ende", stored)).toBe(false);
    expect(await verifyPassword("Tiramisù-ohne-Ende", "plain-text")).toBe(false);
    expect(await verifyAgainstDecoy("irgendwas")).toBe(false);
  });

  it("treats composed and decomposed umlauts as the same password", async () => {
    const stored = await hashPassword("Grüße-aus-Tübingen");
    expect(await verifyPassword("Gru\u0308ße-aus-Tu\u0308bingen", stored)).toBe(true);
  });
});

describe("password-check slots", () => {
  it("runs at most two checks at once, queues a few, and refuses beyond the queue", async () => {
    const releases: Array<() => void> = [];
    const work = () => new Promise<void>((resolve) => releases.push(resolve));
    const started = Array.from({ length: MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES }, () =>
      withHashSlot(work),
    );
    expect(hashingLoad()).toEqual({ running: MAX_CONCURRENT_HASHES, waiting: MAX_WAITING_HASHES });
    expect(releases).toHaveLength(MAX_CONCURRENT_HASHES);
    await expect(withHashSlot(work)).rejects.toBeInstanceOf(HashingBusyError);
    // Each finished check hands its slot to the next one waiting.
    while (releases.length > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(started);
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
