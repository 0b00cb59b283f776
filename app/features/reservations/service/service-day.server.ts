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
  type StaffChangeTerms,
} from "../booking/index.server.ts";
import { statusSchema, walkInFields, walkInSchema, withFormerStaffNames } from "../book/index.server.ts";
import { OVERBOOK_FIELD, OVERBOOK_YES, SERVICE_STATUSES } from "../book/index.server.ts";
import type { ServiceDay, ServiceEntry, ServiceFloor, UndoOffer } from "./evening.ts";
import { arrivalOf, seatCheck, TableQuestion, TableRefused, walkInCheck } from "./table-questions.server.ts";
import { floorMessages as F } from "./floor-messages.ts";
import {
  areaClosureOn,
  readKeptFloorPlan,
  unitLabel,
  unitsOn,
  unitTables,
  type FloorPlan,
  type UnitKey,
} from "../tables/index.server.ts";
import type { AdminResultExtra, ReservationSettings } from "../book/index.server.ts";

/**
 * 'Service' on the server (decision 0034): the day's plan for the host stand, and its three taps —
 * a status ('Eingetroffen', 'Abgeschlossen', 'Nicht erschienen'), its undo, and a walk-in. The
 * caller has checked the staff session.
 */

type Db = Kysely<Database>;

const optionalArrival = (arrivedAt: string | undefined) => (arrivedAt ? { arrivedAt } : {});

const entryOf = (
  reservation: Reservation,
  history: GuestHistory | undefined,
  place: ListedPlace | undefined,
  plan: FloorPlan,
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
  ...(place?.unit ? { tableIds: unitTables(plan, place.unit) } : {}),
  ...optionalArrival(arrivalOf(reservation)),
});

/** The room of `date` for the plan view (decision 0057); none while no table is drawn. */
function floorOf(
  plan: FloorPlan,
  date: string,
  settings: ReservationSettings,
  choices: ServiceFloor["choices"] | undefined,
): ServiceFloor | undefined {
  if (plan.tables.length === 0 || choices === undefined) return undefined;
  return {
    areas: plan.areas.map((area) => {
      const closure = areaClosureOn(area, date);
      return {
        ...area,
        closed: closure !== undefined,
        ...(closure?.note ? { closedNote: closure.note } : {}),
      };
    }),
    tables: plan.tables,
    units: unitsOn(plan, date),
    stays: { stayMinutes: settings.stayMinutes },
    choices,
  };
}

export async function loadServiceDay(
  db: Db,
  date: string,
  settings: ReservationSettings,
  now = new Date(),
  /** Where a failure to read the tables is told; without one it fails the day. */
  logger?: Logger,
): Promise<ServiceDay> {
  const today = berlinNow(now).date;
  const [reservations, held, plan] = await Promise.all([
    listReservations(db, { mode: "date", date }),
    heldOn(db, date),
    readKeptFloorPlan(db),
  ]);
  const [histories, { places, tableChoices }] = await Promise.all([
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
    entries.push(entryOf(reservation, histories.get(reservation.id), places?.[reservation.id], plan));
    byTime.set(reservation.reservation_time, entries);
  }
  const floor = places && floorOf(plan, date, settings, tableChoices);
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
    ...(floor ? { floor } : {}),
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
export type ServiceExtra = { undo?: UndoOffer; overbooking?: AdminResultExtra["overbooking"] };
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
  beforeStore?: StaffChangeTerms["beforeStore"],
) {
  const updated = await changeByStaff(
    deps.db,
    id,
    { status },
    {
      version,
      settings: deps.settings,
      override: true,
      mail: deps.mail,
      hostStand,
      ...(beforeStore ? { beforeStore } : {}),
    },
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

/** The host said 'Trotzdem setzen' to the question before (decision 0057). */
const confirmed = (form: FormData) => form.get(OVERBOOK_FIELD) === OVERBOOK_YES;

/** A question about the table instead of the tap: the form's values to send again with the host's yes. */
function askAbout(form: FormData, question: TableQuestion, id?: number): Outcome {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  values[OVERBOOK_FIELD] = OVERBOOK_YES;
  return {
    status: 409,
    result: {
      outcome: "invalid",
      overbooking: { message: question.question, values, title: F.questionTitle, confirm: F.seatAnyway },
      ...(id === undefined ? {} : { targetId: id }),
    },
  };
}

/** The table the form names ('t4', 'c2'); undefined when none; null when it is not one. */
function unitOf(form: FormData): UnitKey | undefined | null {
  const unit = form.get("unit");
  if (unit === null || unit === "") return undefined;
  return typeof unit === "string" && /^[tc]\d{1,9}$/.test(unit) ? (unit as UnitKey) : null;
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
    // Tapped on the plan for the party at its table: asked first when someone else still sits there.
    const atTable = status === "ARRIVED" && form.get("at_table") === "1";
    try {
      // Judged on the stored row, inside the change, by the rule that draws the screen's buttons.
      const { reservation, previousStatus } = await changeStatus(
        deps,
        id,
        status,
        versionOf(form),
        { tap: "mark", now },
        atTable ? seatCheck(deps.settings, berlinNow(now), confirmed(form)) : undefined,
      );
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
      if (error instanceof TableQuestion) return askAbout(form, error, id);
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
    // At a table the host chose (decision 0057): only one there today, and asked when it is not free.
    const unit = unitOf(form);
    if (unit === null) return refusal(400, F.unknownTable);
    const atTable = unit
      ? {
          place: unit,
          beforeStore: walkInCheck(deps.settings, unit, parsed.data.party_size, now, confirmed(form)),
        }
      : {};
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
        ...atTable,
      });
      deps.logger.info("walk-in added", { username: deps.username, reservationId: reservation.id, unit });
      const label = unit && unitLabel(await readKeptFloorPlan(deps.db), unit);
      return {
        status: 200,
        result: {
          outcome: "done",
          notice: successNotice(
            label
              ? F.walkInSeated(reservation.party_size, label)
              : S.walkInAdded(reservation.party_size, reservation.reservation_time),
          ),
          targetId: reservation.id,
          undo: { id: reservation.id, updatedAt: reservation.updated_at },
        },
      };
    } catch (error) {
      if (error instanceof TableQuestion) return askAbout(form, error);
      if (error instanceof TableRefused) return refusal(error.status, error.message);
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
