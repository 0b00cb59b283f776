import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { recordingLogger } from "../../../tests/support/silent-logger.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import {
  loadSpeisekarte,
  loadWochenkarte,
  readActiveSpeisekarte,
  readActiveWochenkarte,
} from "./active-menu.server.ts";
import { addToActive } from "./active-lists.server.ts";
import { saveCategory } from "./categories.server.ts";
import { saveProduct } from "./dishes.server.ts";
import { QueryCounter } from "../../../tests/support/query-counter.ts";

const now = "2026-11-21T10:00:00.000Z";

describe.each(testDatabases())("active Speisekarte and Wochenkarte on $dialect", (engine) => {
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

  it("lists the active Wochenkarte flat in configured order, missing orders last, then by name", async () => {
    handle = await engine.open();
    const { db } = handle;
    const meal = async (name: string, price_cents: number, active?: number | null, description?: string) => {
      const id = (
        await db
          .insertInto("weekly_meals")
          .values({ name, description: description ?? null, price_cents, created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      if (active !== undefined) {
        await db
          .insertInto("active_menu_configurations")
          .values({
            menu_type: "WOCHENKARTE",
            menu_item_id: null,
            weekly_meal_id: id,
            display_order: active,
            created_at: now,
          })
          .execute();
      }
      return id;
    };
    await meal("Zuppa di Zucca", 850, null);
    const ossobuco = await meal("Ossobuco", 2690, 2, "Geschmorte Kalbshaxe");
    await meal("Nicht aktiv", 1000);
    await meal("Arancini", 750, null);
    await meal("Pappardelle", 1890, 1);

    const meals = await readActiveWochenkarte(db);
    expect(meals.map((m) => m.name)).toEqual(["Pappardelle", "Ossobuco", "Arancini", "Zuppa di Zucca"]);
    expect(meals[1]).toEqual({
      id: ossobuco,
      name: "Ossobuco",
      description: "Geschmorte Kalbshaxe",
      priceCents: 2690,
      allergens: [],
      additives: [],
    });
  });

  it("shows subcategories under their main category, keeps a main heading for them, and reads the marks", async () => {
    handle = await engine.open();
    const { db } = handle;
    const pasta = await saveCategory(db, { name: "Pasta", display_order: 2, parent_id: null });
    const fresh = await saveCategory(db, { name: "Hausgemacht", display_order: 1, parent_id: pasta.id });
    const starters = await saveCategory(db, { name: "Antipasti", display_order: 1, parent_id: null });
    await saveCategory(db, { name: "Leer", display_order: 3, parent_id: null });
    const put = async (name: string, categoryId: number, allergens: string[]) =>
      addToActive(
        db,
        "SPEISEKARTE",
        await saveProduct(db, {
          name,
          description: null,
          price: 1000,
          category_id: categoryId,
          product_code: null,
          allergens,
          additives: [],
        }),
      );
    await put("Tagliatelle", fresh.id, ["C", "A"]);
    await put("Bruschetta", starters.id, []);
    const groups = await readActiveSpeisekarte(db);
    expect(groups.map((group) => [group.name, group.level, group.dishes.map((dish) => dish.name)])).toEqual([
      ["Antipasti", 0, ["Bruschetta"]],
      ["Pasta", 0, []],
      ["Hausgemacht", 1, ["Tagliatelle"]],
    ]);
    expect(groups[2]?.dishes[0]).toMatchObject({ allergens: ["A", "C"], additives: [] });
  });

  it("reads the card with the same number of queries whether it holds 3 dishes or 60", async () => {
    handle = await engine.open();
    const { db } = handle;
    const queriesFor = async () => {
      const counter = new QueryCounter();
      await readActiveSpeisekarte(db.withPlugin(counter));
      return counter.count;
    };
    const fill = async (count: number) => {
      for (let index = 0; index < count; index += 1) {
        const category = await saveCategory(db, { name: `K${index}`, display_order: index, parent_id: null });
        const id = await saveProduct(db, {
          name: `Gericht ${index}`,
          description: null,
          price: 900,
          category_id: category.id,
          product_code: null,
          allergens: ["A"],
          additives: ["1"],
        });
        await addToActive(db, "SPEISEKARTE", id);
      }
    };
    await fill(3);
    const few = await queriesFor();
    await fill(57);
    expect((await readActiveSpeisekarte(db)).length).toBe(60);
    expect(await queriesFor()).toBe(few);
    expect(few).toBe(2);
  });

  it("gives an empty Wochenkarte when nothing is active", async () => {
    handle = await engine.open();
    await handle.db
      .insertInto("weekly_meals")
      .values({ name: "Inaktiv", description: null, price_cents: 900, created_at: now, updated_at: now })
      .execute();
    expect(await readActiveWochenkarte(handle.db)).toEqual([]);
    const { logger } = recordingLogger();
    expect(await loadWochenkarte(handle.db, logger)).toEqual({
      kind: "wochenkarte",
      status: "loaded",
      meals: [],
    });
    expect(await loadSpeisekarte(handle.db, logger)).toEqual({
      kind: "speisekarte",
      status: "loaded",
      groups: [],
    });
  });

  it("turns a failed read into the error state and logs it, for both cards", async () => {
    // Without migrations the tables are missing, so every read fails inside the database.
    handle = await engine.open({ migrate: false });
    const { logger, entries } = recordingLogger();
    expect(await loadSpeisekarte(handle.db, logger)).toEqual({
      kind: "speisekarte",
      status: "error",
      message: "Ein Fehler ist beim Laden der Speisekarte aufgetreten.",
    });
    expect(await loadWochenkarte(handle.db, logger)).toEqual({
      kind: "wochenkarte",
      status: "error",
      message: "Ein Fehler ist beim Laden der Wochenkarte aufgetreten.",
    });
    expect(entries.map((entry) => [entry.level, entry.message])).toEqual([
      ["error", "reading the active Speisekarte failed"],
      ["error", "reading the active Wochenkarte failed"],
    ]);
    expect(entries[0]?.fields?.error).toBeInstanceOf(Error);
  });
});
