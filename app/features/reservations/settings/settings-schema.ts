import { isCalendarDate, minutesOfClock } from "../../../lib/calendar.ts";
import { fieldErrorsOf, type FieldErrors } from "../../../lib/forms.ts";
import { isCleanLine } from "../../../lib/text-rules.ts";
import { z } from "../../../lib/zod.ts";
import { MAX_STAFF_PARTY_SIZE, personsLabel } from "../book/index.ts";
import type { Closure, DayException, ReservationSettings } from "../book/index.ts";

/**
 * The form of 'Reservierungseinstellungen' (decision 0010): one Zod schema the browser checks with
 * before sending and the action parses again, with the German labels and messages the screen shows
 * (README, 'Reservierungseinstellungen'). No server imports: the settings screen loads it.
 */

/** The most rows each list holds: enough for years of holidays, and a forged form stays small. */
export const MAX_LIST_ROWS = 100;
export const MAX_NOTE_LENGTH = 200;
const MAX_SEATS = 9999;
const MAX_STAY_MINUTES = 12 * 60;

/** 'Vorlaufzeit': how long before a time it can still be booked online, in minutes. */
export const LEAD_OPTIONS: ReadonlyArray<{ minutes: number; label: string }> = [
  { minutes: 0, label: "Keine (0 Minuten)" },
  { minutes: 15, label: "15 Minuten" },
  { minutes: 30, label: "30 Minuten" },
  { minutes: 60, label: "1 Stunde" },
  { minutes: 120, label: "2 Stunden" },
  { minutes: 180, label: "3 Stunden" },
  { minutes: 360, label: "6 Stunden" },
  { minutes: 720, label: "12 Stunden" },
  { minutes: 1440, label: "1 Tag" },
  { minutes: 2880, label: "2 Tage" },
];

export const HORIZON_OPTIONS = Array.from({ length: 12 }, (_, index) => index + 1);
export const monthsLabel = (months: number) => (months === 1 ? "1 Monat" : `${months} Monate`);

/** 'Automatisch bestätigen': 'Aus', or 'bis N Personen' up to the largest group guests may book. */
export const autoConfirmLabel = (upTo: number | null) =>
  upTo === null ? "Aus" : `bis ${personsLabel(upTo)}`;

/** 'Erinnerung am Vortag': the hours offered (Europe/Berlin), besides 'Aus'. */
export const REMINDER_HOURS = Array.from({ length: 24 }, (_, index) => index);
export const reminderLabel = (hour: number | null) =>
  hour === null ? "Aus" : `am Vortag um ${String(hour).padStart(2, "0")}:00 Uhr`;

/** 'Bereichswunsch': the value of 'An' (decision 0054); '' is 'Aus'. */
export const AREA_WISH_ON = "ja";

/** 'Besondere Wünsche löschen' and 'Reservierungen anonymisieren': the periods offered (decision 0033). */
export const NOTES_ERASE_OPTIONS = [1, 2, 3, 7, 14, 30];
export const ANONYMISE_OPTIONS = [1, 3, 6, 12, 18, 24];
export const daysLabel = (days: number) => (days === 1 ? "1 Tag" : `${days} Tage`);

export const settingsLabels = {
  totalSeats: "Plätze gesamt",
  onlineSeats: "Davon online buchbar",
  stay: "Aufenthaltsdauer",
  staySmall: "1–2 Personen",
  stayMedium: "3–4 Personen",
  stayLarge: "ab 5 Personen",
  arrivalsPerSlot: "Ankünfte pro Zeitfenster",
  largestOnlineParty: "Größte Gruppe online",
  leadMinutes: "Vorlaufzeit",
  horizonMonths: "Buchbar bis",
  autoConfirmUpTo: "Automatisch bestätigen",
  reminderHour: "Erinnerung an Gäste",
  notesEraseDays: "Besondere Wünsche löschen nach",
  anonymiseAfterMonths: "Reservierungen anonymisieren nach",
  areaWish: "Bereichswunsch",
  closures: "Schließtage",
  exceptions: "Ausnahmen",
} as const;

