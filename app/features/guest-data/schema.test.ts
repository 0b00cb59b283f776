import { describe, expect, it } from "vitest";
import { checkGuestTerm, guestDataMessages as M, phoneKey } from "./schema.ts";

describe("the search term of 'Gastdaten'", () => {
  it("refuses an empty term, a missing one and one of spaces with the same message", () => {
    for (const value of ["", "   ", null, undefined])
      expect(checkGuestTerm(value)).toEqual({ ok: false, message: M.empty });
    expect(M.empty).toBe("Bitte geben Sie eine E-Mail-Adresse oder Telefonnummer ein.");
  });

  it("refuses what is neither an e-mail address nor a phone number of five digits or more", () => {
    for (const value of [
      "Anna Berg",
      "anna@",
      "@example.de",
      "anna@example",
      "1234",
      "+49 12",
      "0170 12x4567",
    ])
      expect(checkGuestTerm(value), value).toEqual({ ok: false, message: M.malformed });
  });

  it("refuses more than 254 characters, even as digits", () => {
    expect(checkGuestTerm("1".repeat(255))).toEqual({ ok: false, message: M.tooLong });
    expect(checkGuestTerm(`${"a".repeat(244)}@example.de`)).toEqual({ ok: false, message: M.tooLong });
    expect(checkGuestTerm(`${"a".repeat(64)}@${"b".repeat(63)}.de`).ok).toBe(true);
  });

  it("takes an e-mail address trimmed and in lower case, keeping what was typed to show", () => {
    expect(checkGuestTerm("  Anna.Berg@Example.DE ")).toEqual({
      ok: true,
      term: { kind: "email", email: "anna.berg@example.de", shown: "Anna.Berg@Example.DE" },
    });
  });

  it("takes a phone number as its digits, '+49' and '0049' written as the trunk zero", () => {
    const keys = [
      "0170 1234567",
      "0170/123 45 67",
      "(0170) 123-4567",
      "+49 170 1234567",
      "+49 (0)170 1234567",
      "0049 170 1234567",
      "0170.123.45.67",
    ].map(phoneKey);
    expect(new Set(keys)).toEqual(new Set(["01701234567"]));
    expect(checkGuestTerm(" +49 170 1234567 ")).toEqual({
      ok: true,
      term: { kind: "phone", key: "01701234567", shown: "+49 170 1234567" },
    });
  });

  it("keeps other countries' numbers apart from German ones", () => {
    expect(phoneKey("+43 1 2345678")).toBe("004312345678");
    expect(phoneKey("0043 1 2345678")).toBe("004312345678");
    expect(phoneKey("01 2345678")).toBe("012345678");
  });
});
