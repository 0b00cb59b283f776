import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { addDays, isCalendarDate } from "../../../lib/calendar.ts";
import { formatDate } from "../../../lib/format.ts";
import { formText, INTENT_FIELD, readForm } from "../../../lib/forms.ts";
import type { Logger } from "../../../lib/logger.server.ts";
import { HONEYPOT_FIELD, reservationMessages as M, SHOW_TIMES } from "../book/index.server.ts";
import { requestFields } from "../book/index.server.ts";
import type { AppServices } from "../../../common/app-context.ts";
import type { ContactContent, OpeningHoursContent } from "../../../common/content/schemas.ts";
import { dayAnswerOf, formDayOf, type KnownDay } from "../availability/index.server.ts";
import { areaAsked, dayOptions, nextDatesWithRoom, wishAreas } from "../availability/index.server.ts";
import type { WishArea } from "../tables/index.ts";
import { holdingBetween, holdingOn } from "../availability/index.server.ts";
import { submitReservationRequest, type RequestAnswer } from "./guest-request.server.ts";
import { bookingWindow, type BookingWindow } from "../book/index.server.ts";
import { readKeptReservationSettings } from "../settings/index.server.ts";
import { DEFAULT_SETTINGS, type ReservationSettings } from "../book/index.server.ts";

/**
 * The guest's reservation form as its pages serve it — the home page's section and `/reservieren`
 * (decision 0031): what the form needs of the settings, the times of a date the address names, and
 * the answer to a sent request.
 */

/** What the form needs of 'Reservierungseinstellungen' to offer what the server will take. */
export interface GuestFormSetup {
  window: BookingWindow;
  largestParty: number;
  horizonMonths: number;
  exceptionDates: string[];
  /** The areas a guest may choose ('Bereichswunsch', decision 0054); none: the form asks for none. */
  areas: WishArea[];
}

export const guestFormSetupOf = (
  settings: ReservationSettings,
  areas: WishArea[] = [],
  now = new Date(),
): GuestFormSetup => ({
  window: bookingWindow(now, settings.horizonMonths),
  largestParty: settings.largestOnlineParty,
  horizonMonths: settings.horizonMonths,
  exceptionDates: settings.exceptions.map((exception) => exception.date),
  areas,
});

/**
 * `guestFormSetupOf` with the areas a guest may choose, read for a page; when the plan cannot be
 * read, the form asks for no area (the request is still judged by the whole restaurant's tables).
 */
export async function readGuestFormSetup(
  db: Kysely<Database>,
  logger: Logger,
  settings: ReservationSettings,
): Promise<GuestFormSetup> {
  const areas = await wishAreas(db, settings).catch((error: unknown) => {
    logger.error("the areas for the guest's form could not be read", { error });
    return [];
  });
  return guestFormSetupOf(settings, areas);
}

/**
 * The times of `date` for `party` people in the chosen `area` (its id as the form sends it; ''
 * none), as the form shows them; a full day with the next dates.
 */
export async function knownDay(
  db: Kysely<Database>,
  settings: ReservationSettings,
  hours: OpeningHoursContent,
  { date, party, area = "" }: { date: string; party: number; area?: string },
  now = new Date(),
): Promise<KnownDay> {
  const asked = await areaAsked(db, settings, area === "" ? null : Number(area), date);
  // An area the form no longer offers: the whole restaurant's times (the request says what is wrong).
  const areaId = asked.invalid === undefined ? asked.areaId : undefined;
  const kept = areaId === undefined ? "" : String(areaId);
  const question = { partySize: party, settings, hours, now, areaId };
  const options = dayOptions({
    ...question,
    date,
    areaClosed: asked.closed,
    ...(await holdingOn(settings, db, date)),
  });
  const day = formDayOf(dayAnswerOf(date, party, options));
  if (day.kind !== "full") return { date, party, area: kept, day };
  const until = bookingWindow(now, settings.horizonMonths).max;
  const later = await holdingBetween(settings, db, addDays(date, 1), until);
  return {
    date,
    party,
    area: kept,
    day: { ...day, nextDates: nextDatesWithRoom({ ...question, after: date, ...later }) },
  };
}