export const settingsMessages = {
  saved: "Einstellungen gespeichert",
  ownersOnly: "Nur Inhaber können die Einstellungen ändern.",
  noSeats: "Noch keine Plätze festgelegt",
  seatsFromTables:
    "Die Plätze ergeben sich aus den Tischen im Tischplan: alle Tische zusammen, davon die online buchbaren. Wann noch frei ist, entscheiden die Tische.",
  wholeNumber: "Bitte geben Sie eine ganze Zahl ein.",
  negative: "Negative Zahlen sind nicht möglich.",
  seatsAtLeastOne: "Es muss mindestens 1 Platz sein; leer lassen, wenn es keine Grenze gibt.",
  seatsAtMost: `Höchstens ${MAX_SEATS} Plätze.`,
  onlineWithoutSeats: "Bitte tragen Sie zuerst die Plätze gesamt ein.",
  onlineAboveSeats: (seats: number) =>
    `Online buchbar können höchstens so viele Plätze sein wie insgesamt (${seats}).`,
  stayRequired: "Bitte geben Sie die Aufenthaltsdauer in Minuten an.",
  stayAtLeastOne: "Die Aufenthaltsdauer muss mindestens 1 Minute betragen.",
  stayAtMost: "Die Aufenthaltsdauer darf höchstens 12 Stunden (720 Minuten) betragen.",
  /** The observed turn times (decision 0057). */
  observedStay: (size: string, configured: string, observed: number) =>
    `${size}: eingestellt ${configured} Min., tatsächlich ${observed} Min.`,
  observedStayNote: (parties: number) =>
    `Gemessen von „Eingetroffen“ bis „Abgeschlossen“, sobald mindestens ${parties} Gruppen einer Größe fertig sind (letzte 180 Tage).`,
  takeObservedStay: "Übernehmen",
  takeObservedStayLabel: (size: string, observed: number) =>
    `Tatsächliche Aufenthaltsdauer für ${size} übernehmen: ${observed} Minuten`,
  stayTakenOver: (size: string, observed: number) =>
    `Aufenthaltsdauer für ${size}: jetzt ${observed} Minuten.`,
  noObservedStay: "Für diese Gruppengröße gibt es noch keine gemessene Aufenthaltsdauer.",
  arrivalsAtLeastOne: "Mindestens 1 Gast; leer lassen, wenn es keine Grenze gibt.",
  arrivalsAtMost: `Höchstens ${MAX_SEATS} Gäste.`,
  largestPartyRange: `Die größte Gruppe online muss zwischen 1 und ${MAX_STAFF_PARTY_SIZE} Personen liegen.`,
  leadInvalid: "Bitte wählen Sie eine der angebotenen Vorlaufzeiten.",
  horizonInvalid: "Bitte wählen Sie 1 bis 12 Monate.",
  autoConfirmInvalid: "Bitte wählen Sie „Aus“ oder eine Personenzahl.",
  reminderInvalid: "Bitte wählen Sie „Aus“ oder eine der angebotenen Uhrzeiten.",
  notesEraseInvalid: "Bitte wählen Sie eine der angebotenen Fristen.",
  anonymiseInvalid: "Bitte wählen Sie eine der angebotenen Fristen.",
  areaWishInvalid: "Bitte wählen Sie „Aus“ oder „An“.",
  autoConfirmAboveLargest: (largest: number) =>
    `Automatisch bestätigen geht höchstens bis zur größten Gruppe online (${personsLabel(largest)}).`,
  dateRequired: "Bitte wählen Sie ein Datum.",
  dateInvalid: "Bitte geben Sie ein gültiges Datum ein.",
  rangeBackwards: "Der letzte Tag liegt vor dem ersten.",
  rangePast: "Dieser Zeitraum liegt in der Vergangenheit.",
  datePast: "Das Datum liegt in der Vergangenheit.",
  dateTwice: "Für dieses Datum gibt es schon eine Ausnahme.",
  timeInvalid: "Bitte geben Sie eine Uhrzeit ein (HH:MM).",
  closesBeforeOpens: "Die Schließzeit muss nach der Öffnungszeit liegen.",
  noteTooLong: `Der Hinweis darf höchstens ${MAX_NOTE_LENGTH} Zeichen lang sein.`,
  noteInvalid: "Der Hinweis enthält unzulässige Zeichen.",
  tooManyClosures: `Höchstens ${MAX_LIST_ROWS} Schließtage-Zeiträume.`,
  tooManyExceptions: `Höchstens ${MAX_LIST_ROWS} Ausnahmen.`,
} as const;
const M = settingsMessages;

