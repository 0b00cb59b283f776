import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { berlinNow } from "../../../lib/calendar.ts";
import { formatDate } from "../../../lib/format.ts";
import { bumpPageVersion } from "../../../lib/page-version.server.ts";
import { onPostgres } from "../../../../db/notifications.server.ts";
import { HOLDING_STATUSES } from "../book/index.server.ts";
import { againIfDeadlocked, isUniqueViolation } from "../../../lib/storage-errors.server.ts";
import {
  byTableName,
  combinationLabel,
  nameKey,
  planLimits,
  planMessages as M,
  seatsLabel,
  type DiningTable,
  type FloorArea,
  type FloorPlan,
  type TableCombination,
  type TablePlacement,
} from "./floor-plan.ts";
import { boundsOf, liesOnPlan, tablesOverlap } from "./plan-geometry.ts";
import type { AreaInput, ClosureInput, CombinationInput, TableInput } from "./plan-schemas.ts";

/**
 * The owner of 'Tischplan''s tables (decision 0052): `floor_areas`, `floor_area_closures`,
 * `dining_tables`, `table_combinations` and their members. It answers with the plan and takes
 * changes that it checks against the stored plan — a name twice, a table off its plan or over
 * another, a combination across areas — inside the transaction that writes them. Every change to an
 * area's tables first writes the area's row (who, when), so two changes to one area run one after the
 * other and both checks see the other's result.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export type PlanChange =
  { ok: true; id: number; note?: string } | { ok: false; status: 400 | 404; field?: string; message: string };

const refused = (message: string, field?: string): PlanChange => ({
  ok: false,
  status: 400,
  message,
  ...(field === undefined ? {} : { field }),
});
const gone = (message: string): PlanChange => ({ ok: false, status: 404, message });

/** Why a refusal is thrown inside a transaction: it rolls back what was written before it. */
class Refusal extends Error {
  readonly change: PlanChange;
  constructor(change: PlanChange) {
    super("refused");
    this.change = change;
  }
}

async function inTransaction(db: Db, work: (trx: Trx) => Promise<PlanChange>): Promise<PlanChange> {
  try {
    // Once more when PostgreSQL ended it for a deadlock with parties being seated (decision 0056).
    return await againIfDeadlocked(() =>
      db.transaction().execute(async (trx) => {
        const change = await work(trx);
        if (!change.ok) throw new Refusal(change);
        // The kept plan every availability question reads (assignments.server.ts) is read again.
        await bumpPageVersion(trx);
        return change;
      }),
    );
  } catch (error) {
    if (error instanceof Refusal) return error.change;
    throw error;
  }
}

const flag = (value: number) => value === 1;

export async function readFloorPlan(db: Db): Promise<FloorPlan> {
  const [areas, closures, tables, combinations, members] = await Promise.all([
    db.selectFrom("floor_areas").selectAll().orderBy("sort_order").orderBy("id").execute(),
    db
      .selectFrom("floor_area_closures")
      .select(["id", "area_id", "starts_on", "ends_on", "note"])
      .orderBy("starts_on")
      .orderBy("id")
      .execute(),
    db.selectFrom("dining_tables").selectAll().execute(),
    db.selectFrom("table_combinations").selectAll().orderBy("id").execute(),
    db.selectFrom("table_combination_members").selectAll().execute(),
  ]);
  const planTables: DiningTable[] = tables
    .map((row) => ({
      id: row.id,
      areaId: row.area_id,
      name: row.name,
      seatsMin: row.seats_min,
      seatsMax: row.seats_max,
      shape: row.shape,
      x: row.x,
      y: row.y,
      width: row.width,
      height: row.height,
      rotation: row.rotation,
      onlineBookable: flag(row.online_bookable),
    }))
    .sort(byTableName);
  const order = new Map(planTables.map((table, index) => [table.id, index]));
  return {
    areas: areas.map((row): FloorArea => ({
      id: row.id,
      name: row.name,
      onlineBookable: flag(row.online_bookable),
      width: row.plan_width,
      height: row.plan_height,
      closures: closures
        .filter((closure) => closure.area_id === row.id)
        .map((closure) => ({
          id: closure.id,
          from: closure.starts_on,
          to: closure.ends_on,
          note: closure.note,
        })),
    })),
    tables: planTables,
    combinations: combinations.map((row): TableCombination => ({
      id: row.id,
      areaId: row.area_id,
      seatsMin: row.seats_min,
      seatsMax: row.seats_max,
      tableIds: members
        .filter((member) => member.combination_id === row.id)
        .map((member) => member.table_id)
        .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)),
    })),
  };
}

