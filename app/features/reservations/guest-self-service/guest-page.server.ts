import { deliverInBackground } from "../../../common/mail/mailer.server.ts";
import type { AppServices } from "../../../common/app-context.ts";
import type { ContactContent, OpeningHoursContent } from "../../../common/content/schemas.ts";
import { addressBucket } from "../../../lib/address-bucket.ts";
import { formText, INTENT_FIELD, readForm, type FieldErrors, type Notice } from "../../../lib/forms.ts";
import { countHit } from "../../../lib/rate-limit.server.ts";
import {
  guestLinkMessages,
  statusLabels,
  type ClosedReason,
  type ReservationStatus,
} from "../book/index.server.ts";
import { reservationOfToken } from "../book/index.server.ts";
import {
  attendByGuest,
  cancelByGuest,
  changeByGuest,
  changeableOnline,
  closedReasonOf,
  type GuestOutcome,
} from "./guest-changes.server.ts";
import type { Reservation } from "../book/index.server.ts";
import { guestChangeFields, validateGuestChange, type GuestChangeField } from "../book/index.server.ts";
import { readKeptReservationSettings } from "../settings/index.server.ts";
import { bookingWindow } from "../book/index.server.ts";
import { MAX_PUBLIC_PARTY_SIZE } from "../book/index.server.ts";

/**
 * `/reservierung/<token>` (decision 0033): what the page shows and what its three forms do. The page
 * shows the visit and nothing else of the guest's data; every lookup of a token counts against the
 * address's limit; a POST must name this site as its Origin.
 */

/** Lookups of a link per address and 10 minutes: plenty for a guest, nothing for guessing. */
export const GUEST_LINK_LIMIT = { max: 100, windowMs: 10 * 60 * 1000 };

