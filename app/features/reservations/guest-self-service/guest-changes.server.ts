import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import type { OpeningHoursContent } from "../../../common/content/schemas.ts";
import { berlinNow } from "../../../lib/calendar.ts";
import { transactAgainIfReferenceGone } from "../../../lib/storage-errors.server.ts";
import { MAX_PUBLIC_PARTY_SIZE, TIME_SLOTS, type ClosedReason } from "../book/index.server.ts";
import { lockReservationDays } from "../book/index.server.ts";
import { seatTheDay } from "../availability/index.server.ts";
import { noteFreeSeatsChanged } from "../book/index.server.ts";
import {
  guestActionNotice,
  queueMails,
  reservationCancellation,
  reservationChanged,
  type MailContext,
} from "../mails/index.server.ts";
import { weighVisit } from "../booking/index.server.ts";
import {
  cancelOpen,
  findReservation,
  markAttending,
  moveByGuest,
  type Reservation,
} from "../book/index.server.ts";
import type { GuestChange } from "../book/index.server.ts";
import type { ReservationSettings } from "../book/index.server.ts";
import { recordReservationEvent } from "../book/index.server.ts";

/**
 * What a guest may do through their link (decision 0033): cancel, change date, time and party size
 * under the availability rule, and say 'Ich komme'. Each is one conditional write, so two at the same
 * moment cannot both succeed (two cancels send one cancellation), and each writes its e-mails to the
 * outbox in the same transaction — lock, weigh, store, queue, in that order (decision 0050). The
 * guest's page (`answerGuestPage`) parses the form before, and sends, logs and answers after.
 */

type Db = Kysely<Database>;

export const GUEST_CHANGED_MEANWHILE =
  "Die Reservierung wurde gerade vom Restaurant geändert. Bitte sehen Sie sie sich noch einmal an.";

export const GUEST_NOT_CONFIRMED_YET =
  "Ihre Reservierung ist noch nicht bestätigt. „Ich komme“ können Sie sagen, sobald das Restaurant sie bestätigt hat.";

export type { ClosedReason };

/** Whether the visit's time has come (Berlin wall clock): then the link only shows it. */
export function closedReasonOf(reservation: Reservation, now = new Date()): ClosedReason | undefined {
  if (reservation.status === "CANCELLED") return "cancelled";
  if (reservation.status === "COMPLETED" || reservation.status === "ARRIVED") return "completed";
  if (reservation.status === "NO_SHOW") return "past";
  const here = berlinNow(now);
  const visit = `${reservation.reservation_date} ${reservation.reservation_time}`;
  return visit <= `${here.date} ${here.time}` ? "past" : undefined;
}

/**
 * Whether the change form can show the visit as it is: a time staff noted off the slots (19:15) or a
 * party above the online limit would be replaced by the form's first option unseen (decision 0033).
 * The page offers no change then, and the server takes none (decision 0041).
 */
export function changeableOnline(
  reservation: Pick<Reservation, "reservation_time" | "party_size">,
  largestParty: number = MAX_PUBLIC_PARTY_SIZE,
): boolean {
  return (
    (TIME_SLOTS as readonly string[]).includes(reservation.reservation_time) &&
    reservation.party_size <= largestParty
  );
}

export type GuestOutcome =
  | { done: true; reservation: Reservation; mailIds: number[] }
  | { done: false; closed: ClosedReason }
  /** A change that does not fit the day: the field and the message (with what is still free). */
  | { done: false; refused: { field: "date" | "time" | "party_size"; message: string } }
  /** Nothing to do: the change names the visit as it is, or 'Ich komme' was said already. */
  | { done: false; unchanged: true }
  /** A visit arranged with the restaurant off the form's choices: changed by phone only. */
  | { done: false; notChangeable: true };

/**
 * 'Ja, stornieren': the reservation becomes CANCELLED where it is still open (no date to lock: it
 * frees seats); the guest and the restaurant get their e-mails.
 */
export async function cancelByGuest(
  db: Db,
  reservation: Reservation,
  mail: MailContext,
  now = new Date(),
): Promise<GuestOutcome> {
  const closed = closedReasonOf(reservation, now);
  if (closed) return { done: false, closed };
  const outcome = await db.transaction().execute(async (trx): Promise<GuestOutcome> => {
    // Store: of two cancels at the same moment one writes; the other finds it closed.
    const cancelled = await cancelOpen(trx, reservation.id, now);
    if (!cancelled) {
      const current = await findReservation(trx, reservation.id);
      return { done: false, closed: (current && closedReasonOf(current, now)) ?? "cancelled" };
    }
    await recordReservationEvent(trx, {
      kind: "cancelled",
      reservationId: cancelled.id,
      date: cancelled.reservation_date,
    });
    // Queue the guest's cancellation and the restaurant's notice (decision 0017).
    const mailIds = await queueMails(trx, [
      reservationCancellation(cancelled, mail),
      guestActionNotice(cancelled, mail, "cancelled", reservation),
    ]);
    return { done: true, reservation: cancelled, mailIds };
  });
  if (outcome.done) noteFreeSeatsChanged();
  return outcome;
}

