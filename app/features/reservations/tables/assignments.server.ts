import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { keptForPageVersion } from "../../../lib/page-version.server.ts";
import { readFloorPlan } from "./plan-store.server.ts";
import { combinationKey, tableKey, type PlaceChange, type StoredPlace, type UnitKey } from "./seating.ts";

/**
 * Where the reservations sit (decision 0053): the owner of `table_assignments`. It answers with the
 * stored places and stores the places the book decides; which place is right is `settleDay`'s
 * question (seating.ts), asked by the book under the date's lock.
 */

type Db = Kysely<Database>;

/**
 * The floor plan for every availability question and request: kept in memory until anything staff
 * change is saved (a change to the plan counts the page version up in its own transaction).
 */
export const readKeptFloorPlan = keptForPageVersion(async (db: Db) => ({
  value: await readFloorPlan(db),
  keep: true,
}));

const unitOf = (row: { table_id: number | null; combination_id: number | null }): UnitKey | undefined =>
  row.table_id !== null
    ? tableKey(row.table_id)
    : row.combination_id !== null
      ? combinationKey(row.combination_id)
      : undefined;

/** The places of the reservations on the dates from `from` to `to` (both included), by reservation id. */
export async function placesBetween(db: Db, from: string, to: string): Promise<Map<number, StoredPlace>> {
  const rows = await db
    .selectFrom("table_assignments")
    .innerJoin("reservations", "reservations.id", "table_assignments.reservation_id")
    .select([
      "table_assignments.reservation_id as id",
      "table_assignments.table_id",
      "table_assignments.combination_id",
      "table_assignments.fixed",
    ])
    .where("reservations.reservation_date", ">=", from)
    .where("reservations.reservation_date", "<=", to)
    .execute();
  const places = new Map<number, StoredPlace>();
  for (const row of rows) {
    const unit = unitOf(row);
    if (unit) places.set(row.id, { unit, fixed: row.fixed === 1 });
  }
  return places;
}

const idOf = (unit: UnitKey) => Number(unit.slice(1));

/**
 * Stores the places the book decided, inside its transaction (the date locked): a party taken off
 * its table loses its row; the others are placed, not fixed (staff fix a place by choosing it).
 */
export async function storePlaces(trx: Db, changes: readonly PlaceChange[], now = new Date()): Promise<void> {
  const gone = changes.filter((change) => change.unit === null).map((change) => change.id);
  if (gone.length > 0)
    await trx.deleteFrom("table_assignments").where("reservation_id", "in", gone).execute();
  for (const { id, unit } of changes) {
    if (unit === null) continue;
    const row = {
      table_id: unit.startsWith("t") ? idOf(unit) : null,
      combination_id: unit.startsWith("c") ? idOf(unit) : null,
      fixed: 0,
      assigned_at: now.toISOString(),
    };
    await trx
      .insertInto("table_assignments")
      .values({ reservation_id: id, ...row })
      .onConflict((conflict) => conflict.column("reservation_id").doUpdateSet(row))
      .execute();
  }
}
