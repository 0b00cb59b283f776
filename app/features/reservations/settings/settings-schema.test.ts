import { describe, expect, it } from "vitest";
import { addDays } from "../../../lib/calendar.ts";
import { readSettingsDraft, settingsFormFields, applyListEdit, parseListEdit } from "./settings-form.ts";
import {
  reservationSettingsSchema,
  seatsSummary,
  settingsDraftOf,
  settingsMessages as M,
  validateSettings,
  withoutPast,
  type SettingsDraft,
} from "./settings-schema.ts";
import { DEFAULT_SETTINGS } from "../book/reservation-settings.ts";

const today = "2026-11-20";

const draft = (change: Partial<SettingsDraft> = {}): SettingsDraft => ({
  ...settingsDraftOf(DEFAULT_SETTINGS),
  ...change,
});
const closure = (from: string, to: string, note = "") => ({ from, to, note });
const exception = (date: string, opens = "17:00", closes = "21:00", note = "") => ({
  date,
  opens,
  closes,
  note,
});

/** The messages of a refused form, by field. */
function refusal(values: SettingsDraft) {
  const result = validateSettings(values, today);
  if (result.success) throw new Error("expected a refusal");
  return result.fieldErrors;
}

describe("the settings form's schema", () => {
  it("takes the defaults as they are: nothing limited, nothing automatic", () => {
    expect(validateSettings(draft(), today)).toEqual({ success: true, settings: DEFAULT_SETTINGS });
    expect(seatsSummary(DEFAULT_SETTINGS)).toBe("Noch keine Plätze festgelegt");
  });

  it("takes a full form and orders its lists by date", () => {
    const result = validateSettings(
      draft({
        totalSeats: "10",
        onlineSeats: " 6 ",
        arrivalsPerSlot: "12",
        autoConfirmUpTo: "2",
        reminderHour: "",
        leadMinutes: "1440",
        horizonMonths: "12",
        areaWish: "ja",
        closures: [closure("2027-08-01", "2027-08-21", "Betriebsferien"), closure(today, today)],
        exceptions: [exception("2026-12-31", "18:00", "00:00"), exception("2026-12-24")],
      }),
      today,
    );
    expect(result).toEqual({
      success: true,
      settings: {
        ...DEFAULT_SETTINGS,
        totalSeats: 10,
        onlineSeats: 6,
        arrivalsPerSlot: 12,
        autoConfirmUpTo: 2,
        reminderHour: null,
        leadMinutes: 1440,
        horizonMonths: 12,
        areaWish: true,
        closures: [closure(today, today), closure("2027-08-01", "2027-08-21", "Betriebsferien")],
        // A closing time of 00:00 is midnight at the end of the day.
        exceptions: [exception("2026-12-24"), exception("2026-12-31", "18:00", "24:00")],
      },
    });
    if (result.success) expect(seatsSummary(result.settings)).toBe("10 Plätze, davon 6 online");
  });

  it("takes a closure that has begun and not yet ended", () => {
    expect(validateSettings(draft({ closures: [closure("2026-11-01", today)] }), today).success).toBe(true);
  });

  it.each([
    ["a fraction", { totalSeats: "2.5" }, "totalSeats", M.wholeNumber],
    ["a word", { arrivalsPerSlot: "viele" }, "arrivalsPerSlot", M.wholeNumber],
    ["an exponent", { totalSeats: "1e2" }, "totalSeats", M.wholeNumber],
    ["a negative number", { totalSeats: "-4" }, "totalSeats", M.negative],
    [
      "a negative duration",
      { stayMinutes: { small: "-90", medium: "120", large: "150" } },
      "stayMinutes.small",
      M.negative,
    ],
    ["0 seats", { totalSeats: "0" }, "totalSeats", M.seatsAtLeastOne],
    ["0 online seats", { totalSeats: "10", onlineSeats: "0" }, "onlineSeats", M.seatsAtLeastOne],
    [
      "a duration of 0",
      { stayMinutes: { small: "90", medium: "0", large: "150" } },
      "stayMinutes.medium",
      M.stayAtLeastOne,
    ],
    [
      "an empty duration",
      { stayMinutes: { small: "90", medium: "120", large: "" } },
      "stayMinutes.large",
      M.stayRequired,
    ],
    [
      "a duration over 12 hours",
      { stayMinutes: { small: "721", medium: "120", large: "150" } },
      "stayMinutes.small",
      M.stayAtMost,
    ],
    [
      "more online seats than seats",
      { totalSeats: "10", onlineSeats: "11" },
      "onlineSeats",
      M.onlineAboveSeats(10),
    ],
    ["online seats without seats", { onlineSeats: "6" }, "onlineSeats", M.onlineWithoutSeats],
    ["0 arrivals", { arrivalsPerSlot: "0" }, "arrivalsPerSlot", M.arrivalsAtLeastOne],
    ["no largest group", { largestOnlineParty: "" }, "largestOnlineParty", M.largestPartyRange],
    ["a largest group over 100", { largestOnlineParty: "101" }, "largestOnlineParty", M.largestPartyRange],
    ["a lead time not offered", { leadMinutes: "45" }, "leadMinutes", M.leadInvalid],
    ["13 months", { horizonMonths: "13" }, "horizonMonths", M.horizonInvalid],
    ["0 months", { horizonMonths: "0" }, "horizonMonths", M.horizonInvalid],
    [
      "auto-confirm above the largest group",
      { autoConfirmUpTo: "9" },
      "autoConfirmUpTo",
      M.autoConfirmAboveLargest(8),
    ],
    ["auto-confirm for 0 people", { autoConfirmUpTo: "0" }, "autoConfirmUpTo", M.autoConfirmInvalid],
    ["a reminder at 24:00", { reminderHour: "24" }, "reminderHour", M.reminderInvalid],
    ["a reminder at 10.5", { reminderHour: "10.5" }, "reminderHour", M.reminderInvalid],
    ["an area wish neither on nor off", { areaWish: "vielleicht" }, "areaWish", M.areaWishInvalid],
    ["notes kept 0 days", { notesEraseDays: "0" }, "notesEraseDays", M.notesEraseInvalid],
    [
      "anonymised after 100 months",
      { anonymiseAfterMonths: "100" },
      "anonymiseAfterMonths",
      M.anonymiseInvalid,
    ],
    [
      "a range ending before it starts",
      { closures: [closure("2026-12-10", "2026-12-01")] },
      "closures.0.to",
      M.rangeBackwards,
    ],
    [
      "a range in the past",
      { closures: [closure("2026-11-01", "2026-11-19")] },
      "closures.0.to",
      M.rangePast,
    ],
    [
      "a closure without its first day",
      { closures: [closure("", "2026-12-01")] },
      "closures.0.from",
      M.dateRequired,
    ],
    [
      "a closure on 30 February",
      { closures: [closure("2027-02-30", "2027-03-01")] },
      "closures.0.from",
      M.dateInvalid,
    ],
    ["an exception in the past", { exceptions: [exception("2026-11-19")] }, "exceptions.0.date", M.datePast],
    [
      "a closing time before opening",
      { exceptions: [exception("2026-12-24", "21:00", "17:00")] },
      "exceptions.0.closes",
      M.closesBeforeOpens,
    ],
    [
      "a closing time equal to opening",
      { exceptions: [exception("2026-12-24", "17:00", "17:00")] },
      "exceptions.0.closes",
      M.closesBeforeOpens,
    ],
    [
      "an opening time that is no time",
      { exceptions: [exception("2026-12-24", "25:00")] },
      "exceptions.0.opens",
      M.timeInvalid,
    ],
    [
      "a date twice among the exceptions",
      { exceptions: [exception("2026-12-24"), exception("2026-12-24", "12:00", "15:00")] },
      "exceptions.1.date",
      M.dateTwice,
    ],
    [
      "a note over 200 characters",
      { closures: [closure(today, today, "x".repeat(201))] },
      "closures.0.note",
      M.noteTooLong,
    ],
    [
      "a note with a line break",
      { exceptions: [exception("2026-12-24", "17:00", "21:00", "a\nb")] },
      "exceptions.0.note",
      M.noteInvalid,
    ],
    [
      "101 closures",
      { closures: Array.from({ length: 101 }, () => closure(today, today)) },
      "closures",
      M.tooManyClosures,
    ],
    [
      "101 exceptions",
      { exceptions: Array.from({ length: 101 }, (_, day) => exception(addDays("2027-01-01", day))) },
      "exceptions",
      M.tooManyExceptions,
    ],
  ] as const)("refuses %s", (_, change, field, message) => {
    expect(refusal(draft(change as Partial<SettingsDraft>))[field]).toBe(message);
  });

  it("takes 200 characters of note, 100 rows, auto-confirm up to the largest group, 12 hours", () => {
    const result = validateSettings(
      draft({
        stayMinutes: { small: "720", medium: "720", large: "720" },
        largestOnlineParty: "4",
        autoConfirmUpTo: "4",
        closures: Array.from({ length: 100 }, () => closure(today, today, "x".repeat(200))),
      }),
      today,
    );
    expect(result.success).toBe(true);
  });
});

