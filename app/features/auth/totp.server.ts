import { HOTP, Secret, TOTP } from "otpauth";

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226): HMAC-SHA1, 30-second steps, six digits —
 * what every authenticator app reads from an `otpauth://` QR code. A code is accepted one step
 * early or late (clocks drift), and never in a step at or before the last one accepted. The
 * arithmetic, the HMAC and the constant-time comparison are `otpauth`'s (decision 0048); this file
 * keeps the project's rules around them.
 */
export const STEP_SECONDS = 30;

export const base32Encode = (bytes: Buffer): string =>
  // A copy: a small Buffer is a view into Node's shared pool, and Secret takes a whole ArrayBuffer.
  new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;

/**
 * Tolerant of what people copy — spaces, line breaks, padding anywhere, lower case — and strict
 * about anything else (`otpauth` drops only spaces and trailing padding).
 */
function secretOf(text: string): Secret {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  if (!/^[A-Z2-7]*$/.test(clean)) throw new Error("Ungültiges Base32");
  return Secret.fromBase32(clean);
}

export const base32Decode = (text: string): Buffer => Buffer.from(secretOf(text).bytes);

/** 160 random bits, the length RFC 4226 recommends for HMAC-SHA1. */
export const generateTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const stepAt = (time: number): number => TOTP.counter({ period: STEP_SECONDS, timestamp: time });

/** The code of one time step (RFC 4226's dynamic truncation). */
export const totpCode = (secret: string, step: number): string =>
  HOTP.generate({ secret: secretOf(secret), counter: step });

/** Six digits, spaces allowed (apps show '123 456'). */
export const normalizeCode = (input: string): string => input.replace(/\s+/g, "");

/**
 * The step the code belongs to when it is right for `time` (one step of drift either way) and
 * newer than `lastStep`; otherwise undefined.
 */
export function verifyTotp(
  secret: string,
  input: string,
  time: number,
  lastStep: number | null,
): number | undefined {
  const token = normalizeCode(input);
  if (!/^\d{6}$/.test(token)) return undefined;
  const key = secretOf(secret);
  const now = stepAt(time);
  // Step by step (window 0), oldest first, rather than the library's symmetric window: that one
  // stops at the first step that matches, which may be one already used while a newer step of the
  // window matches too.
  for (const step of [now - 1, now, now + 1]) {
    if (lastStep !== null && step <= lastStep) continue;
    if (HOTP.validate({ token, secret: key, counter: step, window: 0 }) === 0) return step;
  }
  return undefined;
}

/**
 * What the QR code says: the issuer and account shown in the app, and the secret. Not
 * `TOTP#toString`: that one writes the secret re-encoded from its bytes and the parameters in
 * another order and escaping — valid too, but not the form this file has always written.
 */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({ secret, issuer, algorithm: "SHA1", digits: "6", period: "30" });
  return `otpauth://totp/${label}?${query.toString()}`;
}
