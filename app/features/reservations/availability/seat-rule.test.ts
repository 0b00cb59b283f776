import { describe, expect, it } from "vitest";
import { addDays } from "../../../lib/calendar.ts";
import { contentDefaults } from "../../../common/content/defaults.ts";
import {
  availabilityProblem,
  dayOptions,
  freeSeatsBetween,
  freeSeatsPerService,
  isAvailable,
  limitsRoom,
  nextDatesWithRoom,
  seatsHeldAt,
  type DayOptions,
  type DayQuestion,
  type HeldReservation,
} from "./seat-rule.ts";
import { TIME_SLOTS, type TimeSlot } from "../book/terms.ts";
import { dayAvailability, slotProblem } from "../book/opening-rule.ts";
import { DEFAULT_SETTINGS, type ReservationSettings } from "../book/reservation-settings.ts";

const hours = contentDefaults["global.opening_hours"];
// 2026-11-24 is a Tuesday; 10:15 in Berlin (CET, UTC+1). Mondays are 'Ruhetag'.
const now = new Date("2026-11-24T09:15:00Z");
const WEDNESDAY = "2026-11-25";
const MONDAY = "2026-11-30";

/** The settings of a restaurant with limits, no lead time unless a test sets one. */
const settingsWith = (changes: Partial<ReservationSettings>): ReservationSettings => ({
  ...DEFAULT_SETTINGS,
  leadMinutes: 0,
  ...changes,
});

const ask = (question: Partial<DayQuestion>): DayOptions =>
  dayOptions({
    date: WEDNESDAY,
    partySize: 2,
    hours,
    held: [],
    now,
    settings: settingsWith({}),
    ...question,
  });

const free = (options: DayOptions): TimeSlot[] =>
  options.kind === "open" ? options.times.filter((option) => option.free).map((option) => option.time) : [];

const reasonAt = (options: DayOptions, time: TimeSlot) =>
  options.kind === "open" ? options.times.find((option) => option.time === time) : undefined;

const lunch = TIME_SLOTS.filter((slot) => slot < "17:00");

describe("how long a reservation holds its seats", () => {
  const settings = settingsWith({ onlineSeats: 10 });

  it("holds 2 people from 18:00 until 19:30 and 5 people until 20:30", () => {
    const two = [{ time: "18:00", partySize: 2 }];
    expect(seatsHeldAt(settings, two, "17:59")).toBe(0);
    expect(seatsHeldAt(settings, two, "18:00")).toBe(2);
    expect(seatsHeldAt(settings, two, "19:29")).toBe(2);
    expect(seatsHeldAt(settings, two, "19:30")).toBe(0);
    const five = [{ time: "18:00", partySize: 5 }];
    expect(seatsHeldAt(settings, five, "20:29")).toBe(5);
    expect(seatsHeldAt(settings, five, "20:30")).toBe(0);
    // Overlapping stays add up.
    expect(seatsHeldAt(settings, [...two, ...five, { time: "19:00", partySize: 3 }], "19:15")).toBe(10);
  });

  it("checks every moment of the new guest's stay, not only its start", () => {
    // 5 people from 18:00 until 20:30 leave one seat of six: a pair fits only where its stay misses them.
    const options = ask({
      settings: settingsWith({ onlineSeats: 6 }),
      held: [{ time: "18:00", partySize: 5 }],
    });
    expect(free(options)).toEqual([...lunch, "20:30", "21:00", "21:30"]);
    // 17:00 for two lasts until 18:30: it runs into the 18:00 table although 17:00 itself is empty.
    expect(reasonAt(options, "17:00")).toEqual({ time: "17:00", free: false, reason: "full" });
    // Staff may put a table at 18:15, between two slots: it holds five seats until 20:45.
    const quarter = ask({
      settings: settingsWith({ onlineSeats: 6 }),
      held: [{ time: "18:15", partySize: 5 }],
    });
    expect(reasonAt(quarter, "17:00")?.free).toBe(false);
    expect(reasonAt(quarter, "20:30")?.free).toBe(false); // 18:15 + 150 minutes = 20:45
    expect(reasonAt(quarter, "21:00")?.free).toBe(true);
  });

  it("ends every stay at midnight", () => {
    const long = settingsWith({ onlineSeats: 10, stayMinutes: { small: 300, medium: 300, large: 300 } });
    const late = [{ time: "21:30", partySize: 2 }];
    expect(seatsHeldAt(long, late, "23:59")).toBe(2);
    // Not carried over to the small hours of the same day.
    expect(seatsHeldAt(long, late, "00:00")).toBe(0);
    expect(seatsHeldAt(long, late, "01:00")).toBe(0);
    expect(free(ask({ settings: long, held: late, partySize: 9 }))).toEqual(lunch);
  });
});

