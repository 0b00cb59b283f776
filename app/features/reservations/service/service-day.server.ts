import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { addDays, berlinNow } from "../../../lib/calendar.ts";
import { fieldErrorsOf, formId, formText } from "../../../lib/forms.ts";
import type { Logger } from "../../../lib/logger.server.ts";
import { invalid, staffActionDispatcher, successNotice } from "../../../lib/staff-actions.server.ts";
import { deliverInBackground } from "../../../common/mail/mailer.server.ts";
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
import { deleteReservation, listReservations, type Reservation } from "../book/index.server.ts";
import {
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
import { SERVICE_STATUSES } from "../book/index.server.ts";
import type { ServiceDay, ServiceEntry, ServiceFloor } from "./evening.ts";
import { arrivalOf, seatCheck, TableQuestion } from "./table-questions.server.ts";
import { doorHandlers, type DoorIntent } from "./door-actions.server.ts";
import { waitAgainAfter, waitingOn } from "./door-list.server.ts";
import {
  askAbout,
  confirmed,
  refusal,
  storeWalkIn,
  unitOf,
  versionOf,
  type Handler,
  type Outcome,
  type ServiceDependencies,
  type ServiceExtra,
} from "./service-answers.server.ts";
import { floorMessages as F } from "./floor-messages.ts";
import {
  areaClosureOn,
  readKeptFloorPlan,
  unitLabel,
  unitsOn,
  unitTables,
  type FloorPlan,
} from "../tables/index.server.ts";
import { observedStays, type ReservationSettings, type StayMinutes } from "../book/index.server.ts";

/**
 * 'Service' on the server (decision 0034): the day's plan for the host stand, and its taps — a
 * status ('Eingetroffen', 'Abgeschlossen', 'Nicht erschienen'), its undo, a walk-in (at a table of
 * the plan, decision 0057), and the door's wait list (door-actions.server.ts). The caller has checked
 * the staff session.
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

/** The observed stays change slowly: read at most this often per database. */
const OBSERVED_KEPT_MS = 10 * 60_000;
const keptObserved = new WeakMap<
  Db,
  { until: number; today: string; stays: Promise<Partial<StayMinutes>> }
>();

/**
 * The turn times observed where there are enough parties (decision 0057), for the waits at the door;
 * kept for a while. One that cannot be read leaves the configured stays to decide.
 */
function observedMedians(db: Db, today: string, now: Date, logger?: Logger): Promise<Partial<StayMinutes>> {
  const kept = keptObserved.get(db);
  if (kept && kept.today === today && kept.until > now.getTime()) return kept.stays;
  const stays = observedStays(db, today).then(
    (observed) => {
      const medians: Partial<StayMinutes> = {};
      for (const size of ["small", "medium", "large"] as const) {
        const median = observed[size].median;
        if (median !== undefined) medians[size] = median;
      }
      return medians;
    },
    (error: unknown) => {
      logger?.error("observed stays failed", { error });
      keptObserved.delete(db);
      return {};
    },
  );
  keptObserved.set(db, { until: now.getTime() + OBSERVED_KEPT_MS, today, stays });
  return stays;
}

/** The room of `date` for the plan view (decision 0057); none while no table is drawn. */
function floorOf(
  plan: FloorPlan,
  date: string,
  settings: ReservationSettings,
  choices: ServiceFloor["choices"] | undefined,
  observedStays: Partial<StayMinutes>,
): ServiceFloor | undefined {
  if (plan.tables.length === 0 || choices === undefined) return undefined;
  const units = unitsOn(plan, date);
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
    units,
    unitLabels: Object.fromEntries(units.map((unit) => [unit.key, unitLabel(plan, unit.key) ?? unit.key])),
    stays: { stayMinutes: settings.stayMinutes },
    observedStays,
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
  const [reservations, held, plan, door] = await Promise.all([
    listReservations(db, { mode: "date", date }),
    heldOn(db, date),
    readKeptFloorPlan(db),
    // The door's list is the evening's own: only today has one.
    date === today ? waitingOn(db, date) : [],
  ]);
  const observed = plan.tables.length > 0 ? await observedMedians(db, today, now, logger) : {};
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
  const floor = places && floorOf(plan, date, settings, tableChoices, observed);
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
    door,
  };
}

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

function failureOf(error: unknown, id: number, logger: Logger, changed: string): Outcome {
  if (error instanceof ReservationNotFoundError) return refusal(404, A.notFound, id);
  if (error instanceof ReservationChangedError) return refusal(409, changed, id);
  if (error instanceof NoShowTooEarlyError) return refusal(409, S.noShowTooEarly(error.from), id);
  if (error instanceof NotOfferedError)
    return refusal(409, S.notOffered(statusLabels[error.target], statusLabels[error.current]), id);
  logger.error("service change failed", { error });
  return refusal(500, A.quickStatusFailed(error instanceof Error ? error.message : String(error)), id);
}

export type ServiceIntent = "mark" | "undo" | "walk-in" | "undo-walk-in" | DoorIntent;

const handlers: Record<ServiceIntent, Handler> = {
  ...doorHandlers,
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
    // At a table the host chose (decision 0057): only one there today, and asked when it is not free.
    const unit = unitOf(form);
    if (unit === null) return refusal(400, F.unknownTable);
    return storeWalkIn(form, deps, {
      name: parsed.data.name,
      partySize: parsed.data.party_size,
      phone: null,
      formKey: parsed.data.request_token,
      unit,
    });
  },

  /** A walk-in entered by mistake goes again, as long as nobody has changed it since. */
  async "undo-walk-in"(form, deps) {
    const id = formId(form);
    const version = versionOf(form);
    if (id === undefined || version === undefined) return refusal(400, S.undoTooLate, id);
    // A party from the door's wait list waits again (decision 0057).
    if (!(await deleteReservation(deps.db, id, { version }, (trx) => waitAgainAfter(trx, id))))
      return refusal(409, S.undoTooLate, id);
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