/** 'Noch keine Plätze festgelegt', or '10 Plätze, davon 6 online' (the dashboard, the screen). */
export function seatsSummary({
  totalSeats,
  onlineSeats,
}: Pick<ReservationSettings, "totalSeats" | "onlineSeats">) {
  if (totalSeats === null) return M.noSeats;
  const seats = totalSeats === 1 ? "1 Platz" : `${totalSeats} Plätze`;
  return onlineSeats === null ? `${seats}, online ohne Grenze` : `${seats}, davon ${onlineSeats} online`;
}

/** The form as it is typed: every value a string, lists as rows. Field names are paths: `closures.0.from`. */
// Type aliases, not interfaces: a row is also a plain record of texts to the screen's list.
export type ClosureDraft = { from: string; to: string; note: string };
export type ExceptionDraft = { date: string; opens: string; closes: string; note: string };
export interface SettingsDraft {
  totalSeats: string;
  onlineSeats: string;
  stayMinutes: { small: string; medium: string; large: string };
  arrivalsPerSlot: string;
  largestOnlineParty: string;
  leadMinutes: string;
  horizonMonths: string;
  autoConfirmUpTo: string;
  reminderHour: string;
  notesEraseDays: string;
  anonymiseAfterMonths: string;
  /** 'ja' or ''. */
  areaWish: string;
  closures: ClosureDraft[];
  exceptions: ExceptionDraft[];
}

const numberText = (value: number | null) => (value === null ? "" : String(value));

export function settingsDraftOf(settings: ReservationSettings): SettingsDraft {
  return {
    totalSeats: numberText(settings.totalSeats),
    onlineSeats: numberText(settings.onlineSeats),
    stayMinutes: {
      small: String(settings.stayMinutes.small),
      medium: String(settings.stayMinutes.medium),
      large: String(settings.stayMinutes.large),
    },
    arrivalsPerSlot: numberText(settings.arrivalsPerSlot),
    largestOnlineParty: String(settings.largestOnlineParty),
    leadMinutes: String(settings.leadMinutes),
    horizonMonths: String(settings.horizonMonths),
    autoConfirmUpTo: numberText(settings.autoConfirmUpTo),
    reminderHour: numberText(settings.reminderHour),
    notesEraseDays: String(settings.notesEraseDays),
    anonymiseAfterMonths: String(settings.anonymiseAfterMonths),
    areaWish: settings.areaWish ? AREA_WISH_ON : "",
    closures: settings.closures.map((closure) => ({ ...closure })),
    exceptions: settings.exceptions.map((exception) => ({ ...exception })),
  };
}

interface CountRule {
  min: number;
  max: number;
  tooSmall: string;
  tooLarge: string;
}

type Context = z.RefinementCtx<string>;

