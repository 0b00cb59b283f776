/** The staff's categories: main categories and their subcategories, two levels at most (decision 0018). */

import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../../db/database.types.ts";
import { nowIso } from "../../../db/database.server.ts";
import type { CategoryRow } from "./menu-model.ts";
import { byDisplayOrder } from "./menu-order.ts";
import { MenuRuleError, ruleMessages as R } from "./menu-rules.server.ts";
import type { CategoryValues } from "./schema.ts";

type Db = Kysely<Database>;
type Trx = Db | Transaction<Database>;

export async function listCategories(db: Db): Promise<CategoryRow[]> {
  const rows = await db
    .selectFrom("categories")
    .select(["id", "name", "display_order", "parent_id"])
    .execute();
  return rows.sort(byDisplayOrder);
}

async function checkParent(trx: Trx, id: number | undefined, parentId: number | null) {
  if (parentId === null) return;
  if (id !== undefined && parentId === id) throw new MenuRuleError(R.ownParent);
  const parent = await trx
    .selectFrom("categories")
    .select(["id", "parent_id"])
    .where("id", "=", parentId)
    .executeTakeFirst();
  if (!parent) throw new MenuRuleError(R.parentMissing);
  if (parent.parent_id !== null) throw new MenuRuleError(R.parentIsSub);
  if (id !== undefined) {
    const child = await trx
      .selectFrom("categories")
      .select("id")
      .where("parent_id", "=", id)
      .executeTakeFirst();
    if (child) throw new MenuRuleError(R.hasChildren);
  }
}

/** Adds a category, or changes one (`id`): only main categories may be parents, two levels at most. */
export async function saveCategory(db: Db, values: CategoryValues, id?: number): Promise<CategoryRow> {
  return db.transaction().execute(async (trx) => {
    await checkParent(trx, id, values.parent_id);
    const now = nowIso();
    const row = { name: values.name, display_order: values.display_order, parent_id: values.parent_id };
    const saved =
      id === undefined
        ? await trx
            .insertInto("categories")
            .values({ ...row, created_at: now, updated_at: now })
            .returning(["id", "name", "display_order", "parent_id"])
            .executeTakeFirstOrThrow()
        : await trx
            .updateTable("categories")
            .set({ ...row, updated_at: now })
            .where("id", "=", id)
            .returning(["id", "name", "display_order", "parent_id"])
            .executeTakeFirst();
    if (!saved) throw new MenuRuleError(R.categoryMissing);
    return saved;
  });
}

/**
 * Deletes a category. Its products stay, 'Ohne Kategorie'; its subcategories become main
 * categories (both by the foreign keys' ON DELETE SET NULL, on both engines).
 */
export async function deleteCategory(db: Db, id: number): Promise<{ products: number }> {
  return db.transaction().execute(async (trx) => {
    const products = await trx
      .selectFrom("menu_items")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("category_id", "=", id)
      .executeTakeFirstOrThrow();
    const deleted = await trx.deleteFrom("categories").where("id", "=", id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new MenuRuleError(R.categoryMissing);
    return { products: Number(products.count) };
  });
}
