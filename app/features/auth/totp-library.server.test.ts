import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  stepAt,
  totpCode,
  verifyTotp,
} from "./totp.server.ts";

/**
 * The codes come from `otpauth` (decision 0048). These hold its answers to RFC 4226 written out with
 * node:crypto, so an update of the library that changes a code fails here, not at a sign-in.
 */
function referenceCode(secret: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac("sha1", secret).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 15;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

describe("one-time passwords through otpauth", () => {
  it("gives RFC 4226's codes for any secret and step", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        (bytes, step) => {
          const secret = Buffer.from(bytes);
          expect(totpCode(base32Encode(secret), step)).toBe(referenceCode(secret, step));
          expect(base32Decode(base32Encode(secret))).toEqual(secret);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads secrets as people copy them, and refuses what is not base32", () => {
    expect(base32Decode("mzxw 6ytb\noi==").toString()).toBe("foobar");
    expect(() => base32Decode("MZXW6YTB01")).toThrow("Ungültiges Base32");
    expect(() => base32Decode("MZXW6YTBÖI")).toThrow("Ungültiges Base32");
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const time = 1_800_000_000_000;
    expect(verifyTotp(secret.toLowerCase(), totpCode(secret, stepAt(time)), time, null)).toBe(stepAt(time));
  });

  it("accepts a newer step of the window when an older one was used", () => {
    const secret = generateTotpSecret();
    const time = 1_800_000_000_000;
    const now = stepAt(time);
    expect(verifyTotp(secret, totpCode(secret, now + 1), time, now)).toBe(now + 1);
    expect(verifyTotp(secret, totpCode(secret, now), time, now - 1)).toBe(now);
    expect(verifyTotp(secret, totpCode(secret, now + 1), time, now + 1)).toBeUndefined();
  });
});
