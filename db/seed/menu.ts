import type { Kysely } from "kysely";
import type { Database, MenuType } from "../../app/lib/database.types.ts";
import { nowIso } from "../../app/lib/db.server.ts";

/** The demo Speisekarte (categories and dishes) and Wochenkarte, every dish on its active card. */
const categories = [
  { name: "Antipasti", display_order: 1 },
  { name: "Pasta", display_order: 2 },
  { name: "Pizza", display_order: 3 },
  { name: "Secondi", display_order: 4 },
  { name: "Dolci", display_order: 5 },
] as const;

const dishes: Array<{
  code: string;
  name: string;
  description: string;
  cents: number;
  category: (typeof categories)[number]["name"];
}> = [
  {
    code: "1",
    name: "Bruschetta Classica",
    description: "Geröstetes Brot mit Tomaten, Knoblauch, Basilikum und Olivenöl",
    cents: 690,
    category: "Antipasti",
  },
  {
    code: "2",
    name: "Vitello Tonnato",
    description: "Dünn geschnittenes Kalbfleisch mit Thunfisch-Kapern-Sauce",
    cents: 1290,
    category: "Antipasti",
  },
  {
    code: "3",
    name: "Carpaccio di Manzo",
    description: "Rinderfilet mit Rucola, Parmesan und Zitrone",
    cents: 1390,
    category: "Antipasti",
  },
  {
    code: "10",
    name: "Spaghetti Carbonara",
    description: "Mit Guanciale, Eigelb, Pecorino und schwarzem Pfeffer",
    cents: 1350,
    category: "Pasta",
  },
  {
    code: "11",
    name: "Tagliatelle al Ragù",
    description: "Hausgemachte Bandnudeln mit Rinderragout nach Bologneser Art",
    cents: 1450,
    category: "Pasta",
  },
  {
    code: "12",
    name: "Risotto ai Funghi",
    description: "Carnaroli-Reis mit Steinpilzen und Parmesan",
    cents: 1590,
    category: "Pasta",
  },
  {
    code: "20",
    name: "Pizza Margherita",
    description: "Tomaten, Fior di Latte, Basilikum",
    cents: 990,
    category: "Pizza",
  },
  {
    code: "21",
    name: "Pizza Diavola",
    description: "Tomaten, Mozzarella, scharfe Salami",
    cents: 1250,
    category: "Pizza",
  },
  {
    code: "30",
    name: "Saltimbocca alla Romana",
    description: "Kalbsschnitzel mit Parmaschinken und Salbei in Weißweinsauce",
    cents: 2290,
    category: "Secondi",
  },
  {
    code: "31",
    name: "Branzino alla Griglia",
    description: "Gegrillter Wolfsbarsch mit Rosmarinkartoffeln",
    cents: 2490,
    category: "Secondi",
  },
  {
    code: "40",
    name: "Tiramisù della Casa",
    description: "Nach dem Rezept der Nonna",
    cents: 750,
    category: "Dolci",
  },
  { code: "41", name: "Panna Cotta", description: "Mit Waldbeerensauce", cents: 690, category: "Dolci" },
];

const weeklyMeals = [
  {
    name: "Ossobuco alla Milanese",
    description: "Geschmorte Kalbshaxe mit Safranrisotto und Gremolata",
    cents: 2690,
  },
  { name: "Pappardelle al Cinghiale", description: "Breite Bandnudeln mit Wildschweinragout", cents: 1890 },
  { name: "Zuppa di Zucca", description: "Kürbissuppe mit Amaretti und Salbeibutter", cents: 850 },
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
      .values({ ...category, parent_id: null, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    categoryIds.set(category.name, row.id);
  }
  for (const [index, dish] of dishes.entries()) {
    const row = await db
      .insertInto("menu_items")
      .values({
        name: dish.name,
        description: dish.description,
        price_cents: dish.cents,
        product_code: dish.code,
        category_id: categoryIds.get(dish.category) ?? null,
        tags: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await activate("SPEISEKARTE", row.id, index + 1);
  }
  for (const [index, meal] of weeklyMeals.entries()) {
    const row = await db
      .insertInto("weekly_meals")
      .values({
        name: meal.name,
        description: meal.description,
        price_cents: meal.cents,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await activate("WOCHENKARTE", row.id, index + 1);
  }
}
