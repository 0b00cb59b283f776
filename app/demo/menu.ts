import type { Kysely } from "kysely";
import type { Database, FeaturedDishCategory, MenuType } from "../../db/database.types.ts";
import { nowIso } from "../../db/database.server.ts";

/**
 * The demo Speisekarte (categories with a subcategory, dishes with product codes, allergens and
 * additives), Wochenkarte and the home page's showcase. Every dish is on its active card but one, so
 * staff see both lists at work. Marks are stored as the menu feature stores them ('A,C,G').
 */
const categories = [
  { name: "Antipasti", display_order: 1, parent: null },
  { name: "Pasta", display_order: 2, parent: null },
  { name: "Pasta fresca", display_order: 1, parent: "Pasta" },
  { name: "Pizza", display_order: 3, parent: null },
  { name: "Secondi", display_order: 4, parent: null },
  { name: "Dolci", display_order: 5, parent: null },
] as const;

const dishes: Array<{
  code: string;
  name: string;
  description: string;
  cents: number;
  category: (typeof categories)[number]["name"];
  allergens: string | null;
  additives?: string;
  inactive?: true;
}> = [
  {
    code: "1",
    name: "Bruschetta Classica",
    description: "Geröstetes Brot mit Tomaten, Knoblauch, Basilikum und Olivenöl",
    cents: 690,
    category: "Antipasti",
    allergens: "A",
  },
  {
    code: "2",
    name: "Vitello Tonnato",
    description: "Dünn geschnittenes Kalbfleisch mit Thunfisch-Kapern-Sauce",
    cents: 1290,
    category: "Antipasti",
    allergens: "C,D,J",
  },
  {
    code: "3",
    name: "Carpaccio di Manzo",
    description: "Rinderfilet mit Rucola, Parmesan und Zitrone",
    cents: 1390,
    category: "Antipasti",
    allergens: "G",
  },
  {
    code: "10",
    name: "Spaghetti Carbonara",
    description: "Mit Guanciale, Eigelb, Pecorino und schwarzem Pfeffer",
    cents: 1350,
    category: "Pasta",
    allergens: "A,C,G",
  },
  {
    code: "11",
    name: "Tagliatelle al Ragù",
    description: "Hausgemachte Bandnudeln mit Rinderragout nach Bologneser Art",
    cents: 1450,
    category: "Pasta fresca",
    allergens: "A,C,I,L",
  },
  {
    code: "12",
    name: "Risotto ai Funghi",
    description: "Carnaroli-Reis mit Steinpilzen und Parmesan",
    cents: 1590,
    category: "Pasta",
    allergens: "G,I",
  },
  {
    code: "13",
    name: "Ravioli di Ricotta",
    description: "Mit Ricotta und Spinat gefüllt, in Salbeibutter",
    cents: 1490,
    category: "Pasta fresca",
    allergens: "A,C,G",
    inactive: true,
  },
  {
    code: "20",
    name: "Pizza Margherita",
    description: "Tomaten, Fior di Latte, Basilikum",
    cents: 990,
    category: "Pizza",
    allergens: "A,G",
  },
  {
    code: "21",
    name: "Pizza Diavola",
    description: "Tomaten, Mozzarella, scharfe Salami",
    cents: 1250,
    category: "Pizza",
    allergens: "A,G",
    additives: "2,3",
  },
  {
    code: "30",
    name: "Saltimbocca alla Romana",
    description: "Kalbsschnitzel mit Parmaschinken und Salbei in Weißweinsauce",
    cents: 2290,
    category: "Secondi",
    allergens: "G,L",
  },
  {
    code: "31",
    name: "Branzino alla Griglia",
    description: "Gegrillter Wolfsbarsch mit Rosmarinkartoffeln",
    cents: 2490,
    category: "Secondi",
    allergens: "D",
  },
  {
    code: "40",
    name: "Tiramisù della Casa",
    description: "Nach dem Rezept der Nonna",
    cents: 750,
    category: "Dolci",
    allergens: "A,C,G",
    additives: "11",
  },
  {
    code: "41",
    name: "Panna Cotta",
    description: "Mit Waldbeerensauce",
    cents: 690,
    category: "Dolci",
    allergens: "G",
  },
];

const weeklyMeals = [
  {
    name: "Ossobuco alla Milanese",
    description: "Geschmorte Kalbshaxe mit Safranrisotto und Gremolata",
    cents: 2690,
    allergens: "G,I,L",
  },
  {
    name: "Pappardelle al Cinghiale",
    description: "Breite Bandnudeln mit Wildschweinragout",
    cents: 1890,
    allergens: "A,C,I",
  },
  {
    name: "Zuppa di Zucca",
    description: "Kürbissuppe mit Amaretti und Salbeibutter",
    cents: 850,
    allergens: "A,C,G,H",
  },
];

