import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.types.ts";
import type { Logger } from "../../lib/logger.server.ts";
import { marksOf } from "./marks.ts";
import { listShowcase } from "./showcase.server.ts";
import { byDisplayOrder } from "./menu-order.ts";
import { categoryTree } from "./menu-tree.ts";
import {
  menuFailure,
  type ActiveDish,
  type MenuCategoryGroup,
  type ShowcaseResult,
  type SpeisekarteResult,
  type WeeklyDish,
  type WochenkarteResult,
} from "./public-menu.ts";

type Db = Kysely<Database>;

const dishMarks = (row: { allergens: string | null; additives: string | null }) => ({
  allergens: marksOf("allergens", row.allergens),
  additives: marksOf("additives", row.additives),
});

/**
 * The active Speisekarte as guests see it: dishes in their configured order, grouped by category —
 * main categories in their display order, each followed by its subcategories; categories without
 * dishes are left out (a main category stays as the heading of subcategories that have some);
 * dishes without a category come last under 'Weitere Gerichte'. Two queries, however long the card.
 */
export async function readActiveSpeisekarte(db: Db): Promise<MenuCategoryGroup[]> {
  const [categories, rows] = await Promise.all([
    db.selectFrom("categories").select(["id", "name", "display_order", "parent_id"]).execute(),
    db
      .selectFrom("active_menu_configurations as c")
      .innerJoin("menu_items as m", "m.id", "c.menu_item_id")
      .select([
        "m.id",
        "m.product_code",
        "m.name",
        "m.description",
        "m.price_cents",
        "m.category_id",
        "m.allergens",
        "m.additives",
        "c.display_order",
      ])
      .where("c.menu_type", "=", "SPEISEKARTE")
      .execute(),
  ]);
  const groups = new Map<number | null, ActiveDish[]>();
  for (const row of [...rows].sort(byDisplayOrder)) {
    const list = groups.get(row.category_id) ?? [];
    list.push({
      id: row.id,
      productCode: row.product_code,
      name: row.name,
      description: row.description,
      priceCents: row.price_cents,
      ...dishMarks(row),
    });
    groups.set(row.category_id, list);
  }
  const tree = categoryTree(categories);
  const shown = new Set(tree.filter((category) => groups.has(category.id)).map((category) => category.id));
  for (const category of tree)
    if (category.level === 1 && shown.has(category.id)) shown.add(category.parent_id as number);
  const result: MenuCategoryGroup[] = tree
    .filter((category) => shown.has(category.id))
    .map((category) => ({
      id: category.id,
      name: category.name,
      level: category.level,
      dishes: groups.get(category.id) ?? [],
    }));
  const knownIds = new Set(tree.map((category) => category.id));
  const uncategorized = [...groups.entries()]
    .filter(([id]) => id === null || !knownIds.has(id))
    .flatMap(([, dishes]) => dishes);
  if (uncategorized.length > 0)
    result.push({ id: null, name: "Weitere Gerichte", level: 0, dishes: uncategorized });
  return result;
}

/** The active Wochenkarte as guests see it: one flat list in the configured order, then by name. */
export async function readActiveWochenkarte(db: Db): Promise<WeeklyDish[]> {
  const rows = await db
    .selectFrom("active_menu_configurations as c")
    .innerJoin("weekly_meals as w", "w.id", "c.weekly_meal_id")
    .select([
      "w.id",
      "w.name",
      "w.description",
      "w.price_cents",
      "w.allergens",
      "w.additives",
      "c.display_order",
    ])
    .where("c.menu_type", "=", "WOCHENKARTE")
    .execute();
  return [...rows].sort(byDisplayOrder).map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.price_cents,
    ...dishMarks(row),
  }));
}

/**
 * The loaders' answer for a public card: a failed read is logged and becomes the error state, so a
 * guest sees the card's error message inside the page (or dialog) instead of an error page
 * (docs/product/menu.md#public-cards).
 */
export async function loadSpeisekarte(db: Db, logger: Logger): Promise<SpeisekarteResult> {
  try {
    return { kind: "speisekarte", status: "loaded", groups: await readActiveSpeisekarte(db) };
  } catch (error) {
    logger.error("reading the active Speisekarte failed", { error });
    return menuFailure("speisekarte");
  }
}

export async function loadWochenkarte(db: Db, logger: Logger): Promise<WochenkarteResult> {
  try {
    return { kind: "wochenkarte", status: "loaded", meals: await readActiveWochenkarte(db) };
  } catch (error) {
    logger.error("reading the active Wochenkarte failed", { error });
    return menuFailure("wochenkarte");
  }
}

/**
 * The home page's showcase: the active items by category and sort order. A failed read is logged and
 * becomes the section's error state ('Failed to load menu items', docs/product/menu.md#showcase),
 * never an error page.
 */
export async function loadShowcase(db: Db, logger: Logger): Promise<ShowcaseResult> {
  try {
    const items = await listShowcase(db, { activeOnly: true });
    return {
      status: "loaded",
      dishes: items.map((item) => ({
        id: item.id,
        name: item.name,
        description: item.description,
        priceCents: item.price_cents,
        category: item.category,
        imageUrl: item.image_url,
        ...dishMarks(item),
      })),
    };
  } catch (error) {
    logger.error("reading the showcase failed", { error });
    return { status: "error" };
  }
}
