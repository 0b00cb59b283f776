import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import { addDays, addMonths, berlinNow } from "../../../lib/calendar.ts";
import type { Database } from "../../../../db/database.types.ts";
import { checkpointErasures } from "../../../../db/database.server.ts";
import { deleteExpiredMails, reservationsWithMail } from "../../../common/mail/outbox-guest-data.server.ts";
import { readReservationSettings } from "../settings/index.server.ts";
import type { ReservationSettings } from "../book/index.server.ts";
import { ANONYMISED_NAME } from "../book/index.server.ts";

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

export interface RetentionResult {
  /** Reservations whose notes were erased. */
  notes: number;
  /** Reservations anonymised. */
  anonymised: number;
  mails: number;
}

type Periods = Pick<ReservationSettings, "notesEraseDays" | "anonymiseAfterMonths">;

type Db = Kysely<Database>;

/** Ids per `in (…)`: far below both engines' limit of parameters per statement. */
const CHUNK = 500;

/** The reservations among `ids` that `where` keeps. */
async function reservationsAmong(
  db: Db,
  ids: readonly number[],
  where: (
    query: SelectQueryBuilder<Database, "reservations", { id: number }>,
  ) => SelectQueryBuilder<Database, "reservations", { id: number }>,
): Promise<number[]> {
  const kept: number[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const query = db
      .selectFrom("reservations")
      .select("id")
      .where("id", "in", ids.slice(start, start + CHUNK));
    for (const row of await where(query).execute()) kept.push(row.id);
  }
  return kept;
}

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
    // The outbox (its owner, app/common/mail) names the reservations it holds e-mails about; which
    // of those are expired, or have notes to erase, is the reservations' to judge — before the
    // notes are erased below.
    const about = await reservationsWithMail(trx);
    const expired = await reservationsAmong(trx, about, (query) =>
      query.where("reservation_date", "<", anonymiseBefore),
    );
    const withNotes = await reservationsAmong(trx, about, (query) =>
      query.where("reservation_date", "<=", notesUntil).where("notes", "is not", null),
    );
    const mails = await deleteExpiredMails(trx, {
      about: expired,
      // The restaurant's notice repeats the notes.
      ofKindAbout: { kind: "reservation-notice", reservationIds: withNotes },
      writtenBefore: writtenBefore.toISOString(),
      sentBefore: new Date(now.getTime() - SENT_MAIL_DAYS * DAY_MS).toISOString(),
      failedWrittenBefore: new Date(now.getTime() - FAILED_MAIL_DAYS * DAY_MS).toISOString(),
    });
    const notes = await trx
      .updateTable("reservations")
      .set({ notes: null })
      .where("reservation_date", "<=", notesUntil)
      .where("notes", "is not", null)
      .executeTakeFirst();
    await trx
      .deleteFrom("reservation_links")
      .where("reservation_id", "in", (eb) =>
        eb.selectFrom("reservations").select("id").where("reservation_date", "<", anonymiseBefore),
      )
      .execute();
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
      mails,
    };
  });
  if (result.notes + result.anonymised + result.mails > 0) await checkpointErasures(db);
  return result;
}
