import { afterEach, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import type { Database } from "../../../../db/database.types.ts";
import { addDays, berlinNow, berlinOffsetAt } from "../../../lib/calendar.ts";
import { completedVisits, insertReservation } from "../../../../tests/support/reservations.ts";
import { staffActionDependencies } from "../../../../tests/support/staff-actions.ts";
import { drawSmallPlan } from "../../../../tests/support/tables.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import type { ReservationStatus } from "../book/index.server.ts";
import { DEFAULT_SETTINGS } from "../book/reservation-settings.ts";
import { fixPlace, placeOf } from "../tables/index.server.ts";
import { addClosure } from "../tables/plan-store.server.ts";
import { handleServiceAction, loadServiceDay } from "./service-day.server.ts";
import type { ServiceDependencies } from "./service-answers.server.ts";
import { tableStates } from "./table-states.ts";

/**
 * The evening on the plan (decision 0057) as the service part answers it: when parties came and
 * left, a walk-in at a table the host chose, and the questions before a party sits where another
 * one sits or is due. The clock is fixed at 19:30 in Berlin three days from now.
 */

const berlinAt = (date: string, time: string) => {
  const wall = Date.parse(`${date}T${time}:00Z`);
  return new Date(wall - berlinOffsetAt(wall));
};

describe.each(testDatabases())("the evening on the plan on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  const date = addDays(berlinNow().date, 3);
  const now = berlinAt(date, "19:30");

  async function evening() {
    handle = await engine.open();
    const db = handle.db;
    const tables = await drawSmallPlan(db);
    const deps: ServiceDependencies = {
      ...staffActionDependencies(db),
      settings: DEFAULT_SETTINGS,
      now: () => now,
    };
    const table = (name: string) => `t${tables.get(name) ?? 0}` as const;
    const party = async (
      name: string,
      time: string,
      at: string,
      status: ReservationStatus = "CONFIRMED",
      partySize = 2,
    ) => {
      const id = await insertReservation(db, { name, date, time, partySize, status });
      await fixPlace(db, id, table(at));
      return id;
    };
    const post = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return (await handleServiceAction(form, deps)).result;
    };
    const versionOf = async (id: number) =>
      (
        await db
          .selectFrom("reservations")
          .select("updated_at")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).updated_at;
    const times = (id: number) =>
      db
        .selectFrom("reservations")
        .select(["status", "arrived_at", "left_at"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    const walkIns = () =>
      db.selectFrom("reservations").select(["id", "party_size"]).where("source", "=", "walk-in").execute();
    return { db, deps, tables, table, party, post, versionOf, times, walkIns };
  }

  it("keeps when a party came and left; 'Rückgängig' forgets what the tap said", async () => {
    const { party, post, versionOf, times } = await evening();
    const id = await party("Rossi", "19:00", "1");
    const mark = async (status: string) =>
      post({ intent: "mark", id: String(id), status, updated_at: await versionOf(id) });
    const undo = async (status: string) =>
      post({ intent: "undo", id: String(id), status, updated_at: await versionOf(id) });

    expect((await mark("ARRIVED")).outcome).toBe("done");
    const arrived = await times(id);
    expect(arrived.arrived_at).not.toBeNull();
    expect(arrived.left_at).toBeNull();
    expect((await mark("COMPLETED")).outcome).toBe("done");
    const left = await times(id);
    expect(left.arrived_at).toEqual(arrived.arrived_at);
    expect(left.left_at).not.toBeNull();
    // Back to the table: the same visit, only the leaving is forgotten.
    expect((await undo("ARRIVED")).outcome).toBe("done");
    expect(await times(id)).toMatchObject({
      status: "ARRIVED",
      arrived_at: arrived.arrived_at,
      left_at: null,
    });
    expect((await undo("CONFIRMED")).outcome).toBe("done");
    expect(await times(id)).toMatchObject({ status: "CONFIRMED", arrived_at: null, left_at: null });
  });

  it("shows the room and each party's tables and arrival, so the screen knows every table's state", async () => {
    const { db, deps, tables, party } = await evening();
    const rossi = await party("Rossi", "19:00", "1", "ARRIVED");
    await party("Bianchi", "19:45", "2");
    // Marked 'Eingetroffen' at 19:05 that day.
    await db
      .updateTable("reservations")
      .set({ arrived_at: berlinAt(date, "19:05").toISOString() })
      .where("id", "=", rossi)
      .execute();
    // Thirty couples stayed 84 minutes: the waits count with that, the table's states with the setting.
    await completedVisits(db, { date: addDays(date, -7), partySize: 2, minutes: Array(30).fill(84) });
    const day = await loadServiceDay(db, date, deps.settings, now);
    const floor = day.floor;
    expect(floor?.observedStays).toEqual({ small: 84 });
    expect(floor?.tables.map((one) => one.name)).toEqual(["1", "2", "4", "5"]);
    expect(floor?.units.map((unit) => unit.key)).toHaveLength(5);
    const entries = day.slots.flatMap((slot) => slot.entries);
    const entry = entries.find((one) => one.name === "Rossi");
    expect(entry).toMatchObject({ tableIds: [tables.get("1")], arrivedAt: "19:05" });
    const states = tableStates(
      deps.settings,
      [...tables.values()],
      entries.map((one) => ({ ...one, tableIds: one.tableIds ?? [] })),
      "19:30",
    );
    expect(states.get(tables.get("1") ?? 0)).toMatchObject({
      kind: "seated",
      since: "19:05",
      until: "20:35",
    });
    expect(states.get(tables.get("2") ?? 0)).toMatchObject({ kind: "due" });
    expect(states.get(tables.get("4") ?? 0)).toEqual({ kind: "free" });
  });

  it("seats a walk-in at the table the host chose, fixed there, and says where", async () => {
    const { db, table, post, walkIns } = await evening();
    const answer = await post({
      intent: "walk-in",
      party_size: "3",
      name: "",
      unit: table("4"),
      request_token: "k1",
    });
    expect(answer.outcome).toBe("done");
    expect(answer.notice?.title).toBe("Laufkundschaft an Tisch 4: 3 Personen.");
    const [walkIn] = await walkIns();
    expect(await placeOf(db, walkIn?.id ?? 0)).toMatchObject({ unit: table("4"), fixed: true });
  });

  it("asks before a walk-in sits where a party sits, is due, or is reserved before its stay ends; the host's yes seats it", async () => {
    const { party, table, post, walkIns } = await evening();
    await party("Verdi", "18:30", "1", "ARRIVED");
    await party("Bianchi", "19:50", "2");
    await party("Romano", "20:30", "4", "CONFIRMED", 4);
    const ask = (unit: string, size = 2) =>
      post({
        intent: "walk-in",
        party_size: String(size),
        name: "",
        unit,
        request_token: `k-${unit}-${size}`,
      });

    const taken = await ask(table("1"));
    expect(taken.overbooking?.message).toMatch(
      /^Tisch 1 ist noch belegt: Verdi, 2 Personen, seit 18:30 Uhr\./,
    );
    const due = await ask(table("2"));
    expect(due.overbooking?.message).toBe(
      "Tisch 2 ist für 19:50 Uhr reserviert: Bianchi, 2 Personen. Trotzdem hier setzen?",
    );
    // Three stay two hours: Romano comes at 20:30.
    const reserved = await ask(table("4"), 3);
    expect(reserved.overbooking?.message).toBe(
      "Tisch 4 ist ab 20:30 Uhr reserviert: Romano, 4 Personen. Trotzdem hier setzen?",
    );
    const tooMany = await ask(table("1"), 6);
    expect(tooMany.overbooking?.message).toBe("Tisch 1 ist für 1–2 Personen. Trotzdem hier setzen?");
    expect(await walkIns()).toEqual([]);

    // 'Trotzdem setzen' sends the same form with the host's yes.
    const values = reserved.overbooking?.values ?? {};
    expect(values).toMatchObject({ intent: "walk-in", party_size: "3", overbook: "ja" });
    expect((await post(values)).outcome).toBe("done");
    expect(await walkIns()).toHaveLength(1);
  });

  it("refuses a table that is not there today, or is no table, and stores nothing", async () => {
    const { db, post, walkIns, tables } = await evening();
    const closedArea = await db
      .selectFrom("dining_tables")
      .select("area_id")
      .where("id", "=", tables.get("1") ?? 0)
      .executeTakeFirstOrThrow();
    const walkIn = (unit: string) =>
      post({ intent: "walk-in", party_size: "2", name: "", unit, request_token: crypto.randomUUID() });
    expect((await walkIn("t999999")).notice?.description).toBe(
      "Diesen Tisch gibt es nicht mehr. Der Tischplan wurde inzwischen geändert.",
    );
    expect((await walkIn("Tisch 1")).notice?.description).toBe(
      "Diesen Tisch gibt es nicht mehr. Der Tischplan wurde inzwischen geändert.",
    );
    const closure = { from: date, to: date, note: "" };
    expect(
      await addClosure(db, closedArea.area_id, closure, { username: "chef", today: date }),
    ).toMatchObject({
      ok: true,
    });
    const closed = await walkIn(`t${tables.get("1")}`);
    expect(closed.outcome).toBe("failed");
    expect(closed.notice?.description).toBe("Tisch 1 steht heute in einem geschlossenen Bereich.");
    for (const size of ["0", "500", "x"])
      expect(
        (await post({ intent: "walk-in", party_size: size, name: "", unit: `t${tables.get("2")}` })).outcome,
      ).toBe("invalid");
    expect(
      (await post({ intent: "walk-in", party_size: "2", name: "x".repeat(10_000), unit: "t1" })).outcome,
    ).toBe("invalid");
    expect(await walkIns()).toEqual([]);
  });

  it("asks before 'Eingetroffen' on the plan seats a party where another still sits; the list's tap does not ask", async () => {
    const { party, post, versionOf, times } = await evening();
    await party("Verdi", "18:00", "1", "ARRIVED");
    const rossi = await party("Rossi", "19:30", "1");
    const arrive = async (extra: Record<string, string>) =>
      post({
        intent: "mark",
        id: String(rossi),
        status: "ARRIVED",
        updated_at: await versionOf(rossi),
        ...extra,
      });

    const asked = await arrive({ at_table: "1" });
    expect(asked.overbooking?.message).toMatch(
      /^Tisch 1 ist noch belegt: Verdi, 2 Personen, seit 18:00 Uhr\./,
    );
    expect((await times(rossi)).status).toBe("CONFIRMED");
    expect((await post(asked.overbooking?.values ?? {})).outcome).toBe("done");
    expect((await times(rossi)).status).toBe("ARRIVED");
  });

  it("of two hosts seating two parties at one table at once, the second is asked and nothing is lost", async () => {
    const { table, post, walkIns } = await evening();
    const [first, second] = await Promise.all(
      ["a", "b"].map((key) =>
        post({ intent: "walk-in", party_size: "2", name: key, unit: table("2"), request_token: key }),
      ),
    );
    const outcomes = [first?.outcome, second?.outcome].sort();
    expect(outcomes).toEqual(["done", "invalid"]);
    const asked = first?.outcome === "invalid" ? first : second;
    expect(asked?.overbooking?.message).toMatch(/^Tisch 2 ist noch belegt/);
    expect(await walkIns()).toHaveLength(1);
  });

  describe("the door's wait list", () => {
    const door = async (db: Kysely<Database>) => (await loadServiceDay(db, date, DEFAULT_SETTINGS, now)).door;

    it("refuses a party of 0 or 500 and a 10 kB name, and stores nothing", async () => {
      const { db, post } = await evening();
      const add = (fields: Record<string, string>) =>
        post({ intent: "door-add", name: "Gallo", party_size: "2", phone: "", notes: "", ...fields });
      expect((await add({ party_size: "0" })).fieldErrors?.party_size).toBe(
        "Die Personenanzahl muss eine ganze Zahl von 1 bis 100 sein.",
      );
      expect((await add({ party_size: "500" })).outcome).toBe("invalid");
      expect((await add({ name: "x".repeat(10_240) })).fieldErrors?.name).toBeDefined();
      expect((await add({ name: "  " })).fieldErrors?.name).toBe("Bitte geben Sie einen Namen ein.");
      expect((await add({ phone: "ruf mich an" })).fieldErrors?.phone).toBeDefined();
      expect(await door(db)).toEqual([]);
    });

    it("lists the parties in the order they came; seating one makes it a walk-in at the ready table, in one step", async () => {
      const { db, post, table, walkIns } = await evening();
      expect(
        (
          await post({
            intent: "door-add",
            name: "Gallo",
            party_size: "2",
            phone: "0171 555",
            notes: "Kinderstuhl",
          })
        ).outcome,
      ).toBe("done");
      expect(
        (await post({ intent: "door-add", name: "Conti", party_size: "4", phone: "", notes: "" })).outcome,
      ).toBe("done");
      const [gallo, conti] = await door(db);
      expect([gallo?.name, gallo?.partySize, gallo?.phone, gallo?.note, conti?.name]).toEqual([
        "Gallo",
        2,
        "0171 555",
        "Kinderstuhl",
        "Conti",
      ]);
      const seat = (entry: typeof gallo, unit: string) =>
        post({ intent: "door-seat", id: String(entry?.id), updated_at: entry?.updatedAt ?? "", unit });
      const seated = await seat(gallo, table("1"));
      expect(seated.outcome).toBe("done");
      expect(seated.notice?.title).toBe("Laufkundschaft an Tisch 1: 2 Personen.");
      const [walkIn] = await walkIns();
      const stored = await db
        .selectFrom("reservations")
        .select(["customer_name", "phone_number", "status"])
        .where("id", "=", walkIn?.id ?? 0)
        .executeTakeFirst();
      expect(stored).toEqual({ customer_name: "Gallo", phone_number: "0171 555", status: "ARRIVED" });
      expect((await door(db)).map((entry) => entry.name)).toEqual(["Conti"]);
      // The same tap again, from a screen that still showed Gallo: told, nothing stored twice.
      const again = await seat(gallo, table("2"));
      expect(again.notice?.description).toBe(
        "Die Warteliste wurde inzwischen geändert. Die Liste zeigt den aktuellen Stand.",
      );
      expect(await walkIns()).toHaveLength(1);

      // 'Rückgängig' of that walk-in: Gallo waits again, first in line.
      const undone = await post({
        intent: "undo-walk-in",
        id: String(walkIn?.id),
        updated_at: seated.undo?.updatedAt ?? "",
      });
      expect(undone.outcome).toBe("done");
      expect((await door(db)).map((entry) => entry.name)).toEqual(["Gallo", "Conti"]);
    });

    it("of two hosts seating one waiting party at once, one seats it and the other is told", async () => {
      const { db, post, table, walkIns } = await evening();
      await post({ intent: "door-add", name: "Gallo", party_size: "2", phone: "", notes: "" });
      const [gallo] = await door(db);
      const answers = await Promise.all(
        [table("1"), table("2")].map((unit) =>
          post({ intent: "door-seat", id: String(gallo?.id), updated_at: gallo?.updatedAt ?? "", unit }),
        ),
      );
      expect(answers.map((answer) => answer.outcome).sort()).toEqual(["done", "failed"]);
      expect(await walkIns()).toHaveLength(1);
      expect(await door(db)).toEqual([]);
    });

    it("takes a party that left off the list; 'Rückgängig' puts it back; a stale or forged tap is told", async () => {
      const { db, post } = await evening();
      await post({ intent: "door-add", name: "Gallo", party_size: "2", phone: "", notes: "" });
      const [gallo] = await door(db);
      const gone = await post({
        intent: "door-gone",
        id: String(gallo?.id),
        updated_at: gallo?.updatedAt ?? "",
      });
      expect(gone.notice?.title).toBe("Von der Warteliste genommen.");
      expect(await door(db)).toEqual([]);
      expect(
        (await post({ intent: "door-gone", id: String(gallo?.id), updated_at: gallo?.updatedAt ?? "" }))
          .outcome,
      ).toBe("failed");
      expect((await post({ intent: "door-gone", id: "abc", updated_at: "x" })).outcome).toBe("failed");
      const back = await post({
        intent: "door-back",
        id: String(gone.undo?.id),
        updated_at: gone.undo?.updatedAt ?? "",
      });
      expect(back.outcome).toBe("done");
      expect((await door(db)).map((entry) => entry.name)).toEqual(["Gallo"]);
    });
  });
});
