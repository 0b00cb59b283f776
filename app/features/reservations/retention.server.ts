import type { Kysely } from "kysely";
import { addMonths, berlinNow } from "../../lib/calendar.ts";
import type { Database } from "../../../db/database.types.ts";

/**
 * The privacy policy promises: reservation data is deleted at the latest twelve months after the
 * reserved date (Datenschutzerklärung, 'Speicherdauer'). The e-mails about a reservation hold the
 * same data, so they go with it, and so does any e-mail in the outbox written that long ago; a sent
 * e-mail goes 30 days after it was sent, a failed one 90 days after it was written.
 */
export const RETENTION_MONTHS = 12;

/**
 * Sent e-mails are kept 30 days (staff may look up what went out), failed ones 90 days after they were
 * written (time to notice and send them again); no longer, as each holds a guest's data.
 */
export const SENT_MAIL_DAYS = 30;
export const FAILED_MAIL_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionResult {
  reservations: number;
  mails: number;
}

export async function deleteExpiredGuestData(
  db: Kysely<Database>,
  now = new Date(),
): Promise<RetentionResult> {
  // Reserved dates are Berlin calendar dates; the outbox's timestamps are instants.
  const cutoffDate = addMonths(berlinNow(now).date, -RETENTION_MONTHS);
  const cutoffInstant = new Date(now);
  cutoffInstant.setUTCMonth(cutoffInstant.getUTCMonth() - RETENTION_MONTHS);
  return db.transaction().execute(async (trx) => {
    const expired = trx.selectFrom("reservations").select("id").where("reservation_date", "<", cutoffDate);
    const mails = await trx
      .deleteFrom("mail_outbox")
      .where((eb) =>
        eb.or([
          eb("reservation_id", "in", expired),
          eb("created_at", "<", cutoffInstant.toISOString()),
          eb.and([
            eb("status", "=", "sent"),
            eb("sent_at", "<", new Date(now.getTime() - SENT_MAIL_DAYS * DAY_MS).toISOString()),
          ]),
          eb.and([
            eb("status", "=", "failed"),
            eb("created_at", "<", new Date(now.getTime() - FAILED_MAIL_DAYS * DAY_MS).toISOString()),
          ]),
        ]),
      )
      .executeTakeFirst();
    const reservations = await trx
      .deleteFrom("reservations")
      .where("reservation_date", "<", cutoffDate)
      .executeTakeFirst();
    return {
      reservations: Number(reservations.numDeletedRows),
      mails: Number(mails.numDeletedRows),
    };
  });
}
