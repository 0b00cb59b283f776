import type { Kysely } from "kysely";
import { addressBucket } from "../../../lib/address-bucket.ts";
import type { OpeningHoursContent } from "../../../common/content/schemas.ts";
import type { Database } from "../../../../db/database.types.ts";
import { sharesByKey, transactTogether, whenCommitsDone } from "../../../../db/shared-commit.server.ts";
import { formatDate } from "../../../lib/format.ts";
import { formText, type Notice } from "../../../lib/forms.ts";
import type { Logger } from "../../../lib/logger.server.ts";
import { deliverInBackground, type Mailer } from "../../../common/mail/mailer.server.ts";
import {
  countHit,
  giveBackHit,
  sweepRateLimits,
  type RateLimit,
  type RateVerdict,
} from "../../../lib/rate-limit.server.ts";
import {
  againIfReferenceGone,
  STORAGE_PROBLEM_STATUS,
  storageProblemOf,
} from "../../../lib/storage-errors.server.ts";
import { HONEYPOT_FIELD, reservationMessages as M } from "../book/index.server.ts";
import { queueMails, requestAnswerMail, reservationNotice, type MailContext } from "../mails/index.server.ts";
import {
  areaAsked,
  dayOptions,
  nextDatesWithRoom,
  problemAmong,
  waitlistAmong,
} from "../availability/index.server.ts";
import { holdingBetween, holdingOn, KeptDays, seatTheDay } from "../availability/index.server.ts";
import { lockReservationDay } from "../book/index.server.ts";
import { noteFreeSeatsChanged } from "../book/index.server.ts";
import { bookingWindow } from "../book/index.server.ts";
import { addDays } from "../../../lib/calendar.ts";
import type { Reservation } from "../book/index.server.ts";
import type { RequestResult } from "./request-result.ts";
import {
  announceNewReservation,
  findSameRequest,
  findStoredRequest,
  insertGuestRequest,
} from "../book/index.server.ts";
import {
  requestFields,
  validateReservationRequest,
  type RequestField,
  type ReservationRequest,
} from "../book/index.server.ts";
import { DEFAULT_SETTINGS, type ReservationSettings } from "../book/index.server.ts";

/**
 * A guest's reservation request, from the submitted form to the stored row and the restaurant's
 * notice (decisions 0014, 0017, 0031 and 0050). Nothing a guest sends causes a server error:
 * every answer is a German message, and the form keeps what was typed unless it was stored.
 */

/** A new form's one-time key. */

export const REQUEST_WINDOW_MS = 10 * 60 * 1000;

export interface RequestDependencies {
  db: Kysely<Database>;
  logger: Logger;
  mailer: Mailer;
  clientAddress: string;
  /** Requests one address may send per 10 minutes (RESERVATION_RATE_LIMIT); 0 = no limit. */
  rateLimit: number;
  hours: OpeningHoursContent;
  mail: MailContext;
  /** 'Reservierungseinstellungen'; without them every valid request is taken and waits for staff. */
  settings?: ReservationSettings;
  now?: Date;
}

export interface RequestAnswer {
  result: RequestResult;
  status: number;
  headers?: Record<string, string>;
}

const sentNotice = { tone: "success", title: M.successTitle, description: M.successDescription } as const;

/**
 * What the guest is told once the request is stored: confirmed at once by the settings, on the
 * waitlist, or waiting for staff — the first two with the date and time.
 */
function noticeFor(reservation: Reservation): Notice {
  const date = formatDate(reservation.reservation_date);
  if (reservation.status === "CONFIRMED")
    return {
      tone: "success",
      title: M.confirmedTitle,
      description: M.confirmedDescription(date, reservation.reservation_time),
    };
  if (reservation.status === "WAITLIST")
    return {
      tone: "success",
      title: M.waitlistTitle,
      description: M.waitlistDescription(date, reservation.reservation_time),
    };
  return sentNotice;
}

