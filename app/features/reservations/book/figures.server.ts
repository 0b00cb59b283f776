import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { EXPECTED_STATUSES } from "./terms.ts";

/** The book's figures other screens show (the dashboard's cards), read live. */

type Db = Kysely<Database>;

/** Requests that wait for staff ('Ausstehend'). */
export async function countPending(db: Db): Promise<number> {
  const row = await db
    .selectFrom("reservations")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "PENDING")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A day's expected reservations (`EXPECTED_STATUSES`) and their guests. */
export async function expectedOn(db: Db, date: string): Promise<{ reservations: number; guests: number }> {
  const row = await db
    .selectFrom("reservations")
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      eb.fn.sum<number | null>("party_size").as("guests"),
    ])
    .where("reservation_date", "=", date)
    .where("status", "in", EXPECTED_STATUSES)
    .executeTakeFirstOrThrow();
  return { reservations: Number(row.count), guests: Number(row.guests ?? 0) };
}

export interface GuestCancellation {
  id: number;
  name: string;
  date: string;
  time: string;
  partySize: number;
  /** When the guest cancelled. */
  at: string;
}

/** Reservations of these days the guest cancelled through their link (decision 0033), earliest first. */
export async function guestCancellationsOn(
  db: Db,
  dates: readonly string[],
  limit = 50,
): Promise<GuestCancellation[]> {
  const rows = await db
    .selectFrom("reservations")
    .select(["id", "customer_name", "reservation_date", "reservation_time", "party_size", "guest_action_at"])
    .where("reservation_date", "in", dates)
    .where("status", "=", "CANCELLED")
    .where("guest_action", "=", "cancelled")
    .orderBy("reservation_date")
    .orderBy("reservation_time")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.customer_name,
    date: row.reservation_date,
    time: row.reservation_time,
    partySize: row.party_size,
    at: row.guest_action_at ?? "",
  }));
}

/** Whether the book holds any reservation at all (a site whose restaurant has begun to use it). */
export async function holdsReservations(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("reservations")
    .select((eb) => eb.lit(1).as("found"))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
