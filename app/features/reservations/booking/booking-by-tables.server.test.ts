import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { contentDefaults } from "../../../common/content/defaults.ts";
import { createMailer, type MailTransport } from "../../../common/mail/mailer.server.ts";
import { addDays } from "../../../lib/calendar.ts";
import { berlinToday } from "../../../lib/format.ts";
import { recordingLogger } from "../../../../tests/support/silent-logger.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { dayOptions } from "../availability/seat-rule.ts";
import { holdingOn, seatTheDay } from "../availability/table-seating.server.ts";
import { stayFor } from "../availability/seat-rule.ts";
import { adminMessages as A } from "../book/terms.ts";
import { DEFAULT_SETTINGS, type ReservationSettings } from "../book/reservation-settings.ts";
import type { StaffReservationValues } from "../book/form-schemas.ts";
import { handlePlanAction } from "../tables/plan-action.server.ts";
import { submitReservationRequest } from "./guest-request.server.ts";
import { OverbookingError } from "./overbooking.server.ts";
import { addByStaff, changeByStaff } from "./staff-booking.server.ts";
import { handleAdminAction, loadList } from "./book-admin.server.ts";
import { loadServiceDay } from "../service/service-day.server.ts";
import { staffFreeSeats } from "../availability/staff-api.server.ts";
import {
  readReservationSettings,
  readSettingsOn,
  saveReservationSettings,
} from "../settings/settings-store.server.ts";
import { handleSettingsAction } from "../settings/settings-action.server.ts";
import { settingsFormFields } from "../settings/settings-form.ts";
import { settingsDraftOf } from "../settings/settings-schema.ts";
import { openEveryDay } from "../../../../tests/support/opening-hours.ts";
import { guestRequestDeps, holdDateLock } from "../../../../tests/support/reservations.ts";

/**
 * Booking by tables (decision 0053): once tables are drawn, a time is free for a party when a table or
 * combination seats it for its whole stay, every reservation that holds seats is given the best fit
 * when it is stored, and unfixed parties move to make room — on SQLite and PostgreSQL.
 */
const today = berlinToday();
// A date ahead of the real today (the plan's closures must not be over), on every weekday open.
const date = addDays(today, 5);
const hours = openEveryDay;
const settings: ReservationSettings = { ...DEFAULT_SETTINGS, leadMinutes: 0 };
const transport: MailTransport = { async send() {}, close() {} };

const planForm = (intent: string, fields: Record<string, string | string[]>) => {
  const form = new FormData();
  form.append("intent", intent);
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  return form;
};

