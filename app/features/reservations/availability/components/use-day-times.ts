import { useEffect, useState } from "react";
import { addDays, isCalendarDate } from "../../../../lib/calendar.ts";
import { formDayOf, type DayAnswer, type DayTimes, type KnownDay, type RangeAnswer } from "../day-answer.ts";

/** A number per answer object, the same on every render: which round of asking an answer starts. */
const rounds = new WeakMap<object, number>();
let lastRound = 0;
function roundOf(answer: object): number {
  let round = rounds.get(answer);
  if (round === undefined) {
    lastRound += 1;
    round = lastRound;
    rounds.set(answer, round);
  }
  return round;
}

/** The API's window for a span (inclusive): at most 62 days. */
const SPAN_DAYS = 61;
const NEXT_DATES = 3;

type Kept = { key: string; day: DayTimes };

async function ask<T>(query: URLSearchParams, signal: AbortSignal): Promise<T> {
  const response = await fetch(`/api/verfuegbarkeit?${query}`, {
    // A browser's copy may be older than what the guest just booked.
    cache: "no-store",
    signal,
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`Verfügbarkeit: ${response.status}`);
  return (await response.json()) as T;
}

/** The area as the API's `bereich` asks for it; none for ''. */
const areaQuery = (area: string): Record<string, string> => (area === "" ? {} : { bereich: area });

async function nextDatesWithRoom(
  after: string,
  party: string,
  area: string,
  lastDate: string,
  signal: AbortSignal,
): Promise<string[]> {
  const found: string[] = [];
  for (let from = addDays(after, 1); from <= lastDate && found.length < NEXT_DATES;) {
    const to = addDays(from, SPAN_DAYS) < lastDate ? addDays(from, SPAN_DAYS) : lastDate;
    const query = new URLSearchParams({ von: from, bis: to, personen: party, ...areaQuery(area) });
    const span = await ask<RangeAnswer>(query, signal);
    found.push(...span.tage.filter((day) => day.frei).map((day) => day.datum));
    from = addDays(to, 1);
  }
  return found.slice(0, NEXT_DATES);
}

/**
 * What the guest's form offers for the chosen date and party, asked of `GET /api/verfuegbarkeit`
 * (decision 0031): the free times, the full ones a waitlist request may ask for, a closure's note —
 * and for a fully booked day the next three dates that still have room. Undefined while the answer
 * is on its way or when it could not be had: the form then offers the day's opening hours, and the
 * server's answer to the request is final. `initial` is what the server rendered with the page;
 * `lastDate` the booking window's end.
 */
export function useDayTimes({
  date,
  party,
  area = "",
  enabled,
  lastDate,
  initial,
  after,
}: {
  date: string;
  party: string;
  /** The area chosen ('Bereichswunsch', decision 0054); '' none. */
  area?: string;
  enabled: boolean;
  lastDate: string;
  initial?: KnownDay | undefined;
  /** The last answer to a request: after each, the day is asked again. */
  after?: object | undefined;
}): DayTimes | undefined {
  const round = after === undefined ? 0 : roundOf(after);
  const day = `${date}|${party}|${area}`;
  const key = isCalendarDate(date) && /^\d{1,3}$/.test(party) ? `${day}|${round}` : "";
  const initialKey = initial ? `${initial.date}|${initial.party}|${initial.area}|0` : undefined;
  const [kept, setKept] = useState<Kept | undefined>(() =>
    initial && initialKey ? { key: initialKey, day: initial.day } : undefined,
  );
  const [next, setNext] = useState<{ key: string; dates: string[] } | undefined>(() =>
    initial?.day.nextDates && initialKey ? { key: initialKey, dates: initial.day.nextDates } : undefined,
  );
  const known = kept?.key === key;
  const full = known && kept?.day.kind === "full";
  const nextKnown = next?.key === key;

  useEffect(() => {
    if (!enabled || key === "" || known) return;
    const controller = new AbortController();
    ask<DayAnswer>(
      new URLSearchParams({ datum: date, personen: party, ...areaQuery(area) }),
      controller.signal,
    )
      .then((answer) => setKept({ key, day: formDayOf(answer) }))
      // No answer (offline, a refusal, too many questions): the form offers the opening hours, and
      // the server's answer to the request decides.
      .catch(() => undefined);
    return () => controller.abort();
  }, [enabled, key, known, date, party, area]);

  useEffect(() => {
    if (!enabled || !full || nextKnown) return;
    const controller = new AbortController();
    nextDatesWithRoom(date, party, area, lastDate, controller.signal)
      .then((dates) => setNext({ key, dates }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [enabled, full, nextKnown, key, date, party, area, lastDate]);

  // Asked again after an answer, the day's last answer stands until the new one arrives.
  const sameDay = key !== "" && kept !== undefined && kept.key.startsWith(`${day}|`);
  if (!sameDay) return undefined;
  const nextDates = next?.key.startsWith(`${day}|`) ? next.dates : undefined;
  return nextDates ? { ...kept.day, nextDates } : kept.day;
}
