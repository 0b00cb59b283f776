import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../lib/db.server.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { readActiveSpeisekarte } from "./active-menu.server.ts";

const now = "2026-11-21T10:00:00.000Z";

describe.each(testDatabases())("active Speisekarte on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("groups active dishes by category in display order, drops empty categories, puts missing orders last", async () => {
    handle = await engine.open();
    const { db } = handle;
    const category = async (name: string, display_order: number | null) =>
      (
        await db
          .insertInto("categories")
          .values({ name, display_order, parent_id: null, created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const dish = async (name: string, category_id: number | null, active?: number | null) => {
      const id = (
        await db
          .insertInto("menu_items")
          .values({
            name,
            description: null,
            price_cents: 1000,
            product_code: null,
            category_id,
            tags: null,
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      if (active !== undefined) {
        await db
          .insertInto("active_menu_configurations")
          .values({
            menu_type: "SPEISEKARTE",
            menu_item_id: id,
            weekly_meal_id: null,
            display_order: active,
            created_at: now,
          })
          .execute();
      }
    };
    const dolci = await category("Dolci", 5);
    const pasta = await category("Pasta", 2);
    const empty = await category("Leer", 1);
    const unordered = await category("Ohne Reihenfolge", null);
    await dish("Tiramisù", dolci, 2);
    await dish("Panna Cotta", dolci, 1);
    await dish("Carbonara", pasta, null);
    await dish("Arrabbiata", pasta, 3);
    await dish("Nicht aktiv", empty);
    await dish("Bruschetta", unordered, 1);
    await dish("Ohne Kategorie", null, 1);

    const menu = await readActiveSpeisekarte(db);
    expect(menu.map((group) => [group.name, group.dishes.map((d) => d.name)])).toEqual([
      ["Pasta", ["Arrabbiata", "Carbonara"]],
      ["Dolci", ["Panna Cotta", "Tiramisù"]],
      ["Ohne Reihenfolge", ["Bruschetta"]],
      ["Weitere Gerichte", ["Ohne Kategorie"]],
    ]);
  });
});
