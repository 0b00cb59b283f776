import type { Kysely } from "kysely";
import { isCalendarDate } from "../../../lib/calendar.ts";
import type { Database } from "../../../../db/database.types.ts";
import { fieldErrorsOf, formId, formText, INTENT_FIELD, MAX_ID } from "../../../lib/forms.ts";
import {
  staffActionDispatcher,
  type StaffActionHandler,
  type StaffActionOutcome,
} from "../../../lib/staff-actions.server.ts";
import type { Logger } from "../../../lib/logger.server.ts";
import { deliverInBackground, type Mailer } from "../../../common/mail/mailer.server.ts";
import { roomAt, type CapacitySettings } from "../availability/index.server.ts";
import { holdingBetween } from "../availability/index.server.ts";
import { placesOf, planMessages, type UnitKey } from "../tables/index.server.ts";
import { changeTable } from "./table-change.server.ts";
import { holdsSeats } from "../book/index.server.ts";
import {
  adminMessages as A,
  OVERBOOK_FIELD,
  OVERBOOK_YES,
  reservationLimits,
  statusLabels,
  type InfoTitle,
} from "../book/index.server.ts";
import { berlinToday } from "../../../lib/format.ts";
import { guestHistories } from "../book/index.server.ts";
import type {
  AdminIntent,
  AdminResult,
  AdminResultExtra,
  ListedPlace,
  ListResult,
} from "../book/index.server.ts";
import type { MailContext } from "../mails/index.server.ts";
import { OverbookingError } from "./overbooking.server.ts";
import {
  countReservations,
  deleteReservation,
  LIST_LIMIT,
  listReservations,
  type Reservation,
  type ReservationView,
  type StaffChange,
} from "../book/index.server.ts";
import {
  addByStaff,
  changeByStaff,
  ReservationChangedError,
  ReservationNotFoundError,
  type ChangedReservation,
} from "./staff-booking.server.ts";
import {
  staffFields,
  staffReservationSchema,
  statusSchema,
  withFormerStaffNames,
} from "../book/index.server.ts";
import { DEFAULT_SETTINGS, type ReservationSettings } from "../book/index.server.ts";

/**
 * 'Reservierungen einsehen' on the server: which list the address asks for, and the staff actions
 * (add, edit, change status, delete) with the result texts of
 * docs/product/reservations.md#staff-results. The caller has checked the staff session.
 */

/**
 * The list the screen's address asks for: `?q=` (a name search) wins over `?view=pending`,
 * `?view=warteliste` and `?date=`.
 */
export function viewOf(url: URL, today: string): ReservationView {
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, reservationLimits.search);
  if (query !== "") return { mode: "search", query };
  const view = url.searchParams.get("view");
  if (view === "pending") return { mode: "pending" };
  if (view === "warteliste") return { mode: "waitlist" };
  const date = url.searchParams.get("date") ?? "";
  return { mode: "date", date: isCalendarDate(date) ? date : today };
}

const readAtFormat = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  dateStyle: "medium",
  timeStyle: "short",
});

/**
 * The listed waitlist requests whose time has room again for their party, by the seats and pacing of
 * the availability rule over their date's holding reservations ('Platz frei', decision 0031). Staff
 * decide about the rest (hours, lead time, a time already past today), so those are not asked; a
 * request for a day already over is never flagged.
 */
async function waitlistWithRoom(
  db: Kysely<Database>,
  reservations: readonly Reservation[],
  settings: CapacitySettings,
): Promise<number[]> {
  // A request for a day already over has no table to wait for.
  const today = berlinToday();
  const waiting = reservations.filter(
    (reservation) => reservation.status === "WAITLIST" && reservation.reservation_date >= today,
  );
  if (waiting.length === 0) return [];
  const dates = waiting.map((reservation) => reservation.reservation_date).sort();
  const { held, tables } = await holdingBetween(settings, db, dates[0] ?? "", dates.at(-1) ?? "");
  return waiting
    .filter((reservation) =>
      roomAt(
        settings,
        held.get(reservation.reservation_date) ?? [],
        reservation.reservation_time,
        reservation.party_size,
        tables?.(reservation.reservation_date),
      ),
    )
    .map((reservation) => reservation.id);
}

