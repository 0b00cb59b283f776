import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { addDays, berlinNow } from "../../../lib/calendar.ts";
import { fieldErrorsOf, formId, formText } from "../../../lib/forms.ts";
import type { Logger } from "../../../lib/logger.server.ts";
import {
  failed,
  invalid,
  staffActionDispatcher,
  successNotice,
  type StaffActionHandler,
  type StaffActionOutcome,
} from "../../../lib/staff-actions.server.ts";
import { deliverInBackground, type Mailer } from "../../../common/mail/mailer.server.ts";
import { seatsHeldAt } from "../availability/index.server.ts";
import { heldOn } from "../availability/index.server.ts";
import type { GuestHistory, ListedPlace } from "../book/index.server.ts";
import { guestHistories } from "../book/index.server.ts";
import {
  adminMessages as A,
  EXPECTED_STATUSES,
  reservationMessages as M,
  serviceMessages as S,
  statusLabels,
  type ReservationStatus,
} from "../book/index.server.ts";
import type { MailContext } from "../mails/index.server.ts";
import { deleteReservation, listReservations, type Reservation } from "../book/index.server.ts";
import {
  addByStaff,
  changeByStaff,
  placesListed,
  NoShowTooEarlyError,
  NotOfferedError,
  ReservationChangedError,
  ReservationNotFoundError,
  type HostStandTap,
} from "../booking/index.server.ts";
import { statusSchema, walkInFields, walkInSchema, withFormerStaffNames } from "../book/index.server.ts";
import { SERVICE_STATUSES } from "../book/index.server.ts";
import type { ServiceDay, ServiceEntry, UndoOffer } from "./evening.ts";
import type { ReservationSettings } from "../book/index.server.ts";

/**
 * 'Service' on the server (decision 0034): the day's plan for the host stand, and its three taps —
 * a status ('Eingetroffen', 'Abgeschlossen', 'Nicht erschienen'), its undo, and a walk-in. The
 * caller has checked the staff session.
 */

type Db = Kysely<Database>;

const entryOf = (
  reservation: Reservation,
  history: GuestHistory | undefined,
  place: ListedPlace | undefined,
): ServiceEntry => ({
  id: reservation.id,
  name: reservation.customer_name,
  time: reservation.reservation_time,
  partySize: reservation.party_size,
  status: reservation.status,
  source: reservation.source,
  notes: reservation.notes,
  phone: reservation.phone_number,
  guestConfirmed: reservation.guest_action === "attending",
  updatedAt: reservation.updated_at,
  ...(history ? { history } : {}),
  ...(place ? { place } : {}),
});

export async function loadServiceDay(
  db: Db,
  date: string,
  settings: ReservationSettings,
  now = new Date(),
  /** Where a failure to read the tables is told; without one it fails the day. */
  logger?: Logger,
): Promise<ServiceDay> {
  const today = berlinNow(now).date;
  const [reservations, held] = await Promise.all([
    listReservations(db, { mode: "date", date }),
    heldOn(db, date),
  ]);
  const [histories, { places }] = await Promise.all([
    guestHistories(db, reservations, now),
    placesListed(db, reservations, logger),
  ]);
  const byTime = new Map<string, ServiceEntry[]>();
  let waitlist = 0;
  let expectedGuests = 0;
  let arrivedGuests = 0;
  for (const reservation of reservations) {
    if (reservation.status === "WAITLIST") {
      waitlist += 1;
      continue;
    }
    if ((EXPECTED_STATUSES as readonly string[]).includes(reservation.status))
      expectedGuests += reservation.party_size;
    if (reservation.status === "ARRIVED" || reservation.status === "COMPLETED")
      arrivedGuests += reservation.party_size;
    const entries = byTime.get(reservation.reservation_time) ?? [];
    entries.push(entryOf(reservation, histories.get(reservation.id), places?.[reservation.id]));
    byTime.set(reservation.reservation_time, entries);
  }
  const slots = [...byTime.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([time, entries]) => ({ time, entries, seatsHeld: seatsHeldAt(settings, held, time) }));
  return {
    date,
    today,
    tomorrow: addDays(today, 1),
    capacity: settings.totalSeats ?? settings.onlineSeats,
    slots,
    waitlist,
    expectedGuests,
    arrivedGuests,
  };
}

export interface ServiceDependencies {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  mail: MailContext;
  username: string;
  settings: ReservationSettings;
  now?: () => Date;
}

export type ServiceIntent = "mark" | "undo" | "walk-in" | "undo-walk-in";
export type ServiceExtra = { undo?: UndoOffer };
type Outcome = StaffActionOutcome<ServiceExtra>;
type Handler = StaffActionHandler<ServiceDependencies, ServiceExtra>;

const refusal = (status: number, message: string, id?: number): Outcome =>
  failed(status, { tone: "error", title: "Fehler", description: message }, id);

/**
 * One status change with its version (`changeByStaff`): a change someone else made meanwhile
 * (another screen, the guest's link) is never overwritten, and only a tap the screen offers for the
 * stored row is made. Staff at the door seat whoever is there: the date is locked and weighed, but
 * never refused for seats (decision 0031's override). The e-mail goes in the background.
 */
