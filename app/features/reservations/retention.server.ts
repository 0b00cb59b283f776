import { sql, type Kysely } from "kysely";
import { addDays, addMonths, berlinNow } from "../../lib/calendar.ts";
import type { Database } from "../../../db/database.types.ts";
import { checkpointErasures } from "../../../db/database.server.ts";
import { readReservationSettings } from "./settings.server.ts";
import type { ReservationSettings } from "./settings.ts";

/**
 * Guest data is kept no longer than needed (decision 0033), by the periods set under
 * 'Reservierungseinstellungen' → 'Datenschutz', which the Datenschutzerklärung states:
 * - the 'Besondere Wünsche' (often allergies: health data) are erased `notesEraseDays` after the
 *   reserved date, and with them the restaurant's notice, which repeats them;
 * - a reservation is anonymised `anonymiseAfterMonths` after its date: name, e-mail, phone and notes
 *   go, and its e-mails and guest links with them; date, time, party size, status and source (online
 *   or entered by staff) stay for the statistics. Any e-mail written that long ago goes too.
 * - a sent e-mail goes 30 days after it was sent, a failed one 90 days after it was written.
 */

/** Sent e-mails are kept 30 days (staff may look up what went out), failed ones 90 (time to send them again). */
export const SENT_MAIL_DAYS = 30;
export const FAILED_MAIL_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The name an anonymised reservation keeps: the column may not be empty, and staff see what happened. */
export const ANONYMISED_NAME = "Anonymisiert";

export interface RetentionResult {
  /** Reservations whose notes were erased. */
  notes: number;
  /** Reservations anonymised. */
  anonymised: number;
  mails: number;
}

type Periods = Pick<ReservationSettings, "notesEraseDays" | "anonymiseAfterMonths">;

export async function deleteExpiredGuestData(
  db: Kysely<Database>,
  now = new Date(),
  periods?: Periods,
): Promise<RetentionResult> {
  const { notesEraseDays, anonymiseAfterMonths } = periods ?? (await readReservationSettings(db));
  // Reserved dates are Berlin calendar dates; the outbox's timestamps are instants.
  const today = berlinNow(now).date;
  const notesUntil = addDays(today, -notesEraseDays);
  const anonymiseBefore = addMonths(today, -anonymiseAfterMonths);
  const writtenBefore = new Date(now);
  writtenBefore.setUTCMonth(writtenBefore.getUTCMonth() - anonymiseAfterMonths);
  const result = await db.transaction().execute(async (trx) => {
    const withNotes = trx
      .selectFrom("reservations")
      .select("id")
      .where("reservation_date", "<=", notesUntil)
      .where("notes", "is not", null);
    const expired = trx
      .selectFrom("reservations")
      .select("id")
      .where("reservation_date", "<", anonymiseBefore);
    const mails = await trx
      .deleteFrom("mail_outbox")
      .where((eb) =>
        eb.or([
          eb("reservation_id", "in", expired),
          eb.and([eb("kind", "=", "reservation-notice"), eb("reservation_id", "in", withNotes)]),
          eb("created_at", "<", writtenBefore.toISOString()),
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
    const notes = await trx
      .updateTable("reservations")
      .set({ notes: null })
      .where("reservation_date", "<=", notesUntil)
      .where("notes", "is not", null)
      .executeTakeFirst();
    await trx.deleteFrom("reservation_links").where("reservation_id", "in", expired).execute();
    const anonymised = await trx
      .updateTable("reservations")
      .set({
        customer_name: ANONYMISED_NAME,
        customer_name_search: ANONYMISED_NAME.toLocaleLowerCase("de-DE"),
        email: null,
        phone_number: null,
        phone_key: null,
        notes: null,
        // The form's key tells an online request from a staff entry; its value may be derived from
        // the guest's details (`derivedRequestKey`), so only the fact stays.
        request_token: sql<string | null>`case when request_token is null then null else 'anon-' || id end`,
      })
      .where("reservation_date", "<", anonymiseBefore)
      .where((eb) =>
        eb.or([
          eb("customer_name", "<>", ANONYMISED_NAME),
          eb("email", "is not", null),
          eb("phone_number", "is not", null),
          eb("notes", "is not", null),
          eb("request_token", "not like", "anon-%"),
        ]),
      )
      .executeTakeFirst();
    return {
      notes: Number(notes.numUpdatedRows),
      anonymised: Number(anonymised.numUpdatedRows),
      mails: Number(mails.numDeletedRows),
    };
  });
  if (result.notes + result.anonymised + result.mails > 0) await checkpointErasures(db);
  return result;
}