describe("the evening's states (decision 0034)", () => {
  const settings = settingsWith({ onlineSeats: 10 });

  it("an arrived party holds its seats like a confirmed one; a completed one and a no-show hold nothing", () => {
    const at = (status: HeldReservation["status"]) =>
      seatsHeldAt(settings, [{ time: "18:00", partySize: 4, status }], "18:30");
    expect(at("ARRIVED")).toBe(4);
    expect(at("CONFIRMED")).toBe(4);
    expect(at("COMPLETED")).toBe(0);
    expect(at("NO_SHOW")).toBe(0);
  });

  it("a party still seated after its stay holds its seats until the time it is known to sit", () => {
    // Two people from 18:00 stay until 19:30; still at the table at 20:00, they hold until 20:30.
    const late = [{ time: "18:00", partySize: 2, status: "ARRIVED" as const, seatedUntil: 20 * 60 + 30 }];
    expect(seatsHeldAt(settings, late, "20:29")).toBe(2);
    expect(seatsHeldAt(settings, late, "20:30")).toBe(0);
    // An earlier minute than its stay's end does not shorten the stay.
    const early = [{ time: "18:00", partySize: 2, status: "ARRIVED" as const, seatedUntil: 18 * 60 + 10 }];
    expect(seatsHeldAt(settings, early, "19:29")).toBe(2);
  });
});

