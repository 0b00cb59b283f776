import type { Kysely } from "kysely";
import type { Database } from "../../lib/database.types.ts";
import type { Logger } from "../../lib/logger.server.ts";
import { nowIso } from "../../lib/db.server.ts";
import {
  contentBlocks,
  parseBlock,
  type ContentKey,
  type ContentValue,
  type ContentValues,
} from "./blocks.ts";

/**
 * Reads content blocks in one query. The page never fails because of content: a missing block, a
 * block that does not parse, or a failed read gives the defaults, and the fault is logged.
 */
export async function readContentBlocks<K extends ContentKey>(
  db: Kysely<Database>,
  logger: Logger,
  keys: readonly K[],
): Promise<ContentValues<K>> {
  const values = {} as Record<ContentKey, unknown>;
  for (const key of keys) values[key] = contentBlocks[key].defaults;
  let rows: Array<{ key: string; value: string }> = [];
  try {
    rows = await db
      .selectFrom("site_content")
      .select(["key", "value"])
      .where("key", "in", [...keys])
      .execute();
  } catch (error) {
    logger.error("content read failed, showing defaults", { keys, error });
  }
  for (const row of rows) {
    const key = row.key as K;
    let stored: unknown;
    try {
      stored = JSON.parse(row.value);
    } catch {
      stored = undefined;
    }
    const { value, valid } = parseBlock(key, stored);
    if (!valid) logger.warn("content block unreadable, showing defaults", { key });
    values[key] = value;
  }
  return values as ContentValues<K>;
}

export type ContentEntries = { [K in ContentKey]?: ContentValue<K> };

/**
 * Saves blocks (already validated with their schemas) in one transaction: all of them or none. The
 * public pages read the database on every request, so what is saved shows at the next page load.
 */
export async function saveContentBlocks(db: Kysely<Database>, entries: ContentEntries): Promise<void> {
  const updatedAt = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(entries)) {
      const json = JSON.stringify(value);
      await trx
        .insertInto("site_content")
        .values({ key, value: json, updated_at: updatedAt })
        .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: json, updated_at: updatedAt }))
        .execute();
    }
  });
}
