import { describe, expect, it } from "vitest";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./password.server.ts";

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
