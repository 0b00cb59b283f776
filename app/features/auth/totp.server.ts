import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226): HMAC-SHA1, 30-second steps, six digits —
 * what every authenticator app reads from an `otpauth://` QR code. A code is accepted one step
 * early or late (clocks drift), and never in a step at or before the last one accepted.
 */
export const STEP_SECONDS = 30;
const DIGITS = 6;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let text = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return text;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const character of clean) {
    const index = BASE32.indexOf(character);
    if (index < 0) throw new Error("Ungültiges Base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** 160 random bits, the length RFC 4226 recommends for HMAC-SHA1. */
export const generateTotpSecret = (): string => base32Encode(randomBytes(20));

export const stepAt = (time: number): number => Math.floor(time / 1000 / STEP_SECONDS);

/** The code of one time step (RFC 4226's dynamic truncation). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 15;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, "0");
}

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
  const code = normalizeCode(input);
  if (!/^\d{6}$/.test(code)) return undefined;
  const now = stepAt(time);
  for (const step of [now - 1, now, now + 1]) {
    if (lastStep !== null && step <= lastStep) continue;
    if (timingSafeEqual(Buffer.from(totpCode(secret, step)), Buffer.from(code))) return step;
  }
  return undefined;
}

/** What the QR code says: the issuer and account shown in the app, and the secret. */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({ secret, issuer, algorithm: "SHA1", digits: "6", period: "30" });
  return `otpauth://totp/${label}?${query.toString()}`;
}