/** Writes who changed the area and when; undefined when it is gone. Serialises changes to one area. */
async function lockArea(trx: Trx, areaId: number, username: string) {
  return trx
    .updateTable("floor_areas")
    .set({ updated_at: new Date().toISOString(), updated_by: username })
    .where("id", "=", areaId)
    .returning(["id", "name", "plan_width as width", "plan_height as height"])
    .executeTakeFirst();
}

async function tablesIn(trx: Trx, areaId: number) {
  return trx.selectFrom("dining_tables").selectAll().where("area_id", "=", areaId).execute();
}

/** Why `table` may not stand there: off the plan, or over another of the area's tables. */
function placementProblem(
  table: TablePlacement,
  plan: { width: number; height: number },
  others: ReadonlyArray<TablePlacement & { name: string }>,
): PlanChange | undefined {
  if (!liesOnPlan(table, plan)) return refused(M.offPlan, "x");
  const hit = others.find((other) => tablesOverlap(table, other));
  return hit ? refused(M.overlaps(hit.name), "x") : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Areas

export async function saveArea(
  db: Db,
  { id, input }: { id?: number | undefined; input: AreaInput },
  username: string,
): Promise<PlanChange> {
  const row = {
    name: input.name,
    name_key: nameKey(input.name),
    online_bookable: input.online ? 1 : 0,
    plan_width: input.plan_width,
    plan_height: input.plan_height,
    updated_at: new Date().toISOString(),
    updated_by: username,
  };
  try {
    return await inTransaction(db, async (trx) => {
      const sameName = await trx
        .selectFrom("floor_areas")
        .select("id")
        .where("name_key", "=", row.name_key)
        .executeTakeFirst();
      if (sameName && sameName.id !== id) return refused(M.areaNameTaken(input.name), "name");
      if (id === undefined) {
        const { count, last } = await trx
          .selectFrom("floor_areas")
          .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("sort_order").as("last")])
          .executeTakeFirstOrThrow();
        if (Number(count) >= planLimits.areas) return refused(M.tooManyAreas);
        const inserted = await trx
          .insertInto("floor_areas")
          .values({ ...row, sort_order: Number(last ?? 0) + 1 })
          .returning("id")
          .executeTakeFirstOrThrow();
        return { ok: true, id: inserted.id };
      }
      if (!(await lockArea(trx, id, username))) return gone(M.areaMissing);
      const plan = { width: input.plan_width, height: input.plan_height };
      const outside = (await tablesIn(trx, id)).sort(byTableName).find((table) => !liesOnPlan(table, plan));
      if (outside) return refused(M.planTooSmall(outside.name), "plan_width");
      await trx.updateTable("floor_areas").set(row).where("id", "=", id).execute();
      return { ok: true, id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refused(M.areaNameTaken(input.name), "name");
    throw error;
  }
}

/** Moves an area one place up or down in the order the screen and the guests' choice show. */
export async function moveArea(db: Db, id: number, direction: "up" | "down", username: string) {
  return inTransaction(db, async (trx) => {
    const areas = await trx
      .selectFrom("floor_areas")
      .select(["id", "sort_order"])
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
    if (!areas.some((area) => area.id === id)) return gone(M.areaMissing);
    // Every area is renumbered: each row is locked first, in the order of their ids, as every
    // change that locks two areas does, so two owners reordering at once wait instead of deadlocking.
    for (const areaId of areas.map((area) => area.id).sort((a, b) => a - b))
      await lockArea(trx, areaId, username);
    const at = areas.findIndex((area) => area.id === id);
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= areas.length) return { ok: true, id };
    // Renumbered whole, so equal numbers (never written, but possible in a restored backup) sort too.
    const order = areas.map((area) => area.id);
    order.splice(at, 1);
    order.splice(to, 0, id);
    for (const [index, areaId] of order.entries())
      await trx
        .updateTable("floor_areas")
        .set({ sort_order: index + 1 })
        .where("id", "=", areaId)
        .execute();
    return { ok: true, id };
  });
}

export async function deleteArea(db: Db, id: number, username: string): Promise<PlanChange> {
  return inTransaction(db, async (trx) => {
    if (!(await lockArea(trx, id, username))) return gone(M.areaMissing);
    if ((await tablesIn(trx, id)).length > 0) return refused(M.areaHasTables);
    await trx.deleteFrom("table_combinations").where("area_id", "=", id).execute();
    await trx.deleteFrom("floor_area_closures").where("area_id", "=", id).execute();
    await trx.deleteFrom("floor_areas").where("id", "=", id).execute();
    return { ok: true, id };
  });
}

export async function addClosure(
  db: Db,
  areaId: number,
  input: ClosureInput,
  { username, today }: { username: string; today: string },
): Promise<PlanChange> {
  if (input.to < today) return refused(M.closurePast, "to");
  return inTransaction(db, async (trx) => {
    if (!(await lockArea(trx, areaId, username))) return gone(M.areaMissing);
    const inserted = await trx
      .insertInto("floor_area_closures")
      .values({ area_id: areaId, starts_on: input.from, ends_on: input.to, note: input.note })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ok: true, id: inserted.id };
  });
}

