import type { Kysely } from "kysely";
import { contentBlocks, contentKeys } from "../../app/features/content/blocks.ts";
import type { Database } from "../../app/lib/database.types.ts";
import { nowIso } from "../../app/lib/db.server.ts";

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
      contentKeys.map((key) => ({
        key,
        value: JSON.stringify(contentBlocks[key].defaults),
        updated_at: updatedAt,
      })),
    )
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
}
