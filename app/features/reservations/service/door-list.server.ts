import type { Kysely } from "kysely";
import type { Database, DoorWaitStatus } from "../../../../db/database.types.ts";
import { berlinNow } from "../../../lib/calendar.ts";
import { recordReservationEvent, type DoorEntryValues } from "../book/index.server.ts";
import type { DoorEntry } from "./evening.ts";

/**
 * The door's wait list ('Warteliste vor Ort', decision 0057): the owner of `door_waitlist`. Guests
 * without a reservation who wait for a table, for their day only: a list of another day is never
 * shown, and is erased with the first change of a later day's list and by the nightly housekeeping
 * (names and numbers are personal data, kept no longer than the evening needs them). Every change
 * tells the open staff screens of that day (decision 0035), as the book's changes do.
 */

type Db = Kysely<Database>;

const nowIso = () => new Date().toISOString();

/** The open staff screens of `date` read the list again; `reservationId` 0: no reservation is meant. */
const tellScreens = (trx: Db, date: string) =>
  recordReservationEvent(trx, { kind: "door", reservationId: 0, date });

/** The parties waiting on `date`, in the order they came. */
export async function waitingOn(db: Db, date: string): Promise<DoorEntry[]> {
  const rows = await db
    .selectFrom("door_waitlist")
    .select(["id", "name", "party_size", "phone_number", "note", "created_at", "updated_at"])
    .where("service_date", "=", date)
    .where("status", "=", "waiting")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    partySize: row.party_size,
    phone: row.phone_number,
    note: row.note,
    since: berlinNow(new Date(row.created_at)).time,
    updatedAt: row.updated_at,
  }));
}

/** A party put on `date`'s list; the lists of earlier days go (kept for their day only). */
export async function addWaiting(db: Db, date: string, values: DoorEntryValues): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("door_waitlist").where("service_date", "<", date).execute();
    const now = nowIso();
    const row = await trx
      .insertInto("door_waitlist")
      .values({
        service_date: date,
        name: values.name,
        party_size: values.party_size,
        phone_number: values.phone,
        note: values.notes,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tellScreens(trx, date);
    return row.id;
  });
}

export interface WaitingParty {
  id: number;
  date: string;
  name: string;
  partySize: number;
  phone: string | null;
  version: string;
}

/** A waiting party as stored now, if it still waits at `version`. */
export async function stillWaiting(db: Db, id: number, version: string): Promise<WaitingParty | undefined> {
  const row = await db
    .selectFrom("door_waitlist")
    .select(["id", "service_date", "name", "party_size", "phone_number", "updated_at"])
    .where("id", "=", id)
    .where("status", "=", "waiting")
    .where("updated_at", "=", version)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      date: row.service_date,
      name: row.name,
      partySize: row.party_size,
      phone: row.phone_number,
      version: row.updated_at,
    }
  );
}

/**
 * Moves an entry from `from` to `to` ('Gegangen', a party seated, or back to waiting by
 * 'Rückgängig'), only while it is as the screen showed it (`version`); answers the new version, or
 * undefined when it changed meanwhile.
 */
export async function moveWaiting(
  db: Db,
  id: number,
  version: string,
  { from, to, reservationId }: { from: DoorWaitStatus; to: DoorWaitStatus; reservationId?: number | null },
): Promise<string | undefined> {
  if (!db.isTransaction)
    return db.transaction().execute((trx) => moveWaiting(trx, id, version, { from, to, reservationId }));
  const now = nowIso();
  const row = await db
    .updateTable("door_waitlist")
    .set({
      status: to,
      updated_at: now,
      ...(reservationId === undefined ? {} : { reservation_id: reservationId }),
    })
    .where("id", "=", id)
    .where("status", "=", from)
    .where("updated_at", "=", version)
    .returning("service_date")
    .executeTakeFirst();
  if (!row) return undefined;
  await tellScreens(db, row.service_date);
  return now;
}

/** The walk-in a waiting party became was undone: the party waits again, where it was in the list. */
export async function waitAgainAfter(trx: Db, reservationId: number): Promise<void> {
  const row = await trx
    .updateTable("door_waitlist")
    .set({ status: "waiting", reservation_id: null, updated_at: nowIso() })
    .where("reservation_id", "=", reservationId)
    .where("status", "=", "seated")
    .returning("service_date")
    .executeTakeFirst();
  if (row) await tellScreens(trx, row.service_date);
}

/** The lists of the days before `date`: erased by the nightly housekeeping. Answers how many entries went. */
export async function eraseDoorListsBefore(db: Db, date: string): Promise<number> {
  const deleted = await db.deleteFrom("door_waitlist").where("service_date", "<", date).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