describe("the form as it is sent", () => {
  it("reads what the screen sends back into the same draft", () => {
    const values = draft({
      totalSeats: "10",
      closures: [closure("2026-12-01", "2026-12-02", "Umbau")],
      exceptions: [exception("2026-12-24")],
    });
    const form = new FormData();
    for (const [name, value] of settingsFormFields(values)) form.append(name, value);
    expect(readSettingsDraft(form)).toEqual(values);
  });

  it("keeps one row more than a list holds, however many are forged", () => {
    const form = new FormData();
    for (let index = 0; index < 500; index += 1) form.append(`closures.${index}.from`, today);
    expect(readSettingsDraft(form).closures).toHaveLength(101);
  });

  it("adds and removes rows by the list buttons' intents, and knows no other", () => {
    const values = draft({
      closures: [closure("2026-12-01", "2026-12-02"), closure("2027-01-01", "2027-01-02")],
    });
    const remove = parseListEdit("list:remove:closures:0");
    if (!remove) throw new Error("intent");
    expect(applyListEdit(values, remove).closures).toEqual([closure("2027-01-01", "2027-01-02")]);
    const add = parseListEdit("list:add:exceptions");
    if (!add) throw new Error("intent");
    expect(applyListEdit(values, add).exceptions).toEqual([exception("", "", "", "")]);
    expect(parseListEdit("list:remove:closures")).toBeUndefined();
    expect(parseListEdit("list:drop:closures:1")).toBeUndefined();
  });

  it("leaves out closures and exceptions that are over", () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      closures: [closure("2026-11-01", "2026-11-19"), closure("2026-11-01", today)],
      exceptions: [exception("2026-11-19"), exception(today)],
    };
    expect(withoutPast(settings, today)).toEqual({
      ...DEFAULT_SETTINGS,
      closures: [closure("2026-11-01", today)],
      exceptions: [exception(today)],
    });
  });
});

describe("the settings form's messages at once", () => {
  it("shows the rules between fields beside a refused field, and survives a form of the wrong shape", () => {
    const errors = refusal(
      draft({
        totalSeats: "0",
        onlineSeats: "3",
        closures: [closure("2026-12-10", "2026-12-01"), closure("kein Datum", "2026-12-01")],
        exceptions: [exception("2026-12-24", "21:00", "17:00")],
      }),
    );
    expect(errors).toEqual({
      totalSeats: M.seatsAtLeastOne,
      "closures.0.to": M.rangeBackwards,
      "closures.1.from": M.dateInvalid,
      "exceptions.0.closes": M.closesBeforeOpens,
    });
    expect(reservationSettingsSchema(today).safeParse(null).success).toBe(false);
    expect(reservationSettingsSchema(today).safeParse({ closures: [null] }).success).toBe(false);
  });
});
