import { addDays, addMonths, isPlausibleDate } from "../../lib/calendar.ts";
import { z } from "../../lib/zod.ts";

/**
 * The period of 'Statistik', shared by the browser (which says what is wrong before sending) and
 * the server (whose answer is final: the screen and the CSV download parse the address again). No
 * server imports: the screen loads this module.
 */

/** The address's query parameters: `/admin/statistik?zeitraum=eigener&von=2026-01-01&bis=2026-03-31`. */
export const PERIOD_PARAM = "zeitraum";
export const FROM_PARAM = "von";
export const TO_PARAM = "bis";
/**
 * The dates the form was shown with ('von_bis'): Von and Bis sent unchanged belong to the chosen
 * period; dates that differ were typed, and typed dates choose 'Zeitraum' (also without scripts).
 */
export const SHOWN_PARAM = "gezeigt";
export const shownValue = (from: string, to: string) => `${from}_${to}`;

export const PERIOD_CHOICES = ["dieser-monat", "letzter-monat", "12-monate", "eigener"] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];
export const DEFAULT_CHOICE: PeriodChoice = "dieser-monat";

export const periodChoiceLabels: Record<PeriodChoice, string> = {
  "dieser-monat": "Dieser Monat",
  "letzter-monat": "Letzter Monat",
  "12-monate": "Letzte 12 Monate",
  eigener: "Zeitraum",
};

/** A custom period may span at most this many years (decision 0036). */
export const MAX_YEARS = 5;

export const statisticsMessages = {
  choice: "Bitte wählen Sie einen der angebotenen Zeiträume.",
  fromMissing: "Bitte geben Sie ein Startdatum ein.",
  toMissing: "Bitte geben Sie ein Enddatum ein.",
  fromInvalid: "Das Startdatum ist kein gültiges Datum (TT.MM.JJJJ).",
  toInvalid: "Das Enddatum ist kein gültiges Datum (TT.MM.JJJJ).",
  endBeforeStart: "Das Enddatum liegt vor dem Startdatum.",
  tooLong: `Der Zeitraum darf höchstens ${MAX_YEARS} Jahre umfassen. Bitte wählen Sie ein früheres Enddatum oder ein späteres Startdatum.`,
} as const;

/** What the form sends: a choice, and for 'Zeitraum' both dates ('YYYY-MM-DD', as `<input type="date">` sends them). */
export type PeriodInput =
  { choice: Exclude<PeriodChoice, "eigener"> } | { choice: "eigener"; from: string; to: string };

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

/** The form's fields (each missing or a string), or why they cannot be read as a period. */
export const periodInputSchema = z
  .object({
    [PERIOD_PARAM]: z.enum(PERIOD_CHOICES, statisticsMessages.choice).default(DEFAULT_CHOICE),
    [FROM_PARAM]: optionalText,
    [TO_PARAM]: optionalText,
  })
  .transform((fields, context): PeriodInput => {
    const choice = fields[PERIOD_PARAM];
    if (choice !== "eigener") return { choice };
    const from = fields[FROM_PARAM];
    const to = fields[TO_PARAM];
    const fail = (message: string, path: string) => {
      context.addIssue({ code: "custom", message, path: [path] });
      return z.NEVER;
    };
    if (from === undefined) return fail(statisticsMessages.fromMissing, FROM_PARAM);
    if (!isPlausibleDate(from)) return fail(statisticsMessages.fromInvalid, FROM_PARAM);
    if (to === undefined) return fail(statisticsMessages.toMissing, TO_PARAM);
    if (!isPlausibleDate(to)) return fail(statisticsMessages.toInvalid, TO_PARAM);
    if (to < from) return fail(statisticsMessages.endBeforeStart, TO_PARAM);
    // 5 years from 1 March 2026 end on 28 February 2031, both days included.
    if (to >= addMonths(from, MAX_YEARS * 12)) return fail(statisticsMessages.tooLong, TO_PARAM);
    return { choice, from, to };
  });

/** The dates of a period, both included, and the choice it came from. */
export interface Period {
  choice: PeriodChoice;
  from: string;
  to: string;
}

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
const lastOfMonth = (date: string) => addDays(addMonths(firstOfMonth(date), 1), -1);

/**
 * The dates of a choice on `today` (Berlin): 'Dieser Monat' is the whole calendar month (the days
 * ahead show what is booked), 'Letzter Monat' the month before, 'Letzte 12 Monate' the eleven months
 * before this one and this one up to today (twelve calendar months, so each bar of the chart is a
 * whole month but the last).
 */
export function periodOf(input: PeriodInput, today: string): Period {
  switch (input.choice) {
    case "dieser-monat":
      return { choice: input.choice, from: firstOfMonth(today), to: lastOfMonth(today) };
    case "letzter-monat": {
      const first = addMonths(firstOfMonth(today), -1);
      return { choice: input.choice, from: first, to: lastOfMonth(first) };
    }
    case "12-monate":
      return { choice: input.choice, from: addMonths(firstOfMonth(today), -11), to: today };
    case "eigener":
      return { choice: input.choice, from: input.from, to: input.to };
  }
}

export type PeriodCheck =
  | { ok: true; period: Period }
  | { ok: false; message: string; field: "choice" | "from" | "to"; sent: Record<string, string> };

/** The period a query string asks for on `today`, or why it cannot be shown. */
export function checkPeriod(params: URLSearchParams, today: string): PeriodCheck {
  const from = params.get(FROM_PARAM)?.trim() ?? "";
  const to = params.get(TO_PARAM)?.trim() ?? "";
  // Dates typed into Von or Bis choose 'Zeitraum', whatever choice was left checked.
  const typed = (from !== "" || to !== "") && params.get(SHOWN_PARAM) !== shownValue(from, to);
  const sent = {
    [PERIOD_PARAM]: typed ? "eigener" : (params.get(PERIOD_PARAM) ?? undefined),
    [FROM_PARAM]: params.get(FROM_PARAM) ?? undefined,
    [TO_PARAM]: params.get(TO_PARAM) ?? undefined,
  };
  const result = periodInputSchema.safeParse(sent);
  if (result.success) return { ok: true, period: periodOf(result.data, today) };
  const issue = result.error.issues[0];
  const path = issue?.path[0];
  return {
    ok: false,
    message: issue?.message ?? statisticsMessages.choice,
    field: path === FROM_PARAM ? "from" : path === TO_PARAM ? "to" : "choice",
    sent: Object.fromEntries(
      Object.entries(sent).flatMap(([key, value]) =>
        value === undefined ? [] : [[key, value.slice(0, 40)]],
      ),
    ),
  };
}

/** The query string of a period, for the CSV link and the form's defaults. */
export function periodQuery(period: Period): string {
  const params = new URLSearchParams({ [PERIOD_PARAM]: period.choice });
  if (period.choice === "eigener") {
    params.set(FROM_PARAM, period.from);
    params.set(TO_PARAM, period.to);
  }
  return params.toString();
}