/** The headers of every answer under `/reservierung/`: the token stays out of logs, caches and indexes. */
export const GUEST_PAGE_HEADERS = {
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

const M = guestLinkMessages;

/** The visit as the guest's page shows it: no e-mail address, phone or notes. */
export interface GuestVisit {
  name: string;
  date: string;
  time: string;
  partySize: number;
  status: ReservationStatus;
  statusLabel: string;
  /** 'Ich komme' was said. */
  attending: boolean;
}

export type GuestPageData =
  | { found: false; limited: boolean; phone: string }
  | {
      found: true;
      restaurant: string;
      phone: string;
      visit: GuestVisit;
      closed: ClosedReason | undefined;
      /**
       * Whether the form can show the visit as it is: a time staff noted off the slots (19:15) or a
       * party above the online limit would be replaced by the form's first option unseen.
       */
      changeable: boolean;
      /** For the change form: the largest online party and the booking window's dates. */
      largestParty: number;
      window: { min: string; max: string };
    };

export interface GuestActionResult {
  notice: Notice;
  fieldErrors?: FieldErrors<GuestChangeField>;
  values?: Partial<Record<GuestChangeField, string>>;
}

const visitOf = (reservation: Reservation): GuestVisit => ({
  name: reservation.customer_name,
  date: reservation.reservation_date,
  time: reservation.reservation_time,
  partySize: reservation.party_size,
  status: reservation.status,
  statusLabel: statusLabels[reservation.status],
  attending: reservation.guest_action === "attending" && reservation.status === "CONFIRMED",
});

/** Counts the lookup against the address's limit; false when it is over. */
async function withinLimit(app: AppServices): Promise<boolean> {
  const verdict = await countHit(
    app.database.db,
    `guest-link:${addressBucket(app.clientAddress)}`,
    GUEST_LINK_LIMIT,
  );
  return verdict.allowed;
}

type Looked = { status: 200; reservation: Reservation } | { status: 404 | 429; reservation?: undefined };

async function lookUp(app: AppServices, token: string): Promise<Looked> {
  if (!(await withinLimit(app))) {
    app.logger.warn("guest link refused: rate limit", { client: app.clientAddress });
    return { status: 429 };
  }
  const reservation = await reservationOfToken(app.database.db, token);
  if (!reservation) {
    // Never the token itself: it would open the reservation to whoever reads the log.
    app.logger.warn("guest link unknown", { client: app.clientAddress, length: token.length });
    return { status: 404 };
  }
  return { status: 200, reservation };
}

export async function loadGuestPage(
  app: AppServices,
  token: string,
  contact: ContactContent,
  now = new Date(),
): Promise<{ data: GuestPageData; status: number }> {
  const looked = await lookUp(app, token);
  if (!looked.reservation)
    return {
      data: { found: false, limited: looked.status === 429, phone: contact.phone },
      status: looked.status,
    };
  const settings = await readKeptReservationSettings(app.database.db);
  const largestParty = settings?.largestOnlineParty ?? MAX_PUBLIC_PARTY_SIZE;
  const { reservation } = looked;
  return {
    status: 200,
    data: {
      found: true,
      restaurant: contact.name,
      phone: contact.phone,
      visit: visitOf(looked.reservation),
      closed: closedReasonOf(looked.reservation, now),
      changeable: changeableOnline(reservation, largestParty),
      largestParty,
      window: bookingWindow(now, settings?.horizonMonths),
    },
  };
}

/**
 * A POST from the page names this site as its Origin; one without (a script, a scanner), or from
 * elsewhere, changes nothing. The page sends no referrer, so a form posted without scripts says
 * `Origin: null`: the server lets that through only with the browser's `Sec-Fetch-Site: same-origin`
 * and hands it on with this site's origin (`withVouchedOrigin`, server/request-guards.ts).
 */
function fromThisSite(request: Request, siteOrigin: string): boolean {
  const origin = request.headers.get("origin");
  return origin !== null && (origin === new URL(request.url).origin || origin === siteOrigin);
}

const failed = (description: string, extra: Omit<GuestActionResult, "notice"> = {}): GuestActionResult => ({
  notice: { tone: "error", title: M.failedTitle, description },
  ...extra,
});

function answerOf(outcome: GuestOutcome, done: (reservation: Reservation) => Notice): GuestActionResult {
  if (outcome.done) return { notice: done(outcome.reservation) };
  if ("closed" in outcome) return failed(M.closed[outcome.closed]);
  if ("unchanged" in outcome) return failed(M.unchanged);
  if ("notChangeable" in outcome) return failed(M.changeByPhone);
  return failed(outcome.refused.message, {
    fieldErrors: { [outcome.refused.field]: outcome.refused.message },
  });
}

export async function answerGuestPage(
  request: Request,
  app: AppServices,
  token: string,
  content: Promise<{ hours: OpeningHoursContent; contact: ContactContent }>,
): Promise<{ result: GuestActionResult; status: number }> {
  if (!fromThisSite(request, app.siteOrigin)) {
    app.logger.warn("guest link POST refused: origin", { client: app.clientAddress });
    return { result: failed(M.foreignOrigin), status: 403 };
  }
  const looked = await lookUp(app, token);
  if (!looked.reservation)
    return {
      result: failed(looked.status === 429 ? M.tooMany : M.notFound),
      status: looked.status,
    };
  const { reservation } = looked;
  const form = await readForm(request);
  const intent = form.get(INTENT_FIELD);
  const { database, logger, mailer, config, siteOrigin } = app;
  const { hours, contact } = await content;
  const mail = { contact, notifyEmail: config.notifyEmail, siteOrigin };
  // Past or cancelled: said as such, whatever was sent.
  const closed = closedReasonOf(reservation);
  if (closed) return { result: failed(M.closed[closed]), status: 409 };
  let values: Partial<Record<GuestChangeField, string>> | undefined;
  try {
    let outcome: GuestOutcome;
    if (intent === "cancel") {
      outcome = await cancelByGuest(database.db, reservation, mail);
    } else if (intent === "attend") {
      outcome = await attendByGuest(database.db, reservation);
    } else if (intent === "change") {
      const settings = await readKeptReservationSettings(database.db);
      // What the page shows as not changeable online is not changed by a form sent anyway; the
      // change itself asks again on the row it locks.
      if (!changeableOnline(reservation, settings?.largestOnlineParty))
        return { result: failed(M.changeByPhone), status: 409 };
      values = formText(form, guestChangeFields);
      const validation = validateGuestChange(values, {
        hours,
        largestParty: settings?.largestOnlineParty,
        horizonMonths: settings?.horizonMonths,
        exceptionDates: settings?.exceptions.map((exception) => exception.date),
        exceptions: settings?.exceptions,
      });
      if (!validation.success) {
        const first = Object.values(validation.fieldErrors)[0] ?? M.unexpected;
        return { result: failed(first, { fieldErrors: validation.fieldErrors, values }), status: 400 };
      }
      outcome = await changeByGuest(database.db, reservation, validation.data, { settings, hours, mail });
    } else {
      return { result: failed(M.unexpected), status: 400 };
    }
    // 'Ich komme' said again (a reload): still a yes, and nothing to change.
    if (intent === "attend" && !outcome.done && "unchanged" in outcome)
      return {
        result: { notice: { tone: "success", title: M.attendingTitle, description: M.alreadyAttending } },
        status: 200,
      };
    if (outcome.done) {
      logger.info("reservation changed by guest", { reservationId: reservation.id, action: intent });
      deliverInBackground(mailer, logger, outcome.mailIds, "guest mail");
    }
    const result = answerOf(outcome, (changed) => {
      if (intent === "cancel") return { tone: "success", title: M.cancelledTitle, description: M.cancelled };
      if (intent === "attend") return { tone: "success", title: M.attendingTitle, description: M.attending };
      return {
        tone: "success",
        title: M.changedTitle,
        description: changed.status === "CONFIRMED" ? M.changedConfirmed : M.changedPending,
      };
    });
    // A refused change keeps what the guest chose, so the form shows it again.
    return {
      result: outcome.done || !values ? result : { ...result, values },
      status: outcome.done ? 200 : 409,
    };
  } catch (error) {
    logger.error("guest link action failed", { reservationId: reservation.id, error });
    return { result: failed(M.unexpected, values ? { values } : {}), status: 500 };
  }
}
