import type { Kysely } from "kysely";
import { contentDefaults } from "../common/content/defaults.ts";
import type { Database } from "../../db/database.types.ts";
import { nowIso } from "../../db/database.server.ts";

/**
 * A stored text for every content block: the built-in German defaults, so staff find every field
 * filled in on 'Website-Inhalte' and the stored rows show what the site shows. Never overwrites a
 * block that is already stored.
 */
export async function seedDemoContentBlocks(db: Kysely<Database>): Promise<void> {
  const updatedAt = nowIso();
  await db
    .insertInto("site_content")
    .values(
      Object.entries(contentDefaults).map(([key, defaults]) => ({
        key,
        value: JSON.stringify(defaults),
        updated_at: updatedAt,
      })),
    )
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
}
