import type { Kysely, Transaction } from "kysely";
import type { Database, FeaturedDishCategory, MenuType } from "../../../db/database.types.ts";
import { nowIso } from "../../../db/database.server.ts";
import { pictureIdentityOf } from "../../shared/pictures/uploaded-pictures.ts";
import { storedMarks } from "./marks.ts";
import { byDisplayOrder, byListOrder, moveInList, nextPosition } from "./menu-order.ts";
import { SHOWCASE_CATEGORIES } from "./public-menu.ts";
import type { CategoryRow, ProductRow, ShowcaseRow, WeeklyRow } from "./menu-model.ts";
import type { CategoryValues, ProductValues, ShowcaseValues, WeeklyValues } from "./schema.ts";

export type { CategoryRow, ProductRow, ShowcaseRow, WeeklyRow };

/**
 * The staff side of the menus (decision 0018): categories as a tree of main categories and their
 * subcategories, products of the Speisekarte, dishes of the Wochenkarte, the active lists with
 * their order, and the home page's showcase. Every rule is checked here, whatever the browser sent.
 */
type Db = Kysely<Database>;
type Trx = Db | Transaction<Database>;

/** A rule of the menus broken by a request; its message is German and meant for staff. */
export class MenuRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MenuRuleError";
  }
}

export const ruleMessages = {
  categoryMissing: "Diese Kategorie gibt es nicht (mehr).",
  parentMissing: "Die gewählte Oberkategorie gibt es nicht (mehr).",
  ownParent: "Eine Kategorie kann nicht ihre eigene Oberkategorie sein.",
  parentIsSub: "Nur Hauptkategorien können Oberkategorien sein.",
  hasChildren: "Diese Kategorie hat Unterkategorien und kann deshalb selbst keine Unterkategorie werden.",
  productMissing: "Dieses Produkt gibt es nicht (mehr).",
  mealMissing: "Dieses Wochengericht gibt es nicht (mehr).",
  itemMissing: "This menu item no longer exists.",
  orderMismatch: "Die Liste hat sich inzwischen geändert. Bitte laden Sie die Seite neu.",
} as const;
const R = ruleMessages;

// ---------------------------------------------------------------------------------------------
// Categories

/** By name as German readers sort (umlauts, case), the same on both engines; then by id. */
const byName = <Row extends { id: number; name: string }>(rows: Row[]) =>
  rows.sort((a, b) => a.name.localeCompare(b.name, "de") || a.id - b.id);

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

// ---------------------------------------------------------------------------------------------
// Products of the Speisekarte and dishes of the Wochenkarte

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

/** The column of the active list that points at a card's dishes. */
const targetColumn = (type: MenuType) => (type === "SPEISEKARTE" ? "menu_item_id" : "weekly_meal_id");
const dishTable = (type: MenuType) => (type === "SPEISEKARTE" ? "menu_items" : "weekly_meals");

/**
 * Deletes a product or weekly dish: first its place on the active card, then the dish (the spec's
 * order), in one transaction, so nothing is left half done.
 */
export async function deleteDish(db: Db, type: MenuType, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("active_menu_configurations").where(targetColumn(type), "=", id).execute();
    const deleted = await trx.deleteFrom(dishTable(type)).where("id", "=", id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0)
      throw new MenuRuleError(type === "SPEISEKARTE" ? R.productMissing : R.mealMissing);
  });
}

// ---------------------------------------------------------------------------------------------
// The active lists

/** The ids on a card's active list, in the card's order. */
export async function listActiveIds(db: Db, type: MenuType): Promise<number[]> {
  const column = targetColumn(type);
  const rows = await db
    .selectFrom("active_menu_configurations")
    .select([column, "display_order", "id"])
    .where("menu_type", "=", type)
    .execute();
  return rows
    .sort(byListOrder)
    .map((row) => row[column])
    .filter((id): id is number => id !== null);
}

/**
 * Puts a dish on its card, last. Two staff adding the same dish at once: the unique index lets one
 * insert win; the other inserts nothing, and both see it on the card once.
 */
export async function addToActive(db: Db, type: MenuType, id: number): Promise<{ added: boolean }> {
  return db.transaction().execute(async (trx) => {
    const dish = await trx.selectFrom(dishTable(type)).select("id").where("id", "=", id).executeTakeFirst();
    if (!dish) throw new MenuRuleError(type === "SPEISEKARTE" ? R.productMissing : R.mealMissing);
    const last = await trx
      .selectFrom("active_menu_configurations")
      .select((eb) => eb.fn.max("display_order").as("max"))
      .where("menu_type", "=", type)
      .executeTakeFirst();
    const inserted = await trx
      .insertInto("active_menu_configurations")
      .values({
        menu_type: type,
        menu_item_id: type === "SPEISEKARTE" ? id : null,
        weekly_meal_id: type === "WOCHENKARTE" ? id : null,
        display_order: nextPosition(last?.max),
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column(targetColumn(type)).doNothing())
      .executeTakeFirst();
    return { added: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
  });
}

export async function removeFromActive(db: Db, type: MenuType, id: number): Promise<{ removed: boolean }> {
  const deleted = await db
    .deleteFrom("active_menu_configurations")
    .where("menu_type", "=", type)
    .where(targetColumn(type), "=", id)
    .executeTakeFirst();
  return { removed: Number(deleted.numDeletedRows) > 0 };
}

/**
 * Moves a dish one place up or down on its card: it swaps places with its neighbour, in one
 * transaction that reads the card as it is now (a list that changed since the page loaded is moved
 * as it is, not as it was). Only the two rows change; the whole card is renumbered 1…n only when
 * older data left equal or missing positions.
 */
export async function moveActive(
  db: Db,
  type: MenuType,
  id: number,
  direction: "up" | "down",
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const column = targetColumn(type);
    const rows = await trx
      .selectFrom("active_menu_configurations")
      .select(["id", column, "display_order"])
      .where("menu_type", "=", type)
      .execute();
    const ordered = rows.sort(byListOrder);
    const index = ordered.findIndex((row) => row[column] === id);
    if (index < 0) throw new MenuRuleError(R.orderMismatch);
    for (const row of moveInList(ordered, index, direction))
      await trx
        .updateTable("active_menu_configurations")
        .set({ display_order: row.display_order })
        .where("id", "=", row.id)
        .execute();
  });
}

// ---------------------------------------------------------------------------------------------
// The home page's showcase ('Menu Items')

const CATEGORY_ORDER: readonly FeaturedDishCategory[] = SHOWCASE_CATEGORIES.map((category) => category.id);

/** Every showcase item (or only the active ones), by category in menu order, then sort order. */
export async function listShowcase(db: Db, { activeOnly = false } = {}): Promise<ShowcaseRow[]> {
  const rows = await db
    .selectFrom("featured_dishes")
    .select([
      "id",
      "name",
      "description",
      "price_cents",
      "category",
      "image_url",
      "sort_order",
      "is_active",
      "allergens",
      "additives",
    ])
    .$if(activeOnly, (qb) => qb.where("is_active", "=", 1))
    .execute();
  return rows
    .map((row) => ({ ...row, is_active: Boolean(row.is_active) }))
    .sort(
      (a, b) =>
        CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category) ||
        a.sort_order - b.sort_order ||
        a.id - b.id,
    );
}

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

/** Adds an item (last in its category, the spec's rule) or changes one; a new category puts it last there. */
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
