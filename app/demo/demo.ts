import type { Kysely } from "kysely";
import type { Database } from "../../db/database.types.ts";
import { nowIso } from "../../db/database.server.ts";
import { bumpPageVersion } from "../lib/page-version.server.ts";
import { seedDemoAnnouncements } from "./announcements.ts";
import { seedDemoContentBlocks } from "./content.ts";
import { seedDemoGallery, type DemoPictures } from "./gallery.ts";
import { seedDemoMenu } from "./menu.ts";
import { seedDemoReservations } from "./reservations.ts";
import { holdsReservations } from "../features/reservations/book/index.server.ts";

/**
 * Demo content for a fresh installation (`DEMO_CONTENT=off` skips it): a Speisekarte and
 * Wochenkarte, a text for every content block, announcements of each priority, a fortnight of
 * reservations in every state, and a gallery of a dozen pictures drawn for the project.
 *
 * Written at most once per database, and only into a database without restaurant data of its own:
 * a marker row records that the decision was made, so when staff later delete every dish or
 * announcement, the next start does not bring the demo back. Everything, marker included, is one
 * transaction: a failed seed leaves nothing behind and is tried again at the next start.
 * Returns whether it wrote demo content.
 */
export const DEMO_MARKER_KEY = "system.demo_content";

/** Tables that hold what a restaurant enters (besides its texts and its book); staff accounts do not count. */
const restaurantTables = [
  "announcements",
  "categories",
  "menu_items",
  "weekly_meals",
  "featured_dishes",
  "gallery_images",
] as const;

async function holdsRestaurantData(db: Kysely<Database>): Promise<boolean> {
  const text = await db
    .selectFrom("site_content")
    .select("key")
    .where("key", "!=", DEMO_MARKER_KEY)
    .limit(1)
    .executeTakeFirst();
  if (text) return true;
  for (const table of restaurantTables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.lit(1).as("found"))
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  // The reservations are the book's to answer for (decision 0051).
  return holdsReservations(db);
}

/** With `pictures`, the demo gallery's files are written there and its pictures added. */
export async function seedDemoContent(
  db: Kysely<Database>,
  options: { pictures?: DemoPictures } = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Claiming the marker first also settles two servers starting at once on one PostgreSQL: the
    // second waits on the marker's key and then finds it taken.
    const claimed = await trx
      .insertInto("site_content")
      .values({ key: DEMO_MARKER_KEY, value: JSON.stringify({ decided_at: nowIso() }), updated_at: nowIso() })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .returning("key")
      .executeTakeFirst();
    if (!claimed || (await holdsRestaurantData(trx))) return false;
    await seedDemoMenu(trx);
    await seedDemoContentBlocks(trx);
    await seedDemoAnnouncements(trx);
    await seedDemoReservations(trx);
    if (options.pictures) await seedDemoGallery(trx, options.pictures);
    // Counts the page version up (decision 0032): a server's kept readings are read again.
    await bumpPageVersion(trx);
    return true;
  });
}
