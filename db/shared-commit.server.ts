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
 * On PostgreSQL (decision 0055) only work that names the same key (a date) shares a transaction: the
 * flush costs little there — PostgreSQL groups flushes itself — but every work that locks a date
 * waits for the one before it, and each of its queries is a round trip (0.3–0.8 ms). 200 guests for one
 * evening, each in a transaction of its own, waited 1.3 s for the last; in groups, the date is locked
 * once, the plan read once, and the connections not held by a waiting group stay free for the rest.
 * Work without a key (and everything on a database opened without sharing, like a test's own Kysely)
 * gets a transaction of its own. A group holds what each of its works wrote until its commit, so a
 * work must not wait there for a row another group may hold while it waits for this one's: the
 * guest's request therefore counts its address before, not inside (`sharesByKey`). Should groups
 * ever wait for each other, PostgreSQL breaks the deadlock after a second, and the works of the
 * group it ends are run again, each alone, as after any failure.
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
  private readonly whenIdle: (() => void) | undefined;

  constructor(db: Db, whenIdle?: () => void) {
    this.db = db;
    this.whenIdle = whenIdle;
  }

  idle(): boolean {
    return !this.busy && this.waiting.length === 0;
  }

  /** What waits for the queue to empty (`whenDone`). */
  private afterwards: Array<() => void> = [];

  /**
   * Settles once nothing waits — at once if nothing does — or after `atMostMs`: a queue that never
   * empties (guests for one evening, one after the other) keeps nobody longer.
   */
  whenDone(atMostMs: number): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.afterwards = this.afterwards.filter((waiting) => waiting !== done);
        resolve();
      }, atMostMs);
      timer.unref();
      this.afterwards.push(done);
    });
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
    for (const done of this.afterwards.splice(0)) done();
    this.whenIdle?.();
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
/** PostgreSQL's groups, one per key while it has work (see above). */
const sharedByKey = new WeakMap<Db, Map<string, SharedCommit>>();

/**
 * Lets work on `db` share commits (`openDatabase` does this): all of it on SQLite, `byKey` (on
 * PostgreSQL) only work that names the same key.
 */
export function shareCommits(db: Db, { byKey = false } = {}): void {
  if (byKey) sharedByKey.set(db, new Map());
  else shared.set(db, new SharedCommit(db));
}

/** Whether `db` shares a transaction only among work naming the same key (PostgreSQL). */
export function sharesByKey(db: Db): boolean {
  return sharedByKey.has(db);
}

/**
 * `work` in a transaction, answered once it is committed; on a database that shares commits, in
 * one transaction with the other work that arrives at the same moment (see above) — on PostgreSQL,
 * with the work that names the same `key`.
 */
export function transactTogether<T>(db: Db, work: Work<T>, key?: string): Promise<T> {
  const commit = shared.get(db) ?? (key === undefined ? undefined : keyedCommit(db, key));
  return commit ? commit.run(work) : db.transaction().execute(work);
}

/**
 * Settles once the work sharing commits on `db` (with `key`, on PostgreSQL) is all committed, or after
 * `atMostMs`: for what may wait that long — sending a request's e-mails — and would otherwise take
 * the database's and the processor's time from the requests arriving with it (`npm run bench --
 * tables`; on SQLite each sent e-mail is two more flushes to the disk). At once where nothing waits.
 */
export function whenCommitsDone(db: Db, key?: string, { atMostMs = 1000 } = {}): Promise<void> {
  const commit = shared.get(db) ?? (key === undefined ? undefined : sharedByKey.get(db)?.get(key));
  return commit ? commit.whenDone(atMostMs) : Promise.resolve();
}

function keyedCommit(db: Db, key: string): SharedCommit | undefined {
  const groups = sharedByKey.get(db);
  if (!groups) return undefined;
  let commit = groups.get(key);
  if (!commit) {
    const created = new SharedCommit(db, () => {
      // Gone with its last work: a key per date would otherwise stay for good.
      if (created.idle() && groups.get(key) === created) groups.delete(key);
    });
    groups.set(key, created);
    commit = created;
  }
  return commit;
}