describe("capacity and pacing", () => {
  it("takes a party that fills the online seats exactly, not one person more", () => {
    const settings = settingsWith({ onlineSeats: 10 });
    const held = [{ time: "19:00", partySize: 8 }];
    expect(reasonAt(ask({ settings, held, partySize: 2 }), "19:00")).toEqual({ time: "19:00", free: true });
    expect(reasonAt(ask({ settings, held, partySize: 3 }), "19:00")).toEqual({
      time: "19:00",
      free: false,
      reason: "full",
    });
    expect(
      availabilityProblem({ date: WEDNESDAY, time: "19:00", partySize: 3, settings, hours, held, now }),
    ).toEqual({ field: "time", message: "Diese Uhrzeit ist gerade ausgebucht." });
    expect(isAvailable({ date: WEDNESDAY, time: "19:00", partySize: 2, settings, hours, held, now })).toBe(
      true,
    );
  });

  it("limits the guests arriving in one slot, counting arrivals up to the next slot", () => {
    const settings = settingsWith({ arrivalsPerSlot: 6 });
    const held = [{ time: "19:00", partySize: 4 }];
    expect(reasonAt(ask({ settings, held, partySize: 2 }), "19:00")?.free).toBe(true);
    expect(reasonAt(ask({ settings, held, partySize: 3 }), "19:00")).toEqual({
      time: "19:00",
      free: false,
      reason: "pacing",
    });
    // Seats are plenty (no limit): the neighbouring slots take the same party.
    expect(reasonAt(ask({ settings, held, partySize: 3 }), "18:30")?.free).toBe(true);
    expect(reasonAt(ask({ settings, held, partySize: 3 }), "19:30")?.free).toBe(true);
    // A table staff put at 19:15 arrives in the 19:00 slot.
    const quarter = ask({ settings, held: [{ time: "19:15", partySize: 4 }], partySize: 3 });
    expect(reasonAt(quarter, "19:00")?.free).toBe(false);
    expect(reasonAt(quarter, "19:30")?.free).toBe(true);
  });

  it("says a day is fully booked when no time is left for the party", () => {
    const settings = settingsWith({ onlineSeats: 4 });
    const held = [
      { time: "11:30", partySize: 4 },
      { time: "13:00", partySize: 4 },
      { time: "17:00", partySize: 4 },
      { time: "19:00", partySize: 4 },
      { time: "21:00", partySize: 4 },
    ];
    const full = ask({ settings, held });
    expect(full).toMatchObject({
      kind: "full",
      message: "An diesem Tag sind online keine Plätze mehr frei.",
    });
    // The day's times stay named, none free: a waitlist request may ask for one of them.
    expect(full.kind === "full" && full.times.map((option) => option.free)).toEqual(
      Array(full.kind === "full" ? full.times.length : 1).fill(false),
    );
    expect(
      availabilityProblem({ date: WEDNESDAY, time: "18:00", partySize: 2, settings, hours, held, now }),
    ).toEqual({ field: "date", message: "An diesem Tag sind online keine Plätze mehr frei." });
  });

  it("cancelled and completed reservations hold nothing", () => {
    const settings = settingsWith({ onlineSeats: 4, arrivalsPerSlot: 4 });
    const gone: HeldReservation[] = [
      { time: "19:00", partySize: 4, status: "CANCELLED" },
      { time: "19:00", partySize: 4, status: "COMPLETED" },
    ];
    expect(seatsHeldAt(settings, gone, "19:00")).toBe(0);
    expect(free(ask({ settings, held: gone, partySize: 4 }))).toEqual([...TIME_SLOTS]);
    for (const status of ["PENDING", "CONFIRMED"] as const) {
      const held = [{ time: "19:00", partySize: 4, status }];
      expect(seatsHeldAt(settings, held, "19:00")).toBe(4);
      expect(reasonAt(ask({ settings, held, partySize: 1 }), "19:00")?.free).toBe(false);
    }
  });

  it("tells staff the free seats at the fullest moment of lunch and of the evening", () => {
    const settings = settingsWith({ onlineSeats: 40 });
    const held = [
      { time: "12:00", partySize: 6 },
      { time: "13:00", partySize: 4 },
      { time: "18:00", partySize: 20 },
      { time: "19:00", partySize: 8 },
      { time: "21:00", partySize: 2, status: "CANCELLED" as const },
    ];
    expect(freeSeatsPerService(settings, held)).toEqual({ lunch: 30, evening: 12 });
    expect(freeSeatsBetween(settings, held, "20:30", "24:00")).toBe(32);
    expect(freeSeatsBetween(settings, [{ time: "18:00", partySize: 50 }], "18:00", "19:00")).toBe(0);
    expect(freeSeatsPerService(DEFAULT_SETTINGS, held)).toEqual({ lunch: null, evening: null });
  });
});

