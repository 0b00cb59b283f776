/** The staff's edits of the home page's showcase, and what deleting a picture means for it. */

import type { Kysely, Transaction } from "kysely";
import type { Database, FeaturedDishCategory } from "../../../db/database.types.ts";
import { nowIso } from "../../../db/database.server.ts";
import { pictureIdentityOf } from "../../common/pictures/uploaded-pictures.ts";
import { storedMarks } from "./marks.ts";
import { MenuRuleError, ruleMessages as R } from "./menu-rules.server.ts";
import type { ShowcaseValues } from "./schema.ts";

type Db = Kysely<Database>;
type Trx = Db | Transaction<Database>;

const showcaseRow = (values: ShowcaseValues) => ({
  name: values.name,
  description: values.description,
  price_cents: values.price,
  category: values.category,
  image_url: values.image_url,
  is_active: values.is_active ? 1 : 0,
  allergens: storedMarks("allergens", values.allergens),
  additives: storedMarks("additives", values.additives),
});

async function nextSortOrder(trx: Trx, category: FeaturedDishCategory): Promise<number> {
  const last = await trx
    .selectFrom("featured_dishes")
    .select((eb) => eb.fn.max("sort_order").as("max"))
    .where("category", "=", category)
    .executeTakeFirst();
  return Number(last?.max ?? 0) + 1;
}

/**
 * Adds an item (last in its category) or changes one; a new category puts it last there
 * (docs/product/menu.md#order).
 */
export async function saveShowcaseItem(db: Db, values: ShowcaseValues, id?: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (id === undefined) {
      const row = await trx
        .insertInto("featured_dishes")
        .values({
          ...showcaseRow(values),
          sort_order: await nextSortOrder(trx, values.category),
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    }
    const current = await trx
      .selectFrom("featured_dishes")
      .select(["category", "sort_order"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current) throw new MenuRuleError(R.itemMissing);
    const sortOrder =
      current.category === values.category ? current.sort_order : await nextSortOrder(trx, values.category);
    await trx
      .updateTable("featured_dishes")
      .set({ ...showcaseRow(values), sort_order: sortOrder, updated_at: now })
      .where("id", "=", id)
      .execute();
    return id;
  });
}

export async function setShowcaseActive(db: Db, id: number, active: boolean): Promise<void> {
  const updated = await db
    .updateTable("featured_dishes")
    .set({ is_active: active ? 1 : 0, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new MenuRuleError(R.itemMissing);
}

export async function deleteShowcaseItem(db: Db, id: number): Promise<void> {
  const deleted = await db.deleteFrom("featured_dishes").where("id", "=", id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new MenuRuleError(R.itemMissing);
}

/** Moves an item one place up or down within its category (swapping with its neighbour). */
export async function moveShowcaseItem(db: Db, id: number, direction: "up" | "down"): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const item = await trx
      .selectFrom("featured_dishes")
      .select(["id", "category"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!item) throw new MenuRuleError(R.itemMissing);
    const siblings = await trx
      .selectFrom("featured_dishes")
      .select(["id", "sort_order"])
      .where("category", "=", item.category)
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
    const index = siblings.findIndex((sibling) => sibling.id === id);
    const target = direction === "up" ? index - 1 : index + 1;
    if (target < 0 || target >= siblings.length) return;
    const order = siblings.map((sibling) => sibling.id);
    [order[index], order[target]] = [order[target] as number, order[index] as number];
    // Renumber the whole category 1…n: equal or missing sort orders from older data sort cleanly too.
    for (const [position, siblingId] of order.entries()) {
      await trx
        .updateTable("featured_dishes")
        .set({ sort_order: position + 1 })
        .where("id", "=", siblingId)
        .execute();
    }
  });
}

/**
 * The showcase dishes showing each picture (by `pictureIdentityOf`: a variant's address counts for
 * its picture), by name, for a warning before it is deleted.
 */
export async function showcasePictureUses(db: Db): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom("featured_dishes")
    .select(["name", "image_url"])
    .where("image_url", "is not", null)
    .orderBy("name")
    .execute();
  const uses = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.image_url) continue;
    const picture = pictureIdentityOf(row.image_url);
    uses.set(picture, [...(uses.get(picture) ?? []), `Menu Items › ${row.name}`]);
  }
  return uses;
}

/** A picture about to be deleted leaves the showcase: its dishes show the placeholder instead. */
export async function forgetShowcasePicture(db: Db, address: string): Promise<void> {
  const picture = pictureIdentityOf(address);
  const rows = await db
    .selectFrom("featured_dishes")
    .select(["id", "image_url"])
    .where("image_url", "is not", null)
    .execute();
  const showing = rows.filter((row) => row.image_url && pictureIdentityOf(row.image_url) === picture);
  if (showing.length === 0) return;
  await db
    .updateTable("featured_dishes")
    .set({ image_url: null, updated_at: nowIso() })
    .where(
      "id",
      "in",
      showing.map((row) => row.id),
    )
    .execute();
}