/** 'Ich komme' on a confirmed reservation: the staff card says 'Vom Gast bestätigt'. No e-mail. */
export async function attendByGuest(
  db: Db,
  reservation: Reservation,
  now = new Date(),
): Promise<GuestOutcome> {
  const closed = closedReasonOf(reservation, now);
  if (closed) return { done: false, closed };
  if (reservation.status !== "CONFIRMED")
    return { done: false, refused: { field: "date", message: GUEST_NOT_CONFIRMED_YET } };
  if (reservation.guest_action === "attending") return { done: false, unchanged: true };
  const attending = await db.transaction().execute(async (trx) => {
    const row = await markAttending(trx, reservation.id, now);
    if (row)
      await recordReservationEvent(trx, {
        kind: "changed",
        reservationId: row.id,
        date: row.reservation_date,
      });
    return row;
  });
  if (!attending) {
    const current = await findReservation(db, reservation.id);
    return { done: false, closed: (current && closedReasonOf(current, now)) ?? "cancelled" };
  }
  return { done: true, reservation: attending, mailIds: [] };
}

export interface ChangeDependencies {
  settings: ReservationSettings | undefined;
  hours: OpeningHoursContent;
  mail: MailContext;
  now?: Date;
}

/**
 * 'Reservierung ändern': the new date, time and party size are weighed as a new request would be,
 * against the day without this reservation's own seats, after the new date is locked. Kept only if
 * it fits; a confirmed reservation stays confirmed only when automatic confirmation covers it.
 */
export async function changeByGuest(
  db: Db,
  reservation: Reservation,
  change: GuestChange,
  deps: ChangeDependencies,
): Promise<GuestOutcome> {
  const now = deps.now ?? new Date();
  // Once more when staff deleted the table it was seated at meanwhile (decision 0056).
  const outcome = await transactAgainIfReferenceGone(db, async (trx): Promise<GuestOutcome> => {
    // Lock the new date (decision 0031) and the one it leaves, the earlier first (decision 0055);
    // judge the row as it is now, not as the page read it.
    await lockReservationDays(trx, [reservation.reservation_date, change.date]);
    const current = await findReservation(trx, reservation.id);
    const closedNow = current ? closedReasonOf(current, now) : "cancelled";
    if (!current || closedNow) return { done: false, closed: closedNow ?? "cancelled" };
    // Staff moved it to another date meanwhile, which is not locked: the guest looks again.
    if (![reservation.reservation_date, change.date].includes(current.reservation_date))
      return { done: false, refused: { field: "date", message: GUEST_CHANGED_MEANWHILE } };
    if (!changeableOnline(current, deps.settings?.largestOnlineParty))
      return { done: false, notChangeable: true };
    const same =
      current.reservation_date === change.date &&
      current.reservation_time === change.time &&
      current.party_size === change.party_size;
    if (same) return { done: false, unchanged: true };
    // Weigh as a new request, without its own seats.
    const verdict = await weighVisit(
      trx,
      { date: change.date, time: change.time, partySize: change.party_size, except: current.id },
      { ...deps, now },
    );
    if ("problem" in verdict) return { done: false, refused: verdict.problem };
    // Store, unless staff saved it a moment ago: the guest is asked to look again rather than overwrite that.
    const changed = await moveByGuest(
      trx,
      current,
      { date: change.date, time: change.time, partySize: change.party_size, status: verdict.status },
      now,
    );
    if (!changed) return { done: false, refused: { field: "date", message: GUEST_CHANGED_MEANWHILE } };
    await seatTheDay(trx, deps.settings, changed.reservation_date, { id: changed.id, online: true });
    await recordReservationEvent(trx, {
      kind: "changed",
      reservationId: changed.id,
      date: changed.reservation_date,
      previousDate: current.reservation_date,
    });
    // Queue the guest's new confirmation or receipt and the restaurant's notice (decision 0017).
    const mailIds = await queueMails(trx, [
      reservationChanged(changed, deps.mail),
      guestActionNotice(changed, deps.mail, "changed", current),
    ]);
    return { done: true, reservation: changed, mailIds };
  });
  if (outcome.done) noteFreeSeatsChanged();
  return outcome;
}