describe("lead time, measured in Europe/Berlin", () => {
  const settings = settingsWith({ leadMinutes: 60 });

  it("closes a time online `leadMinutes` before it, and says to call", () => {
    const at = (berlin: string) => new Date(`2026-11-24T${berlin}:00+01:00`);
    const tuesday = "2026-11-24";
    const options = ask({ date: tuesday, settings, now: at("16:10") });
    expect(reasonAt(options, "17:00")).toEqual({ time: "17:00", free: false, reason: "lead" });
    expect(reasonAt(options, "17:30")?.free).toBe(true);
    // Lunch is over: those slots are not offered at all, as before.
    expect(reasonAt(options, "13:30")).toBeUndefined();
    expect(reasonAt(ask({ date: tuesday, settings, now: at("16:00") }), "17:00")?.free).toBe(false);
    expect(reasonAt(ask({ date: tuesday, settings, now: at("15:59") }), "17:00")?.free).toBe(true);
    expect(
      availabilityProblem({
        date: tuesday,
        time: "17:00",
        partySize: 2,
        settings,
        hours,
        held: [],
        now: at("16:30"),
      }),
    ).toEqual({
      field: "time",
      message: "Online ist diese Uhrzeit nicht mehr buchbar – bitte rufen Sie uns an.",
    });
    // The last slot within the lead time: nothing left online that day.
    expect(ask({ date: tuesday, settings, now: at("20:45") })).toEqual({
      kind: "closed",
      message: "Für diesen Tag sind keine Uhrzeiten mehr frei wählbar. Bitte wählen Sie einen anderen Tag.",
    });
  });

  it("reaches into the next day from late evening and just after midnight", () => {
    const lead = settingsWith({ leadMinutes: 13 * 60 });
    // 23:00 on Tuesday in Berlin (22:00 UTC): booking closes up to Wednesday 12:00.
    const lateEvening = ask({ settings: lead, now: new Date("2026-11-24T22:00:00Z") });
    expect(free(lateEvening)[0]).toBe("12:30");
    expect(reasonAt(lateEvening, "12:00")?.free).toBe(false);
    // 00:05 on Wednesday (23:05 UTC on Tuesday): today is Wednesday, and 13:05 is the limit.
    const afterMidnight = ask({ settings: lead, now: new Date("2026-11-24T23:05:00Z") });
    expect(free(afterMidnight)[0]).toBe("13:30");
  });

  it("counts real minutes across the change to and from summer time", () => {
    const lead = settingsWith({ leadMinutes: 11 * 60 });
    // Sunday 29 March 2026, 00:30 CET: clocks jump from 02:00 to 03:00, so 11 hours later it is 12:30 CEST.
    const spring = ask({ date: "2026-03-29", settings: lead, now: new Date("2026-03-28T23:30:00Z") });
    expect(free(spring)[0]).toBe("13:00");
    // Sunday 25 October 2026, 00:30 CEST: clocks go back from 03:00 to 02:00, so it is 10:30 CET.
    const autumn = ask({ date: "2026-10-25", settings: lead, now: new Date("2026-10-24T22:30:00Z") });
    expect(free(autumn)[0]).toBe("11:30");
  });
});

describe("how far ahead", () => {
  it("follows the horizon in months, naming it", () => {
    const settings = settingsWith({ horizonMonths: 2 });
    expect(ask({ date: "2027-01-24", settings }).kind).toBe("open");
    expect(ask({ date: "2027-01-25", settings })).toEqual({
      kind: "outside",
      message: "Reservierungen sind höchstens 2 Monate im Voraus möglich.",
    });
    expect(ask({ date: "2026-12-25", settings: settingsWith({ horizonMonths: 1 }) })).toEqual({
      kind: "outside",
      message: "Reservierungen sind höchstens 1 Monat im Voraus möglich.",
    });
    expect(ask({ date: "2027-05-25", settings: settingsWith({ horizonMonths: 12 }) }).kind).toBe("open");
    expect(ask({ date: "2026-11-23" })).toEqual({
      kind: "outside",
      message: "Das Datum liegt in der Vergangenheit. Bitte wählen Sie einen späteren Tag.",
    });
  });
});

