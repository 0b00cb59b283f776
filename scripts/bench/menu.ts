import path from "node:path";
import {
  readActiveSpeisekarte,
  addToActive,
  saveCategory,
  saveProduct,
  ALLERGENS,
  ADDITIVES,
} from "../../app/features/menu/index.server.ts";
import { openDatabase } from "../../db/database.server.ts";
import { buildIfNeeded } from "../../server/build-if-needed.ts";
import {
  busyMachineWarning,
  startProductionServer,
  stopProductionServer,
} from "../../tests/support/production-server.ts";
import { QueryCounter } from "../../tests/support/query-counter.ts";

/**
 * `npm run bench:menu`: `/speisekarte` with a long card — 300 dishes in 25 categories (5 of them
 * subcategories), every dish with allergens and additives — on the production server. Prints how
 * many database queries reading the card takes (it must not grow with the card) and the server's
 * time to answer, median and p95 of sequential requests. A benchmark, not a test.
 */
const root = path.resolve(import.meta.dirname, "../..");
const say = (line: string) => process.stdout.write(`${line}\n`);
const DISHES = 300;
const CATEGORIES = 25;
const REQUESTS = 100;

const warning = busyMachineWarning();
if (warning) say(warning);
buildIfNeeded(root, () => undefined);
const server = await startProductionServer("0", { LOG_LEVEL: "error" });
try {
  const handle = openDatabase({ kind: "sqlite", file: path.join(server.dataDir, "tavola.sqlite") });
  const { db } = handle;
  await db.deleteFrom("active_menu_configurations").execute();
  await db.deleteFrom("menu_items").execute();
  await db.deleteFrom("categories").execute();
  const categoryIds: number[] = [];
  for (let index = 0; index < CATEGORIES; index += 1) {
    const parent = index % 5 === 4 ? (categoryIds[index - 1] ?? null) : null;
    const saved = await saveCategory(db, {
      name: `Kategorie ${index + 1}`,
      display_order: index + 1,
      parent_id: parent,
    });
    categoryIds.push(saved.id);
  }
  for (let index = 0; index < DISHES; index += 1) {
    const id = await saveProduct(db, {
      name: `Gericht ${index + 1} mit einem ordentlich langen Namen`,
      description: "Hausgemacht, mit frischen Zutaten aus der Region und Olivenöl extra vergine",
      price: 750 + index * 5,
      category_id: categoryIds[index % CATEGORIES] ?? null,
      product_code: String(index + 1),
      allergens: ALLERGENS.filter((_, mark) => (index + mark) % 4 === 0).map((mark) => mark.code),
      additives: ADDITIVES.filter((_, mark) => (index + mark) % 6 === 0).map((mark) => mark.code),
    });
    await addToActive(db, "SPEISEKARTE", id);
  }
  const counter = new QueryCounter();
  const groups = await readActiveSpeisekarte(db.withPlugin(counter));
  say(
    `Speisekarte: ${groups.reduce((sum, group) => sum + group.dishes.length, 0)} Gerichte in ${groups.length} Gruppen, gelesen mit ${counter.count} Datenbankabfragen`,
  );
  await handle.close();

  const timings: number[] = [];
  let bytes = 0;
  for (let index = 0; index < REQUESTS + 5; index += 1) {
    const started = performance.now();
    const response = await fetch(`${server.origin}/speisekarte`, {
      headers: { "Accept-Encoding": "identity" },
    });
    const body = await response.text();
    if (index >= 5) timings.push(performance.now() - started);
    bytes = Buffer.byteLength(body);
    if (!body.includes("Gericht 300 mit")) throw new Error("Die Seite zeigt nicht alle Gerichte.");
  }
  timings.sort((a, b) => a - b);
  const at = (share: number) =>
    timings[Math.min(timings.length - 1, Math.floor((timings.length - 1) * share))] ?? 0;
  say(
    `/speisekarte (${(bytes / 1024).toFixed(0)} KiB HTML): ${REQUESTS} Anfragen nacheinander, p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`,
  );
} finally {
  await stopProductionServer(server);
}