/**
 * Where the listed reservations sit (decision 0053), for the staff list and the service view, and the
 * tables staff may choose; nothing while no table is drawn.
 */
export async function placesListed(
  db: Kysely<Database>,
  reservations: readonly Reservation[],
  logger?: Logger,
): Promise<Pick<Extract<ListResult, { ok: true }>, "places" | "tableChoices" | "areaWishes">> {
  // The screen is shown without the tables when they cannot be read, as without the guests' history.
  const found = await placesOf(db, reservations).catch((error: unknown) => {
    if (!logger) throw error;
    logger.error("table places failed", { error });
    return undefined;
  });
  if (!found) return {};
  const places: Record<number, ListedPlace> = {};
  for (const reservation of reservations) {
    // A cancelled or finished party sits nowhere, whatever was stored for it.
    if (!holdsSeats(reservation.status)) continue;
    places[reservation.id] = found.places.get(reservation.id) ?? {
      label: planMessages.noTable,
      closedArea: false,
    };
  }
  return { places, tableChoices: found.choices, areaWishes: Object.fromEntries(found.wishes) };
}

export async function loadList(
  db: Kysely<Database>,
  view: ReservationView,
  logger: Logger,
  settings: CapacitySettings = DEFAULT_SETTINGS,
): Promise<ListResult> {
  try {
    const reservations = await listReservations(db, view);
    const [total, roomFor, history, places] = await Promise.all([
      reservations.length < LIST_LIMIT ? reservations.length : countReservations(db, view),
      waitlistWithRoom(db, reservations, settings),
      // The guests' earlier visits (decision 0037): the list is shown without them when they fail.
      guestHistories(db, reservations).then(
        (found) => Object.fromEntries(found),
        (error: unknown) => {
          logger.error("guest history failed", { error });
          return {};
        },
      ),
      placesListed(db, reservations, logger),
    ]);
    return {
      ok: true,
      reservations,
      total,
      readAt: readAtFormat.format(new Date()),
      roomFor,
      history,
      ...places,
    };
  } catch (error) {
    logger.error("reservations list failed", { error });
    return { ok: false, message: A.loadFailed(error instanceof Error ? error.message : String(error)) };
  }
}

export type { AdminIntent, AdminResult, ListResult };

export interface AdminDependencies {
  db: Kysely<Database>;
  logger: Logger;
  mailer: Mailer;
  mail: MailContext;
  username: string;
  /**
   * The reservation settings: with online seats, a change that would overbook is asked about first.
   * None: nothing is limited (a fresh installation).
   */
  settings?: ReservationSettings;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Outcome = StaffActionOutcome<AdminResultExtra>;
type Handler = StaffActionHandler<AdminDependencies, AdminResultExtra>;

const answer = (status: number, result: Outcome["result"]): Outcome => ({ status, result });
const refused = (status: number, message: string, reservationId?: number) =>
  answer(status, { outcome: "failed", info: { title: "Fehler", message }, reservationId });
const invalidForm = (error: Parameters<typeof fieldErrorsOf>[0], reservationId?: number) =>
  answer(400, { outcome: "invalid", fieldErrors: fieldErrorsOf(error, staffFields), reservationId });

/** What a form sends that the question 'Überbucht' sends again, with the override. */
const resentFields = [INTENT_FIELD, "id", "updated_at", ...staffFields] as const;

/** Whether staff answered 'Trotzdem speichern'. */
const overriding = (form: FormData) => form.get(OVERBOOK_FIELD) === OVERBOOK_YES;

/**
 * 'Überbucht: Um 19:00 wären 64 von 60 Plätzen belegt. Trotzdem speichern?': nothing was saved; the
 * answer carries the form's values so that the question's button can send them again with the
 * override, in the page without JavaScript too (docs/product/reservations.md#staff-results).
 */
function overbookingQuestion(form: FormData, error: OverbookingError, reservationId?: number): Outcome {
  const values: Record<string, string> = {};
  for (const field of resentFields) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = value;
  }
  values[OVERBOOK_FIELD] = OVERBOOK_YES;
  const { time, seats, onlineSeats, noTableFor } = error.overbooking;
  const message =
    noTableFor === undefined ? A.overbooked(time, seats, onlineSeats) : A.overbookedNoTable(time, noTableFor);
  return answer(409, {
    outcome: "invalid",
    overbooking: { message, values },
    reservationId,
  });
}

