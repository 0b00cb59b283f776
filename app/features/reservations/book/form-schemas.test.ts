import { describe, expect, it } from "vitest";
import { contentDefaults } from "../../../common/content/defaults.ts";
import { reservationMessages as M } from "./terms.ts";
import {
  searchableName,
  staffReservationSchema,
  validateReservationRequest,
  withFormerStaffNames,
} from "./form-schemas.ts";

const hours = contentDefaults["global.opening_hours"];
const now = new Date("2026-11-24T09:15:00Z");
const valid = {
  name: "Jürgen Müller",
  email: "j.mueller@example.de",
  phone: "",
  date: "2026-11-27",
  time: "18:00",
  party_size: "2",
  notes: "",
  website: "",
  request_token: "abc_DEF-123",
};
const check = (values: Partial<typeof valid>) =>
  validateReservationRequest({ ...valid, ...values }, { hours, now });

describe("the guest's request schema", () => {
  it("accepts a complete request; empty optional fields become null; '8+ Personen' is 8", () => {
    const result = check({ party_size: "8" });
    expect(result).toMatchObject({
      success: true,
      data: { name: "Jürgen Müller", phone: null, notes: null, party_size: 8, request_token: "abc_DEF-123" },
    });
  });

  it("answers missing required fields as 'Fehlende Angaben'", () => {
    const result = check({ name: " ", email: "", date: "", time: "" });
    expect(result.success).toBe(false);
    expect(!result.success && result.missing).toBe(true);
    expect(!result.success && Object.keys(result.fieldErrors).sort()).toEqual([
      "date",
      "email",
      "name",
      "time",
    ]);
  });

  it.each([
    ["a 10 kB name", { name: "a".repeat(10_000) }, "name", "Der Name darf höchstens 120 Zeichen lang sein."],
    [
      "a name with a line break",
      { name: "Max\r\nBcc: x@y.de" },
      "name",
      "Der Name enthält unzulässige Zeichen.",
    ],
    [
      "an invalid e-mail",
      { email: "kein-at-zeichen" },
      "email",
      "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    ],
    [
      "a party size of -3",
      { party_size: "-3" },
      "party_size",
      "Bitte wählen Sie eine gültige Personenanzahl.",
    ],
    [
      "a party size of 2.5",
      { party_size: "2.5" },
      "party_size",
      "Bitte wählen Sie eine gültige Personenanzahl.",
    ],
    ["a party size of 9", { party_size: "9" }, "party_size", "Bitte wählen Sie eine gültige Personenanzahl."],
    ["the date 'morgen'", { date: "morgen" }, "date", "Bitte geben Sie ein gültiges Datum ein."],
    ["the date 2026-02-30", { date: "2026-02-30" }, "date", "Bitte geben Sie ein gültiges Datum ein."],
    ["a time that is no slot", { time: "18:15" }, "time", "Bitte wählen Sie eine der angebotenen Uhrzeiten."],
    [
      "a past date",
      { date: "2026-11-20" },
      "date",
      "Das Datum liegt in der Vergangenheit. Bitte wählen Sie einen späteren Tag.",
    ],
    [
      "a Monday",
      { date: "2026-11-30" },
      "date",
      "Am Montag haben wir Ruhetag. Bitte wählen Sie einen anderen Tag.",
    ],
    [
      "a phone number with letters",
      { phone: "call me" },
      "phone",
      "Bitte geben Sie eine gültige Telefonnummer ein (Ziffern, Leerzeichen, + / ( ) -).",
    ],
    [
      "2 kB of wishes",
      { notes: "x".repeat(2000) },
      "notes",
      "Ihre Wünsche dürfen höchstens 1000 Zeichen lang sein.",
    ],
  ])("refuses %s with a German message", (_, values, field, message) => {
    const result = check(values);
    expect(result.success).toBe(false);
    expect(!result.success && result.missing).toBe(false);
    expect(!result.success && result.fieldErrors[field as keyof typeof result.fieldErrors]).toBe(message);
  });

  it("drops a form key that is not a plain token instead of storing it", () => {
    expect(check({ request_token: "<script>" })).toMatchObject({
      success: true,
      data: { request_token: "" },
    });
  });
});

describe("the staff form's schema", () => {
  // The form's fields are named as the guest's (one vocabulary, decision 0051); what the schema gives
  // the store is named as the table's columns.
  const staff = {
    name: "Gast",
    email: "",
    phone: "",
    date: "2026-11-30",
    time: "19:15",
    party_size: "12",
    status: "CONFIRMED",
    notes: "",
  };

  it("takes any real date and time and larger parties; e-mail optional", () => {
    expect(staffReservationSchema.parse(staff)).toEqual({
      customer_name: "Gast",
      email: null,
      phone_number: null,
      reservation_date: "2026-11-30",
      reservation_time: "19:15",
      party_size: 12,
      status: "CONFIRMED",
      notes: null,
    });
  });

  it.each([
    [{ name: "" }, "name", "Name ist erforderlich"],
    [{ email: "nope" }, "email", "Bitte geben Sie eine gültige E-Mail-Adresse ein."],
    [{ time: "25:00" }, "time", "Bitte geben Sie eine gültige Uhrzeit ein (HH:MM)."],
    [{ party_size: "0" }, "party_size", "Die Personenanzahl muss eine ganze Zahl von 1 bis 100 sein."],
    [{ status: "DONE" }, "status", "Bitte wählen Sie einen Status."],
  ])("refuses %j", (values, field, message) => {
    const result = staffReservationSchema.safeParse({ ...staff, ...values });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });
});

describe("the staff forms' former field names (decision 0051)", () => {
  const form = (entries: Array<[string, string]>) => {
    const data = new FormData();
    for (const [key, value] of entries) data.append(key, value);
    return data;
  };

  it("are read as the new names, the rest of the form kept", () => {
    const sent = form([
      ["intent", "create"],
      ["customer_name", "Gast"],
      ["phone_number", "0711 1"],
      ["reservation_date", "2026-11-30"],
      ["reservation_time", "19:15"],
      ["party_size", "2"],
    ]);
    expect([...withFormerStaffNames(sent).entries()]).toEqual([
      ["intent", "create"],
      ["name", "Gast"],
      ["phone", "0711 1"],
      ["date", "2026-11-30"],
      ["time", "19:15"],
      ["party_size", "2"],
    ]);
  });

  it("give way to a new name sent beside them, and leave a form without them as it is", () => {
    const both = form([
      ["name", "Neu"],
      ["customer_name", "Alt"],
    ]);
    expect(withFormerStaffNames(both)).toBe(both);
    const plain = form([["name", "Gast"]]);
    expect(withFormerStaffNames(plain)).toBe(plain);
  });
});

it("the search column folds umlauts as German does", () => {
  expect(searchableName("ÜBEL Öztürk ÄRGER")).toBe("übel öztürk ärger");
});

describe("the largest online group (decision 0031)", () => {
  const request = (party_size: string) => ({ ...valid, party_size });

  it("takes up to the largest group and refuses one more", () => {
    expect(validateReservationRequest(request("12"), { hours, now, largestParty: 12 }).success).toBe(true);
    expect(validateReservationRequest(request("13"), { hours, now, largestParty: 12 })).toMatchObject({
      success: false,
      fieldErrors: { party_size: M.partySizeInvalid },
    });
    expect(validateReservationRequest(request("5"), { hours, now, largestParty: 4 }).success).toBe(false);
    expect(validateReservationRequest(request("8"), { hours, now }).success).toBe(true);
    expect(validateReservationRequest(request("9"), { hours, now }).success).toBe(false);
  });
});
