import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { addressBucket } from "../../../lib/address-bucket.ts";
import { addDays, isCalendarDate } from "../../../lib/calendar.ts";
import type { OpeningHoursContent } from "../../../common/content/schemas.ts";
import { dayAnswerOf, type DayAnswer, type RangeAnswer } from "./day-answer.ts";
import { dayOptions } from "./seat-rule.ts";
import { holdingBetween, holdingOn } from "./table-seating.server.ts";
import { areaAsked } from "./area-wish.server.ts";
import { MAX_STAFF_PARTY_SIZE } from "../book/index.server.ts";
import type { ReservationSettings } from "../book/index.server.ts";
import { freeSeatsChanges } from "../book/index.server.ts";

/**
 * `GET /api/verfuegbarkeit` (decision 0031): which times of a date are free for a party, or which
 * dates of a span have a free time — the same rule the server stores by. Answers are kept in memory
 * for a few seconds, so a crowd asking the same question costs one read; every address may ask a
 * limited number of times per minute; bad parameters get a German message with 400, never a 500.
 */

export const MAX_RANGE_DAYS = 62;
/** How long an answer is kept (and browsers may keep it): a booking shows within this time. */
export const ANSWER_SECONDS = 5;
/** Questions one address may ask per minute. */
export const ASKS_PER_MINUTE = 120;

export const availabilityApiMessages = {
  partySize: (largest: number) => `Bitte geben Sie 'personen' als ganze Zahl von 1 bis ${largest} an.`,
  date: "Bitte geben Sie das Datum als JJJJ-MM-TT an, z. B. 2026-12-24.",
  question: "Bitte fragen Sie nach 'datum' oder nach 'von' und 'bis', jeweils mit 'personen'.",
  area: "Bitte geben Sie als 'bereich' die Nummer eines Bereichs an, den Gäste wählen können.",
  range: `Der Zeitraum muss mit 'von' vor 'bis' beginnen und darf höchstens ${MAX_RANGE_DAYS} Tage umfassen.`,
  tooMany: "Zu viele Anfragen von Ihrem Anschluss. Bitte versuchen Sie es in einer Minute erneut.",
  unavailable:
    "Die Verfügbarkeit kann gerade nicht gelesen werden. Bitte versuchen Sie es gleich noch einmal.",
} as const;

export interface AvailabilityDeps {
  db: Kysely<Database>;
  hours: OpeningHoursContent;
  settings: ReservationSettings;
  now?: Date;
}

export type AvailabilityAnswer = { status: number; body: DayAnswer | RangeAnswer | { fehler: string } };

/** `area`: the area the guest chose ('bereich', decision 0054). */
type Question = (
  { kind: "day"; date: string; party: number } | { kind: "range"; from: string; to: string; party: number }
) & { area?: number };

const refusal = (fehler: string): AvailabilityAnswer => ({ status: 400, body: { fehler } });

const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The question in the address, or the German reason it is not one. */
export function parseAvailabilityQuestion(
  params: URLSearchParams,
  largestParty: number,
): Question | AvailabilityAnswer {
  const M = availabilityApiMessages;
  const party = params.get("personen") ?? "";
  if (!/^\d{1,3}$/.test(party) || Number(party) < 1 || Number(party) > largestParty)
    return refusal(M.partySize(largestParty));
  const areaText = params.get("bereich") ?? "";
  if (!/^\d{0,9}$/.test(areaText)) return refusal(M.area);
  const area = areaText === "" ? {} : { area: Number(areaText) };
  const date = params.get("datum");
  const from = params.get("von");
  const to = params.get("bis");
  if (date !== null && from === null && to === null) {
    if (!isCalendarDate(date)) return refusal(M.date);
    return { kind: "day", date, party: Number(party), ...area };
  }
  if (date === null && from !== null && to !== null) {
    if (!isCalendarDate(from) || !isCalendarDate(to)) return refusal(M.date);
    const days = daysFrom(from, to);
    if (days < 0 || days >= MAX_RANGE_DAYS) return refusal(M.range);
    return { kind: "range", from, to, party: Number(party), ...area };
  }
  return refusal(M.question);
}

async function answer(question: Question, deps: AvailabilityDeps): Promise<AvailabilityAnswer> {
  const first = question.kind === "day" ? question.date : question.from;
  const asked = await areaAsked(deps.db, deps.settings, question.area, first);
  if (asked.invalid !== undefined) return refusal(availabilityApiMessages.area);
  const base = {
    partySize: question.party,
    settings: deps.settings,
    hours: deps.hours,
    now: deps.now,
    areaId: asked.areaId,
  };
  if (question.kind === "day") {
    const options = dayOptions({
      ...base,
      date: question.date,
      areaClosed: asked.closed,
      ...(await holdingOn(deps.settings, deps.db, question.date)),
    });
    const body = dayAnswerOf(question.date, question.party, options);
    return { status: 200, body };
  }
  const { held, tables } = await holdingBetween(deps.settings, deps.db, question.from, question.to);
  const tage: RangeAnswer["tage"] = [];
  for (let date = question.from; date <= question.to; date = addDays(date, 1))
    tage.push({
      datum: date,
      frei: dayOptions({ ...base, date, held: held.get(date) ?? [], tables: tables?.(date) }).kind === "open",
    });
  return { status: 200, body: { von: question.from, bis: question.to, personen: question.party, tage } };
}

/** Answers kept for a few seconds, by question; bounded, the oldest go first. */
const kept = new Map<string, { until: number; changes: number; answer: AvailabilityAnswer }>();
const KEPT_AT_MOST = 1000;
/** Questions per address in the current minute; bounded like the answers. */
const asked = new Map<string, { minute: number; count: number }>();
const ADDRESSES_AT_MOST = 10_000;

function remember<K, V>(map: Map<K, V>, key: K, value: V, most: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > most) map.delete(map.keys().next().value as K);
}

/** Whether `address` may ask once more this minute. */
export function mayAsk(address: string, now = Date.now()): boolean {
  const key = addressBucket(address);
  const minute = Math.floor(now / 60_000);
  const entry = asked.get(key);
  const count = entry && entry.minute === minute ? entry.count + 1 : 1;
  remember(asked, key, { minute, count }, ADDRESSES_AT_MOST);
  return count <= ASKS_PER_MINUTE;
}

/** The answer to an address's question, from memory when it was asked a moment ago. */
export async function answerAvailability(
  params: URLSearchParams,
  deps: () => Promise<AvailabilityDeps>,
  now = Date.now(),
): Promise<AvailabilityAnswer> {
  // The largest online group is a setting: the address is read against the largest any setting
  // allows, and the party checked against the setting once it is read.
  const question = parseAvailabilityQuestion(params, MAX_STAFF_PARTY_SIZE);
  if ("status" in question) return question;
  const key = JSON.stringify(question);
  const hit = kept.get(key);
  if (hit && hit.until > now && hit.changes === freeSeatsChanges()) return hit.answer;
  // The count before the read: a write during the read makes the answer stale at once.
  const changes = freeSeatsChanges();
  const read = await deps();
  const largest = read.settings.largestOnlineParty;
  const fresh =
    question.party > largest
      ? refusal(availabilityApiMessages.partySize(largest))
      : await answer(question, read);
  remember(kept, key, { until: now + ANSWER_SECONDS * 1000, changes, answer: fresh }, KEPT_AT_MOST);
  return fresh;
}

/** For tests: forget what was kept and counted. */
export function forgetAvailabilityAnswers(): void {
  kept.clear();
  asked.clear();
}