/**
 * 'Bearbeiten' and the quick status drop-down: the form parsed, the change made (`changeByStaff`:
 * weighed, stored, its e-mail queued), the e-mail sent — the staff member waits for it, so a failed
 * confirmation is reported — logged, and told with each one's texts.
 */
const changeHandler =
  (intent: "update" | "status"): Handler =>
  async (form, { db, logger, mailer, mail, username, settings }) => {
    const id = formId(form);
    if (id === undefined) return refused(400, A.notFound);
    let change: StaffChange;
    if (intent === "status") {
      const parsed = statusSchema.safeParse(form.get("status"));
      if (!parsed.success) return refused(400, A.quickStatusFailed(parsed.error.issues[0]?.message ?? ""));
      change = { status: parsed.data };
    } else {
      const parsed = staffReservationSchema.safeParse(formText(form, staffFields));
      if (!parsed.success) return invalidForm(parsed.error, id);
      change = parsed.data;
    }
    const version = intent === "update" ? form.get("updated_at") : null;

    const failed = (message: string) =>
      intent === "status" ? A.quickStatusFailed(message) : A.updateFailed(message);
    let updated: ChangedReservation;
    try {
      updated = await changeByStaff(db, id, change, {
        version: typeof version === "string" && version !== "" ? version : undefined,
        settings,
        override: overriding(form),
        mail,
      });
    } catch (error) {
      if (error instanceof OverbookingError) return overbookingQuestion(form, error, id);
      if (error instanceof ReservationNotFoundError) return refused(404, A.notFound);
      if (error instanceof ReservationChangedError) return refused(409, A.changedMeanwhile);
      logger.error("reservation update failed", { error });
      return refused(500, failed(messageOf(error)));
    }
    const { reservation, previousStatus, mailIds } = updated;
    logger.info("reservation updated", {
      username,
      reservationId: id,
      status: reservation.status,
      previousStatus,
    });

    let mailError: string | undefined;
    for (const mailId of mailIds) {
      const delivery = await mailer.deliver(mailId);
      if (delivery.status === "waiting") mailError = delivery.error;
    }
    return changeAnswer(intent, updated, mailError);
  };

/** What 'Bearbeiten' and the quick status drop-down say about a change made (docs/product/reservations.md#staff-results). */
function changeAnswer(
  intent: "update" | "status",
  { reservation, previousStatus, mailIds }: ChangedReservation,
  mailError: string | undefined,
): Outcome {
  const confirmed = reservation.status === "CONFIRMED" && previousStatus !== "CONFIRMED";
  const cancelled = reservation.status === "CANCELLED" && previousStatus !== "CANCELLED";
  const customer = reservation.customer_name;
  const done = (title: InfoTitle, message: string) =>
    answer(200, { outcome: "done", info: { title, message }, reservationId: reservation.id });

  if (mailError !== undefined) {
    if (cancelled) return done("E-Mail Fehler", A.cancelMailFailed(customer, mailError));
    return done(
      "E-Mail Fehler",
      intent === "status" ? A.statusMailFailed(customer, mailError) : A.editMailFailed(mailError),
    );
  }
  if (confirmed && mailIds.length > 0)
    return done(
      "Erfolg",
      intent === "status" ? A.statusConfirmedAndMailed(customer) : A.editConfirmedAndMailed,
    );
  if (confirmed && !reservation.email)
    return done(
      "Erfolg",
      `${intent === "status" ? A.statusUpdated(customer, statusLabels[reservation.status]) : A.editUpdated} ${A.noEmail}`,
    );
  return done(
    "Erfolg",
    intent === "status" ? A.statusUpdated(customer, statusLabels[reservation.status]) : A.editUpdated,
  );
}