/** A visit to weigh against its day: a new request, or a guest's change (`except`: its own reservation). */
export interface VisitQuestion {
  date: string;
  time: string;
  partySize: number;
  except?: number;
  /** The area the guest chose, when they did and may ('Bereichswunsch', decision 0054). */
  areaId?: number | undefined;
}

export type VisitVerdict =
  | { status: "PENDING" | "CONFIRMED" }
  | {
      problem: { field: "date" | "time"; message: string };
      /** Refused only for lack of room: the guest may wait for a seat instead. */
      waitlist: boolean;
    };

/**
 * Inside the storing transaction, after the date is locked (decision 0031): the availability rule
 * over what is stored by then, and whether the settings confirm the visit at once. A refusal for
 * lack of room names what is still free: that date's times, or the next dates.
 */
export async function weighVisit(
  trx: Kysely<Database>,
  visit: VisitQuestion,
  deps: Pick<RequestDependencies, "settings" | "hours" | "now" | "mail">,
  /** What the shared transaction's requests before this one read of the date (decision 0055). */
  kept?: KeptDays,
): Promise<VisitVerdict> {
  const question = {
    date: visit.date,
    time: visit.time,
    partySize: visit.partySize,
    settings: deps.settings,
    hours: deps.hours,
    now: deps.now,
    areaId: visit.areaId,
  };
  // Read once: the refusal's free times come from the same rows, in the same transaction. The tables
  // are asked about the one time first; only a refusal asks them about the whole day.
  const holding = await holdingOn(deps.settings, trx, visit.date, visit.except, kept);
  const quick = problemAmong(dayOptions({ ...question, ...holding, onlyTime: visit.time }), question);
  const options = quick ? wholeDay(question, holding) : undefined;
  const problem = options && problemAmong(options, question);
  if (options && problem) {
    const waitlist = waitlistAmong(options, visit.time);
    if (problem.message === M.timeTaken) {
      const free = options.kind === "open" ? options.times.filter((option) => option.free) : [];
      const message =
        free.length > 0
          ? `${problem.message} ${M.stillFree(free.map((option) => option.time))}`
          : problem.message;
      return { problem: { field: problem.field, message }, waitlist };
    }
    if (problem.message === M.dayFull) {
      const until = bookingWindow(deps.now, deps.settings?.horizonMonths).max;
      const later = await holdingBetween(deps.settings, trx, addDays(visit.date, 1), until);
      const dates = nextDatesWithRoom({ ...question, after: visit.date, ...later });
      const message = `${problem.message} ${M.otherDates(dates.map(formatDate), deps.mail.contact.phone)}`;
      return { problem: { field: problem.field, message }, waitlist };
    }
    return { problem, waitlist };
  }
  const upTo = deps.settings?.autoConfirmUpTo ?? null;
  return { status: upTo !== null && visit.partySize <= upTo ? "CONFIRMED" : "PENDING" };
}

type DayQuestion = Parameters<typeof dayOptions>[0];
type DayOptions = ReturnType<typeof dayOptions>;

/**
 * Every time of the day for a refused request (to name what is still free), once per state of the
 * day within a shared transaction: its requests refused after the evening filled up each asked it
 * of the same day again (decision 0055) — in `npm run bench -- tables` 144 of 200 guests, about a
 * third of a millisecond each, under the date's lock. Once tables are drawn, `KeptDays` hands each
 * request of the transaction the same seating until one stores; the answer is kept with it, per
 * party size, area and minute. Without tables the day is read anew each time, and asked anew.
 */
const wholeDays = new WeakMap<
  object,
  { settings: unknown; hours: unknown; answers: Map<string, DayOptions> }
>();

