import { sql, type Kysely } from "kysely";
import type { Database } from "./database.types.ts";
import { onPostgres } from "./notifications.server.ts";

/**
 * A run that began this long ago and never said it finished is taken for dead (its process was
 * killed) on SQLite, where nothing else tells; on PostgreSQL the advisory lock tells at once.
 */
const DEAD_AFTER_MS = 60 * 60 * 1000;

/**
 * Runs `work` if no server sharing the database has begun `job` within the last `periodMs`
 * (decision 0039), and answers whether it did. On PostgreSQL a transaction-level advisory lock is held
 * for the whole run — a second server finds it taken and goes on, and it is freed when the run ends
 * or its connection does (a killed process) — and the time of the run is written in the same
 * transaction. On SQLite (the processes of one machine) a conditional update claims the period.
 */
export async function runOncePerPeriod(
  db: Kysely<Database>,
  job: string,
  periodMs: number,
  work: () => Promise<void>,
): Promise<boolean> {
  return onPostgres(db) ? runLocked(db, job, periodMs, work) : runClaimed(db, job, periodMs, work);
}

/** A stable 32-bit number for the job's name: advisory locks are numbered. */
function lockNumber(job: string): number {
  let hash = 0x54617601; // 'Tav' + 1: keeps clear of numbers other programs on the database may use
  for (const char of job) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return hash;
}

async function runLocked(
  db: Kysely<Database>,
  job: string,
  periodMs: number,
  work: () => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(${lockNumber(job)}) as locked`.execute(trx);
    if (!rows[0]?.locked) return false;
    const last = await trx
      .selectFrom("housekeeping_runs")
      .select("started_at")
      .where("job", "=", job)
      .executeTakeFirst();
    const startedAt = new Date().toISOString();
    if (last && Date.parse(last.started_at) > Date.now() - periodMs) return false;
    // The work runs on connections of its own: this one only holds the lock until the commit.
    await work();
    await trx
      .insertInto("housekeeping_runs")
      .values({ job, started_at: startedAt, finished_at: new Date().toISOString() })
      .onConflict((oc) =>
        oc.column("job").doUpdateSet((eb) => ({
          started_at: eb.ref("excluded.started_at"),
          finished_at: eb.ref("excluded.finished_at"),
        })),
      )
      .execute();
    return true;
  });
}

async function runClaimed(
  db: Kysely<Database>,
  job: string,
  periodMs: number,
  work: () => Promise<void>,
): Promise<boolean> {
  const now = Date.now();
  const startedAt = new Date(now).toISOString();
  await db
    .insertInto("housekeeping_runs")
    .values({ job, started_at: new Date(0).toISOString(), finished_at: new Date(0).toISOString() })
    .onConflict((oc) => oc.column("job").doNothing())
    .execute();
  const claimed = await db
    .updateTable("housekeeping_runs")
    .set({ started_at: startedAt, finished_at: null })
    .where("job", "=", job)
    .where((eb) =>
      eb.and([
        eb("started_at", "<=", new Date(now - periodMs).toISOString()),
        eb.or([
          eb("finished_at", "is not", null),
          eb("started_at", "<", new Date(now - DEAD_AFTER_MS).toISOString()),
        ]),
      ]),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return false;
  const mine = db.updateTable("housekeeping_runs").where("job", "=", job).where("started_at", "=", startedAt);
  try {
    await work();
  } catch (error) {
    // Not done: the period is given back, so the next look runs it again (as on PostgreSQL, where
    // the failed run's transaction rolls its claim back).
    await mine
      .set({ started_at: new Date(0).toISOString(), finished_at: new Date(0).toISOString() })
      .execute();
    throw error;
  }
  await mine.set({ finished_at: new Date().toISOString() }).execute();
  return true;
}
