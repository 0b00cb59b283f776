import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  otpauthUri,
  stepAt,
  totpCode,
  verifyTotp,
} from "./totp.server.ts";

// RFC 6238, appendix B: the SHA-1 secret is the ASCII "12345678901234567890"; the RFC's 8-digit
// codes end in these six digits.
const rfcSecret = base32Encode(Buffer.from("12345678901234567890"));
const rfcVectors: Array<[number, string]> = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
  [20000000000, "353130"],
];

describe("one-time passwords (RFC 6238)", () => {
  it("gives the RFC's test codes", () => {
    for (const [seconds, code] of rfcVectors) expect(totpCode(rfcSecret, stepAt(seconds * 1000))).toBe(code);
  });

  it("encodes base32 both ways, and makes 160-bit secrets", () => {
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Decode("MZXW6YTBOI").toString()).toBe("foobar");
    expect(base32Decode(generateTotpSecret())).toHaveLength(20);
  });

  it("accepts one step of drift either way, never a step at or before the last one used", () => {
    const time = 1_800_000_000_000;
    const step = stepAt(time);
    const secret = generateTotpSecret();
    expect(verifyTotp(secret, totpCode(secret, step), time, null)).toBe(step);
    expect(verifyTotp(secret, totpCode(secret, step - 1), time, null)).toBe(step - 1);
    expect(verifyTotp(secret, totpCode(secret, step + 1), time, null)).toBe(step + 1);
    expect(verifyTotp(secret, totpCode(secret, step - 2), time, null)).toBeUndefined();
    expect(verifyTotp(secret, totpCode(secret, step + 2), time, null)).toBeUndefined();
    // The same code again (replayed) is refused.
    expect(verifyTotp(secret, totpCode(secret, step), time, step)).toBeUndefined();
    expect(
      verifyTotp(
        secret,
        `${totpCode(secret, step).slice(0, 3)} ${totpCode(secret, step).slice(3)}`,
        time,
        null,
      ),
    ).toBe(step);
    expect(verifyTotp(secret, "12345", time, null)).toBeUndefined();
    expect(verifyTotp(secret, "abcdef", time, null)).toBeUndefined();
  });

  it("writes the otpauth address authenticator apps read", () => {
    expect(otpauthUri("Ristorante Tavola", "anna", "ABC")).toBe(
      "otpauth://totp/Ristorante%20Tavola%3Aanna?secret=ABC&issuer=Ristorante+Tavola&algorithm=SHA1&digits=6&period=30",
    );
  });
});
