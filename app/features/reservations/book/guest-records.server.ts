import type { Kysely } from "kysely";
import type { Dialect } from "../../../../db/dialect.ts";
import type { Database, GuestAction, ReservationStatus } from "../../../../db/database.types.ts";
import { recordReservationEvents } from "./change-events.server.ts";
import { phoneKey } from "../../../lib/phone.ts";
import { chunks, idsWrittenAt } from "../../../lib/id-chunks.ts";
import { reservationColumns } from "./store.server.ts";

/**
 * The reservations' answers to 'Gastdaten' (Art. 15, 17 and 20 GDPR; decisions 0041, 0042): which
 * reservations belong to a guest, what they hold, and erasing them — with their guest links, by
 * `on delete cascade`. The reservations area owns the table (decision 0047, "One owner per
 * table"); guest-data asks these, passing its transaction where it has one.
 */

type Db = Kysely<Database>;

/**
 * Whom to look for: an e-mail address in lower case (SQLite's lower() folds ASCII only, and the
 * forms accept ASCII addresses only), or a phone number as its `phoneKey`. guest-data's `GuestTerm`
 * is one.
 */
export type GuestContact = { kind: "email"; email: string } | { kind: "phone"; key: string };

/** A reservation a search found: its id, what it is ordered by, and what erasing it records. */
export interface GuestReservationMatch {
  id: number;
  date: string;
  time: string;
  /** When it was written (its `created_at`): the record of erasures names it by id and this. */
  createdAt: string;
}

const newestFirst = (a: GuestReservationMatch, b: GuestReservationMatch) =>
  b.date.localeCompare(a.date) || b.time.localeCompare(a.time) || b.id - a.id;

/**
 * The reservations of an e-mail address (through the index on `lower(email)`) or of a phone number,
 * newest visit first. A phone number is stored as typed ('0170/123 45 67', '+49 170 1234567'), so
 * its digits are compared in a scan: the database keeps only the rows whose number holds the term's
 * digits in order (a `like` that cannot miss one, since separators may stand between any two
 * digits), and `phoneKey` decides each of those exactly.
 */
export async function findGuestReservations(db: Db, contact: GuestContact): Promise<GuestReservationMatch[]> {
  const columns = ["id", "reservation_date", "reservation_time", "created_at"] as const;
  let rows: Array<{ id: number; reservation_date: string; reservation_time: string; created_at: string }>;
  if (contact.kind === "email") {
    // The expression guest-data.server.test.ts proves to use the index.
    rows = await db
      .selectFrom("reservations")
      .select(columns)
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", contact.email))
      .execute();
  } else {
    // The digits every way of writing this number contains: without the zeros of a trunk or
    // international prefix, which '+49' replaces.
    const digits = contact.key.replace(/^0+/, "");
    const candidates = await db
      .selectFrom("reservations")
      .select([...columns, "phone_number"])
      .where("phone_number", "like", `%${[...digits].join("%")}%`)
      .execute();
    rows = candidates.filter(
      (row) => row.phone_number !== null && phoneKey(row.phone_number) === contact.key,
    );
  }
  return rows
    .map((row) => ({
      id: row.id,
      date: row.reservation_date,
      time: row.reservation_time,
      createdAt: row.created_at,
    }))
    .sort(newestFirst);
}

/**
 * Holds these reservations until the transaction `trx` ends: on PostgreSQL with `for update` (a
 * change being written meanwhile finishes first; one that starts later waits). SQLite runs one
 * writing transaction at a time, so there nothing needs holding.
 */
export async function lockReservations(trx: Db, dialect: Dialect, ids: readonly number[]): Promise<void> {
  if (dialect !== "postgres") return;
  for (const part of chunks(ids))
    await trx.selectFrom("reservations").select("id").where("id", "in", part).forUpdate().execute();
}

/** Everything a reservation holds about its guest, as a guest's copy of their data shows it. */
export interface GuestReservationRecord {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  date: string;
  time: string;
  partySize: number;
  notes: string | null;
  status: ReservationStatus;
  createdAt: string;
  updatedAt: string;
  guestAction: GuestAction | null;
  guestActionAt: string | null;
  reminderSentAt: string | null;
}

/** The reservations with these ids, in the order of `ids`; one deleted meanwhile is left out. */
export async function guestReservationRecords(
  db: Db,
  ids: readonly number[],
): Promise<GuestReservationRecord[]> {
  const byId = new Map<number, GuestReservationRecord>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom("reservations")
      .select(reservationColumns)
      .where("id", "in", part)
      .execute();
    for (const row of rows)
      byId.set(row.id, {
        id: row.id,
        name: row.customer_name,
        email: row.email,
        phone: row.phone_number,
        date: row.reservation_date,
        time: row.reservation_time,
        partySize: row.party_size,
        notes: row.notes,
        status: row.status,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        guestAction: row.guest_action,
        guestActionAt: row.guest_action_at,
        reminderSentAt: row.reminder_sent_at,
      });
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Which of these reservations exist now (an e-mail's reservation may have been deleted). */
export async function existingReservations(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const existing = new Set<number>();
  for (const part of chunks([...new Set(ids)]))
    for (const row of await db.selectFrom("reservations").select("id").where("id", "in", part).execute())
      existing.add(row.id);
  return existing;
}

/** Deletes these reservations, their guest links with them (`on delete cascade`); how many went. */
export async function eraseReservations(trx: Db, ids: readonly number[]): Promise<number> {
  let deleted = 0;
  for (const part of chunks(ids)) {
    const result = await trx.deleteFrom("reservations").where("id", "in", part).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/**
 * A guest's reservations erased through 'Gastdaten', in the caller's transaction: deleted as
 * `eraseReservations` does, and the open staff screens drop them at once (decision 0035).
 */
export async function eraseGuestReservations(
  trx: Db,
  found: readonly GuestReservationMatch[],
): Promise<number> {
  const deleted = await eraseReservations(
    trx,
    found.map((row) => row.id),
  );
  await recordReservationEvents(
    trx,
    found.map((row) => ({ kind: "deleted" as const, reservationId: row.id, date: row.date })),
  );
  return deleted;
}

/**
 * Which of these reservations are here, written at the given instant (a restore's record of
 * erasures names each by id and `created_at`: after a restore of an old archive, another guest's
 * reservation may have an erased one's id, never its instant too).
 */
export async function reservationsWrittenAt(
  db: Db,
  wanted: ReadonlyArray<{ id: number; createdAt: string }>,
): Promise<number[]> {
  return idsWrittenAt(wanted, (ids) =>
    db.selectFrom("reservations").select(["id", "created_at"]).where("id", "in", ids).execute(),
  );
}