function wholeDay(
  question: Omit<DayQuestion, "held" | "tables">,
  holding: Pick<DayQuestion, "held" | "tables">,
) {
  const day = holding.tables;
  if (!day) return dayOptions({ ...question, ...holding });
  const before = wholeDays.get(day);
  const kept =
    before && before.settings === question.settings && before.hours === question.hours
      ? before
      : { settings: question.settings, hours: question.hours, answers: new Map<string, DayOptions>() };
  wholeDays.set(day, kept);
  const minute = Math.floor((question.now ?? new Date()).getTime() / 60_000);
  const key = `${question.partySize}|${question.areaId ?? ""}|${minute}`;
  let options = kept.answers.get(key);
  if (!options) kept.answers.set(key, (options = dayOptions({ ...question, ...holding })));
  return options;
}

/**
 * Whether a guest's request may be stored, and how, decided inside the storing transaction after the
 * date is locked (decision 0031): refused with the field and message, or stored with a status.
 */
type Admission = { status: "PENDING" | "CONFIRMED" | "WAITLIST"; areaId: number | null } | RefusedRequest;
interface RefusedRequest {
  /** `waitlist`: refused only for lack of room, so the guest may ask for the waitlist instead. */
  refused: { field: "date" | "time" | "area"; message: string; waitlist: boolean };
}

/**
 * A guest's request under the settings: stored with a status (and the area chosen, when guests may
 * choose one), put on the waitlist, or refused.
 */
async function admissionOf(
  trx: Kysely<Database>,
  request: ReservationRequest,
  deps: RequestDependencies,
  kept: KeptDays,
): Promise<Admission> {
  const area = await areaAsked(trx, deps.settings ?? DEFAULT_SETTINGS, request.area, request.date);
  if (area.invalid !== undefined)
    return { refused: { field: "area", message: area.invalid, waitlist: false } };
  if (area.closed !== undefined) return { refused: { field: "area", message: area.closed, waitlist: false } };
  const areaId = area.areaId ?? null;
  const verdict = await weighVisit(
    trx,
    { date: request.date, time: request.time, partySize: request.party_size, areaId: area.areaId },
    deps,
    kept,
  );
  if ("status" in verdict) return { ...verdict, areaId };
  // Refused only for lack of room: the guest may wait for a seat instead (it holds none).
  if (verdict.waitlist && request.waitlist) return { status: "WAITLIST", areaId };
  return { refused: { ...verdict.problem, waitlist: verdict.waitlist } };
}

/** The dates read by the requests of each shared transaction, for the next request (decision 0055). */
const keptDays = new WeakMap<Kysely<Database>, KeptDays>();

function keptDaysOf(trx: Kysely<Database>): KeptDays {
  let kept = keptDays.get(trx);
  if (!kept) keptDays.set(trx, (kept = new KeptDays()));
  return kept;
}

/** What the storing transaction ends with. */
type Taken =
  | { reservation: Reservation; duplicate: boolean; mailIds: number[] }
  | RefusedRequest
  /** Over the per-address limit: the request ends there, with its hit counted. */
  | { limited: { retryAfterMs: number } };

/**
 * The storing transaction's work for one request: count the address (`countInside`, unless it was
 * counted before), lock the date, weigh, store, seat the day, queue the e-mails (decision 0050).
 */
