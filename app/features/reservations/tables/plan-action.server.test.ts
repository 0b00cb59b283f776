import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { addDays } from "../../../lib/calendar.ts";
import { berlinToday } from "../../../lib/format.ts";
import { recordingLogger } from "../../../../tests/support/silent-logger.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { planMessages as M } from "./floor-plan.ts";
import { handlePlanAction } from "./plan-action.server.ts";
import { readFloorPlan } from "./plan-store.server.ts";

const today = berlinToday();

const formOf = (intent: string, fields: Record<string, string | string[]>) => {
  const form = new FormData();
  form.append("intent", intent);
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  return form;
};

const tableFields = (areaId: number, fields: Record<string, string> = {}) => ({
  area_id: String(areaId),
  name: "1",
  seats_min: "2",
  seats_max: "4",
  shape: "square",
  x: "0",
  y: "0",
  width: "80",
  height: "80",
  rotation: "0",
  online: "on",
  ...fields,
});

describe.each(testDatabases())("'Tischplan' on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  async function opened() {
    handle = await engine.open();
    const { logger, entries } = recordingLogger();
    const deps = { db: handle.db, logger, username: "Giulia", today };
    const send = (intent: string, fields: Record<string, string | string[]> = {}) =>
      handlePlanAction(formOf(intent, fields), deps);
    const addArea = async (name: string) => {
      const answer = await send("area-save", { name, online: "on", plan_width: "1200", plan_height: "800" });
      expect(answer.result.outcome).toBe("done");
      return answer.result.targetId ?? 0;
    };
    const addTable = async (areaId: number, fields: Record<string, string> = {}) => {
      const answer = await send("table-save", tableFields(areaId, fields));
      expect(answer.result).toMatchObject({ outcome: "done" });
      return answer.result.targetId ?? 0;
    };
    return { send, addArea, addTable, entries, plan: () => readFloorPlan(handle.db) };
  }

  it("keeps areas and tables as drawn, in a host's order, and logs who changed them", async () => {
    const { send, addArea, addTable, entries, plan } = await opened();
    const inside = await addArea("Innenraum");
    const terrace = await addArea("Terrasse");
    await addTable(inside, { name: "10", x: "300" });
    await addTable(inside, { name: "2", shape: "rectangle", width: "160", height: "80", x: "100", y: "200" });
    await addTable(terrace, { name: "Fenster 3", shape: "round", width: "90", height: "", online: "" });
    expect((await send("area-up", { area_id: String(terrace) })).result.outcome).toBe("done");
    const stored = await plan();
    expect(stored.areas.map((area) => area.name)).toEqual(["Terrasse", "Innenraum"]);
    expect(stored.tables.map((table) => table.name)).toEqual(["2", "10", "Fenster 3"]);
    expect(stored.tables[1]).toMatchObject({
      areaId: inside,
      seatsMin: 2,
      seatsMax: 4,
      x: 300,
      onlineBookable: true,
    });
    // A round table is as deep as it is wide.
    expect(stored.tables[2]).toMatchObject({ shape: "round", width: 90, height: 90, onlineBookable: false });
    expect(entries.filter((entry) => entry.message === "floor plan changed")).toHaveLength(6);
    expect(entries.at(-1)).toMatchObject({ fields: { username: "Giulia", change: "area-up" } });
  });

  it("refuses bad tables with a German message beside the field, and changes nothing", async () => {
    const { send, addArea, addTable, plan } = await opened();
    const inside = await addArea("Innenraum");
    const terrace = await addArea("Terrasse");
    await addTable(inside, { name: "4" });
    const refusals: Array<[Record<string, string>, string, string]> = [
      [{ seats_min: "0" }, "seats_min", M.seats(40)],
      [{ seats_max: "100" }, "seats_max", M.seats(40)],
      [{ seats_min: "6", seats_max: "4" }, "seats_max", M.seatsOrder],
      [{ name: "  " }, "name", M.tableNameRequired],
      [{ name: "4" }, "name", M.tableNameTaken("4")],
      [{ name: " 4 " }, "name", M.tableNameTaken(" 4 ".trim())],
      [{ name: "5", x: "40", y: "40" }, "x", M.overlaps("4")],
      [{ name: "5", x: "1150" }, "x", M.offPlan],
      [{ name: "5", x: "-10" }, "x", M.offPlan],
      [{ name: "5", shape: "hexagon" }, "shape", M.shapeRequired],
      [{ name: "5", rotation: "360" }, "rotation", M.rotation],
      [{ name: "5", width: "10" }, "width", M.length],
    ];
    for (const [fields, field, message] of refusals) {
      const answer = await send("table-save", tableFields(inside, fields));
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.result.fieldErrors?.[field], JSON.stringify(fields)).toBe(message);
      expect(answer.result.values).toMatchObject(fields);
    }
    // The same name in another area is the same table name: names are unique in the restaurant.
    expect((await send("table-save", tableFields(terrace, { name: "4" }))).result.fieldErrors?.name).toBe(
      M.tableNameTaken("4"),
    );
    // Overlapping a table of another area is no overlap.
    await addTable(terrace, { name: "T1" });
    expect((await send("table-save", tableFields(9_999, { name: "6" }))).status).toBe(404);
    expect(
      (await send("table-save", { ...tableFields(inside, { name: "6" }), table_id: "abc" })).status,
    ).toBe(404);
    expect(
      (await send("table-save", { ...tableFields(inside, { name: "6" }), table_id: "9999" })).status,
    ).toBe(404);
    expect((await plan()).tables.map((table) => table.name)).toEqual(["4", "T1"]);
  });

  it("moves, turns, copies and deletes tables only where they fit", async () => {
    const { send, addArea, addTable, plan } = await opened();
    const inside = await addArea("Innenraum");
    const four = await addTable(inside, { name: "4", shape: "rectangle", width: "160", height: "80" });
    const five = await addTable(inside, { name: "5", x: "160" });
    expect(
      (await send("table-move", { table_id: String(five), x: "100", y: "0" })).result.fieldErrors?.x,
    ).toBe(M.overlaps("4"));
    expect(
      (await send("table-move", { table_id: String(five), x: "1180", y: "0" })).result.fieldErrors?.x,
    ).toBe(M.offPlan);
    expect((await send("table-move", { table_id: String(five), x: "500", y: "300" })).result.outcome).toBe(
      "done",
    );
    // Turned in the plan's corner, the long table would stick out; further in, it turns.
    expect((await send("table-rotate", { table_id: String(four) })).result.fieldErrors?.x).toBe(M.offPlan);
    expect((await send("table-move", { table_id: String(four), x: "0", y: "100" })).result.outcome).toBe(
      "done",
    );
    expect((await send("table-rotate", { table_id: String(four) })).result.fieldErrors?.x).toBe(M.offPlan);
    expect((await send("table-move", { table_id: String(four), x: "100", y: "100" })).result.outcome).toBe(
      "done",
    );
    expect((await send("table-rotate", { table_id: String(four) })).result.outcome).toBe("done");
    const copy = await send("table-duplicate", { table_id: String(five) });
    expect(copy.result.outcome).toBe("done");
    const stored = await plan();
    expect(stored.tables.map((table) => [table.name, table.x, table.y, table.rotation])).toEqual([
      ["4", 100, 100, 45],
      ["5", 500, 300, 0],
      ["6", 590, 300, 0],
    ]);
    expect((await send("table-delete", { table_id: String(copy.result.targetId) })).result.outcome).toBe(
      "done",
    );
    expect((await send("table-delete", { table_id: String(copy.result.targetId) })).status).toBe(404);
    expect((await send("table-move", { table_id: "0", x: "1", y: "1" })).status).toBe(404);
  });

  it("combines tables of one area, and a table's deletion takes its combinations along", async () => {
    const { send, addArea, addTable, plan } = await opened();
    const inside = await addArea("Innenraum");
    const terrace = await addArea("Terrasse");
    const four = await addTable(inside, { name: "4" });
    const five = await addTable(inside, { name: "5", x: "80" });
    const t1 = await addTable(terrace, { name: "T1" });
    const combine = (tables: number[], fields: Record<string, string> = {}) =>
      send("combination-save", { tables: tables.map(String), seats_min: "5", seats_max: "8", ...fields });
    expect((await combine([four])).result.fieldErrors?.tables).toBe(M.combinationTables);
    expect((await combine([four, four])).result.fieldErrors?.tables).toBe(M.combinationTables);
    expect((await combine([four, t1])).result.fieldErrors?.tables).toBe(M.combinationAreas);
    expect((await combine([four, 9_999])).status).toBe(404);
    expect((await combine([four, five], { seats_min: "9" })).result.fieldErrors?.seats_max).toBe(
      M.seatsOrder,
    );
    expect((await combine([four, five], { seats_max: "100" })).result.fieldErrors?.seats_max).toBe(
      M.seats(99),
    );
    expect((await combine([five, four])).result.outcome).toBe("done");
    expect((await combine([four, five])).result.fieldErrors?.tables).toBe(M.combinationTaken);
    expect((await plan()).combinations).toEqual([
      expect.objectContaining({ areaId: inside, tableIds: [four, five], seatsMin: 5, seatsMax: 8 }),
    ]);
    expect((await send("area-delete", { area_id: String(inside) })).result.notice?.description).toBe(
      M.areaHasTables,
    );
    const deleted = await send("table-delete", { table_id: String(five) });
    expect(deleted.result.notice?.description).toBe(M.combinationsDropped(["Tisch 4 + 5"]));
    expect((await plan()).combinations).toEqual([]);
  });

  it("refuses an area name twice, a plan too small for its tables, and a closure that is over", async () => {
    const { send, addArea, addTable, plan } = await opened();
    const inside = await addArea("Innenraum");
    await addTable(inside, { name: "1", x: "900" });
    const area = (fields: Record<string, string>) =>
      send("area-save", {
        name: "Innenraum",
        online: "on",
        plan_width: "1200",
        plan_height: "800",
        ...fields,
      });
    expect((await area({})).result.fieldErrors?.name).toBe(M.areaNameTaken("Innenraum"));
    expect((await area({ name: "INNENRAUM " })).result.fieldErrors?.name).toBe(M.areaNameTaken("INNENRAUM"));
    expect((await area({ area_id: String(inside), plan_width: "900" })).result.fieldErrors?.plan_width).toBe(
      M.planTooSmall("1"),
    );
    expect((await area({ area_id: String(inside), plan_width: "100" })).result.fieldErrors?.plan_width).toBe(
      M.planSize,
    );
    expect((await area({ area_id: String(inside), online: "", plan_width: "980" })).result.outcome).toBe(
      "done",
    );
    const closure = (fields: Record<string, string>) =>
      send("closure-add", { area_id: String(inside), from: today, to: today, note: "Regen", ...fields });
    expect((await closure({ from: addDays(today, -3), to: addDays(today, -1) })).result.fieldErrors?.to).toBe(
      M.closurePast,
    );
    expect((await closure({ to: addDays(today, -1) })).result.fieldErrors?.to).toBe(M.closureOrder);
    expect((await closure({ from: "2026-02-30" })).result.fieldErrors?.from).toBe(M.closureDate);
    expect((await closure({})).result.outcome).toBe("done");
    const stored = await plan();
    expect(stored.areas).toEqual([
      expect.objectContaining({
        name: "Innenraum",
        onlineBookable: false,
        width: 980,
        closures: [expect.objectContaining({ from: today, to: today, note: "Regen" })],
      }),
    ]);
    const closureId = String(stored.areas[0]?.closures[0]?.id);
    expect((await send("closure-delete", { closure_id: closureId })).result.outcome).toBe("done");
    expect((await send("closure-delete", { closure_id: closureId })).status).toBe(404);
    expect((await send("area-delete", { area_id: "12345" })).status).toBe(404);
    expect((await send("no-such-change")).status).toBe(400);
  });

  it("answers hostile and racing changes with a message, never a server error", async () => {
    const { send, addArea, addTable, plan } = await opened();
    const inside = await addArea("Innenraum");
    const terrace = await addArea("Terrasse");
    const third = await addArea("Bar");
    // A copy of a turned table stands on whole centimetres.
    const turned = await addTable(inside, {
      name: "4",
      shape: "rectangle",
      width: "160",
      height: "80",
      x: "200",
      y: "200",
      rotation: "45",
    });
    expect((await send("table-duplicate", { table_id: String(turned) })).result.outcome).toBe("done");
    for (const table of (await plan()).tables) expect([table.x % 10, table.y % 10]).toEqual([0, 0]);
    // A copy whose name would be too long is refused; a long number is counted on its digits.
    const long = await addTable(inside, { name: "Tisch am Fenster zum Garten 99", x: "600" });
    expect((await send("table-duplicate", { table_id: String(long) })).result.notice?.description).toBe(
      M.noNameForCopy,
    );
    const digits = await addTable(inside, { name: "9".repeat(25), x: "800" });
    expect((await send("table-duplicate", { table_id: String(digits) })).result.outcome).toBe("done");
    expect((await plan()).tables.map((table) => table.name)).toContain(`1${"0".repeat(25)}`);
    // Letters that grow in lower case: refused as too long, not failed in the database.
    expect(
      (await send("table-save", tableFields(inside, { name: "İ".repeat(30), x: "1000" }))).result.fieldErrors
        ?.name,
    ).toBe(M.tableNameTooLong);
    expect(
      (await send("area-save", { name: "İ".repeat(60), plan_width: "1200", plan_height: "800" })).result
        .fieldErrors?.name,
    ).toBe(M.areaNameTooLong);
    // Combination ids beyond any row, and more of them than an area has tables.
    const combine = (tables: string[]) =>
      send("combination-save", { tables, seats_min: "2", seats_max: "8" });
    expect((await combine([String(turned), "9999999999"])).result.fieldErrors?.tables).toBe(
      M.combinationTables,
    );
    expect(
      (await combine(Array.from({ length: 5_000 }, (_, index) => String(index + 1)))).result.fieldErrors
        ?.tables,
    ).toBe(M.combinationTables);
    // Far beyond the plan: told so.
    expect(
      (await send("table-move", { table_id: String(turned), x: "6000", y: "0" })).result.fieldErrors?.x,
    ).toBe(M.offPlan);
    // A closure without a note field has the empty note.
    expect(
      (await send("closure-add", { area_id: String(inside), from: today, to: today })).result.outcome,
    ).toBe("done");

    // Two owners at once: reordering the areas, and tables crossing between areas in both directions.
    const a = await addTable(terrace, { name: "T1" });
    const b = await addTable(third, { name: "B1" });
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, index) =>
        send(index % 2 === 0 ? "area-up" : "area-down", {
          area_id: String([inside, terrace, third][index % 3]),
        }),
      ),
      send("table-save", { ...tableFields(third, { name: "T1", x: "300" }), table_id: String(a) }),
      send("table-save", { ...tableFields(terrace, { name: "B1", x: "500" }), table_id: String(b) }),
    ]);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    const stored = await plan();
    expect(new Set(stored.areas.map((area) => area.id)).size).toBe(3);
    expect(stored.tables.find((table) => table.id === a)?.areaId).toBe(third);
    expect(stored.tables.find((table) => table.id === b)?.areaId).toBe(terrace);
  });
});
