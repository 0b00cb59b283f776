import { AsyncLocalStorage } from "node:async_hooks";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./database.types.ts";

/**
 * Group commit for SQLite (decision 0032). Every commit waits for the disk (`synchronous = FULL`),
 * and SQLite writes one transaction at a time while `node:sqlite` waits synchronously: 200 guests
 * sending the form at once waited for 200 flushes in a row, the server doing nothing else
 * meanwhile. Work handed to `transactTogether` runs in groups instead: what arrives in the same turn
 * of the event loop, or while the group before it is being written, runs one work after the other
 * in one transaction, and all of it reaches the disk with a single flush. Each caller is answered
 * only after that commit, so nobody is told "stored" before it is on the disk.
 *
 * The result is the same as one transaction each: the works run in order, each sees what the ones
 * before it wrote (a date's last seats are still given once), and when any of them throws, or the
 * commit fails, the whole group is rolled back and every work runs again in a transaction of its
 * own, so each caller gets its own answer and one failure costs no one else's request. A work must
 * therefore touch nothing but `trx` (it may run twice; the first run leaves no trace): a query on
 * the database itself would wait for the group's own connection, and `transactTogether` inside a
 * work for the group's own end (refused).
 *
 * On PostgreSQL (and a database opened without `shareCommits`, like a test's own Kysely) each work
 * simply gets a transaction of its own: PostgreSQL runs them side by side and groups their flushes
 * itself, and groups in two server processes on one database could each hold a row the other waits
 * for (a guest's counter, a date) until PostgreSQL breaks the deadlock a second later.
 */

type Db = Kysely<Database>;
type Work<T> = (trx: Transaction<Database>) => Promise<T>;

/**
 * Works per group at most: a larger group saves little more (one flush per 50 works is already a
 * tenth of a millisecond each), holds the write lock longer for everyone else, makes its first
 * callers wait for all of it, and costs more to run again alone when one of them fails.
 */
const GROUP_AT_MOST = 50;

interface Waiting {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Set while a work runs: `transactTogether` there would wait for its own group, forever. */
const insideWork = new AsyncLocalStorage<true>();

class SharedCommit {
  private waiting: Waiting[] = [];
  /** A group is being written: what arrives meanwhile waits and goes with the next one. */
  private busy = false;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  run<T>(work: Work<T>): Promise<T> {
    if (insideWork.getStore())
      return Promise.reject(new Error("transactTogether inside a work: it would wait for its own group"));
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.busy) return;
      this.busy = true;
      // After the requests that are ready in this turn have reached here, not after the first.
      setImmediate(() => void this.commitWaiting());
    });
  }

  private async commitWaiting(): Promise<void> {
    while (this.waiting.length > 0) await this.commit(this.waiting.splice(0, GROUP_AT_MOST));
    this.busy = false;
  }

  private async commit(group: Waiting[]): Promise<void> {
    if (group.length === 1) return this.alone(group[0] as Waiting);
    let results: unknown[];
    try {
      results = await this.db.transaction().execute((trx) =>
        insideWork.run(true, async () => {
          const done: unknown[] = [];
          for (const { work } of group) done.push(await work(trx));
          return done;
        }),
      );
    } catch {
      for (const waiting of group) await this.alone(waiting);
      return;
    }
    group.forEach((waiting, i) => waiting.resolve(results[i]));
  }

  private alone({ work, resolve, reject }: Waiting): Promise<void> {
    return this.db
      .transaction()
      .execute((trx) => insideWork.run(true, () => work(trx)))
      .then(resolve, reject);
  }
}

const shared = new WeakMap<Db, SharedCommit>();

/** Lets work on `db` share commits (`openDatabase` does this for SQLite). */
export function shareCommits(db: Db): void {
  shared.set(db, new SharedCommit(db));
}

/**
 * `work` in a transaction, answered once it is committed; on a database that shares commits, in
 * one transaction with the other work that arrives at the same moment (see above).
 */
export function transactTogether<T>(db: Db, work: Work<T>): Promise<T> {
  const commit = shared.get(db);
  return commit ? commit.run(work) : db.transaction().execute(work);
}
