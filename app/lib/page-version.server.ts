import type { Kysely } from "kysely";
import { compiledOnce } from "../../db/compiled-once.server.ts";
import type { Database } from "../../db/database.types.ts";
import { CHANNELS, notifyProcesses, type NotificationListener } from "../../db/notifications.server.ts";

/**
 * The version of what guests' pages show (decision 0020): counted up by every change staff make,
 * read before a page is served from memory. In the database, so servers sharing it agree. On
 * PostgreSQL with a listener (`watchPageVersion`) it is kept in memory instead and told by every
 * change's NOTIFY (decision 0039): no query per guest's request, and a change on any server reaches
 * every other at its commit.
 */
export async function readPageVersion(db: Kysely<Database>): Promise<number> {
  const watch = watches.get(db);
  const watched = watch?.known();
  if (watched !== undefined) return watched;
  const learn = watch?.reading();
  const [row] = await versionQuery(db);
  const version = Number(row?.version ?? 0);
  learn?.(version);
  return version;
}

// Read for every guest's page and request: compiled once (decision 0032).
const versionQuery = compiledOnce((db: Kysely<Database>) =>
  db.selectFrom("page_versions").select("version").where("id", "=", 1),
);

export async function bumpPageVersion(db: Kysely<Database>): Promise<void> {
  lastBumpHere = Date.now();
  const row = await db
    .updateTable("page_versions")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", 1)
    .returning("version")
    .executeTakeFirst();
  if (row) await notifyProcesses(db, CHANNELS.pages, String(row.version));
}

let lastBumpHere = 0;

interface PageVersionWatch {
  /** The version, when memory can be trusted with it. */
  known(): number | undefined;
  /** Called before a read from the database; the function it returns takes what was read. */
  reading(): (version: number) => void;
}
const watches = new WeakMap<Kysely<Database>, PageVersionWatch>();

/**
 * Keeps `db`'s page version in memory while `listener` listens (decision 0039): set by each
 * notification (they arrive in commit order), read again from the database whenever the listener
 * (re)connects — what was announced while it was away is lost — and read from the database on every
 * request while it is away, as without a listener.
 */
export function watchPageVersion(
  db: Kysely<Database>,
  listener: NotificationListener,
  {
    /**
     * After a change made by this process, how long the version is read from the database, not from
     * memory: its own NOTIFY comes back a moment after the commit, and the staff member's next page
     * (the redirect after saving) may be asked for sooner.
     */
    ownChangeReadMs = 2000,
    /**
     * How long a version is trusted without the database saying it again: one query per this long,
     * so a change that sent no NOTIFY (a server of the previous release during a rolling update, a
     * row changed by hand) shows within it.
     */
    confirmEveryMs = 5000,
  } = {},
): void {
  let version: number | undefined;
  /** When the last notification came, and when the database last gave the version. */
  let toldAt = 0;
  let readAt = 0;
  // Bumped with each reconnection: a read begun before a drop must not settle the value after it.
  let generation = 0;
  listener.on(CHANNELS.pages, (payload) => {
    const announced = Number(payload);
    version = Number.isSafeInteger(announced) ? announced : undefined;
    toldAt = Date.now();
  });
  listener.onListening(() => {
    generation += 1;
    version = undefined;
    readAt = 0;
  });
  watches.set(db, {
    known() {
      const now = Date.now();
      const trusted =
        listener.listening() && now - lastBumpHere > ownChangeReadMs && now - readAt < confirmEveryMs;
      return trusted ? version : undefined;
    },
    reading() {
      // Only a read begun while listening may be kept: a change committed before it began was told.
      const begunIn = listener.listening() ? generation : undefined;
      const begunAt = Date.now();
      return (read) => {
        if (begunIn !== generation || !listener.listening()) return;
        // A notification that came after the read began is newer than what it read.
        if (version === undefined || toldAt < begunAt) version = read;
        readAt = Math.max(readAt, begunAt);
      };
    },
  });
}

type Db = Kysely<Database>;

/**
 * `read`, kept in memory per database (what follows `db` is only passed on to `read`) while the page version stays the same (decision 0032): a guest's
 * request then costs one query (the version) instead of `read`'s own. Every write of what such a
 * reading covers counts the version up in its own transaction (and every staff change after it, as
 * for the pages), so a kept value is never older than the version it was read at; another server on
 * the same database sees the new version at its next request. `read` answers `keep: false` for a
 * stand-in (a failed read's defaults), which is used once and not kept. A kept value is shared by
 * every request: nobody may change it.
 */
export function keptForPageVersion<T, Extra extends unknown[] = []>(
  read: (db: Db, ...extra: Extra) => Promise<{ value: T; keep: boolean }>,
): (db: Db, ...extra: Extra) => Promise<T> {
  // Per database: a transaction shares its database's adapter, so it finds what was kept for it.
  const kept = new WeakMap<object, { version: number; value: T }>();
  return async (db, ...extra) => {
    const database = db.getExecutor().adapter;
    let version: number;
    try {
      version = await readPageVersion(db);
    } catch {
      return (await read(db, ...extra)).value;
    }
    const hit = kept.get(database);
    if (hit?.version === version) return hit.value;
    const { value, keep } = await read(db, ...extra);
    // A transaction may have read what it has not committed (yet, or ever): used, never kept.
    if (db.isTransaction) return value;
    if (keep) kept.set(database, { version, value });
    else kept.delete(database);
    return value;
  };
}
