import { sql, type Kysely } from "kysely";
import type { Database, ReservationStatus } from "../../../../db/database.types.ts";
import { berlinNow } from "../../../lib/calendar.ts";
import { storedPhoneKey } from "../../../lib/phone.ts";
import type { GuestHistory } from "./guest-history.ts";
import { ANONYMISED_NAME } from "./terms.ts";
import { chunks, IDS_PER_STATEMENT } from "../../../lib/id-chunks.ts";

/**
 * A guest's earlier visits (decision 0037): for each of a list of reservations (a day's list, a
 * search, the service view), the reservations of the same guest — the same e-mail address in any
 * case, or the same phone number however written (`phone_key`, decision 0034) — whose date and time
 * lie before its own, counted by what became of them:
 *
 * - a visit: 'Eingetroffen', 'Abgeschlossen', or 'Bestätigt' with its time passed — before the
 *   service states (decision 0034) a kept reservation often stayed 'Bestätigt', and a no-show is
 *   only known when staff mark it;
 * - 'Nicht erschienen' and 'Storniert' each on their own;
 * - pending requests, the waitlist and a confirmed one still ahead count for nothing.
 *
 * Anonymised reservations (decision 0033) have neither address nor number left, and their name is
 * checked too, so they never count. Two indexed queries for the whole list — `lower(email) in (…)`
 * (index of migration 0016) and `phone_key in (…)` (migration 0017) — in chunks, so a list of
 * hundreds stays within either engine's limit of bound parameters. Portable Kysely (decision 0003).
 */

type Db = Kysely<Database>;

/** What a listed reservation needs for its history. */
export interface HistoryQuestion {
  id: number;
  email: string | null;
  phone_number: string | null;
  reservation_date: string;
  reservation_time: string;
}

/** Values per `in (…)`: well below SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
export const HISTORY_CHUNK = IDS_PER_STATEMENT;

const COUNTED_STATUSES = [
  "ARRIVED",
  "COMPLETED",
  "CONFIRMED",
  "NO_SHOW",
  "CANCELLED",
] as const satisfies readonly ReservationStatus[];

interface Earlier {
  id: number;
  email_key: string | null;
  phone_key: string | null;
  reservation_date: string;
  reservation_time: string;
  status: ReservationStatus;
}

const emailKeyOf = (email: string | null) => {
  const key = email?.trim().toLowerCase() ?? "";
  return key === "" ? null : key;
};

const earlierRows = (db: Db) =>
  db
    .selectFrom("reservations")
    .select([
      "id",
      sql<string | null>`lower(email)`.as("email_key"),
      "phone_key",
      "reservation_date",
      "reservation_time",
      "status",
    ])
    .where("status", "in", COUNTED_STATUSES)
    .where("customer_name", "<>", ANONYMISED_NAME);

/**
 * The earlier visits of each listed reservation's guest, by id. A reservation with neither e-mail
 * nor usable phone number gets no entry (nothing can be said about it); one whose guest has no
 * earlier visit gets zeros ('Erster Besuch'). `now` decides which confirmed ones have passed.
 */
export async function guestHistories(
  db: Db,
  reservations: readonly HistoryQuestion[],
  now: Date = new Date(),
): Promise<Map<number, GuestHistory>> {
  const asked = reservations.map((reservation) => ({
    reservation,
    email: emailKeyOf(reservation.email),
    phone: storedPhoneKey(reservation.phone_number),
  }));
  const emails = [...new Set(asked.flatMap((entry) => (entry.email === null ? [] : [entry.email])))];
  const phones = [...new Set(asked.flatMap((entry) => (entry.phone === null ? [] : [entry.phone])))];

  const found = new Map<number, Earlier>();
  for (const chunk of chunks(emails)) {
    const rows = await earlierRows(db)
      .where(sql<string>`lower(email)`, "in", chunk)
      .execute();
    for (const row of rows) found.set(Number(row.id), { ...row, id: Number(row.id) });
  }
  for (const chunk of chunks(phones)) {
    const rows = await earlierRows(db).where("phone_key", "in", chunk).execute();
    for (const row of rows) found.set(Number(row.id), { ...row, id: Number(row.id) });
  }

  const byEmail = new Map<string, Earlier[]>();
  const byPhone = new Map<string, Earlier[]>();
  for (const row of found.values()) {
    if (row.email_key !== null) byEmail.set(row.email_key, [...(byEmail.get(row.email_key) ?? []), row]);
    if (row.phone_key !== null) byPhone.set(row.phone_key, [...(byPhone.get(row.phone_key) ?? []), row]);
  }

  const current = berlinNow(now);
  const nowStamp = `${current.date} ${current.time}`;
  const histories = new Map<number, GuestHistory>();
  for (const { reservation, email, phone } of asked) {
    if (email === null && phone === null) continue;
    const own = `${reservation.reservation_date} ${reservation.reservation_time}`;
    const rows = new Map<number, Earlier>();
    for (const row of [
      ...(email === null ? [] : (byEmail.get(email) ?? [])),
      ...(phone === null ? [] : (byPhone.get(phone) ?? [])),
    ])
      rows.set(row.id, row);
    const history: GuestHistory = { visits: 0, noShows: 0, cancelled: 0 };
    for (const row of rows.values()) {
      const at = `${row.reservation_date} ${row.reservation_time}`;
      if (row.id === reservation.id || at >= own) continue;
      if (row.status === "NO_SHOW") history.noShows += 1;
      else if (row.status === "CANCELLED") history.cancelled += 1;
      else if (row.status !== "CONFIRMED" || at < nowStamp) history.visits += 1;
    }
    histories.set(reservation.id, history);
  }
  return histories;
}
