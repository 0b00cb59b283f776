/** The staff's active lists: which dishes each card shows, and in which order (decision 0018). */

import type { Kysely } from "kysely";
import type { Database, MenuType } from "../../../db/database.types.ts";
import { nowIso } from "../../../db/database.server.ts";
import { byListOrder, moveInList, nextPosition } from "./menu-order.ts";
import { MenuRuleError, ruleMessages as R } from "./menu-rules.server.ts";

type Db = Kysely<Database>;

/** The column of the active list that points at a card's dishes. */
export const targetColumn = (type: MenuType) => (type === "SPEISEKARTE" ? "menu_item_id" : "weekly_meal_id");
export const dishTable = (type: MenuType) => (type === "SPEISEKARTE" ? "menu_items" : "weekly_meals");

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

/** How many dishes a card shows (the dashboard's cards). */
export async function countActiveDishes(db: Db, type: MenuType): Promise<number> {
  const row = await db
    .selectFrom("active_menu_configurations")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("menu_type", "=", type)
    .executeTakeFirstOrThrow();
  return Number(row.count);
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
