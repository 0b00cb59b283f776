import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { keptForPageVersion } from "../../../lib/page-version.server.ts";
import { readFloorPlan } from "./plan-store.server.ts";
import { areaClosureOn, seatsLabel, unitArea, unitLabel, type FloorPlan } from "./floor-plan.ts";
import {
  combinationKey,
  tableKey,
  unitsOn,
  type PlaceChange,
  type StoredPlace,
  type UnitKey,
} from "./seating.ts";

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
const keptFloorPlan = keptForPageVersion(async (db: Db) => ({
  value: await readFloorPlan(db),
  keep: true,
}));

/**
 * Inside a transaction the plan is asked for once — the version as the transaction sees it, the plan
 * kept at that version or read anew — and kept for the transaction's other questions (the request's
 * weighing and its seating ask both, and so do the other requests of a shared one, decision 0055).
 */
const planOfTransaction = new WeakMap<Db, Promise<FloorPlan>>();

// Async: a database that cannot be used rejects, never throws at the call (a `Promise.all` beside it
// then sees every failure).
export async function readKeptFloorPlan(db: Db): Promise<FloorPlan> {
  if (!db.isTransaction) return keptFloorPlan(db);
  let plan = planOfTransaction.get(db);
  if (!plan) {
    plan = keptFloorPlan(db);
    planOfTransaction.set(db, plan);
  }
  return plan;
}

type StoredRow = {
  table_id: number | null;
  combination_id: number | null;
  fixed: number;
  assigned_at: string;
};

/** A stored row as a place with its version (`assigned_at`); undefined for a row without a unit. */
function placeOfRow(row: StoredRow): (StoredPlace & { version: string }) | undefined {
  const unit =
    row.table_id !== null
      ? tableKey(row.table_id)
      : row.combination_id !== null
        ? combinationKey(row.combination_id)
        : undefined;
  return unit && { unit, fixed: row.fixed === 1, version: row.assigned_at };
}

/** The places of the reservations on the dates from `from` to `to` (both included), by reservation id. */
export async function placesBetween(
  db: Db,
  from: string,
  to: string,
): Promise<Map<number, StoredPlace & { version: string }>> {
  const rows = await db
    .selectFrom("table_assignments")
    .innerJoin("reservations", "reservations.id", "table_assignments.reservation_id")
    .select([
      "table_assignments.reservation_id as id",
      "table_assignments.table_id",
      "table_assignments.combination_id",
      "table_assignments.fixed",
      "table_assignments.assigned_at",
    ])
    .where("reservations.reservation_date", ">=", from)
    .where("reservations.reservation_date", "<=", to)
    .execute();
  const places = new Map<number, StoredPlace & { version: string }>();
  for (const row of rows) {
    const place = placeOfRow(row);
    if (place) places.set(row.id, place);
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
  for (const { id, unit } of changes) if (unit !== null) await writePlace(trx, id, unit, false, now);
}

async function writePlace(trx: Db, id: number, unit: UnitKey, fixed: boolean, now: Date): Promise<void> {
  const row = {
    table_id: unit.startsWith("t") ? idOf(unit) : null,
    combination_id: unit.startsWith("c") ? idOf(unit) : null,
    fixed: fixed ? 1 : 0,
    assigned_at: now.toISOString(),
  };
  await trx
    .insertInto("table_assignments")
    .values({ reservation_id: id, ...row })
    .onConflict((conflict) => conflict.column("reservation_id").doUpdateSet(row))
    .execute();
}

/** Where a reservation sits, as staff read it: 'Tisch 4', 'Tisch 4 + 5'; flagged in an area closed that day. */
export interface TablePlace {
  label: string;
  /** The unit key ('t4', 'c2') and the place's version, for 'Tisch ändern'. */
  unit: UnitKey;
  version: string;
  /** 'Tisch in geschlossenem Bereich': its area is closed on the reservation's date. */
  closedArea: boolean;
}

/** A table or combination staff may choose ('Tisch ändern'): 'Tisch 4 + 5 · Innenraum · 5–8 Personen'. */
export interface TableChoice {
  key: UnitKey;
  label: string;
}

function tableChoicesOf(plan: FloorPlan): TableChoice[] {
  // Every unit whatever the date (no date lies in a closure): the server weighs the day's.
  return unitsOn(plan, "").map((unit) => ({
    key: unit.key,
    label: [unitLabel(plan, unit.key), unitArea(plan, unit.key)?.name, seatsLabel(unit)].join(" · "),
  }));
}

/**
 * The places of `reservations` (id and date) for the staff screens, by id, the tables staff may
 * choose, and the name of the area each guest chose ('Bereichswunsch', decision 0054); undefined
 * when no table is drawn (the seats decide, and nobody has a table). A reservation without a place,
 * or without a wish, is absent from that map.
 */
export async function placesOf(
  db: Db,
  reservations: ReadonlyArray<{ id: number; reservation_date: string; area_wish_id?: number | null }>,
): Promise<
  { places: Map<number, TablePlace>; choices: TableChoice[]; wishes: Map<number, string> } | undefined
> {
  const plan = await readKeptFloorPlan(db);
  if (plan.tables.length === 0) return undefined;
  const found = new Map<number, TablePlace>();
  const choices = tableChoicesOf(plan);
  const areaNames = new Map(plan.areas.map((area) => [area.id, area.name]));
  const wishes = new Map<number, string>();
  for (const { id, area_wish_id: wish } of reservations) {
    const name = wish == null ? undefined : areaNames.get(wish);
    if (name !== undefined) wishes.set(id, name);
  }
  if (reservations.length === 0) return { places: found, choices, wishes };
  const dates = reservations.map((reservation) => reservation.reservation_date).sort();
  const places = await placesBetween(db, dates[0] ?? "", dates.at(-1) ?? "");
  for (const reservation of reservations) {
    const place = places.get(reservation.id);
    const label = place && unitLabel(plan, place.unit);
    if (!place || label === undefined) continue;
    const area = unitArea(plan, place.unit);
    found.set(reservation.id, {
      label,
      unit: place.unit,
      version: place.version,
      closedArea: area !== undefined && areaClosureOn(area, reservation.reservation_date) !== undefined,
    });
  }
  return { places: found, choices, wishes };
}

/** A reservation's stored place with its version (`assigned_at`), or undefined when it has none. */
export async function placeOf(db: Db, id: number): Promise<(StoredPlace & { version: string }) | undefined> {
  const row = await db
    .selectFrom("table_assignments")
    .select(["table_id", "combination_id", "fixed", "assigned_at"])
    .where("reservation_id", "=", id)
    .executeTakeFirst();
  return row && placeOfRow(row);
}

/**
 * 'Tisch ändern' (decision 0053): `unit` fixes the reservation there (staff chose it, the book never
 * moves it); null lets the book choose again (the row goes, and the day's next seating places it).
 */
export async function fixPlace(trx: Db, id: number, unit: UnitKey | null, now = new Date()): Promise<void> {
  if (unit === null) await trx.deleteFrom("table_assignments").where("reservation_id", "=", id).execute();
  else await writePlace(trx, id, unit, true, now);
}