export async function deleteClosure(db: Db, closureId: number, username: string): Promise<PlanChange> {
  return inTransaction(db, async (trx) => {
    const closure = await trx
      .selectFrom("floor_area_closures")
      .select("area_id")
      .where("id", "=", closureId)
      .executeTakeFirst();
    if (!closure || !(await lockArea(trx, closure.area_id, username))) return gone(M.closureMissing);
    await trx.deleteFrom("floor_area_closures").where("id", "=", closureId).execute();
    return { ok: true, id: closure.area_id };
  });
}

// ---------------------------------------------------------------------------------------------------
// Tables

type StoredTable = Awaited<ReturnType<typeof tablesIn>>[number];

async function storedTable(trx: Trx, id: number): Promise<StoredTable | undefined> {
  return trx.selectFrom("dining_tables").selectAll().where("id", "=", id).executeTakeFirst();
}

type Units = { tableIds?: readonly number[]; combinationIds?: readonly number[] };

/**
 * Tables and combinations about to be deleted or changed, held until the transaction ends, before
 * it looks for the parties holding them — on PostgreSQL `for update` (decision 0056). A party being
 * seated at one meanwhile holds its row from its insert to its commit: the change waits for that
 * commit, and the check for holders then finds the party (instead of a deletion taking its place
 * away unseen). A seating that starts later waits for the change; one at a deleted table is then
 * stored again on the plan without it. SQLite writes one transaction at a time.
 */
async function holdUnits(trx: Trx, { tableIds = [], combinationIds = [] }: Units): Promise<void> {
  if (!onPostgres(trx)) return;
  const held = [
    ["dining_tables", tableIds],
    ["table_combinations", combinationIds],
  ] as const;
  for (const [table, ids] of held)
    if (ids.length > 0) await trx.selectFrom(table).select("id").where("id", "in", ids).forUpdate().execute();
}

/** A reservation from today on that holds seats at a table or combination: what a refusal lists. */
interface Holder {
  date: string;
  time: string;
  name: string;
  partySize: number;
}

/**
 * The reservations from today on that hold seats at the tables or combinations named, with a party
 * outside `fits` when given (a table made smaller): staff move them first (decision 0053).
 */
async function futureHolders(
  trx: Trx,
  units: Units,
  fits?: { seatsMin: number; seatsMax: number },
): Promise<Holder[]> {
  const tableIds = units.tableIds ?? [];
  const combinationIds = units.combinationIds ?? [];
  if (tableIds.length === 0 && combinationIds.length === 0) return [];
  const rows = await trx
    .selectFrom("table_assignments")
    .innerJoin("reservations", "reservations.id", "table_assignments.reservation_id")
    .select([
      "reservations.reservation_date as date",
      "reservations.reservation_time as time",
      "reservations.customer_name as name",
      "reservations.party_size as partySize",
    ])
    .where((eb) =>
      eb.or([
        ...(tableIds.length > 0 ? [eb("table_assignments.table_id", "in", tableIds)] : []),
        ...(combinationIds.length > 0 ? [eb("table_assignments.combination_id", "in", combinationIds)] : []),
      ]),
    )
    .where("reservations.reservation_date", ">=", berlinNow().date)
    .where("reservations.status", "in", HOLDING_STATUSES)
    .$if(fits !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          eb("reservations.party_size", "<", fits?.seatsMin ?? 0),
          eb("reservations.party_size", ">", fits?.seatsMax ?? 0),
        ]),
      ),
    )
    .orderBy("reservations.reservation_date")
    .orderBy("reservations.reservation_time")
    .orderBy("reservations.id")
    .execute();
  return rows;
}

