import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileText } from "../../../tests/support/hostile-input.ts";
import { isCleanLine } from "../../lib/text-rules.ts";
import {
  changePasswordSchema,
  codeSchema,
  loginSchema,
  newAccountSchema,
  resetPasswordSchema,
  secondFactorSchema,
} from "./schema.ts";

/**
 * Hostile input to the sign-in and account forms (decision 0025), property-based: the schemas never
 * throw, refuse with German messages only (never Zod's English defaults), and let through only names
 * and codes that are safe to look up and store.
 */
const runs = Number(process.env.HOSTILE_RUNS ?? 200);
// What `formText` hands the schemas: every field a string, missing ones empty.
const value = fc.oneof(hostileText, fc.constant(""), fc.constant("123456"), fc.constant("abcd-efgh-jk"));
const englishDefault = /^(Invalid|Expected|Too (big|small)|Required|Unrecognized)/;

const forms = [
  ["Anmeldung", loginSchema, fc.record({ username: value, password: value })],
  ["Code bei der Anmeldung", secondFactorSchema, fc.record({ code: value })],
  ["Code zum Einrichten", codeSchema, fc.record({ code: value })],
  ["Passwort ändern", changePasswordSchema, fc.record({ current: value, password: value, repeat: value })],
  [
    "Neues Konto",
    newAccountSchema,
    fc.record({ username: value, password: value, role: fc.oneof(value, fc.constantFrom("owner", "staff")) }),
  ],
  ["Passwort zurücksetzen", resetPasswordSchema, fc.record({ password: value })],
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
        if ("code" in data)
          expect(String(data.code)).toMatch(/^(\d{3} ?\d{3}|[a-z0-9]{4}-?[a-z0-9]{4}-?[a-z0-9]{2})$/i);
      }),
      { numRuns: runs },
    );
  });
});