const handlers: Record<AdminIntent, Handler> = {
  async create(form, { db, logger, mailer, mail, username, settings }) {
    const parsed = staffReservationSchema.safeParse(formText(form, staffFields));
    if (!parsed.success) return invalidForm(parsed.error);
    try {
      const created = await addByStaff(db, {
        values: parsed.data,
        settings,
        override: overriding(form),
        notice: mail,
      });
      logger.info("reservation added", { username, reservationId: created.reservation.id });
      // The notice to the restaurant: a failure is only logged (decision 0017); the outbox retries it.
      deliverInBackground(mailer, logger, created.mailIds, "notice");
      return answer(200, {
        outcome: "done",
        info: { title: "Erfolg", message: A.added },
        reservationId: created.reservation.id,
      });
    } catch (error) {
      if (error instanceof OverbookingError) return overbookingQuestion(form, error);
      logger.error("reservation add failed", { error });
      return refused(500, A.addFailed);
    }
  },

  update: changeHandler("update"),
  status: changeHandler("status"),

  /** 'Tisch ändern' (decision 0053): a table or combination chosen, or the book's choice again. */
  async table(form, { db, logger, username, settings }) {
    const id = formId(form);
    if (id === undefined) return refused(400, A.notFound);
    const unit = form.get("unit");
    const version = form.get("place_version");
    const validUnit =
      unit === "auto" ||
      (typeof unit === "string" && /^[tc]\d{1,10}$/.test(unit) && Number(unit.slice(1)) <= MAX_ID);
    if (!validUnit) return refused(400, planMessages.tableFailed(planMessages.tableChoice), id);
    if (typeof version !== "string" || version.length > 40) return refused(409, A.changedMeanwhile, id);
    try {
      const changed = await changeTable(
        db,
        { id, unit: unit as UnitKey | "auto", version, override: overriding(form) },
        settings,
      );
      if ("question" in changed) {
        const values: Record<string, string> = {
          [INTENT_FIELD]: "table",
          id: String(id),
          unit,
          place_version: version,
          [OVERBOOK_FIELD]: OVERBOOK_YES,
        };
        return answer(409, {
          outcome: "invalid",
          overbooking: {
            message: changed.question,
            values,
            title: planMessages.tableTakenTitle,
            confirm: planMessages.assignAnyway,
          },
          reservationId: id,
        });
      }
      if ("refused" in changed) {
        if (changed.gone) return refused(404, A.notFound);
        if (changed.changedMeanwhile) return refused(409, A.changedMeanwhile, id);
        return refused(changed.status, planMessages.tableFailed(changed.refused), id);
      }
      logger.info("reservation table changed", { username, reservationId: id, unit });
      return answer(200, {
        outcome: "done",
        info: { title: "Erfolg", message: changed.message },
        reservationId: id,
      });
    } catch (error) {
      logger.error("reservation table change failed", { error });
      return refused(500, planMessages.tableFailed(messageOf(error)), id);
    }
  },

  async delete(form, { db, logger, username }) {
    const id = formId(form);
    if (id === undefined) return refused(400, A.notFound);
    try {
      const deleted = await deleteReservation(db, id);
      if (!deleted) return refused(404, A.notFound);
      logger.info("reservation deleted", { username, reservationId: id });
      return answer(200, { outcome: "done", reservationId: id });
    } catch (error) {
      logger.error("reservation delete failed", { error });
      return refused(500, A.deleteFailed(messageOf(error)));
    }
  },
};

const dispatchAdminAction = staffActionDispatcher<AdminIntent, AdminDependencies, AdminResultExtra>(
  handlers,
  refused(400, A.updateFailed("Unbekannte Aktion")),
);

export const handleAdminAction = (form: FormData, deps: AdminDependencies) =>
  dispatchAdminAction(withFormerStaffNames(form), deps);

/**
 * 'Tisch ändern' alone, for the day on the plan (`/admin/tischplan?datum=`): every staff member may
 * move a party there, and nothing else of the book is changed through it.
 */
export const handleTableChange = staffActionDispatcher<"table", AdminDependencies, AdminResultExtra>(
  { table: handlers.table },
  refused(400, A.updateFailed("Unbekannte Aktion")),
);
