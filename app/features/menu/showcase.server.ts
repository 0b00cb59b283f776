/** Reading the home page's showcase ('Menu Items'), for the home page and the staff's list alike. */

import type { Kysely } from "kysely";
import type { Database, FeaturedDishCategory } from "../../../db/database.types.ts";
import type { ShowcaseRow } from "./menu-model.ts";
import { SHOWCASE_CATEGORIES } from "./public-menu.ts";

type Db = Kysely<Database>;

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
