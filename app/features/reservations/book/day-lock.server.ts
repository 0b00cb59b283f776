import type { Kysely } from "kysely";
import { compiledOnce } from "../../../../db/compiled-once.server.ts";
import type { Database } from "../../../../db/database.types.ts";

type Db = Kysely<Database>;

/**
 * Written first by every transaction that checks a date's capacity and then stores on it (decision
 * 0031): the write takes the date's row lock on PostgreSQL and the write lock on SQLite, so such
 * transactions run one after the other per date, and the second sees what the first stored.
 */
export async function lockReservationDay(trx: Db, date: string): Promise<void> {
  // Held until the transaction ends: taken again (the request's seating after its weighing, the next
  // request of a shared transaction, decision 0055), it would cost a round trip and change nothing.
  if (!trx.isTransaction) return lockDay(trx, { date }).then(() => undefined);
  let locked = lockedIn.get(trx);
  if (locked?.has(date)) return;
  await lockDay(trx, { date });
  if (!locked) lockedIn.set(trx, (locked = new Set()));
  locked.add(date);
}

/**
 * Both dates of a reservation that moves from one to the other: leaving a date changes it too (its
 * seats, its places), and a transaction that read it — the guests' requests sharing one, decision
 * 0055 — must not see it change under it. The earlier date first, always, so two moves in opposite
 * directions cannot each hold the date the other waits for.
 */
export async function lockReservationDays(trx: Db, dates: readonly string[]): Promise<void> {
  for (const date of [...new Set(dates)].sort()) await lockReservationDay(trx, date);
}

/** The dates each open transaction has locked. */
const lockedIn = new WeakMap<Db, Set<string>>();

const lockDay = compiledOnce((trx: Db, values: { date: string }) =>
  trx
    .insertInto("reservation_day_locks")
    .values({ day: values.date, writes: 1 })
    .onConflict((conflict) =>
      conflict
        .column("day")
        .doUpdateSet((update) => ({ writes: update("reservation_day_locks.writes", "+", 1) })),
    ),
);
