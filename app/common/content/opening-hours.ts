import type { OpeningHoursContent } from "./schemas.ts";
import { weekdays, type Weekday } from "../../lib/weekdays.ts";

/**
 * Reads one weekday's opening hours from the free text staff type in (decision 0014):
 * '11:30–14:00 und 17:00–22:00 Uhr' gives two ranges, 'Ruhetag' or 'geschlossen' a closed day.
 * Anything that does not have that form is `unknown`, never a guess: whoever uses the result (the
 * reservation check, structured data) then leaves that day unrestricted or skips it.
 * No server imports: the browser may use it too.
 */
export interface TimeRange {
  /** Wall-clock time `HH:MM`. */
  opens: string;
  /** Wall-clock time `HH:MM`, after `opens`; `24:00` is midnight at the end of the day. */
  closes: string;
}

export type DayHours =
  | { readonly kind: "closed" }
  | { readonly kind: "open"; readonly ranges: readonly Readonly<TimeRange>[] }
  | { readonly kind: "unknown" };

const UNKNOWN: DayHours = { kind: "unknown" };

type Token = { type: "time"; minutes: number } | { type: "dash" } | { type: "join" };

const CLOSED_WORDS = /\b(ruhetag|geschlossen)\b/;
/** Words that may surround the times without changing them ('mittags von 11:30 bis 14 Uhr'). */
const FILLER_WORDS = new Set(["uhr", "h", "von", "mittags", "abends", "durchgehend", "geöffnet"]);
const JOIN_WORDS = new Set(["und", "sowie"]);

const TOKEN =
  /(?<time>\d{1,2}(?:[:.]\d{2})?)|(?<dash>[-‐‑‒–—−]|\bbis\b)|(?<join>[,/;&+])|(?<word>[a-zäöüß]+)|(?<other>\S)/gu;

function minutesOf(text: string): number | undefined {
  const [hours, minutes = "00"] = text.split(/[:.]/);
  const h = Number(hours);
  const m = Number(minutes);
  if (m > 59 || h > 24 || (h === 24 && m > 0)) return undefined;
  return h * 60 + m;
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const groups = match.groups ?? {};
    if (groups.time !== undefined) {
      const minutes = minutesOf(groups.time);
      if (minutes === undefined) return undefined;
      tokens.push({ type: "time", minutes });
    } else if (groups.dash !== undefined) {
      tokens.push({ type: "dash" });
    } else if (groups.join !== undefined) {
      tokens.push({ type: "join" });
    } else if (groups.word !== undefined) {
      if (JOIN_WORDS.has(groups.word)) tokens.push({ type: "join" });
      else if (!FILLER_WORDS.has(groups.word)) return undefined;
    } else {
      return undefined;
    }
  }
  return tokens;
}

/** `time dash time`, repeated, with at most one joiner ('und', ',', '/') between two ranges. */
function readRanges(tokens: Token[]): Array<[number, number]> | undefined {
  const ranges: Array<[number, number]> = [];
  let index = 0;
  while (index < tokens.length) {
    if (ranges.length > 0 && tokens[index]?.type === "join") index += 1;
    const [opens, dash, closes] = tokens.slice(index, index + 3);
    if (opens?.type !== "time" || dash?.type !== "dash" || closes?.type !== "time") return undefined;
    ranges.push([opens.minutes, closes.minutes]);
    index += 3;
  }
  return ranges.length > 0 ? ranges : undefined;
}

/** Texts read before: a restaurant has a handful, and every guest's request reads them again. */
const readBefore = new Map<string, DayHours>();
const READ_BEFORE_AT_MOST = 100;

/** One weekday's text of `global.opening_hours`, read (the result is shared: never changed). */
export function parseDayHours(text: string): DayHours {
  const known = readBefore.get(text);
  if (known) return known;
  const day = readDayHours(text);
  if (readBefore.size >= READ_BEFORE_AT_MOST) readBefore.clear();
  readBefore.set(text, day);
  return day;
}

function readDayHours(text: string): DayHours {
  // A trailing full stop ('22 Uhr.') and runs of spaces carry no meaning.
  const normalized = text.toLowerCase().normalize("NFC").trim().replace(/\.$/, "");
  if (normalized === "") return UNKNOWN;
  if (!/\d/.test(normalized)) {
    return CLOSED_WORDS.test(normalized) ? { kind: "closed" } : UNKNOWN;
  }
  const tokens = tokenize(normalized);
  const ranges = tokens && readRanges(tokens);
  if (!ranges) return UNKNOWN;
  ranges.sort((a, b) => a[0] - b[0]);
  // Overnight ranges (22:00–02:00) and overlapping ones are ambiguous: better unknown than wrong.
  for (const [index, [opens, closes]] of ranges.entries()) {
    if (closes <= opens) return UNKNOWN;
    const previous = ranges[index - 1];
    if (previous && opens < previous[1]) return UNKNOWN;
  }
  return {
    kind: "open",
    ranges: ranges.map(([opens, closes]) => ({ opens: clock(opens), closes: clock(closes) })),
  };
}

/** Every weekday of `global.opening_hours`, read. */
export function parseOpeningHours(hours: OpeningHoursContent): Record<Weekday, DayHours> {
  return Object.fromEntries(weekdays.map(([day]) => [day, parseDayHours(hours[day])])) as Record<
    Weekday,
    DayHours
  >;
}
