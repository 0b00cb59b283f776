/** The staff's dishes: products of the Speisekarte and dishes of the Wochenkarte (decision 0018). */

import type { Kysely, Transaction } from "kysely";
import type { Database, MenuType } from "../../../db/database.types.ts";
import { nowIso } from "../../../db/database.server.ts";
import { dishTable, targetColumn } from "./active-lists.server.ts";
import { storedMarks } from "./marks.ts";
import type { ProductRow, WeeklyRow } from "./menu-model.ts";
import { MenuRuleError, ruleMessages as R } from "./menu-rules.server.ts";
import type { ProductValues, WeeklyValues } from "./schema.ts";

type Db = Kysely<Database>;
type Trx = Db | Transaction<Database>;

/** By name as German readers sort (umlauts, case), the same on both engines; then by id. */
const byName = <Row extends { id: number; name: string }>(rows: Row[]) =>
  rows.sort((a, b) => a.name.localeCompare(b.name, "de") || a.id - b.id);

export async function listProducts(db: Db): Promise<ProductRow[]> {
  return db
    .selectFrom("menu_items as m")
    .leftJoin("categories as c", "c.id", "m.category_id")
    .select([
      "m.id",
      "m.name",
      "m.description",
      "m.price_cents",
      "m.product_code",
      "m.category_id",
      "c.name as category_name",
      "m.allergens",
      "m.additives",
    ])
    .execute()
    .then(byName);
}

const productRow = (values: ProductValues) => ({
  name: values.name,
  description: values.description,
  price_cents: values.price,
  product_code: values.product_code,
  category_id: values.category_id,
  allergens: storedMarks("allergens", values.allergens),
  additives: storedMarks("additives", values.additives),
});

async function checkCategory(trx: Trx, categoryId: number | null) {
  if (categoryId === null) return;
  const category = await trx
    .selectFrom("categories")
    .select("id")
    .where("id", "=", categoryId)
    .executeTakeFirst();
  if (!category) throw new MenuRuleError(R.categoryMissing);
}

export async function saveProduct(db: Db, values: ProductValues, id?: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await checkCategory(trx, values.category_id);
    const now = nowIso();
    if (id === undefined) {
      const row = await trx
        .insertInto("menu_items")
        .values({ ...productRow(values), tags: null, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    }
    const updated = await trx
      .updateTable("menu_items")
      .set({ ...productRow(values), updated_at: now })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new MenuRuleError(R.productMissing);
    return id;
  });
}

export async function listWeeklyMeals(db: Db): Promise<WeeklyRow[]> {
  return db
    .selectFrom("weekly_meals")
    .select(["id", "name", "description", "price_cents", "allergens", "additives", "updated_at"])
    .execute()
    .then(byName);
}

const weeklyRow = (values: WeeklyValues) => ({
  name: values.name,
  description: values.description,
  price_cents: values.price,
  allergens: storedMarks("allergens", values.allergens),
  additives: storedMarks("additives", values.additives),
});

export async function saveWeeklyMeal(db: Db, values: WeeklyValues, id?: number): Promise<number> {
  const now = nowIso();
  if (id === undefined) {
    const row = await db
      .insertInto("weekly_meals")
      .values({ ...weeklyRow(values), created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const updated = await db
    .updateTable("weekly_meals")
    .set({ ...weeklyRow(values), updated_at: now })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new MenuRuleError(R.mealMissing);
  return id;
}

/**
 * Deletes a product or weekly dish: first its place on the active card, then the dish (the
 * original's order), in one transaction (docs/product/menu.md#active-lists), so nothing is left half done.
 */
export async function deleteDish(db: Db, type: MenuType, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("active_menu_configurations").where(targetColumn(type), "=", id).execute();
    const deleted = await trx.deleteFrom(dishTable(type)).where("id", "=", id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0)
      throw new MenuRuleError(type === "SPEISEKARTE" ? R.productMissing : R.mealMissing);
  });
}