/**
 * A guest's request sent to either page: checked, stored and answered by the same rule. The page
 * reads the opening hours and the contact (the content feature's), while the settings are read.
 */
export async function answerGuestRequest(
  request: Request,
  app: AppServices,
  content: Promise<{ hours: OpeningHoursContent; contact: ContactContent }>,
): Promise<RequestAnswer> {
  const { database, logger, mailer, config, clientAddress, siteOrigin } = app;
  const form = await readForm(request);
  const [{ hours, contact }, settings] = await Promise.all([
    content,
    readKeptReservationSettings(database.db),
  ]);
  const dayOfForm = () => sentDay(database.db, logger, settings, hours, form);
  if (form.get(INTENT_FIELD) === SHOW_TIMES) {
    // Nothing is stored or counted: the page comes back with the chosen date's times.
    const values = formText(form, requestFields);
    const day = await dayOfForm();
    return {
      result: {
        status: "times",
        notice: {
          tone: "success",
          title: M.timesTitle,
          description: day ? M.timesDescription(formatDate(day.date), day.party) : M.timesUnknown,
        },
        fieldErrors: day ? {} : { date: M.dateInvalid },
        values: { ...values, [HONEYPOT_FIELD]: "", request_token: "" },
        ...(day ? { day } : {}),
      },
      status: day ? 200 : 400,
    };
  }
  const answer = await submitReservationRequest(form, {
    db: database.db,
    logger,
    mailer,
    clientAddress,
    rateLimit: config.reservationRateLimit,
    hours,
    mail: { contact, notifyEmail: config.notifyEmail, siteOrigin },
    settings,
  });
  if (answer.result.status === "sent") return answer;
  // Whatever the refusal, the form is shown again: with the sent date's times as they are now.
  const day = await dayOfForm();
  return day ? { ...answer, result: { ...answer.result, day } } : answer;
}

/**
 * The times of the date and party a form sent, as `knownDay` works them out; undefined for a date or
 * party the form could not have offered, or when they cannot be read (the form then offers the
 * opening hours, as before).
 */
async function sentDay(
  db: Kysely<Database>,
  logger: Logger,
  kept: ReservationSettings | undefined,
  hours: OpeningHoursContent,
  form: FormData,
): Promise<KnownDay | undefined> {
  const settings = kept ?? DEFAULT_SETTINGS;
  const sent = new URLSearchParams({
    datum: String(form.get("date") ?? ""),
    personen: String(form.get("party_size") ?? ""),
    bereich: String(form.get("area") ?? ""),
  });
  try {
    const { date, partySize, area } = prefillOf(sent, await readGuestFormSetup(db, logger, settings));
    if (date === undefined) return undefined;
    return await knownDay(db, settings, hours, { date, party: Number(partySize ?? "2"), area });
  } catch (error) {
    logger.error("availability for a sent form could not be read", { error });
    return undefined;
  }
}

/**
 * The date, party size and area `/reservieren?datum=YYYY-MM-DD&personen=N&bereich=ID` chooses for
 * the form: each only when the form could offer it (a date inside the booking window, a party size
 * it lists, an area guests may choose), else left for the guest to choose — an odd address never
 * breaks the page.
 */
export function prefillOf(
  params: URLSearchParams,
  setup: GuestFormSetup,
): { date?: string; partySize?: string; area?: string } {
  const date = params.get("datum") ?? "";
  const party = params.get("personen") ?? "";
  const area = params.get("bereich") ?? "";
  return {
    ...(isCalendarDate(date) && date >= setup.window.min && date <= setup.window.max ? { date } : {}),
    ...(/^\d{1,3}$/.test(party) && Number(party) >= 1 && Number(party) <= setup.largestParty
      ? { partySize: String(Number(party)) }
      : {}),
    ...(setup.areas.some((offered) => String(offered.id) === area) ? { area } : {}),
  };
}