describe("closures and exceptions", () => {
  it("closes a single date with its note", () => {
    const settings = settingsWith({
      closures: [{ from: WEDNESDAY, to: WEDNESDAY, note: "Betriebsausflug" }],
    });
    expect(ask({ settings })).toEqual({
      kind: "closed",
      message: "Geschlossen: Betriebsausflug – bitte wählen Sie einen anderen Tag.",
      note: "Betriebsausflug",
    });
    expect(ask({ settings, date: "2026-11-26" }).kind).toBe("open");
    expect(
      ask({ settings: settingsWith({ closures: [{ from: WEDNESDAY, to: WEDNESDAY, note: " " }] }) }),
    ).toEqual({
      kind: "closed",
      message: "An diesem Tag haben wir geschlossen. Bitte wählen Sie einen anderen Tag.",
    });
  });

  it("closes every date of a range, its first and last included", () => {
    const settings = settingsWith({
      closures: [{ from: "2026-12-23", to: "2027-01-06", note: "Betriebsferien" }],
    });
    expect(ask({ settings, date: "2026-12-22" }).kind).toBe("open");
    for (const date of ["2026-12-23", "2026-12-31", "2027-01-06"]) {
      const options = ask({ settings, date });
      expect(options.kind === "closed" && options.note).toBe("Betriebsferien");
    }
    expect(ask({ settings, date: "2027-01-07" }).kind).toBe("open");
  });

  it("replaces the weekday's hours on an exception's date, also on the weekly day off", () => {
    const settings = settingsWith({
      exceptions: [
        { date: WEDNESDAY, opens: "17:00", closes: "21:00", note: "Heute nur abends" },
        { date: MONDAY, opens: "12:00", closes: "15:00", note: "" },
      ],
    });
    const wednesday = ask({ settings });
    expect(free(wednesday)).toEqual(["17:00", "17:30", "18:00", "18:30", "19:00", "19:30", "20:00", "20:30"]);
    expect(wednesday.kind === "open" && wednesday.note).toBe("Heute nur abends");
    expect(free(ask({ settings, date: MONDAY }))).toEqual(["12:00", "12:30", "13:00", "13:30"]);
    expect(
      availabilityProblem({ date: WEDNESDAY, time: "12:00", partySize: 2, settings, hours, held: [], now })
        ?.message,
    ).toMatch(/geschlossen/);
    // Without the exception Monday stays a day off; a closure wins over an exception.
    expect(ask({ date: MONDAY }).kind).toBe("closed");
    const both = settingsWith({ ...settings, closures: [{ from: MONDAY, to: MONDAY, note: "Inventur" }] });
    expect(ask({ settings: both, date: MONDAY })).toMatchObject({ kind: "closed", note: "Inventur" });
    // Until midnight.
    const late = settingsWith({
      exceptions: [{ date: WEDNESDAY, opens: "21:00", closes: "24:00", note: "" }],
    });
    expect(free(ask({ settings: late }))).toEqual(["21:00", "21:30"]);
  });
});

describe("a rule without limits on seats or arrivals never looks at the reservations (decision 0032)", () => {
  // `heldUnder` reads none for such settings: the answer must be the same as with every reservation.
  const crowd: HeldReservation[] = TIME_SLOTS.flatMap((time, i) => [
    { time, partySize: 1 + (i % 12) },
    { time, partySize: 40, status: "CONFIRMED" as const },
    { time, partySize: 3, status: "CANCELLED" as const },
  ]);
  const unlimited = [
    settingsWith({}),
    settingsWith({ totalSeats: 30, leadMinutes: 60, autoConfirmUpTo: 4, largestOnlineParty: 12 }),
    undefined,
  ];

  it("answers every party on every kind of day as for an empty day", () => {
    for (const settings of unlimited)
      for (const date of [WEDNESDAY, MONDAY, addDays(WEDNESDAY, 1), "2026-11-24"])
        for (const partySize of [1, 4, 12])
          expect(ask({ settings, date, partySize, held: crowd })).toEqual(
            ask({ settings, date, partySize, held: [] }),
          );
  });

  it("is told so by `limitsRoom`, and weighs them as soon as seats or arrivals are limited", () => {
    for (const settings of unlimited) expect(limitsRoom(settings)).toBe(false);
    expect(limitsRoom(settingsWith({ onlineSeats: 40 }))).toBe(true);
    expect(limitsRoom(settingsWith({ arrivalsPerSlot: 10 }))).toBe(true);
    expect(ask({ settings: settingsWith({ onlineSeats: 40 }), held: crowd })).not.toEqual(
      ask({ settings: settingsWith({ onlineSeats: 40 }), held: [] }),
    );
  });
});