/** A whole number typed as digits ('' is null): '2.5', '1e1', '-3' and '½' are refused, each with its reason. */
function countOf(raw: string, { min, max, tooSmall, tooLarge }: CountRule, ctx: Context): number | null {
  const value = raw.trim();
  const refuse = (message: string) => {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  if (value === "") return null;
  if (/^-\s*\d+$/.test(value)) return refuse(M.negative);
  if (!/^\d{1,6}$/.test(value)) return refuse(M.wholeNumber);
  const number = Number(value);
  if (number < min) return refuse(tooSmall);
  if (number > max) return refuse(tooLarge);
  return number;
}

/** An empty field is no limit (null). */
const count = (rule: CountRule) => z.string().transform((raw, ctx) => countOf(raw, rule, ctx));

/** An empty field is refused with `required`. */
const requiredCount = (rule: CountRule, required: string) =>
  z.string().transform((raw, ctx): number => {
    const value = countOf(raw, rule, ctx);
    if (value !== null) return value;
    ctx.addIssue({ code: "custom", message: required });
    return z.NEVER;
  });

const seats = count({ min: 1, max: MAX_SEATS, tooSmall: M.seatsAtLeastOne, tooLarge: M.seatsAtMost });
const stay = requiredCount(
  { min: 1, max: MAX_STAY_MINUTES, tooSmall: M.stayAtLeastOne, tooLarge: M.stayAtMost },
  M.stayRequired,
);

const calendarDate = z
  .string()
  .trim()
  .min(1, M.dateRequired)
  .refine((value) => isCalendarDate(value), M.dateInvalid);

const note = z.string().trim().max(MAX_NOTE_LENGTH, M.noteTooLong).refine(isCleanLine, M.noteInvalid);

/** 'HH:MM'. A closing time of '00:00' or '24:00' is midnight at the end of the day (a time field cannot type '24:00'). */
const clock = z
  .string()
  .trim()
  .refine((value) => minutesOfClock(value) !== undefined, M.timeInvalid);
const closingClock = z
  .string()
  .trim()
  .transform((value) => (value === "00:00" ? "24:00" : value))
  .refine((value) => value === "24:00" || minutesOfClock(value) !== undefined, M.timeInvalid);

const choice = (allowed: readonly number[], message: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d{1,4}$/.test(value) && allowed.includes(Number(value)), message)
    .transform(Number);

const settingsShape = z.object({
  totalSeats: seats,
  onlineSeats: seats,
  stayMinutes: z.object({ small: stay, medium: stay, large: stay }),
  arrivalsPerSlot: count({
    min: 1,
    max: MAX_SEATS,
    tooSmall: M.arrivalsAtLeastOne,
    tooLarge: M.arrivalsAtMost,
  }),
  largestOnlineParty: requiredCount(
    { min: 1, max: MAX_STAFF_PARTY_SIZE, tooSmall: M.largestPartyRange, tooLarge: M.largestPartyRange },
    M.largestPartyRange,
  ),
  leadMinutes: choice(
    LEAD_OPTIONS.map((option) => option.minutes),
    M.leadInvalid,
  ),
  horizonMonths: choice(HORIZON_OPTIONS, M.horizonInvalid),
  autoConfirmUpTo: count({
    min: 1,
    max: MAX_STAFF_PARTY_SIZE,
    tooSmall: M.autoConfirmInvalid,
    tooLarge: M.autoConfirmInvalid,
  }),
  reminderHour: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || (/^\d{1,2}$/.test(value) && REMINDER_HOURS.includes(Number(value))),
      M.reminderInvalid,
    )
    .transform((value) => (value === "" ? null : Number(value))),
  notesEraseDays: choice(NOTES_ERASE_OPTIONS, M.notesEraseInvalid),
  anonymiseAfterMonths: choice(ANONYMISE_OPTIONS, M.anonymiseInvalid),
  areaWish: z
    .string()
    .trim()
    .refine((value) => value === "" || value === AREA_WISH_ON, M.areaWishInvalid)
    .transform((value) => value === AREA_WISH_ON),
  closures: z
    .array(z.object({ from: calendarDate, to: calendarDate, note }))
    .max(MAX_LIST_ROWS, M.tooManyClosures),
  exceptions: z
    .array(z.object({ date: calendarDate, opens: clock, closes: closingClock, note }))
    .max(MAX_LIST_ROWS, M.tooManyExceptions),
});

