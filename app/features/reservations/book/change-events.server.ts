import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { CHANNELS, notifyProcesses } from "../../../../db/notifications.server.ts";
import type { ReservationEvent, ReservationEventKind } from "../../../common/live/change-feed.ts";

export type { ReservationEvent, ReservationEventKind };

type Db = Kysely<Database>;

/** What a change writes: `recordReservationEvent(trx, …)`. */
export interface ReservationEventInput {
  kind: ReservationEventKind;
  reservationId: number;
  /** The reservation's day (after the change, when it moved). */
  date: string;
  /** The day it moved away from, when the change moved it: that day's screens drop it. */
  previousDate?: string | undefined;
  /** Only for 'requested' and 'created': shown in the note about a new reservation. */
  time?: string;
  partySize?: number;
}

/**
 * Every change of a reservation calls this IN ITS OWN TRANSACTION (`trx`), so the event exists exactly
 * when the change does: a rolled-back change tells no screen anything, a committed one every screen
 * of every server process (decision 0035). Kinds:
 * - 'requested': a guest's request from the form (the screens show a note);
 * - 'created': entered by staff (a phone call, a walk-in);
 * - 'status': staff set another status (confirmed, arrived, …);
 * - 'changed': anything else changed — by staff, or by the guest through their link ('Ich komme',
 *   another date);
 * - 'cancelled': the guest cancelled through their link;
 * - 'deleted': staff deleted it, or all of a guest's data was deleted (Gastdaten).
 */
export async function recordReservationEvent(trx: Db, event: ReservationEventInput): Promise<void> {
  await recordReservationEvents(trx, [event]);
}

const rowOf = (event: ReservationEventInput) => ({
  kind: event.kind,
  reservation_id: event.reservationId,
  reservation_date: event.date,
  previous_date:
    event.previousDate !== undefined && event.previousDate !== event.date ? event.previousDate : null,
  reservation_time: event.time ?? null,
  party_size: event.partySize ?? null,
  created_at: new Date().toISOString(),
});

/** The same, for many reservations changed the same way at once (deleting a guest's data). */
export async function recordReservationEvents(
  trx: Db,
  events: readonly ReservationEventInput[],
): Promise<void> {
  // Rows per statement stay well below SQLite's 32,766 bound values (seven columns each).
  for (let start = 0; start < events.length; start += 500) {
    await trx
      .insertInto("reservation_events")
      .values(events.slice(start, start + 500).map(rowOf))
      .execute();
  }
  // On PostgreSQL every server process hears of it at the commit (decision 0039).
  if (events.length > 0) await notifyProcesses(trx, CHANNELS.reservations);
}

/** The newest event's id, 0 when there is none: where a process starts listening. */
export async function latestEventId(db: Db): Promise<number> {
  const row = await db
    .selectFrom("reservation_events")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Events after `afterId`, and those of `missing` (ids skipped earlier), oldest first. */
export async function readEvents(
  db: Db,
  afterId: number,
  missing: readonly number[] = [],
  limit = 500,
): Promise<ReservationEvent[]> {
  const rows = await db
    .selectFrom("reservation_events")
    .select([
      "id",
      "kind",
      "reservation_id",
      "reservation_date",
      "previous_date",
      "reservation_time",
      "party_size",
    ])
    .where((eb) =>
      missing.length > 0 ? eb.or([eb("id", ">", afterId), eb("id", "in", missing)]) : eb("id", ">", afterId),
    )
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    reservationId: Number(row.reservation_id),
    date: String(row.reservation_date),
    ...(row.previous_date !== null ? { previousDate: String(row.previous_date) } : {}),
    ...(row.reservation_time !== null ? { time: row.reservation_time } : {}),
    ...(row.party_size !== null ? { partySize: Number(row.party_size) } : {}),
  }));
}

/** Housekeeping: events older than `olderThanMs` (a day) are read by no screen any more. */
export async function deleteOldEvents(db: Db, olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  const before = new Date(Date.now() - olderThanMs).toISOString();
  const result = await db
    .deleteFrom("reservation_events")
    .where("created_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
