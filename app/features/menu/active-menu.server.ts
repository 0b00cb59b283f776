import type { Kysely } from "kysely";
import type { Database } from "../../lib/database.types.ts";

type Db = Kysely<Database>;

/** Configured position of a dish on its card; a missing one sorts last (spec §9). */
export const MISSING_ORDER = 9999;

export interface ActiveDish {
  id: number;
  productCode: string | null;
  name: string;
  description: string | null;
  priceCents: number;
}

export interface MenuCategoryGroup {
  id: number | null;
  name: string;
  dishes: ActiveDish[];
}

/**
 * The active Speisekarte as guests see it: dishes in their configured order, grouped by category in
 * the categories' display order; categories without dishes are left out, dishes without a category
 * come last under 'Weitere Gerichte'.
 */
export async function readActiveSpeisekarte(db: Db): Promise<MenuCategoryGroup[]> {
  const [categories, rows] = await Promise.all([
    db.selectFrom("categories").select(["id", "name", "display_order"]).execute(),
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
        "c.display_order",
      ])
      .where("c.menu_type", "=", "SPEISEKARTE")
      .execute(),
  ]);
  const byOrder = (
    a: { display_order: number | null; name: string },
    b: { display_order: number | null; name: string },
  ) =>
    (a.display_order ?? MISSING_ORDER) - (b.display_order ?? MISSING_ORDER) ||
    a.name.localeCompare(b.name, "de");
  const groups = new Map<number | null, ActiveDish[]>();
  for (const row of [...rows].sort(byOrder)) {
    const list = groups.get(row.category_id) ?? [];
    list.push({
      id: row.id,
      productCode: row.product_code,
      name: row.name,
      description: row.description,
      priceCents: row.price_cents,
    });
    groups.set(row.category_id, list);
  }
  const result: MenuCategoryGroup[] = [...categories]
    .sort(byOrder)
    .filter((category) => groups.has(category.id))
    .map((category) => ({ id: category.id, name: category.name, dishes: groups.get(category.id) ?? [] }));
  const knownIds = new Set(categories.map((category) => category.id));
  const uncategorized = [...groups.entries()]
    .filter(([id]) => id === null || !knownIds.has(id))
    .flatMap(([, dishes]) => dishes);
  if (uncategorized.length > 0) result.push({ id: null, name: "Weitere Gerichte", dishes: uncategorized });
  return result;
}