/** The home page's showcase: two dishes in each of the five categories, one of them hidden. */
const showcase: Array<{
  category: FeaturedDishCategory;
  name: string;
  description: string;
  cents: number;
  allergens: string | null;
  /** One of the project's own pictures (design/bilder/gerichte); the others show the placeholder. */
  image?: string;
  active?: false;
}> = [
  {
    category: "antipasti",
    name: "Bruschetta Classica",
    description: "Geröstetes Landbrot mit Tomaten, Knoblauch und Basilikum",
    cents: 690,
    image: "/bilder/gerichte/antipasti.webp",
    allergens: "A",
  },
  {
    category: "antipasti",
    name: "Burrata Pugliese",
    description: "Cremige Burrata mit Kirschtomaten und Olivenöl",
    cents: 1290,
    allergens: "G",
  },
  {
    category: "pasta",
    name: "Spaghetti Carbonara",
    description: "Guanciale, Eigelb, Pecorino und schwarzer Pfeffer",
    cents: 1350,
    image: "/bilder/gerichte/pasta.webp",
    allergens: "A,C,G",
  },
  {
    category: "pasta",
    name: "Tagliatelle al Ragù",
    description: "Hausgemachte Bandnudeln mit Rinderragout",
    cents: 1450,
    allergens: "A,C,I",
  },
  {
    category: "pizza",
    name: "Pizza Margherita",
    description: "Tomaten, Fior di Latte und frisches Basilikum aus dem Steinofen",
    cents: 990,
    image: "/bilder/gerichte/pizza.webp",
    allergens: "A,G",
  },
  {
    category: "pizza",
    name: "Pizza Tartufo",
    description: "Mozzarella, Pilze und schwarzer Trüffel",
    cents: 1690,
    allergens: "A,G",
    active: false,
  },
  {
    category: "secondi",
    name: "Saltimbocca alla Romana",
    description: "Kalbsschnitzel mit Parmaschinken und Salbei",
    cents: 2290,
    allergens: "G,L",
  },
  {
    category: "secondi",
    name: "Branzino alla Griglia",
    description: "Gegrillter Wolfsbarsch mit Rosmarinkartoffeln",
    cents: 2490,
    image: "/bilder/gerichte/secondi.webp",
    allergens: "D",
  },
  {
    category: "dolci",
    name: "Tiramisù della Casa",
    description: "Nach dem Rezept der Nonna",
    cents: 750,
    image: "/bilder/gerichte/dolci.webp",
    allergens: "A,C,G",
  },
  { category: "dolci", name: "Panna Cotta", description: "Mit Waldbeerensauce", cents: 690, allergens: "G" },
];

export async function seedDemoMenu(db: Kysely<Database>): Promise<void> {
  const now = nowIso();
  const activate = (type: MenuType, id: number, order: number) =>
    db
      .insertInto("active_menu_configurations")
      .values({
        menu_type: type,
        menu_item_id: type === "SPEISEKARTE" ? id : null,
        weekly_meal_id: type === "WOCHENKARTE" ? id : null,
        display_order: order,
        created_at: now,
      })
      .execute();
  const categoryIds = new Map<string, number>();
  for (const category of categories) {
    const row = await db
      .insertInto("categories")
      .values({
        name: category.name,
        display_order: category.display_order,
        parent_id: category.parent === null ? null : (categoryIds.get(category.parent) ?? null),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    categoryIds.set(category.name, row.id);
  }
  let order = 0;
  for (const dish of dishes) {
    const row = await db
      .insertInto("menu_items")
      .values({
        name: dish.name,
        description: dish.description,
        price_cents: dish.cents,
        product_code: dish.code,
        category_id: categoryIds.get(dish.category) ?? null,
        tags: null,
        allergens: dish.allergens,
        additives: dish.additives ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (!dish.inactive) await activate("SPEISEKARTE", row.id, (order += 1));
  }
  for (const [index, meal] of weeklyMeals.entries()) {
    const row = await db
      .insertInto("weekly_meals")
      .values({
        name: meal.name,
        description: meal.description,
        price_cents: meal.cents,
        allergens: meal.allergens,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await activate("WOCHENKARTE", row.id, index + 1);
  }
  const sortOrders = new Map<FeaturedDishCategory, number>();
  for (const item of showcase) {
    const sortOrder = (sortOrders.get(item.category) ?? 0) + 1;
    sortOrders.set(item.category, sortOrder);
    await db
      .insertInto("featured_dishes")
      .values({
        name: item.name,
        description: item.description,
        price_cents: item.cents,
        category: item.category,
        image_url: item.image ?? null,
        sort_order: sortOrder,
        is_active: item.active === false ? 0 : 1,
        allergens: item.allergens,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