async function changeStatus(
  deps: ServiceDependencies,
  id: number,
  status: ReservationStatus,
  version: string | undefined,
  hostStand: HostStandTap,
) {
  const updated = await changeByStaff(
    deps.db,
    id,
    { status },
    { version, settings: deps.settings, override: true, mail: deps.mail, hostStand },
  );
  deliverInBackground(deps.mailer, deps.logger, updated.mailIds, "status");
  deps.logger.info("service status", {
    username: deps.username,
    reservationId: id,
    status: updated.reservation.status,
    previousStatus: updated.previousStatus,
  });
  return updated;
}

const versionOf = (form: FormData) => {
  const value = form.get("updated_at");
  return typeof value === "string" && value !== "" ? value : undefined;
};

function failureOf(error: unknown, id: number, logger: Logger, changed: string): Outcome {
  if (error instanceof ReservationNotFoundError) return refusal(404, A.notFound, id);
  if (error instanceof ReservationChangedError) return refusal(409, changed, id);
  if (error instanceof NoShowTooEarlyError) return refusal(409, S.noShowTooEarly(error.from), id);
  if (error instanceof NotOfferedError)
    return refusal(409, S.notOffered(statusLabels[error.target], statusLabels[error.current]), id);
  logger.error("service change failed", { error });
  return refusal(500, A.quickStatusFailed(error instanceof Error ? error.message : String(error)), id);
}

const handlers: Record<ServiceIntent, Handler> = {
  async mark(form, deps) {
    const id = formId(form);
    if (id === undefined) return refusal(400, A.notFound);
    const parsed = statusSchema.safeParse(form.get("status"));
    const status = parsed.success ? parsed.data : undefined;
    if (status === undefined || !(SERVICE_STATUSES as readonly string[]).includes(status))
      return refusal(400, A.quickStatusFailed(M.statusRequired), id);
    const now = deps.now?.() ?? new Date();
    try {
      // Judged on the stored row, inside the change, by the rule that draws the screen's buttons.
      const { reservation, previousStatus } = await changeStatus(deps, id, status, versionOf(form), {
        tap: "mark",
        now,
      });
      return {
        status: 200,
        result: {
          outcome: "done",
          notice: successNotice(S.marked(reservation.customer_name, statusLabels[reservation.status])),
          targetId: id,
          undo: { id, status: previousStatus, updatedAt: reservation.updated_at },
        },
      };
    } catch (error) {
      return failureOf(error, id, deps.logger, A.changedMeanwhile);
    }
  },

  async undo(form, deps) {
    const id = formId(form);
    const parsed = statusSchema.safeParse(form.get("status"));
    const version = versionOf(form);
    if (id === undefined || !parsed.success || version === undefined) return refusal(400, S.undoTooLate, id);
    const target = parsed.data;
    try {
      // Only back over a tap: never a way to set any status without the staff screen's questions.
      const { reservation } = await changeStatus(deps, id, target, version, { tap: "undo" });
      return {
        status: 200,
        result: {
          outcome: "done",
          notice: successNotice(S.undone(reservation.customer_name, statusLabels[reservation.status])),
          targetId: id,
        },
      };
    } catch (error) {
      return failureOf(error, id, deps.logger, S.undoTooLate);
    }
  },

  async "walk-in"(form, deps) {
    const parsed = walkInSchema.safeParse(formText(form, walkInFields));
    if (!parsed.success) return invalid(fieldErrorsOf(parsed.error, walkInFields));
    const now = berlinNow(deps.now?.() ?? new Date());
    try {
      const { reservation } = await addByStaff(deps.db, {
        values: {
          customer_name: parsed.data.name,
          email: null,
          phone_number: null,
          reservation_date: now.date,
          reservation_time: now.time,
          party_size: parsed.data.party_size,
          status: "ARRIVED",
          notes: null,
        },
        source: "walk-in",
        formKey: parsed.data.request_token || undefined,
        settings: deps.settings,
        // Guests at the door are seated: the date is locked and weighed, never refused.
        override: true,
      });
      deps.logger.info("walk-in added", { username: deps.username, reservationId: reservation.id });
      return {
        status: 200,
        result: {
          outcome: "done",
          notice: successNotice(S.walkInAdded(reservation.party_size, reservation.reservation_time)),
          targetId: reservation.id,
          undo: { id: reservation.id, updatedAt: reservation.updated_at },
        },
      };
    } catch (error) {
      deps.logger.error("walk-in failed", { error });
      return refusal(500, S.walkInFailed);
    }
  },

  /** A walk-in entered by mistake goes again, as long as nobody has changed it since. */
  async "undo-walk-in"(form, deps) {
    const id = formId(form);
    const version = versionOf(form);
    if (id === undefined || version === undefined) return refusal(400, S.undoTooLate, id);
    if (!(await deleteReservation(deps.db, id, { version }))) return refusal(409, S.undoTooLate, id);
    deps.logger.info("walk-in undone", { username: deps.username, reservationId: id });
    return { status: 200, result: { outcome: "done", notice: successNotice(S.walkInUndone), targetId: id } };
  },
};

const dispatchServiceAction = staffActionDispatcher<ServiceIntent, ServiceDependencies, ServiceExtra>(
  handlers,
  refusal(400, A.updateFailed("Unbekannte Aktion")),
);

export const handleServiceAction = (form: FormData, deps: ServiceDependencies) =>
  dispatchServiceAction(withFormerStaffNames(form), deps);