/** The refusal naming the reservations that still hold `label`. */
const stillHeld = (label: string, holders: readonly Holder[]): PlanChange =>
  refused(
    M.stillReserved(
      label,
      holders.map(
        (holder) =>
          `${formatDate(holder.date)} ${holder.time} Uhr ${holder.name} (${seatsLabel({ seatsMin: holder.partySize, seatsMax: holder.partySize })})`,
      ),
    ),
  );

/** The combinations a table is part of. */
async function combinationsOf(trx: Trx, tableId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom("table_combination_members")
    .select("combination_id")
    .where("table_id", "=", tableId)
    .execute();
  return rows.map((row) => row.combination_id);
}

/** Removes the combinations a table is part of, and says which they were. */
async function dropCombinationsOf(trx: Trx, tableId: number): Promise<string | undefined> {
  const plan = await readFloorPlan(trx);
  const dropped = plan.combinations.filter((combination) => combination.tableIds.includes(tableId));
  if (dropped.length === 0) return undefined;
  await trx
    .deleteFrom("table_combinations")
    .where(
      "id",
      "in",
      dropped.map((combination) => combination.id),
    )
    .execute();
  const labels = dropped.map((combination) => combinationLabel(combination, plan.tables));
  return M.combinationsDropped(labels);
}

/** A table's row as stored. */
const tableRowOf = (areaId: number, input: TableInput) => ({
  area_id: areaId,
  name: input.name,
  name_key: nameKey(input.name),
  seats_min: input.seats_min,
  seats_max: input.seats_max,
  shape: input.shape,
  x: input.x,
  y: input.y,
  width: input.width,
  height: input.height,
  rotation: input.rotation,
  online_bookable: input.online ? 1 : 0,
});

