import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { enqueueMail } from "../../../common/mail/outbox.server.ts";
import { addDays, berlinNow } from "../../../lib/calendar.ts";
import { reservationReminder, type MailContext } from "../mails/index.server.ts";
import { reservationColumns, type Reservation } from "../book/index.server.ts";
import type { ReservationSettings } from "../book/index.server.ts";

/**
 * The reminder the day before a confirmed visit (decision 0033), from the hour the settings name
 * (Europe/Berlin) on. Each reservation is reminded at most once: marking it and writing its e-mail to
 * the outbox are one transaction whose write names `reminder_sent_at is null`, so of several runs — a
 * restart, two worker processes, two servers on one PostgreSQL database — exactly one writes, and a
 * crash in between leaves neither. The outbox then sends the e-mail once (decision 0017).
 */

type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** More than any restaurant's confirmed reservations of one day: a run reads no more than this. */
const AT_MOST_PER_RUN = 1000;

/**
 * Booked — or moved by the guest — less than 24 hours before the visit: the guest has it fresh in
 * mind and gets no reminder.
 */
export function bookedAtShortNotice(
  reservation: Pick<
    Reservation,
    "created_at" | "reservation_date" | "reservation_time" | "guest_action" | "guest_action_at"
  >,
) {
  const booked =
    reservation.guest_action === "changed" && reservation.guest_action_at
      ? reservation.guest_action_at
      : reservation.created_at;
  const dayAfterBooking = berlinNow(new Date(Date.parse(booked) + DAY_MS));
  return (
    `${dayAfterBooking.date} ${dayAfterBooking.time}` >
    `${reservation.reservation_date} ${reservation.reservation_time}`
  );
}

/** Tomorrow's confirmed reservations with an e-mail address not yet reminded (the index on status, date, time). */
export function dueForReminder(db: Db, date: string) {
  return db
    .selectFrom("reservations")
    .select(reservationColumns)
    .where("reservation_date", "=", date)
    .where("status", "=", "CONFIRMED")
    .where("reminder_sent_at", "is", null)
    .where("email", "is not", null)
    .orderBy("reservation_time")
    .orderBy("id")
    .limit(AT_MOST_PER_RUN);
}

/**
 * One run: from the reminder hour on, every reservation of tomorrow that is due is marked and its
 * e-mail written to the outbox. Returns the outbox ids, for the caller to send at once.
 */
export async function writeDueReminders(
  db: Db,
  { settings, mail, now = new Date() }: { settings: ReservationSettings; mail: MailContext; now?: Date },
): Promise<number[]> {
  if (settings.reminderHour === null) return [];
  const here = berlinNow(now);
  if (Number(here.time.slice(0, 2)) < settings.reminderHour) return [];
  const due = await dueForReminder(db, addDays(here.date, 1)).execute();
  const mailIds: number[] = [];
  for (const candidate of due) {
    if (bookedAtShortNotice(candidate)) continue;
    const id = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("reservations")
        .set({ reminder_sent_at: now.toISOString() })
        .where("id", "=", candidate.id)
        .where("reminder_sent_at", "is", null)
        .where("status", "=", "CONFIRMED")
        .returning(reservationColumns)
        .executeTakeFirst();
      const reminder = claimed && reservationReminder(claimed, mail);
      return reminder ? enqueueMail(trx, reminder) : undefined;
    });
    if (id !== undefined) mailIds.push(id);
  }
  return mailIds;
}
