import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { transactAgainIfReferenceGone } from "../../../lib/storage-errors.server.ts";
import { recordReservationEvent } from "../book/index.server.ts";
import { noteFreeSeatsChanged } from "../book/index.server.ts";
import type { ReservationSource, ReservationStatus } from "../book/index.server.ts";
import { queueMails, reservationNotice, statusChangeMails, type MailContext } from "../mails/index.server.ts";
import { OverbookingError, placementOf, weighStaffChange } from "./overbooking.server.ts";
import { seatTheDay } from "../availability/index.server.ts";
import { holdsSeats, lockReservationDays } from "../book/index.server.ts";
import {
  announceNewReservation,
  findReservation,
  followNewAddress,
  insertStaffReservation,
  updateByStaff,
  type Reservation,
  type StaffChange,
} from "../book/index.server.ts";
import type { StaffReservationValues } from "../book/index.server.ts";
import { noShowFrom, offeredServiceActions, reversesTap, serviceActions } from "../book/index.server.ts";
import type { ReservationSettings } from "../book/index.server.ts";
import { fixPlace, type UnitKey } from "../tables/index.server.ts";

/**
 * The staff's two ways into the reservation book (decision 0050): adding a reservation (a guest who
 * phoned, guests at the door) and changing one (the edit dialog, the status, the host stand's taps).
 * Each reads top to bottom in one transaction — the stored row, lock the date and weigh, store,
 * queue the e-mails — and forgets the availability API's kept answers after the commit. What decides
 * about a change comes in as plain values. The screens ('Reservierungen', 'Service') parse their
 * forms before, and send the e-mails, log and answer after.
 */

type Db = Kysely<Database>;

export class ReservationNotFoundError extends Error {
  constructor(id: number) {
    super(`Reservierung ${id} nicht gefunden`);
    this.name = "ReservationNotFoundError";
  }
}

/** The reservation was saved by someone else after the editor opened it. */
export class ReservationChangedError extends Error {
  constructor(id: number) {
    super(`Reservierung ${id} wurde inzwischen geändert`);
    this.name = "ReservationChangedError";
  }
}

/** A tap the host stand does not offer for the stored row: another status, or a forged form. */
export class NotOfferedError extends Error {
  readonly target: ReservationStatus;
  readonly current: ReservationStatus;
  constructor(target: ReservationStatus, current: ReservationStatus) {
    super(`${target} not offered from ${current}`);
    this.target = target;
    this.current = current;
  }
}

/** 'Nicht erschienen' before it may be said: from `from` (decision 0034). */
export class NoShowTooEarlyError extends Error {
  readonly from: string;
  constructor(from: string) {
    super(`no-show before ${from}`);
    this.from = from;
  }
}

/** A reservation staff add, and what decides about it. */
export interface StaffEntry {
  values: StaffReservationValues;
  /** 'staff' (the default), or 'walk-in' at the host stand (decision 0034). */
  source?: ReservationSource;
  /** The form's one-time key: a form sent twice stores one reservation. */
  formKey?: string;
  /** With online seats, an entry that would overbook is refused (decision 0031); none: nothing is limited. */
  settings?: ReservationSettings;
  /** 'Trotzdem speichern', or guests at the door: the date is locked, but nothing is refused. */
  override?: boolean;
  /** For the restaurant's notice of the new reservation; none: no e-mail (a walk-in). */
  notice?: MailContext;
  /** The table or combination staff chose (a walk-in at a table, decision 0057): fixed there. */
  place?: UnitKey;
  /**
   * Asked with the date locked, before anything is written: it throws to refuse (the host stand's
   * questions about a table, decision 0057), and the transaction rolls back.
   */
  beforeStore?: (trx: Db) => Promise<void>;
  /** Asked with the new reservation, before the commit: it throws to undo it all (decision 0057). */
  afterStore?: (trx: Db, reservation: Reservation) => Promise<void>;
}

export interface AddedReservation {
  reservation: Reservation;
  mailIds: number[];
  /** The form with this key was stored before: its reservation, nothing written now. */
  duplicate: boolean;
}

/**
 * A reservation staff add: weighed against the seats (OverbookingError when it would overbook,
 * and nothing is written), stored with its note to the open staff screens, and the restaurant's
 * notice queued — one transaction.
 */
export async function addByStaff(db: Db, entry: StaffEntry): Promise<AddedReservation> {
  // Once more when the table it was seated at was deleted meanwhile (decision 0056).
  const added = await transactAgainIfReferenceGone(db, async (trx) => {
    // Lock the date and weigh (decision 0031): a refusal rolls the transaction back.
    const overbooked = await weighStaffChange(trx, entry.settings, {
      id: undefined,
      before: undefined,
      after: placementOf(entry.values),
      override: entry.override ?? false,
    });
    if (overbooked) throw new OverbookingError(overbooked);
    await entry.beforeStore?.(trx);
    // Store: once per form key, and the open staff screens told (decision 0035).
    const stored = await insertStaffReservation(trx, entry.values, {
      source: entry.source,
      formKey: entry.formKey,
    });
    if (stored.duplicate) return { ...stored, mailIds: [] };
    const { reservation } = stored;
    if (entry.place) {
      // Where staff put it; parties in its way that are not fixed are seated again, elsewhere if there is room.
      await fixPlace(trx, reservation.id, entry.place);
      await seatTheDay(trx, entry.settings, reservation.reservation_date);
    } else
      await seatTheDay(trx, entry.settings, reservation.reservation_date, {
        id: reservation.id,
        online: false,
      });
    await announceNewReservation(trx, "created", reservation);
    await entry.afterStore?.(trx, reservation);
    // Queue the restaurant's notice (docs/product/reservations.md), in the same transaction (decision 0017).
    const notice = entry.notice ? [reservationNotice(reservation, entry.notice, "staff")] : [];
    return { ...stored, mailIds: await queueMails(trx, notice) };
  });
  noteFreeSeatsChanged();
  return added;
}