export async function saveTable(
  db: Db,
  { id, areaId, input }: { id?: number | undefined; areaId: number; input: TableInput },
  username: string,
): Promise<PlanChange> {
  const row = tableRowOf(areaId, input);
  try {
    return await inTransaction(db, async (trx) => {
      const before = id === undefined ? undefined : await storedTable(trx, id);
      if (id !== undefined && !before) return gone(M.tableMissing);
      // A table taken to another area changes both: locked in the order of their ids (see moveArea).
      const locks = [...new Set([areaId, before?.area_id ?? areaId])].sort((a, b) => a - b);
      const locked = [];
      for (const lock of locks) locked.push(await lockArea(trx, lock, username));
      const area = locked[locks.indexOf(areaId)];
      if (!area) return gone(M.areaMissing);
      // Read again behind the locks: another change may have moved or deleted it meanwhile.
      const existing = id === undefined ? undefined : await storedTable(trx, id);
      if (id !== undefined && !existing) return gone(M.tableMissing);
      if (existing && existing.area_id !== before?.area_id) return refused(M.tableChanged);
      const sameName = await trx
        .selectFrom("dining_tables")
        .select("id")
        .where("name_key", "=", row.name_key)
        .executeTakeFirst();
      if (sameName && sameName.id !== id) return refused(M.tableNameTaken(input.name), "name");
      const neighbours = (await tablesIn(trx, areaId)).filter((table) => table.id !== id);
      if (existing?.area_id !== areaId && neighbours.length >= planLimits.tablesPerArea)
        return refused(M.tooManyTables);
      const problem = placementProblem(row, area, neighbours);
      if (problem) return problem;
      if (!existing) {
        const inserted = await trx
          .insertInto("dining_tables")
          .values(row)
          .returning("id")
          .executeTakeFirstOrThrow();
        return { ok: true, id: inserted.id };
      }
      // Made smaller than a party that holds it, or taken away from the combinations parties hold:
      // staff move those parties first.
      const combinations = existing.area_id === areaId ? [] : await combinationsOf(trx, existing.id);
      await holdUnits(trx, { tableIds: [existing.id], combinationIds: combinations });
      const tooSmall = await futureHolders(
        trx,
        { tableIds: [existing.id] },
        {
          seatsMin: input.seats_min,
          seatsMax: input.seats_max,
        },
      );
      if (tooSmall.length > 0) return stillHeld(`Tisch ${existing.name}`, tooSmall);
      if (existing.area_id !== areaId) {
        const holders = await futureHolders(trx, { combinationIds: combinations });
        if (holders.length > 0) return stillHeld(`Tisch ${existing.name}`, holders);
      }
      // A table taken to another area leaves its combinations: they were of its old area.
      const note = existing.area_id === areaId ? undefined : await dropCombinationsOf(trx, existing.id);
      await trx.updateTable("dining_tables").set(row).where("id", "=", existing.id).execute();
      return { ok: true, id: existing.id, ...(note === undefined ? {} : { note }) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refused(M.tableNameTaken(input.name), "name");
    throw error;
  }
}

/** Puts a table somewhere else on its plan, or turns it: `change` says how, from where it stands. */
async function replaceTable(
  db: Db,
  id: number,
  username: string,
  change: (table: StoredTable) => Pick<StoredTable, "x" | "y" | "rotation">,
): Promise<PlanChange> {
  return inTransaction(db, async (trx) => {
    const before = await storedTable(trx, id);
    const area = before && (await lockArea(trx, before.area_id, username));
    // Read again behind the area's lock: another change may have moved it meanwhile.
    const table = area && (await storedTable(trx, id));
    if (!area || !table) return gone(M.tableMissing);
    if (table.area_id !== before.area_id) return refused(M.tableChanged);
    const placed = { ...table, ...change(table) };
    const neighbours = (await tablesIn(trx, table.area_id)).filter((other) => other.id !== id);
    const problem = placementProblem(placed, area, neighbours);
    if (problem) return problem;
    await trx
      .updateTable("dining_tables")
      .set({ x: placed.x, y: placed.y, rotation: placed.rotation })
      .where("id", "=", id)
      .execute();
    return { ok: true, id };
  });
}

export const moveTable = (db: Db, id: number, to: { x: number; y: number }, username: string) =>
  replaceTable(db, id, username, (table) => ({ ...to, rotation: table.rotation }));

/** 'Drehen': half a right angle further, clockwise. */
export const ROTATION_STEP = 45;

export const rotateTable = (db: Db, id: number, username: string) =>
  replaceTable(db, id, username, (table) => ({
    x: table.x,
    y: table.y,
    rotation: (table.rotation + ROTATION_STEP) % 360,
  }));

/**
 * The next free name in a series: '12' → '13', 'Fenster 3' → 'Fenster 4', 'Bar' → 'Bar 2';
 * undefined when it would be longer than a name may be.
 */
export function nextTableName(name: string, taken: ReadonlySet<string>): string | undefined {
  const match = /^(.*?)(\d+)$/.exec(name);
  const stem = match ? (match[1] ?? "") : `${name} `;
  // Counted on the digits themselves: '9999999999999999999999999' has no next number in a double.
  let number = match ? BigInt(match[2] ?? "0") + 1n : 2n;
  for (;;) {
    const candidate = `${stem}${number}`;
    if (candidate.length > planLimits.tableName || nameKey(candidate).length > planLimits.tableName)
      return undefined;
    if (!taken.has(nameKey(candidate))) return candidate;
    number += 1n;
  }
}

const SPOT_SEARCH_STEP = 100;

/** Where a copy of `table` may stand: beside it if there is room, else the first free spot on the plan. */
function freeSpotFor(
  table: StoredTable,
  plan: { width: number; height: number },
  others: readonly StoredTable[],
): { x: number; y: number } | undefined {
  const box = boundsOf(table);
  // Whole steps: a turned table's box is not a whole number of centimetres wide.
  const across = Math.ceil((box.right - box.left) / planLimits.step) * planLimits.step + planLimits.step;
  const down = Math.ceil((box.bottom - box.top) / planLimits.step) * planLimits.step + planLimits.step;
  const beside = [
    { x: table.x + across, y: table.y },
    { x: table.x, y: table.y + down },
    { x: table.x - across, y: table.y },
    { x: table.x, y: table.y - down },
  ];
  const fits = (spot: { x: number; y: number }) =>
    placementProblem({ ...table, ...spot }, plan, others) === undefined;
  const near = beside.find(fits);
  if (near) return near;
  // Every metre of the plan, at most 2,500 spots: the search holds the area's lock.
  for (let y = 0; y <= plan.height; y += SPOT_SEARCH_STEP)
    for (let x = 0; x <= plan.width; x += SPOT_SEARCH_STEP) if (fits({ x, y })) return { x, y };
  return undefined;
}

export async function duplicateTable(db: Db, id: number, username: string): Promise<PlanChange> {
  try {
    return await inTransaction(db, async (trx) => {
      const before = await storedTable(trx, id);
      const area = before && (await lockArea(trx, before.area_id, username));
      const table = area && (await storedTable(trx, id));
      if (!area || !table) return gone(M.tableMissing);
      if (table.area_id !== before.area_id) return refused(M.tableChanged);
      const neighbours = await tablesIn(trx, table.area_id);
      if (neighbours.length >= planLimits.tablesPerArea) return refused(M.tooManyTables);
      const names = await trx.selectFrom("dining_tables").select("name_key").execute();
      const name = nextTableName(table.name, new Set(names.map((row) => row.name_key)));
      if (name === undefined) return refused(M.noNameForCopy);
      const spot = freeSpotFor(table, area, neighbours);
      if (!spot) return refused(M.noRoomForCopy);
      const { id: _, ...copy } = table;
      const inserted = await trx
        .insertInto("dining_tables")
        .values({ ...copy, ...spot, name, name_key: nameKey(name) })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { ok: true, id: inserted.id };
    });
  } catch (error) {
    // The copy's name taken at the same moment by a table saved in another area.
    if (isUniqueViolation(error)) return refused(M.noNameForCopy);
    throw error;
  }
}

export async function deleteTable(db: Db, id: number, username: string): Promise<PlanChange> {
  return inTransaction(db, async (trx) => {
    const table = await storedTable(trx, id);
    if (!table || !(await lockArea(trx, table.area_id, username))) return gone(M.tableMissing);
    const units = { tableIds: [id], combinationIds: await combinationsOf(trx, id) };
    await holdUnits(trx, units);
    const holders = await futureHolders(trx, units);
    if (holders.length > 0) return stillHeld(`Tisch ${table.name}`, holders);
    const note = await dropCombinationsOf(trx, id);
    await trx.deleteFrom("dining_tables").where("id", "=", id).execute();
    return { ok: true, id, ...(note === undefined ? {} : { note }) };
  });
}

// ---------------------------------------------------------------------------------------------------
// Combinations

export async function saveCombination(
  db: Db,
  { id, input }: { id?: number | undefined; input: CombinationInput },
  username: string,
): Promise<PlanChange> {
  return inTransaction(db, async (trx) => {
    const tables = await trx
      .selectFrom("dining_tables")
      .select(["id", "area_id"])
      .where("id", "in", input.tables)
      .execute();
    if (tables.length !== input.tables.length) return gone(M.tableMissing);
    const areas = new Set(tables.map((table) => table.area_id));
    const [areaId] = areas;
    if (areas.size !== 1 || areaId === undefined) return refused(M.combinationAreas, "tables");
    if (!(await lockArea(trx, areaId, username))) return gone(M.areaMissing);
    // Read again behind the lock: a table taken to another area meanwhile is no longer this area's.
    const still = await trx
      .selectFrom("dining_tables")
      .select("id")
      .where("id", "in", input.tables)
      .where("area_id", "=", areaId)
      .execute();
    if (still.length !== input.tables.length) return refused(M.combinationAreas, "tables");
    if (id !== undefined) {
      const existing = await trx
        .selectFrom("table_combinations")
        .select("id")
        .where("id", "=", id)
        .executeTakeFirst();
      if (!existing) return gone(M.combinationMissing);
      await holdUnits(trx, { combinationIds: [id] });
      // Made smaller than a party that holds it: staff move that party first.
      const tooSmall = await futureHolders(
        trx,
        { combinationIds: [id] },
        {
          seatsMin: input.seats_min,
          seatsMax: input.seats_max,
        },
      );
      const plan = await readFloorPlan(trx);
      const stored = plan.combinations.find((combination) => combination.id === id);
      const label = stored ? combinationLabel(stored, plan.tables) : "Die Kombination";
      if (tooSmall.length > 0) return stillHeld(label, tooSmall);
      // Other tables under a held combination would seat its parties at tables others may hold.
      const sameTables =
        stored !== undefined &&
        stored.tableIds.length === input.tables.length &&
        input.tables.every((table) => stored.tableIds.includes(table));
      if (!sameTables) {
        const holders = await futureHolders(trx, { combinationIds: [id] });
        if (holders.length > 0) return stillHeld(label, holders);
      }
    }
    const same = (await readFloorPlan(trx)).combinations.find(
      (combination) =>
        combination.id !== id &&
        combination.tableIds.length === input.tables.length &&
        input.tables.every((table) => combination.tableIds.includes(table)),
    );
    if (same) return refused(M.combinationTaken, "tables");
    const row = { area_id: areaId, seats_min: input.seats_min, seats_max: input.seats_max };
    const combinationId =
      id ??
      (await trx.insertInto("table_combinations").values(row).returning("id").executeTakeFirstOrThrow()).id;
    if (id !== undefined) {
      await trx.updateTable("table_combinations").set(row).where("id", "=", id).execute();
      await trx.deleteFrom("table_combination_members").where("combination_id", "=", id).execute();
    }
    await trx
      .insertInto("table_combination_members")
      .values(input.tables.map((table) => ({ combination_id: combinationId, table_id: table })))
      .execute();
    return { ok: true, id: combinationId };
  });
}

export async function deleteCombination(db: Db, id: number, username: string): Promise<PlanChange> {
  return inTransaction(db, async (trx) => {
    const combination = await trx
      .selectFrom("table_combinations")
      .select("area_id")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!combination || !(await lockArea(trx, combination.area_id, username)))
      return gone(M.combinationMissing);
    await holdUnits(trx, { combinationIds: [id] });
    const holders = await futureHolders(trx, { combinationIds: [id] });
    if (holders.length > 0) {
      const plan = await readFloorPlan(trx);
      const stored = plan.combinations.find((one) => one.id === id);
      return stillHeld(stored ? combinationLabel(stored, plan.tables) : "Die Kombination", holders);
    }
    await trx.deleteFrom("table_combinations").where("id", "=", id).execute();
    return { ok: true, id };
  });
}

/** A whole plan to write at once: the areas in order, each with its closures, tables and combinations (by table name). */
export interface PlanDraft {
  areas: Array<
    AreaInput & {
      closures: ClosureInput[];
      tables: TableInput[];
      combinations: Array<Omit<CombinationInput, "tables"> & { tables: string[] }>;
    }
  >;
}

/**
 * Writes `draft` inside the caller's transaction (the demo content's, which must be all or nothing):
 * into a restaurant without a plan, so nothing it holds is checked against; the draft itself is —
 * a table off its plan or over another throws, and the transaction with it.
 */
export async function insertFloorPlan(trx: Trx, draft: PlanDraft, username: string): Promise<void> {
  const stamp = { updated_at: new Date().toISOString(), updated_by: username };
  for (const [index, area] of draft.areas.entries()) {
    const { id: areaId } = await trx
      .insertInto("floor_areas")
      .values({
        name: area.name,
        name_key: nameKey(area.name),
        sort_order: index + 1,
        online_bookable: area.online ? 1 : 0,
        plan_width: area.plan_width,
        plan_height: area.plan_height,
        ...stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const closure of area.closures)
      await trx
        .insertInto("floor_area_closures")
        .values({ area_id: areaId, starts_on: closure.from, ends_on: closure.to, note: closure.note })
        .execute();
    const ids = new Map<string, number>();
    const plan = { width: area.plan_width, height: area.plan_height };
    for (const [at, table] of area.tables.entries()) {
      if (!liesOnPlan(table, plan) || area.tables.slice(0, at).some((other) => tablesOverlap(table, other)))
        throw new Error(`table ${table.name} is off its plan or over another`);
      const { id } = await trx
        .insertInto("dining_tables")
        .values(tableRowOf(areaId, table))
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.set(table.name, id);
    }
    for (const combination of area.combinations) {
      const members = combination.tables.map((name) => ids.get(name));
      if (members.some((id) => id === undefined)) throw new Error(`a combination of unknown tables`);
      const { id } = await trx
        .insertInto("table_combinations")
        .values({ area_id: areaId, seats_min: combination.seats_min, seats_max: combination.seats_max })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("table_combination_members")
        .values(members.map((table) => ({ combination_id: id, table_id: table ?? 0 })))
        .execute();
    }
  }
  // The kept plan every availability question reads (assignments.server.ts) is read again.
  await bumpPageVersion(trx);
}
