import type { Kysely } from "kysely";
import type { Database } from "../../db/database.types.ts";
import { bumpPageVersion } from "../../app/lib/page-version.server.ts";
import {
  saveArea,
  saveCombination,
  saveTable,
} from "../../app/features/reservations/tables/plan-store.server.ts";

/**
 * The small plan the table tests share (decision 0053): 'Innenraum' with the two-tops 1 and 2, the
 * four-tops 4 and 5, and the combination 'Tisch 4 + 5' for five to eight, drawn through the plan's
 * own store. Returns the tables' ids by name.
 */
export async function drawSmallPlan(db: Kysely<Database>): Promise<Map<string, number>> {
  // Instead of the plan a site starts with (the demo's).
  await removeFloorPlan(db);
  const { tables: ids } = await drawArea(db, "Innenraum", [
    ["1", 2, 100],
    ["2", 2, 300],
    ["4", 4, 500],
    ["5", 4, 700],
  ]);
  const combination = await saveCombination(
    db,
    { input: { tables: [ids.get("4") ?? 0, ids.get("5") ?? 0], seats_min: 5, seats_max: 8 } },
    "test",
  );
  if (!combination.ok) throw new Error("no combination");
  return ids;
}

/**
 * An area `name` with its tables in a row — each a name, its seats (a two-top seats one or two, a
 * larger table from two) and its place from the left — drawn through the plan's own store. Returns
 * the area's id and the tables' ids by name.
 */
export async function drawArea(
  db: Kysely<Database>,
  name: string,
  tables: ReadonlyArray<readonly [name: string, seats: number, x: number]>,
): Promise<{ areaId: number; tables: Map<string, number> }> {
  const area = await saveArea(
    db,
    { input: { name, online: true, plan_width: 1200, plan_height: 800 } },
    "test",
  );
  if (!area.ok) throw new Error(`no area ${name}`);
  const ids = new Map<string, number>();
  for (const [table, seats, x] of tables) {
    const saved = await saveTable(
      db,
      {
        areaId: area.id,
        input: {
          name: table,
          seats_min: seats === 2 ? 1 : 2,
          seats_max: seats,
          shape: "square",
          x,
          y: 200,
          width: 120,
          height: 120,
          rotation: 0,
          online: true,
        },
      },
      "test",
    );
    if (!saved.ok) throw new Error(`no table ${table}`);
    ids.set(table, saved.id);
  }
  return { areaId: area.id, tables: ids };
}

/**
 * Takes the demo's floor plan away (every site starts with it): the seats of
 * 'Reservierungseinstellungen' decide again, as on a restaurant without tables, and a test may draw
 * its own plan. The page version is counted up, so the running server reads the plan again.
 */
export async function removeFloorPlan(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("table_assignments").execute();
    await trx.deleteFrom("table_combination_members").execute();
    await trx.deleteFrom("table_combinations").execute();
    await trx.deleteFrom("dining_tables").execute();
    await trx.deleteFrom("floor_area_closures").execute();
    await trx.updateTable("reservations").set({ area_wish_id: null }).execute();
    await trx.deleteFrom("floor_areas").execute();
    await bumpPageVersion(trx);
  });
}