/** A tap at the host stand (decision 0034): a status the screen offers, or the undo of one. */
export type HostStandTap = { tap: "mark"; now: Date } | { tap: "undo" };

/** What decides about a staff change besides the change itself. */
export interface StaffChangeTerms {
  /**
   * The edit dialog's version (`updated_at`): a reservation saved by someone else since the dialog
   * opened is not overwritten (ReservationChangedError).
   */
  version?: string;
  /** With online seats, a change that would overbook is refused (decision 0031); none: nothing is limited. */
  settings?: ReservationSettings;
  /** 'Trotzdem speichern', or the host stand: the date is locked, but nothing is refused. */
  override?: boolean;
  /** For the guest's confirmation or cancellation; none: no e-mail. */
  mail?: MailContext;
  /** From the host stand: only a tap its screen offers for the stored row (decision 0041). */
  hostStand?: HostStandTap;
  /** Asked with the date locked, before the change is written: it throws to refuse (decision 0057). */
  beforeStore?: (trx: Db, current: Reservation) => Promise<void>;
}

export interface ChangedReservation {
  reservation: Reservation;
  previousStatus: ReservationStatus;
  mailIds: number[];
}

/**
 * A staff change of a reservation (all fields, or only the status). Judged on the row as stored when
 * the change runs; the write names the status and version it read (optimistic concurrency, the same
 * on both engines): of two staff members saving at once, exactly one sees the change of status that
 * decides about an e-mail; the other reads again and tries once more (at most six times).
 */
export async function changeByStaff(
  db: Db,
  id: number,
  change: StaffChange,
  terms: StaffChangeTerms = {},
): Promise<ChangedReservation> {
  for (let attempt = 0; ; attempt += 1) {
    const changed = await transactAgainIfReferenceGone(db, async (trx) => {
      // The row as stored now, and whether this change may be made to it.
      const current = await findReservation(trx, id);
      if (!current) throw new ReservationNotFoundError(id);
      if (terms.version !== undefined && current.updated_at !== terms.version)
        throw new ReservationChangedError(id);
      const refusal = terms.hostStand && hostStandRefusal(terms.hostStand, change.status, current);
      if (refusal) throw refusal;
      // Lock the date and weigh (decision 0031): a refusal rolls the transaction back.
      const after =
        "customer_name" in change ? { ...current, ...change } : { ...current, status: change.status };
      // Moved to another date: the date it leaves is locked too, the earlier first (decision 0055).
      if (after.reservation_date !== current.reservation_date)
        await lockReservationDays(trx, [current.reservation_date, after.reservation_date]);
      const overbooked = await weighStaffChange(trx, terms.settings, {
        id,
        before: placementOf(current),
        after: placementOf(after),
        override: terms.override ?? false,
      });
      if (overbooked) throw new OverbookingError(overbooked);
      await terms.beforeStore?.(trx, current);
      // Store, unless someone wrote in between (then read again), and tell the open staff screens.
      const reservation = await updateByStaff(trx, current, change);
      if (!reservation) return undefined;
      // A party whose date, time, size or status changed is seated anew, last (decision 0053); one
      // that finished keeps the table it had, for the record.
      const was = placementOf(current);
      const is = placementOf(reservation);
      const moved =
        was.date !== is.date ||
        was.time !== is.time ||
        was.partySize !== is.partySize ||
        (holdsSeats(was.status) !== holdsSeats(is.status) && is.status !== "COMPLETED");
      await seatTheDay(
        trx,
        terms.settings,
        reservation.reservation_date,
        moved ? { id, online: false } : undefined,
      );
      await recordReservationEvent(trx, {
        kind: "customer_name" in change ? "changed" : "status",
        reservationId: id,
        date: reservation.reservation_date,
        previousDate: current.reservation_date,
      });
      if (reservation.email !== current.email) await followNewAddress(trx, id, reservation.email);
      // Queue the guest's confirmation or cancellation, in the same transaction (decision 0017).
      const mails = terms.mail ? statusChangeMails(reservation, current.status, terms.mail) : [];
      return { reservation, previousStatus: current.status, mailIds: await queueMails(trx, mails) };
    });
    if (changed) {
      noteFreeSeatsChanged();
      return changed;
    }
    if (attempt >= 5)
      throw new Error("Die Reservierung wurde gleichzeitig geändert. Bitte erneut versuchen.");
  }
}

/**
 * Why the host stand may not set `target` on the stored row, by the rule that draws its buttons: a
 * tap only as the screen offers it for that status, date and time (not the screen's copy of them);
 * an undo only back over a tap — never a way to set any status without the staff screen's questions.
 */
function hostStandRefusal(
  hostStand: HostStandTap,
  target: ReservationStatus,
  current: Reservation,
): Error | undefined {
  if (hostStand.tap === "undo")
    return reversesTap(target, current.status) ? undefined : new ReservationChangedError(current.id);
  const offers: readonly ReservationStatus[] = offeredServiceActions(
    current.status,
    current.reservation_date,
    current.reservation_time,
    hostStand.now,
  );
  if (offers.includes(target)) return undefined;
  if (target === "NO_SHOW" && serviceActions(current.status).includes("NO_SHOW"))
    return new NoShowTooEarlyError(noShowFrom(current.reservation_time));
  return new NotOfferedError(target, current.status);
}
