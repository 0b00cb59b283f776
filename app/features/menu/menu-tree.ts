import type { CategoryRow } from "./menu-model.ts";
import { byDisplayOrder } from "./menu-order.ts";

/**
 * The categories as a tree of main categories and their subcategories, for guests' Speisekarte and
 * the staff's category list alike. No server imports.
 */

/**
 * Main categories in order, each followed by its subcategories in order. A category whose parent is
 * missing or is itself a subcategory (two saves racing, older data) counts as a main category: no
 * category, and none of its dishes, is ever dropped from a list.
 */
export function categoryTree(categories: readonly CategoryRow[]): Array<CategoryRow & { level: 0 | 1 }> {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const parentOf = (category: CategoryRow) => {
    const parent = category.parent_id === null ? undefined : byId.get(category.parent_id);
    return parent && parent.parent_id === null && parent.id !== category.id ? parent : undefined;
  };
  const sorted = [...categories].sort(byDisplayOrder);
  return sorted
    .filter((category) => parentOf(category) === undefined)
    .flatMap((main) => [
      { ...main, level: 0 as const },
      ...sorted.filter((sub) => parentOf(sub)?.id === main.id).map((sub) => ({ ...sub, level: 1 as const })),
    ]);
}
