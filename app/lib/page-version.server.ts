import type { Kysely } from "kysely";
import type { Database } from "../../db/database.types.ts";

/**
 * The version of what guests' pages show (decision 0020): counted up by every change staff make,
 * read before a page is served from memory. In the database, so servers sharing it agree.
 */
export async function readPageVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("page_versions").select("version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

export async function bumpPageVersion(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable("page_versions")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", 1)
    .execute();
}
