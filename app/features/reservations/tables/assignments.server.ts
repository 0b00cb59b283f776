import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { keptForPageVersion } from "../../../lib/page-version.server.ts";
import { readFloorPlan } from "./plan-store.server.ts";
import { areaClosureOn, combinationLabel } from "./floor-plan.ts";
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

/** Where a reservation sits, as staff read it: 'Tisch 4', 'Tisch 4 + 5'; flagged in an area closed that day. */
export interface TablePlace {
  label: string;
  /** 'Tisch in geschlossenem Bereich': its area is closed on the reservation's date. */
  closedArea: boolean;
}

/**
 * The places of `reservations` (id and date) for the staff screens, by id; undefined when no table is
 * drawn (the seats decide, and nobody has a table). A reservation without a place is absent.
 */
export async function placesOf(
  db: Db,
  reservations: ReadonlyArray<{ id: number; reservation_date: string }>,
): Promise<Map<number, TablePlace> | undefined> {
  const plan = await readKeptFloorPlan(db);
  if (plan.tables.length === 0) return undefined;
  const found = new Map<number, TablePlace>();
  if (reservations.length === 0) return found;
  const dates = reservations.map((reservation) => reservation.reservation_date).sort();
  const places = await placesBetween(db, dates[0] ?? "", dates.at(-1) ?? "");
  const areas = new Map(plan.areas.map((area) => [area.id, area]));
  for (const reservation of reservations) {
    const place = places.get(reservation.id);
    if (!place) continue;
    const id = idOf(place.unit);
    const table = place.unit.startsWith("t") ? plan.tables.find((one) => one.id === id) : undefined;
    const combination = place.unit.startsWith("c")
      ? plan.combinations.find((one) => one.id === id)
      : undefined;
    const areaId = table?.areaId ?? combination?.areaId;
    const area = areaId === undefined ? undefined : areas.get(areaId);
    const label = table
      ? `Tisch ${table.name}`
      : combination
        ? combinationLabel(combination, plan.tables)
        : undefined;
    if (label === undefined) continue;
    found.set(reservation.id, {
      label,
      closedArea: area !== undefined && areaClosureOn(area, reservation.reservation_date) !== undefined,
    });
  }
  return found;
}
