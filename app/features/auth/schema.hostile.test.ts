import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileText } from "../../../tests/support/hostile-input.ts";
import { isCleanLine } from "../../lib/text-rules.ts";
import {
  changePasswordSchema,
  changeSecondFactorSchema,
  confirmSecondFactorSchema,
  loginSchema,
  newAccountSchema,
  normalizeUsername,
  resetPasswordSchema,
  secondFactorPolicies,
  secondFactorPolicySchema,
  secondFactorSchema,
} from "./schema.ts";

/**
 * Hostile input to the sign-in and account forms (decision 0025), property-based: the schemas never
 * throw, refuse with German messages only (never Zod's English defaults), and let through only names
 * and codes that are safe to look up and store.
 */
const runs = Number(process.env.HOSTILE_RUNS ?? 200);
// What `formText` hands the schemas: every field a string, missing ones empty.
const value = fc.oneof(
  hostileText,
  fc.constant(""),
  fc.constant("123456"),
  fc.constant("abcd-efgh-jk"),
  fc.constant("0123-4567-89ab-cdef-ghjk-mnpq"),
  fc.constant("ａｄｍｉｎ"),
);
const englishDefault = /^(Invalid|Expected|Too (big|small)|Required|Unrecognized)/;

const forms = [
  ["Anmeldung", loginSchema, fc.record({ username: value, password: value })],
  ["Code bei der Anmeldung", secondFactorSchema, fc.record({ code: value })],
  ["Passwort ändern", changePasswordSchema, fc.record({ current: value, password: value, repeat: value })],
  [
    "Neues Konto",
    newAccountSchema,
    fc.record({ username: value, password: value, role: fc.oneof(value, fc.constantFrom("owner", "staff")) }),
  ],
  ["Passwort zurücksetzen", resetPasswordSchema, fc.record({ password: value })],
  ["Zwei-Faktor einschalten", confirmSecondFactorSchema, fc.record({ current: value, code: value })],
  ["Zwei-Faktor ausschalten", changeSecondFactorSchema, fc.record({ current: value, code: value })],
  [
    "Zwei-Faktor-Anmeldung Pflicht",
    secondFactorPolicySchema,
    fc.record({ policy: fc.oneof(value, fc.constantFrom(...secondFactorPolicies)) }),
  ],
] as const;

describe("hostile input to the sign-in and account forms", () => {
  it.each(forms)("%s: never throws, German messages, only clean names and codes", (_name, schema, input) => {
    fc.assert(
      fc.property(input, (candidate) => {
        const result = schema.safeParse(candidate);
        if (!result.success) {
          for (const issue of result.error.issues) expect(issue.message).not.toMatch(englishDefault);
          return;
        }
        const data = result.data as Record<string, unknown>;
        for (const key of ["username", "code"])
          if (typeof data[key] === "string") expect(isCleanLine(data[key])).toBe(true);
        if ("code" in data) expect(String(data.code)).toMatch(/^(\d{3} ?\d{3}|[a-z0-9 -]{10,40})$/i);
        // Names are kept in NFKC, and their folded form fits the column (decision 0027).
        if (typeof data.username === "string" && "role" in data) {
          expect(data.username).toBe(data.username.normalize("NFKC"));
          expect(normalizeUsername(data.username).length).toBeLessThanOrEqual(100);
        }
        // Passwords are refused past 200 characters, never cut (decision 0027).
        for (const key of ["current", "password"])
          if (typeof data[key] === "string") expect((data[key] as string).length).toBeLessThanOrEqual(200);
      }),
      { numRuns: runs },
    );
  });
});