async function storeRequest(
  trx: Kysely<Database>,
  request: ReservationRequest,
  deps: RequestDependencies,
  countInside: { counter: string; limit: RateLimit } | undefined,
): Promise<Taken> {
  // Count first, before the date is locked: the counter's write reaches the disk with the request's
  // own, in one commit; a request over the limit ends here, with its hit counted.
  if (countInside) {
    const hit = await countHit(trx, countInside.counter, countInside.limit, deps.now, { sweep: false });
    if (!hit.allowed) return { limited: { retryAfterMs: hit.retryAfterMs } };
  }
  // Lock the date: what is weighed below is what is stored by then (decision 0031).
  await lockReservationDay(trx, request.date);
  // Weigh: stored as a request, confirmed at once or put on the waitlist moments ago — the same
  // request either way; else the availability rule over the date as it is now.
  const same = await findSameRequest(trx, request, { shared: true });
  if (same) return { reservation: same, duplicate: true, mailIds: [] };
  const kept = keptDaysOf(trx);
  const admission = await admissionOf(trx, request, deps, kept);
  if ("refused" in admission) return admission;
  // Store, once per form key, and tell the open staff screens (decision 0035).
  const inserted = await insertGuestRequest(trx, { ...request, area: admission.areaId }, admission.status);
  if (inserted.duplicate) return { ...inserted, mailIds: [] };
  const { reservation } = inserted;
  // The date as the next request of a shared transaction would read it (decision 0055).
  kept.stored(reservation);
  await seatTheDay(
    trx,
    deps.settings,
    reservation.reservation_date,
    { id: reservation.id, online: true },
    kept,
  );
  await announceNewReservation(trx, "requested", reservation);
  // Queue the restaurant's notice and the guest's answer: the confirmation or the receipt.
  const mailIds = await queueMails(trx, [
    reservationNotice(reservation, deps.mail, "guest"),
    requestAnswerMail(reservation, deps.mail),
  ]);
  return { reservation, duplicate: false, mailIds };
}

/**
 * The guest's way in (decision 0050), top to bottom: parse the form → count the address's request
 * → lock the date → weigh (the same request sent again; the availability rule) → store → queue the
 * e-mails, all in one transaction whose commit is shared with the guests arriving at the same moment
 * (decision 0032) → after the commit: forget the availability API's kept answers, send the e-mails
 * in the background, log, answer.
 */
export async function submitReservationRequest(
  form: FormData,
  deps: RequestDependencies,
): Promise<RequestAnswer> {
  // Parse.
  const values = formText(form, requestFields);
  const kept = { ...values, [HONEYPOT_FIELD]: "", request_token: "" };
  if (values[HONEYPOT_FIELD].trim() !== "") {
    // A robot: it is told all went well, so it has no reason to try again; nothing is stored.
    deps.logger.warn("reservation request refused: honeypot filled", { client: deps.clientAddress });
    return { result: { status: "sent", notice: sentNotice }, status: 200 };
  }
  const validation = validateReservationRequest(values, {
    hours: deps.hours,
    now: deps.now,
    largestParty: deps.settings?.largestOnlineParty,
    horizonMonths: deps.settings?.horizonMonths,
    exceptionDates: deps.settings?.exceptions.map((exception) => exception.date),
    exceptions: deps.settings?.exceptions,
  });
  if (!validation.success) return invalidAnswer(validation, kept);
  const request = validation.data;
  const counter = `reservation:${addressBucket(deps.clientAddress)}`;
  const limit = { max: deps.rateLimit, windowMs: REQUEST_WINDOW_MS };
  let countedBefore: RateVerdict | undefined;
  const dayKey = `reservation-day:${request.date}`;

  try {
    // The same form sent again (a double click, a resend after a timeout) is answered as before and
    // does not count towards the limit.
    const stored = await findStoredRequest(deps.db, request.request_token);
    if (stored) {
      deps.logger.info("reservation request repeated", { client: deps.clientAddress });
      return { result: { status: "sent", notice: noticeFor(stored) }, status: 200 };
    }

    // Where a transaction is shared only by the requests for one date (PostgreSQL, decision 0055),
    // the address is counted before it, in a statement of its own: a group holding one address's
    // counter until its commit while it waits for another's could deadlock with a group for another
    // date doing the opposite. A request that then fails gives its count back.
    countedBefore = sharesByKey(deps.db)
      ? await countHit(deps.db, counter, limit, deps.now, { sweep: false })
      : undefined;
    const taken: Taken =
      countedBefore && !countedBefore.allowed
        ? { limited: { retryAfterMs: countedBefore.retryAfterMs } }
        : // Shared with the other requests for the date (decision 0055): locked once for all of them.
          // Once more when staff deleted the wished area or the table it was seated at meanwhile.
          await againIfReferenceGone(() =>
            transactTogether(
              deps.db,
              (trx) => storeRequest(trx, request, deps, countedBefore ? undefined : { counter, limit }),
              dayKey,
            ),
          );

    // After the commit.
    noteFreeSeatsChanged();
    // Expired counters go after the commit; a failed sweep is tried again later and fails nobody.
    if (deps.rateLimit > 0)
      await sweepRateLimits(deps.db, deps.now).catch((error: unknown) =>
        deps.logger.warn("rate limit counters not swept", { error }),
      );
    if ("limited" in taken) {
      deps.logger.warn("reservation request refused: rate limit", { client: deps.clientAddress });
      return limitedAnswer(taken.limited.retryAfterMs, kept);
    }
    if ("refused" in taken) return refusedAnswer(taken.refused, kept);
    deps.logger.info(taken.duplicate ? "reservation request repeated" : "reservation request stored", {
      reservationId: taken.reservation.id,
      client: deps.clientAddress,
    });
    // Sent at once, without keeping the guest waiting for the mail server: a failure is retried
    // from the outbox and only logged (decision 0017: the guest still sees success).
    // Once the requests arriving with it are stored: until then their storing goes first.
    void whenCommitsDone(deps.db, dayKey).then(() =>
      deliverInBackground(deps.mailer, deps.logger, taken.mailIds, "reservation notice"),
    );
    return { result: { status: "sent", notice: noticeFor(taken.reservation) }, status: 200 };
  } catch (error) {
    deps.logger.error("reservation request failed", { error });
    if (countedBefore && limit.max > 0)
      await giveBackHit(deps.db, counter, deps.now).catch((failure: unknown) =>
        deps.logger.warn("rate limit count not given back", { error: failure }),
      );
    return failedAnswer(error, kept);
  }
}

