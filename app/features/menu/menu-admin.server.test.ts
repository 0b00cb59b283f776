import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { addToActive, listActiveIds, moveActive, removeFromActive } from "./active-lists.server.ts";
import { deleteCategory, listCategories, saveCategory } from "./categories.server.ts";
import { deleteDish, listProducts, saveProduct, saveWeeklyMeal } from "./dishes.server.ts";
import { ruleMessages as R } from "./menu-rules.server.ts";
import { moveShowcaseItem, saveShowcaseItem, setShowcaseActive } from "./showcase-admin.server.ts";
import { listShowcase } from "./showcase.server.ts";
import { categoryTree } from "./menu-tree.ts";
import type { ProductValues, ShowcaseValues } from "./schema.ts";

const product = (name: string, category_id: number | null = null): ProductValues => ({
  name,
  description: null,
  price: 1250,
  category_id,
  product_code: null,
  allergens: ["A", "G"],
  additives: [],
});
const showcase = (name: string, overrides: Partial<ShowcaseValues> = {}): ShowcaseValues => ({
  name,
  description: "Hausgemacht",
  price: 990,
  category: "pasta",
  is_active: true,
  image_url: null,
  allergens: [],
  additives: [],
  ...overrides,
});

describe.each(testDatabases())("menu administration on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("keeps categories two levels deep: only main categories are parents, never itself", async () => {
    handle = await engine.open();
    const { db } = handle;
    const pasta = await saveCategory(db, { name: "Pasta", display_order: 2, parent_id: null });
    const antipasti = await saveCategory(db, { name: "Antipasti", display_order: 1, parent_id: null });
    const fresh = await saveCategory(db, { name: "Hausgemacht", display_order: null, parent_id: pasta.id });
    await saveCategory(db, { name: "Dolci", display_order: null, parent_id: null });

    await expect(
      saveCategory(db, { name: "Tief", display_order: null, parent_id: fresh.id }),
    ).rejects.toThrow(R.parentIsSub);
    await expect(
      saveCategory(db, { name: "Pasta", display_order: 2, parent_id: pasta.id }, pasta.id),
    ).rejects.toThrow(R.ownParent);
    // Pasta has a subcategory, so it cannot become one itself.
    await expect(
      saveCategory(db, { name: "Pasta", display_order: 2, parent_id: antipasti.id }, pasta.id),
    ).rejects.toThrow(R.hasChildren);
    await expect(saveCategory(db, { name: "X", display_order: null, parent_id: 999_999 })).rejects.toThrow(
      R.parentMissing,
    );

    const tree = categoryTree(await listCategories(db));
    expect(tree.map((category) => `${category.level}:${category.name}`)).toEqual([
      "0:Antipasti",
      "0:Pasta",
      "1:Hausgemacht",
      "0:Dolci",
    ]);
  });

  it("a category nested deeper than allowed (older data, two saves racing) is listed as a main one", async () => {
    handle = await engine.open();
    const { db } = handle;
    const top = await saveCategory(db, { name: "Oben", display_order: 1, parent_id: null });
    const middle = await saveCategory(db, { name: "Mitte", display_order: 2, parent_id: top.id });
    const deep = await saveCategory(db, { name: "Tief", display_order: 3, parent_id: null });
    await db.updateTable("categories").set({ parent_id: middle.id }).where("id", "=", deep.id).execute();
    expect(
      categoryTree(await listCategories(db)).map((category) => `${category.level}:${category.name}`),
    ).toEqual(["0:Oben", "1:Mitte", "0:Tief"]);
  });

  it("deleting a category keeps its products ('Ohne Kategorie') and makes its subcategories main ones", async () => {
    handle = await engine.open();
    const { db } = handle;
    const pasta = await saveCategory(db, { name: "Pasta", display_order: 1, parent_id: null });
    const fresh = await saveCategory(db, { name: "Hausgemacht", display_order: null, parent_id: pasta.id });
    await saveProduct(db, product("Carbonara", pasta.id));
    expect(await deleteCategory(db, pasta.id)).toEqual({ products: 1 });
    const [carbonara] = await listProducts(db);
    expect(carbonara).toMatchObject({ name: "Carbonara", category_id: null, category_name: null });
    expect((await listCategories(db)).find((category) => category.id === fresh.id)?.parent_id).toBeNull();
    await expect(deleteCategory(db, pasta.id)).rejects.toThrow(R.categoryMissing);
  });

  it("stores prices exactly and marks canonically; refuses an unknown category", async () => {
    handle = await engine.open();
    const { db } = handle;
    await saveProduct(db, {
      ...product("Tiramisu"),
      price: 699,
      allergens: ["G", "A", "C"],
      additives: ["2"],
    });
    expect((await listProducts(db))[0]).toMatchObject({
      price_cents: 699,
      allergens: "A,C,G",
      additives: "2",
    });
    await expect(saveProduct(db, product("Irgendwas", 424_242))).rejects.toThrow(R.categoryMissing);
  });

  it("puts dishes on the active card last, once even when added twice at once, in the order staff set", async () => {
    handle = await engine.open();
    const { db } = handle;
    const ids = [];
    for (const name of ["Bruschetta", "Carbonara", "Tiramisu"])
      ids.push(await saveProduct(db, product(name)));
    const [a, b, c] = ids as [number, number, number];
    await addToActive(db, "SPEISEKARTE", b);
    const twice = await Promise.all([addToActive(db, "SPEISEKARTE", a), addToActive(db, "SPEISEKARTE", a)]);
    expect(twice.filter((result) => result.added)).toHaveLength(1);
    await addToActive(db, "SPEISEKARTE", c);
    expect(await listActiveIds(db, "SPEISEKARTE")).toEqual([b, a, c]);

    await moveActive(db, "SPEISEKARTE", c, "up");
    await moveActive(db, "SPEISEKARTE", c, "up");
    expect(await listActiveIds(db, "SPEISEKARTE")).toEqual([c, b, a]);
    await moveActive(db, "SPEISEKARTE", c, "up"); // already first: nothing changes
    await moveActive(db, "SPEISEKARTE", a, "down"); // already last
    expect(await listActiveIds(db, "SPEISEKARTE")).toEqual([c, b, a]);
    // A dish no longer on the card (someone took it off meanwhile) is refused.
    await removeFromActive(db, "SPEISEKARTE", b);
    await expect(moveActive(db, "SPEISEKARTE", b, "up")).rejects.toThrow(R.orderMismatch);
    await addToActive(db, "SPEISEKARTE", b);
    // Older data with equal positions is renumbered on the first move.
    await db.updateTable("active_menu_configurations").set({ display_order: 5 }).execute();
    await moveActive(db, "SPEISEKARTE", b, "up");
    const ordered = await listActiveIds(db, "SPEISEKARTE");
    expect(ordered.indexOf(b)).toBe(ordered.length - 2);
    expect(
      (await db.selectFrom("active_menu_configurations").select("display_order").execute())
        .map((row) => row.display_order)
        .sort(),
    ).toEqual([1, 2, 3]);

    expect(await removeFromActive(db, "SPEISEKARTE", a)).toEqual({ removed: true });
    await deleteDish(db, "SPEISEKARTE", c);
    expect(await listActiveIds(db, "SPEISEKARTE")).toEqual([b]);
    await expect(addToActive(db, "SPEISEKARTE", c)).rejects.toThrow(R.productMissing);
  });

  it("keeps the Wochenkarte's active list apart from the Speisekarte's", async () => {
    handle = await engine.open();
    const { db } = handle;
    const meal = await saveWeeklyMeal(db, {
      name: "Ossobuco",
      description: null,
      price: 2290,
      allergens: ["I"],
      additives: [],
    });
    const dish = await saveProduct(db, product("Pizza"));
    await addToActive(db, "WOCHENKARTE", meal);
    await addToActive(db, "SPEISEKARTE", dish);
    expect(await listActiveIds(db, "WOCHENKARTE")).toEqual([meal]);
    expect(await listActiveIds(db, "SPEISEKARTE")).toEqual([dish]);
    await deleteDish(db, "WOCHENKARTE", meal);
    expect(await listActiveIds(db, "WOCHENKARTE")).toEqual([]);
  });

  it("showcase: new items go last in their category; moving swaps neighbours; hidden items leave the public list", async () => {
    handle = await engine.open();
    const { db } = handle;
    const first = await saveShowcaseItem(db, showcase("Carbonara"));
    const second = await saveShowcaseItem(db, showcase("Lasagne"));
    const pizza = await saveShowcaseItem(db, showcase("Margherita", { category: "pizza" }));
    const starter = await saveShowcaseItem(db, showcase("Bruschetta", { category: "antipasti" }));
    expect((await listShowcase(db)).map((item) => [item.name, item.sort_order])).toEqual([
      ["Bruschetta", 1],
      ["Carbonara", 1],
      ["Lasagne", 2],
      ["Margherita", 1],
    ]);
    await moveShowcaseItem(db, second, "up");
    expect(
      (await listShowcase(db)).filter((item) => item.category === "pasta").map((item) => item.id),
    ).toEqual([second, first]);
    await moveShowcaseItem(db, second, "up"); // already first: nothing changes
    await setShowcaseActive(db, pizza, false);
    expect((await listShowcase(db, { activeOnly: true })).map((item) => item.id)).toEqual([
      starter,
      second,
      first,
    ]);
    // Moved to another category, an item goes last there.
    await saveShowcaseItem(db, showcase("Bruschetta", { category: "pasta" }), starter);
    expect((await listShowcase(db)).find((item) => item.id === starter)?.sort_order).toBe(3);
  });
});