type Parsed = z.output<typeof settingsShape>;
const isNumber = (value: unknown): value is number => typeof value === "number";
const isDate = (value: unknown): value is string => typeof value === "string" && isCalendarDate(value);

/**
 * The rules between fields. They run even when another field is refused, so one 'Speichern' shows
 * every message at once; a value that did not parse is skipped here (its own message says why).
 */
function crossChecks(value: Parsed, ctx: z.RefinementCtx<Parsed>, today: string) {
  if (typeof value !== "object" || value === null) return;
  const issue = (path: PropertyKey[], message: string) => ctx.addIssue({ code: "custom", path, message });
  const rows = <Row>(list: Row[]): Row[] =>
    Array.isArray(list) ? list.filter((row) => typeof row === "object" && row !== null) : [];
  const { totalSeats, onlineSeats, autoConfirmUpTo, largestOnlineParty } = value;
  if (isNumber(onlineSeats) && totalSeats === null) issue(["onlineSeats"], M.onlineWithoutSeats);
  if (isNumber(onlineSeats) && isNumber(totalSeats) && onlineSeats > totalSeats)
    issue(["onlineSeats"], M.onlineAboveSeats(totalSeats));
  if (isNumber(autoConfirmUpTo) && isNumber(largestOnlineParty) && autoConfirmUpTo > largestOnlineParty)
    issue(["autoConfirmUpTo"], M.autoConfirmAboveLargest(largestOnlineParty));
  rows(value.closures).forEach((closure, index) => {
    if (!isDate(closure.from) || !isDate(closure.to)) return;
    if (closure.to < closure.from) issue(["closures", index, "to"], M.rangeBackwards);
    else if (closure.to < today) issue(["closures", index, "to"], M.rangePast);
  });
  const seen = new Set<string>();
  rows(value.exceptions).forEach((exception, index) => {
    if (isDate(exception.date)) {
      if (exception.date < today) issue(["exceptions", index, "date"], M.datePast);
      else if (seen.has(exception.date)) issue(["exceptions", index, "date"], M.dateTwice);
      seen.add(exception.date);
    }
    const opens = minutesOfClock(exception.opens);
    const closes = exception.closes === "24:00" ? 24 * 60 : minutesOfClock(exception.closes);
    if (opens !== undefined && closes !== undefined && closes <= opens)
      issue(["exceptions", index, "closes"], M.closesBeforeOpens);
  });
}

/**
 * The settings form, with `today` (Europe/Berlin, `berlinToday()`) for what lies in the past. A
 * closure that has begun but not ended is still current, so only one whose last day has passed is
 * refused; the screen leaves out what is over (`withoutPast`), so saving never trips over it.
 */
export const reservationSettingsSchema = (today: string) =>
  settingsShape.superRefine((value, ctx) => crossChecks(value, ctx, today), { when: () => true });

export type SettingsValidation =
  { success: true; settings: ReservationSettings } | { success: false; fieldErrors: FieldErrors };

export function validateSettings(draft: SettingsDraft, today: string): SettingsValidation {
  const parsed = reservationSettingsSchema(today).safeParse(draft);
  if (!parsed.success) return { success: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const { closures, exceptions, ...rest } = parsed.data;
  return {
    success: true,
    settings: {
      ...rest,
      closures: [...closures].sort(byStart),
      exceptions: [...exceptions].sort(byDate),
    },
  };
}

const byStart = (a: Closure, b: Closure) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to);
const byDate = (a: DayException, b: DayException) => a.date.localeCompare(b.date);

/** The settings without closures and exceptions that are over: they no longer concern anyone. */
export function withoutPast(settings: ReservationSettings, today: string): ReservationSettings {
  return {
    ...settings,
    closures: settings.closures.filter((closure) => closure.to >= today),
    exceptions: settings.exceptions.filter((exception) => exception.date >= today),
  };
}
