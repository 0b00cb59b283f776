import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import type { Mailer } from "../../../common/mail/mailer.server.ts";
import { berlinNow } from "../../../lib/calendar.ts";
import type { Logger } from "../../../lib/logger.server.ts";
import {
  failed,
  successNotice,
  type StaffActionHandler,
  type StaffActionOutcome,
} from "../../../lib/staff-actions.server.ts";
import {
  OVERBOOK_FIELD,
  OVERBOOK_YES,
  serviceMessages as S,
  type AdminResultExtra,
  type Reservation,
  type ReservationSettings,
} from "../book/index.server.ts";
import { addByStaff } from "../booking/index.server.ts";
import type { MailContext } from "../mails/index.server.ts";
import { readKeptFloorPlan, unitLabel, type UnitKey } from "../tables/index.server.ts";
import type { UndoOffer } from "./evening.ts";
import { floorMessages as F } from "./floor-messages.ts";
import { TableQuestion, TapRefused, walkInCheck } from "./table-questions.server.ts";

/**
 * What the host stand's actions share (decisions 0034, 0057): their dependencies and answers, the
 * host's yes to a question about a table, and storing a walk-in — from the walk-in form, at a table
 * of the plan, or a party from the door's wait list.
 */

type Db = Kysely<Database>;

export interface ServiceDependencies {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  mail: MailContext;
  username: string;
  settings: ReservationSettings;
  now?: () => Date;
}

export type ServiceExtra = { undo?: UndoOffer; overbooking?: AdminResultExtra["overbooking"] };
export type Outcome = StaffActionOutcome<ServiceExtra>;
export type Handler = StaffActionHandler<ServiceDependencies, ServiceExtra>;

export const refusal = (status: number, message: string, id?: number): Outcome =>
  failed(status, { tone: "error", title: "Fehler", description: message }, id);

/** The host said 'Trotzdem setzen' to the question before (decision 0057). */
export const confirmed = (form: FormData) => form.get(OVERBOOK_FIELD) === OVERBOOK_YES;

/** A question about the table instead of the tap: the form's values to send again with the host's yes. */
export function askAbout(form: FormData, question: TableQuestion, id?: number): Outcome {
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
export function unitOf(form: FormData): UnitKey | undefined | null {
  const unit = form.get("unit");
  if (unit === null || unit === "") return undefined;
  return typeof unit === "string" && /^[tc]\d{1,9}$/.test(unit) ? (unit as UnitKey) : null;
}

export const versionOf = (form: FormData) => {
  const value = form.get("updated_at");
  return typeof value === "string" && value !== "" ? value : undefined;
};

/** A walk-in to store: its party, and the table the host chose (none: the book chooses). */
export interface WalkIn {
  name: string;
  partySize: number;
  phone: string | null;
  formKey: string | undefined;
  unit: UnitKey | undefined;
  /** Done with the new reservation in its transaction (a waiting party marked seated). */
  afterStore?: (trx: Db, reservation: Reservation) => Promise<void>;
}

/**
 * Stores a walk-in as arrived now. At a table the host chose (decision 0057) only one there today,
 * and asked about first when it is not free ('Trotzdem setzen' sends the form again with the yes).
 */
export async function storeWalkIn(
  form: FormData,
  deps: ServiceDependencies,
  walkIn: WalkIn,
): Promise<Outcome> {
  const now = berlinNow(deps.now?.() ?? new Date());
  const { unit } = walkIn;
  try {
    const { reservation } = await addByStaff(deps.db, {
      values: {
        customer_name: walkIn.name,
        email: null,
        phone_number: walkIn.phone,
        reservation_date: now.date,
        reservation_time: now.time,
        party_size: walkIn.partySize,
        status: "ARRIVED",
        notes: null,
      },
      source: "walk-in",
      formKey: walkIn.formKey || undefined,
      settings: deps.settings,
      // Guests at the door are seated: the date is locked and weighed, never refused.
      override: true,
      ...(unit
        ? {
            place: unit,
            beforeStore: walkInCheck(deps.settings, unit, walkIn.partySize, now, confirmed(form)),
          }
        : {}),
      ...(walkIn.afterStore ? { afterStore: walkIn.afterStore } : {}),
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
    if (error instanceof TapRefused) return refusal(error.status, error.message);
    deps.logger.error("walk-in failed", { error });
    return refusal(500, S.walkInFailed);
  }
}