describe("without settings, the rule answers as before (decision 0014)", () => {
  const held = [
    { time: "18:00", partySize: 8 },
    { time: "19:00", partySize: 8 },
  ];
  const variants = {
    "the default hours": hours,
    "lunch only on Wednesdays": { ...hours, wednesday: "11:30–14:00 Uhr" },
    "unreadable Thursdays": { ...hours, thursday: "nach Vereinbarung" },
  };
  const moments = [
    now,
    new Date("2026-11-24T17:10:00Z"), // 18:10 in Berlin
    new Date("2026-11-24T21:00:00Z"), // 22:00, the day is over
    new Date("2026-11-24T23:30:00Z"), // already Wednesday in Berlin
    new Date("2026-03-28T23:30:00Z"), // the night summer time begins
  ];
  const settingsLikeBefore = { ...DEFAULT_SETTINGS, leadMinutes: 0 };

  it.each(Object.entries(variants))("for every date and time with %s", (_, weekly) => {
    let compared = 0;
    for (const moment of moments) {
      const first = addDays(moment.toISOString().slice(0, 10), -2);
      for (let offset = 0; offset < 200; offset += 1) {
        const date = addDays(first, offset);
        const before = dayAvailability(date, weekly, moment);
        const expected: DayOptions =
          before.kind === "open"
            ? { kind: "open", times: before.slots.map((time) => ({ time, free: true })) }
            : before;
        for (const settings of [undefined, settingsLikeBefore]) {
          const question = { date, partySize: 8, settings, hours: weekly, held, now: moment };
          expect(dayOptions(question)).toEqual(expected);
          for (const time of ["11:30", "14:00", "18:00", "21:30", "18:15"]) {
            expect(availabilityProblem({ ...question, time })).toEqual(
              slotProblem(date, time, weekly, moment),
            );
          }
          compared += 1;
        }
      }
    }
    expect(compared).toBe(2000);
  });
});

describe("the next dates with room", () => {
  const settings = settingsWith({ onlineSeats: 4 });
  const fullDay = TIME_SLOTS.map((time) => ({ time, partySize: 4 }));

  it("skips closed and fully booked dates", () => {
    // Thursday is full, Friday free, Saturday closed, Sunday free, Monday a day off, Tuesday free.
    const withClosure = settingsWith({
      onlineSeats: 4,
      closures: [{ from: "2026-11-28", to: "2026-11-28", note: "Hochzeit" }],
    });
    const held = new Map([["2026-11-26", fullDay]]);
    expect(
      nextDatesWithRoom({ after: WEDNESDAY, partySize: 2, settings: withClosure, hours, held, now }),
    ).toEqual(["2026-11-27", "2026-11-29", "2026-12-01"]);
    // A function answers as well as a map; a smaller party may still fit where a larger one does not.
    const halfFull = () => [{ time: "19:00", partySize: 2 }];
    expect(
      nextDatesWithRoom({ after: WEDNESDAY, partySize: 2, settings, hours, held: halfFull, now }),
    ).toEqual(["2026-11-26", "2026-11-27", "2026-11-28"]);
  });

  it("starts no earlier than today and ends with the booking window", () => {
    expect(
      nextDatesWithRoom({ after: "2026-01-01", partySize: 2, settings, hours, held: new Map(), now }),
    ).toEqual(["2026-11-24", WEDNESDAY, "2026-11-26"]);
    const short = settingsWith({ onlineSeats: 4, horizonMonths: 1 });
    expect(
      nextDatesWithRoom({ after: "2026-12-21", partySize: 2, settings: short, hours, held: new Map(), now }),
    ).toEqual(["2026-12-22", "2026-12-23", "2026-12-24"]);
    expect(
      nextDatesWithRoom({ after: "2026-12-22", partySize: 2, settings: short, hours, held: new Map(), now }),
    ).toEqual(["2026-12-23", "2026-12-24"]);
    const everythingFull = () => fullDay;
    expect(
      nextDatesWithRoom({ after: WEDNESDAY, partySize: 2, settings, hours, held: everythingFull, now }),
    ).toEqual([]);
  });
});
