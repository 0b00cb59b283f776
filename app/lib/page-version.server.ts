import type { Kysely } from "kysely";
import { compiledOnce } from "../../db/compiled-once.server.ts";
import type { Database } from "../../db/database.types.ts";

/**
 * The version of what guests' pages show (decision 0020): counted up by every change staff make,
 * read before a page is served from memory. In the database, so servers sharing it agree.
 */
export async function readPageVersion(db: Kysely<Database>): Promise<number> {
  const [row] = await versionQuery(db);
  return Number(row?.version ?? 0);
}

// Read for every guest's page and request: compiled once (decision 0032).
const versionQuery = compiledOnce((db: Kysely<Database>) =>
  db.selectFrom("page_versions").select("version").where("id", "=", 1),
);

export async function bumpPageVersion(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable("page_versions")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", 1)
    .execute();
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
  const kept = new WeakMap<Db, { version: number; value: T }>();
  return async (db, ...extra) => {
    let version: number;
    try {
      version = await readPageVersion(db);
    } catch {
      return (await read(db, ...extra)).value;
    }
    const hit = kept.get(db);
    if (hit?.version === version) return hit.value;
    const { value, keep } = await read(db, ...extra);
    if (keep) kept.set(db, { version, value });
    else kept.delete(db);
    return value;
  };
}