const guestForm = (token: string, partySize: number, time = "19:00") => {
  const form = new FormData();
  const fields = {
    name: `Gast ${token}`,
    email: `gast.${token}@example.de`,
    date,
    time,
    party_size: String(partySize),
    request_token: `form-${token}`,
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
};

const SMALL_PLAN = {
  "1": { seats: [1, 2], x: 0 },
  "2": { seats: [1, 2], x: 100 },
  "4": { seats: [2, 4], x: 300 },
  "5": { seats: [2, 4], x: 400 },
} as const satisfies Record<string, { seats: [number, number]; x: number }>;

describe.each(testDatabases())("booking by tables on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  async function opened() {
    handle = await engine.open();
    const { logger } = recordingLogger();
    const plan = (intent: string, fields: Record<string, string | string[]> = {}) =>
      handlePlanAction(planForm(intent, fields), { db: handle.db, logger, username: "Giulia", today });
    const area = async (name: string, online = true) => {
      const answer = await plan("area-save", {
        name,
        ...(online ? { online: "on" } : {}),
        plan_width: "1200",
        plan_height: "800",
      });
      return answer.result.targetId ?? 0;
    };
    const tables = new Map<string, number>();
    const table = async (areaId: number, name: string, seats: [number, number], x: number, online = true) => {
      const answer = await plan("table-save", {
        area_id: String(areaId),
        name,
        seats_min: String(seats[0]),
        seats_max: String(seats[1]),
        shape: "square",
        x: String(x),
        y: "0",
        width: "80",
        height: "80",
        rotation: "0",
        ...(online ? { online: "on" } : {}),
      });
      expect(answer.result.outcome).toBe("done");
      tables.set(name, answer.result.targetId ?? 0);
      return answer.result.targetId ?? 0;
    };
    const combine = async (names: string[], seats: [number, number]) => {
      const answer = await plan("combination-save", {
        tables: names.map((name) => String(tables.get(name))),
        seats_min: String(seats[0]),
        seats_max: String(seats[1]),
      });
      expect(answer.result.outcome).toBe("done");
      const row = await handle.db
        .selectFrom("table_combinations")
        .select("id")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const deps = (client = "192.0.2.1") =>
      guestRequestDeps(handle.db, { logger, clientAddress: client, hours, settings });
    const request = (token: string, partySize: number, time = "19:00", client = "192.0.2.1") =>
      submitReservationRequest(guestForm(token, partySize, time), deps(client));
    /** Where each stored party sits, by the guest's name: a table's name, '4 + 5', or '—'. */
    const seated = async () => {
      const rows = await handle.db
        .selectFrom("reservations")
        .leftJoin("table_assignments", "table_assignments.reservation_id", "reservations.id")
        .select([
          "reservations.customer_name",
          "table_assignments.table_id",
          "table_assignments.combination_id",
          "table_assignments.fixed",
        ])
        .orderBy("reservations.id")
        .execute();
      const nameOf = new Map([...tables].map(([name, id]) => [id, name]));
      const members = await handle.db.selectFrom("table_combination_members").selectAll().execute();
      return Object.fromEntries(
        rows.map((row) => [
          row.customer_name.replace("Gast ", ""),
          row.table_id !== null
            ? nameOf.get(row.table_id)
            : row.combination_id !== null
              ? members
                  .filter((member) => member.combination_id === row.combination_id)
                  .map((member) => nameOf.get(member.table_id))
                  .sort()
                  .join(" + ")
              : "—",
        ]),
      );
    };
    const times = async (partySize: number, byStaff = false) => {
      const options = dayOptions({
        date,
        partySize,
        settings,
        hours,
        byStaff,
        ...(await holdingOn(settings, handle.db, date)),
      });
      return options.kind === "closed" || options.kind === "outside"
        ? []
        : options.times.filter((option) => option.free).map((option) => option.time);
    };
    /** 'Innenraum' with the named tables of the small plan (two-tops 1, 2; four-tops 4, 5) and 'Tisch 4 + 5'. */
    const smallPlan = async (names: ReadonlyArray<keyof typeof SMALL_PLAN>) => {
      const inside = await area("Innenraum");
      for (const name of names) await table(inside, name, SMALL_PLAN[name].seats, SMALL_PLAN[name].x);
      await combine(["4", "5"], [5, 8]);
      return inside;
    };
    return { plan, area, table, combine, smallPlan, request, seated, times, tables };
  }

  it("gives six people the combination 4 + 5 and two people a two-top while one is free", async () => {
    const { smallPlan, request, seated } = await opened();
    await smallPlan(["1", "2", "4", "5"]);
    expect((await request("sechs", 6)).status).toBe(200);
    expect((await request("zwei", 2)).status).toBe(200);
    expect((await request("noch-zwei", 2)).status).toBe(200);
    expect(await seated()).toEqual({ sechs: "4 + 5", zwei: "1", "noch-zwei": "2" });
    // The service view says it too.
    const evening = await loadServiceDay(handle.db, date, settings);
    expect(
      evening.slots.flatMap((slot) => slot.entries.map((entry) => [entry.name, entry.place?.label])),
    ).toEqual([
      ["Gast sechs", "Tisch 4 + 5"],
      ["Gast zwei", "Tisch 1"],
      ["Gast noch-zwei", "Tisch 2"],
    ]);
    // A third couple at 19:00 finds no table: the fours are the combination's.
    const refused = await request("dritte", 2);
    expect(refused.status).toBe(409);
    expect(refused.result).toMatchObject({
      status: "refused",
      fieldErrors: { time: expect.stringMatching(/^Diese Uhrzeit ist gerade ausgebucht\./) },
    });
    // Later, when the first parties have gone, there is room again.
    expect((await request("spaet", 2, "21:30")).status).toBe(200);
    expect((await seated())["spaet"]).toBe("1");
  });

  it("shows the list and the service view without the places when they cannot be read, and says so in the log", async () => {
    const { smallPlan, request } = await opened();
    await smallPlan(["1", "4", "5"]);
    expect((await request("zwei", 2)).status).toBe(200);
    // The plan is kept in memory; the places are read each time, and here they fail.
    await sql`drop table table_assignments`.execute(handle.db);
    const { logger, entries } = recordingLogger();
    const list = await loadList(handle.db, { mode: "date", date }, logger, settings);
    expect(list).toMatchObject({ ok: true, reservations: [{ customer_name: "Gast zwei" }] });
    expect(list.ok && list.places).toBeUndefined();
    const evening = await loadServiceDay(handle.db, date, settings, new Date(), logger);
    expect(evening.slots.flatMap((slot) => slot.entries.map((entry) => [entry.name, entry.place]))).toEqual([
      ["Gast zwei", undefined],
    ]);
    expect(entries.filter((entry) => entry.message === "table places failed")).toHaveLength(2);
  });

  it("offers exactly the times at which a table or combination seats the party", async () => {
    const { smallPlan, request, times } = await opened();
    await smallPlan(["1", "4", "5"]);
    // Nothing seats nine; everything seats six before anyone booked.
    expect(await times(9)).toEqual([]);
    const allSix = await times(6);
    expect(allSix).toContain("19:00");
    expect((await request("sechs", 6)).status).toBe(200);
    const six = await times(6);
    // Six people stay 120 minutes (DEFAULT_SETTINGS): every start from 17:30 to 20:30 overlaps 19:00–21:00.
    expect(six.filter((time) => time >= "17:30" && time < "21:00")).toEqual([]);
    expect(six).toContain("12:00");
    // Two people still find the two-top at 19:00.
    expect(await times(2)).toContain("19:00");
  });

  it("moves a party not fixed to its table to make room, onto a table that still fits it", async () => {
    const { smallPlan, table, request, seated } = await opened();
    const inside = await smallPlan(["1", "4", "5"]);
    await request("a", 2);
    await request("b", 2);
    expect(await seated()).toEqual({ a: "1", b: "4" });
    // A new two-top: 'b' could sit there, and the six need the combination 4 + 5.
    await table(inside, "2", [1, 2], 100);
    expect((await request("sechs", 6)).status).toBe(200);
    expect(await seated()).toEqual({ a: "1", b: "2", sechs: "4 + 5" });
  });

  it("never moves a party staff fixed to its table", async () => {
    const { smallPlan, table, request, seated } = await opened();
    const inside = await smallPlan(["1", "4", "5"]);
    await request("a", 2);
    await request("b", 2);
    await handle.db.updateTable("table_assignments").set({ fixed: 1 }).execute();
    await table(inside, "2", [1, 2], 100);
    expect((await request("sechs", 6)).status).toBe(409);
    expect(await seated()).toEqual({ a: "1", b: "4" });
  });

  it("offers guests only online-bookable tables in open areas; staff may seat at any", async () => {
    const { plan, area, table, times, request } = await opened();
    const inside = await area("Innenraum");
    const terrace = await area("Terrasse");
    await table(inside, "Stammtisch", [2, 8], 0, false);
    await table(terrace, "T1", [2, 4], 0);
    expect(await times(6)).toEqual([]);
    expect(await times(6, true)).toContain("19:00");
    expect(await times(4)).toContain("19:00");
    expect((await request("draussen", 4, "12:00")).status).toBe(200);
    // 'Terrasse geschlossen: Regen' on that date: its tables are not offered, and the party already
    // seated there is flagged for staff.
    const closed = await plan("closure-add", {
      area_id: String(terrace),
      from: date,
      to: date,
      note: "Regen",
    });
    expect(closed.result.outcome).toBe("done");
    expect(await times(4)).toEqual([]);
    const { logger } = recordingLogger();
    const list = await loadList(handle.db, { mode: "date", date }, logger, settings);
    expect(list.ok && list.places).toMatchObject({ 1: { label: "Tisch T1", closedArea: true } });
  });

  it("asks staff 'Überbucht' when no table is free, and stores the party without a table when they insist", async () => {
    const { area, table, request, seated } = await opened();
    const inside = await area("Innenraum");
    await table(inside, "4", [2, 4], 0);
    await request("a", 4);
    const values: StaffReservationValues = {
      customer_name: "Gast telefon",
      email: null,
      phone_number: null,
      reservation_date: date,
      reservation_time: "19:30",
      party_size: 3,
      notes: null,
      status: "CONFIRMED",
    };
    const refusal = await addByStaff(handle.db, { values, settings }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(OverbookingError);
    expect((refusal as OverbookingError).overbooking).toMatchObject({ time: "19:30", noTableFor: 3 });
    expect(A.overbookedNoTable("19:30", 3)).toBe(
      "Überbucht: Um 19:30 ist kein Tisch für 3 Personen frei. Trotzdem speichern?",
    );
    const added = await addByStaff(handle.db, { values, settings, override: true });
    expect(await seated()).toEqual({ a: "4", telefon: "—" });
    // The staff list says where each party sits, and which has none.
    const { logger } = recordingLogger();
    const list = await loadList(handle.db, { mode: "date", date }, logger, settings);
    expect(list.ok && list.places).toMatchObject({
      1: { label: "Tisch 4", closedArea: false },
      [added.reservation.id]: { label: "Kein Tisch", closedArea: false },
    });
    // Once the first party cancels, the next change of the day seats the one without a table.
    await changeByStaff(handle.db, 1, { status: "CANCELLED" }, { settings });
    await changeByStaff(handle.db, added.reservation.id, { status: "ARRIVED" }, { settings, override: true });
    expect((await seated())["telefon"]).toBe("4");
  });

  it("'Tisch ändern' fixes a party at the table staff chose, asks when it is taken, and refuses forged tables", async () => {
    const { area, table, plan, request, seated, tables } = await opened();
    const inside = await area("Innenraum");
    const terrace = await area("Terrasse");
    await table(inside, "1", [1, 2], 0);
    await table(inside, "2", [1, 2], 100);
    await table(terrace, "T1", [2, 4], 0);
    await plan("closure-add", { area_id: String(terrace), from: date, to: date, note: "Regen" });
    await request("a", 2);
    await request("b", 2);
    expect(await seated()).toEqual({ a: "1", b: "2" });
    const { logger } = recordingLogger();
    const mailer = createMailer({ db: handle.db, logger, transport, from: undefined, retryBaseMs: 60_000 });
    const adminDeps = {
      db: handle.db,
      logger,
      mailer,
      mail: {
        contact: contentDefaults["global.contact"],
        notifyEmail: undefined,
        siteOrigin: "http://localhost",
      },
      username: "Marco",
      settings,
    };
    const version = async (id: number) =>
      (
        await handle.db
          .selectFrom("table_assignments")
          .select("assigned_at")
          .where("reservation_id", "=", id)
          .executeTakeFirst()
      )?.assigned_at ?? "";
    const choose = async (id: number, unit: string, extra: Record<string, string> = {}) => {
      const form = new FormData();
      const fields = { intent: "table", id: String(id), unit, place_version: await version(id), ...extra };
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      return handleAdminAction(form, adminDeps);
    };
    const one = `t${tables.get("1")}`;
    // 'a' sits at 1: putting 'b' there is asked about first, and nothing changes.
    const asked = await choose(2, one);
    expect(asked.status).toBe(409);
    expect(asked.result.overbooking).toMatchObject({
      message: "Tisch 1 ist um 19:00 belegt. Trotzdem zuweisen?",
      title: "Tisch belegt",
      confirm: "Trotzdem zuweisen",
    });
    expect(await seated()).toEqual({ a: "1", b: "2" });
    // 'Trotzdem zuweisen': 'b' is fixed at 1, and 'a', not fixed, is seated again at 2.
    const forced = await choose(2, one, { overbook: "ja" });
    expect(forced.result).toMatchObject({
      outcome: "done",
      info: { message: "Tisch 1 ist jetzt für Gast b reserviert." },
    });
    expect(await seated()).toEqual({ a: "2", b: "1" });
    const fixed = await handle.db
      .selectFrom("table_assignments")
      .select(["reservation_id", "fixed"])
      .orderBy("reservation_id")
      .execute();
    expect(fixed).toEqual([
      { reservation_id: 1, fixed: 0 },
      { reservation_id: 2, fixed: 1 },
    ]);
    // A version the screen showed before that change: the later of two staff is told it changed.
    const stale = new FormData();
    for (const [key, value] of Object.entries({
      intent: "table",
      id: "1",
      unit: one,
      place_version: "2020-01-01T00:00:00.000Z",
    }))
      stale.set(key, value);
    expect((await handleAdminAction(stale, adminDeps)).status).toBe(409);
    // A table of an area closed that day, one that does not exist, and nonsense: refused, nothing changed.
    const closedTable = await choose(1, `t${tables.get("T1")}`, { overbook: "ja" });
    expect(closedTable.status).toBe(400);
    expect(closedTable.result.info?.message).toMatch(/Tisch T1 steht am .* in einem geschlossenen Bereich\./);
    expect((await choose(1, "t99999", { overbook: "ja" })).status).toBe(404);
    expect((await choose(1, "x1")).status).toBe(400);
    expect((await choose(1, "t99999999999")).status).toBe(400);
    expect(await seated()).toEqual({ a: "2", b: "1" });
    // Two staff moving one party at once from the same screen: one is done, the other told it changed.
    const shown = await version(1);
    const [first, second] = await Promise.all([
      choose(1, `t${tables.get("1")}`, { overbook: "ja", place_version: shown }),
      choose(1, `t${tables.get("2")}`, { overbook: "ja", place_version: shown }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((answer) => answer.status === 409)?.result.info?.message).toBe(
      A.changedMeanwhile,
    );
    await choose(1, `t${tables.get("2")}`, { overbook: "ja" });
    await choose(2, one, { overbook: "ja" });
    expect(await seated()).toEqual({ a: "2", b: "1" });
    // 'Automatisch': the book chooses again.
    const auto = await choose(2, "auto");
    expect(auto.result.info?.message).toBe("Der Tisch für Gast b wird wieder automatisch gewählt: Tisch 1.");
    expect(
      await handle.db
        .selectFrom("table_assignments")
        .select("fixed")
        .where("reservation_id", "=", 2)
        .executeTakeFirst(),
    ).toEqual({ fixed: 0 });
  });

  it("makes 'Plätze gesamt' the tables' seats, and keeps the typed ones for a plan without tables", async () => {
    const { area, table, plan, tables } = await opened();
    await saveReservationSettings(handle.db, { ...settings, totalSeats: 60, onlineSeats: 50 }, "Giulia");
    const inside = await area("Innenraum");
    const back = await area("Hinterzimmer", false);
    await table(inside, "1", [1, 2], 0);
    await table(inside, "4", [2, 4], 300, false);
    await table(back, "B", [6, 10], 0);
    expect(await readReservationSettings(handle.db)).toMatchObject({
      totalSeats: 16,
      onlineSeats: 2,
      seatsFromTables: true,
    });
    // A date the back room is closed: the staff figures of that day count only what is open.
    await plan("closure-add", { area_id: String(back), from: date, to: date, note: "Umbau" });
    const logger = recordingLogger().logger;
    expect(await readSettingsOn(handle.db, logger, date)).toMatchObject({ totalSeats: 6, onlineSeats: 2 });
    expect(await readSettingsOn(handle.db, logger, addDays(date, 1))).toMatchObject({ totalSeats: 16 });
    // Saved while tables decide: the other settings change, the typed seats stay as they were.
    await saveReservationSettings(
      handle.db,
      { ...settings, totalSeats: null, onlineSeats: null, leadMinutes: 60 },
      "Giulia",
    );
    for (const name of ["1", "4", "B"]) await plan("table-delete", { table_id: String(tables.get(name)) });
    const after = await readReservationSettings(handle.db);
    expect(after).toMatchObject({ totalSeats: 60, onlineSeats: 50, leadMinutes: 60 });
    expect(after.seatsFromTables).toBeUndefined();
    // The screen opened while tables decided has no seat inputs: saved after the last table went, the
    // typed seats still stay.
    const stale = new FormData();
    stale.set("intent", "save");
    for (const [name, value] of settingsFormFields(settingsDraftOf({ ...after, leadMinutes: 30 })))
      if (name !== "totalSeats" && name !== "onlineSeats") stale.append(name, value);
    const saved = await handleSettingsAction(stale, {
      db: handle.db,
      logger: recordingLogger().logger,
      username: "Giulia",
      today,
    });
    expect(saved.result.outcome).toBe("done");
    expect(await readReservationSettings(handle.db)).toMatchObject({
      totalSeats: 60,
      onlineSeats: 50,
      leadMinutes: 30,
    });
  });

  it("refuses to delete or shrink a table or combination that future reservations hold, naming them", async () => {
    const { plan, area, table, combine, request, tables } = await opened();
    const inside = await area("Innenraum");
    await table(inside, "4", [2, 4], 300);
    await table(inside, "5", [2, 4], 400);
    const combination = await combine(["4", "5"], [5, 8]);
    await request("sechs", 6);
    expect((await request("vier", 4, "12:00")).status).toBe(200);
    const four = String(tables.get("4"));
    const held = new RegExp(
      `^Tisch 4 ist noch reserviert: .*12:00 Uhr Gast vier \\(4 Personen\\), .*19:00 Uhr Gast sechs \\(6 Personen\\)\\.`,
    );
    const deleted = await plan("table-delete", { table_id: four });
    expect(deleted.result.outcome).not.toBe("done");
    expect(deleted.result.notice?.description ?? "").toMatch(held);
    const combinationGone = await plan("combination-delete", { combination_id: String(combination) });
    expect(combinationGone.result.notice?.description).toMatch(
      /^Tisch 4 \+ 5 ist noch reserviert: .*19:00 Uhr Gast sechs \(6 Personen\)\. Geben Sie diesen Reservierungen zuerst mit „Tisch ändern“ einen anderen Tisch\.$/,
    );
    // Made smaller than the party that holds it: refused; a change that still seats it is fine.
    const shrink = (seatsMax: string) =>
      plan("table-save", {
        area_id: String(inside),
        table_id: four,
        name: "4",
        seats_min: "1",
        seats_max: seatsMax,
        shape: "square",
        x: "300",
        y: "0",
        width: "80",
        height: "80",
        rotation: "0",
        online: "on",
      });
    // 'vier' sits at 4 (the first of two that fit as well).
    expect((await shrink("3")).result.notice?.description).toMatch(
      /^Tisch 4 ist noch reserviert: .*12:00 Uhr Gast vier \(4 Personen\)\./,
    );
    expect((await shrink("6")).result.outcome).toBe("done");
    // Other tables under the held combination: refused too.
    await table(inside, "6", [2, 4], 500);
    const regroup = await plan("combination-save", {
      combination_id: String(combination),
      tables: [four, String(tables.get("6"))],
      seats_min: "5",
      seats_max: "8",
    });
    expect(regroup.result.notice?.description).toMatch(/^Tisch 4 \+ 5 ist noch reserviert: /);
    const plans = await handle.db.selectFrom("dining_tables").select("name").execute();
    expect(plans.map((row) => row.name).sort()).toEqual(["4", "5", "6"]);
  });

  it("seats a party anew when staff change its time, status or size, after everyone else", async () => {
    const { area, table, request, seated } = await opened();
    const inside = await area("Innenraum");
    await table(inside, "1", [1, 2], 0);
    await table(inside, "2", [1, 2], 100);
    await table(inside, "aus", [1, 2], 200, false);
    await request("a", 2, "12:00");
    await request("b", 2, "19:00");
    await handle.db.updateTable("table_assignments").set({ fixed: 1 }).execute();
    expect(await seated()).toEqual({ a: "1", b: "1" });
    const change = (id: number, time: string, status: "CONFIRMED" | "CANCELLED" = "CONFIRMED") =>
      changeByStaff(
        handle.db,
        id,
        {
          customer_name: id === 1 ? "Gast a" : "Gast b",
          email: null,
          phone_number: null,
          reservation_date: date,
          reservation_time: time,
          party_size: 2,
          notes: null,
          status,
        },
        { settings, override: true },
      );
    // 'a', fixed at 1 for lunch, comes at 19:30 instead: 1 is b's then, so a gets 2 and is no longer fixed.
    await change(1, "19:30");
    expect(await seated()).toEqual({ a: "2", b: "1" });
    // Cancelled, a sits nowhere; when it is confirmed again later, b keeps its table.
    await change(1, "19:30", "CANCELLED");
    expect(await seated()).toEqual({ a: "—", b: "1" });
    await request("c", 2, "19:00");
    expect((await seated())["c"]).toBe("2");
    // Back again: only the table guests cannot book online is free, and staff may seat the party
    // that once came through the website there.
    await change(1, "19:30");
    expect(await seated()).toEqual({ a: "aus", b: "1", c: "2" });
  });

  it.runIf(engine.dialect === "postgres")(
    "a party staff move to another date waits while the date it leaves is being weighed",
    async () => {
      const { area, table, request } = await opened();
      const inside = await area("Innenraum");
      await table(inside, "1", [1, 2], 0);
      await request("a", 2, "19:00");
      // The guests' requests for the date, sharing a transaction that keeps what it read (decision
      // 0055), hold its lock until they are written.
      const { release, ended: weighing } = await holdDateLock(handle.db, date);
      let moved = false;
      const move = changeByStaff(
        handle.db,
        1,
        {
          customer_name: "Gast a",
          email: null,
          phone_number: null,
          reservation_date: addDays(date, 1),
          reservation_time: "19:00",
          party_size: 2,
          notes: null,
          status: "CONFIRMED",
        },
        { settings, override: true },
      ).then(() => (moved = true));
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(moved).toBe(false);
      } finally {
        release();
      }
      await Promise.all([weighing, move]);
      expect(moved).toBe(true);
    },
  );

  it("answers staff's question about free seats by the tables once they are drawn", async () => {
    const { area, table, request } = await opened();
    const inside = await area("Innenraum");
    await table(inside, "1", [1, 2], 0);
    await table(inside, "2", [1, 2], 100);
    await table(inside, "3", [1, 2], 200);
    await request("a", 2);
    const ask = (partySize: number) =>
      staffFreeSeats(
        { db: handle.db, settings: { ...settings, onlineSeats: 6, totalSeats: 6 }, hours },
        { date, time: "19:00", partySize },
      );
    // Four seats are free by the count, but no table seats four.
    expect(await ask(2)).toMatchObject({ kind: "room" });
    expect(await ask(4)).toMatchObject({ kind: "full", free: 4 });
  });

  it("names what is still free as the day stands, for each of the guests arriving at once", async () => {
    const { area, table, request } = await opened();
    await table(await area("Innenraum"), "1", [1, 2], 0);
    await request("x", 2, "19:00");
    const stillFree = async (answer: Promise<{ result: unknown }>) => {
      const { result } = await answer;
      const description = (result as { notice: { description: string } }).notice.description;
      return description.slice(description.indexOf("Noch frei:"));
    };
    // A refusal at 19:00 names the times still free; the last of them is taken in the middle of the
    // next three requests, which share a transaction (decisions 0032 and 0055).
    const before = await stillFree(request("probe", 2, "19:00"));
    const last = before.match(/\d\d:\d\d/g)?.at(-1) ?? "";
    expect(last).not.toBe("");
    const [first, taking, third] = await Promise.all([
      stillFree(request("a", 2, "19:00")),
      request("b", 2, last),
      stillFree(request("c", 2, "19:00")),
    ]);
    expect(taking.status).toBe(200);
    expect(first).toBe(before);
    expect(third).not.toContain(last);
  });

  it("two guests racing for the only table that seats six: exactly one gets it", async () => {
    const { area, table, combine, request, seated } = await opened();
    const inside = await area("Innenraum");
    await table(inside, "4", [2, 4], 0);
    await table(inside, "5", [2, 4], 100);
    await combine(["4", "5"], [5, 8]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => request(`g${index}`, 6, "19:00", `192.0.2.${index + 1}`)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(Object.values(await seated())).toEqual(["4 + 5"]);
  });

  it("a burst of guests for one evening: each stored party at tables of its own, as seating the day anew leaves it", async () => {
    const { smallPlan, table, request } = await opened();
    const inside = await smallPlan(["1", "2", "4", "5"]);
    await table(inside, "6", [2, 4], 500);
    await table(inside, "8", [4, 8], 600);
    // More than fit, at once: the requests for the date share transactions (decision 0055), each
    // weighed against what the ones before it stored and moved (the three at a four-top of 4 + 5
    // move to 6 for the six).
    const sizes = [3, 6, 2, 4, 2, 6, 3, 2, 4, 8, 2, 5, 2, 4, 3, 2, 6, 2, 4, 2];
    const answers = await Promise.all(
      sizes.map((size, index) =>
        request(`b${index}`, size, ["18:00", "18:30", "19:00"][index % 3], `192.0.2.${index + 1}`),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(3);
    expect(answers.filter((answer) => answer.status === 409).length).toBeGreaterThan(0);

    const places = () =>
      handle.db
        .selectFrom("reservations")
        .leftJoin("table_assignments", "table_assignments.reservation_id", "reservations.id")
        .select([
          "reservations.id",
          "reservations.reservation_time",
          "reservations.party_size",
          "table_assignments.table_id",
          "table_assignments.combination_id",
        ])
        .orderBy("reservations.id")
        .execute();
    const stored = await places();
    const members = await handle.db.selectFrom("table_combination_members").selectAll().execute();
    const stays = stored.map((row) => {
      const stay = stayFor(settings, row.reservation_time, row.party_size);
      const tableIds =
        row.table_id !== null
          ? [row.table_id]
          : members.filter((member) => member.combination_id === row.combination_id).map((m) => m.table_id);
      return { ...stay, tableIds };
    });
    expect(stays.every((stay) => stay.tableIds.length > 0)).toBe(true);
    const shared = stays.flatMap((one, index) =>
      stays
        .slice(index + 1)
        .filter(
          (other) =>
            one.tableIds.some((id) => other.tableIds.includes(id)) &&
            (one.from ?? 0) < (other.to ?? 0) &&
            (other.from ?? 0) < (one.to ?? 0),
        ),
    );
    expect(shared).toEqual([]);
    // What each request was weighed against is what is stored: seating the day anew moves nobody.
    await handle.db.transaction().execute((trx) => seatTheDay(trx, settings, date));
    expect(await places()).toEqual(stored);
  });
});