type KeptValues = Partial<Record<RequestField, string>>;

function invalidAnswer(
  validation: Extract<ReturnType<typeof validateReservationRequest>, { success: false }>,
  kept: KeptValues,
): RequestAnswer {
  return {
    result: {
      status: "invalid",
      notice: validation.missing
        ? { tone: "error", title: M.missingTitle, description: M.missingDescription }
        : {
            tone: "error",
            title: M.failedTitle,
            description: Object.values(validation.fieldErrors)[0] ?? M.checkFields,
          },
      fieldErrors: validation.fieldErrors,
      values: kept,
    },
    status: 400,
  };
}

function limitedAnswer(retryAfterMs: number, kept: KeptValues): RequestAnswer {
  return {
    result: {
      status: "refused",
      notice: { tone: "error", title: M.failedTitle, description: M.tooMany },
      fieldErrors: {},
      values: kept,
    },
    status: 429,
    headers: { "Retry-After": String(Math.ceil(retryAfterMs / 1000)) },
  };
}

function refusedAnswer(
  { field, message, waitlist }: RefusedRequest["refused"],
  kept: KeptValues,
): RequestAnswer {
  return {
    result: {
      status: "refused",
      notice: { tone: "error", title: M.failedTitle, description: message },
      fieldErrors: { [field]: message },
      values: kept,
      ...(waitlist ? { waitlistOffered: true } : {}),
    },
    status: 409,
  };
}

/** A full disk (or a database the server may not write) is said as such; the guest keeps the form. */
function failedAnswer(error: unknown, kept: KeptValues): RequestAnswer {
  const storage = storageProblemOf(error) !== undefined;
  return {
    result: {
      status: "error",
      notice: {
        tone: "error",
        title: M.failedTitle,
        description: storage ? M.storageProblem : M.unexpected,
      },
      fieldErrors: {},
      values: kept,
    },
    status: storage ? STORAGE_PROBLEM_STATUS : 500,
  };
}
