import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { addDays, berlinNow, weekdayOf } from "../../lib/calendar.ts";
import { formatDate } from "../../lib/format.ts";
import { createSession } from "../../features/auth/session.server.ts";
import { saveReservationSettings } from "../../features/reservations/settings/settings-store.server.ts";
import { DEFAULT_SETTINGS } from "../../features/reservations/book/reservation-settings.ts";
import {
  staffSeatsLines,
  staffSeatsMessages,
  type StaffSeats,
} from "../../features/reservations/availability/staff-seats.ts";
import { callRoute, staffScreenContext } from "../../../tests/support/admin-routes.ts";
import { insertReservation } from "../../../tests/support/reservations.ts";
import { createStaff } from "../../../tests/support/staff.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";

/**
 * The staff form's free seats (decision 0037): the numbers by the availability rule, the nearest free
 * times when the party does not fit, the next dates when the day has none, the edited reservation's
 * own seats left out, refusals as JSON, bad parameters 400 with a German message.
 */
const FILE = "routes/resources/staff-free-seats.ts";
/** A Friday two weeks or more ahead, open 11:30–14:00 and 17:00–22:00 by the default hours. */
const DATE = (() => {
  let date = addDays(berlinNow().date, 14);
  while (weekdayOf(date) !== "friday") date = addDays(date, 1);
  return date;
})();
const [SATURDAY, SUNDAY, TUESDAY] = [1, 2, 4].map((days) => addDays(DATE, days));

describe.each(testDatabases())("GET /admin/reservations/freie-plaetze on $dialect", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  async function endpoint({ seats = 60 }: { seats?: number | null } = {}) {
    handle = await engine.open();
    const db = handle.db;
    const userId = await createStaff(db, "Luca");
    const cookie = `tavola_session=${await createSession(db, userId, null)}`;
    if (seats !== null)
      await saveReservationSettings(
        db,
        { ...DEFAULT_SETTINGS, totalSeats: seats + 10, onlineSeats: seats },
        "Chef",
      );
    const context = staffScreenContext(handle);
    const ask = async (query: Record<string, string>, signedIn = true) => {
      const url = `http://localhost/admin/reservations/freie-plaetze?${new URLSearchParams(query)}`;
      const response = (await callRoute(FILE, "loader", {
        request: new Request(url, signedIn ? { headers: { cookie } } : {}),
        context,
        url: new URL(url),
      })) as Response;
      return { status: response.status, body: (await response.json()) as StaffSeats & { fehler?: string } };
    };
    const add = (time: string, partySize: number, date = DATE) =>
      insertReservation(db, { name: "Gruppe", date, time, partySize, status: "CONFIRMED" });
    return { ask, add };
  }

  it("answers the free seats for the party's stay, and the nearest free times when it does not fit", async () => {
    const { ask, add } = await endpoint();
    await add("19:00", 50);
    const room = await ask({ datum: DATE, uhrzeit: "19:00", personen: "4" });
    expect(room).toMatchObject({ status: 200, body: { kind: "room", free: 10, onlineSeats: 60 } });
    expect(staffSeatsLines(room.body)).toEqual(["Noch 10 von 60 Plätzen frei um 19:00 Uhr."]);
    // 18:00 for four: its stay (two hours) reaches into the 19:00 party's.
    expect((await ask({ datum: DATE, uhrzeit: "18:00", personen: "4" })).body).toMatchObject({ free: 10 });

    const full = await ask({ datum: DATE, uhrzeit: "19:00", personen: "12" });
    expect(full.body).toMatchObject({ kind: "full", free: 10, nearest: ["13:30", "21:30"] });
    expect(staffSeatsLines(full.body)).toEqual([
      "Noch 10 von 60 Plätzen frei um 19:00 Uhr.",
      "Ausgebucht – nächste freie Zeiten: 13:30, 21:30",
    ]);
  });

  it("leaves out the seats of the reservation being edited", async () => {
    const { ask, add } = await endpoint();
    const own = await add("19:00", 50);
    await add("19:30", 6);
    expect((await ask({ datum: DATE, uhrzeit: "19:00", personen: "50" })).body).toMatchObject({
      kind: "full",
      free: 4,
    });
    expect(
      (await ask({ datum: DATE, uhrzeit: "19:00", personen: "50", ohne: String(own) })).body,
    ).toMatchObject({ kind: "room", free: 54 });
  });

  it("names the next dates with room when the day has no free time for the party", async () => {
    const { ask, add } = await endpoint();
    await add("11:30", 60);
    await add("17:00", 60);
    await add("19:30", 60);
    const full = await ask({ datum: DATE, uhrzeit: "19:00", personen: "2" });
    // Saturday, Sunday, then Tuesday: Monday is 'Ruhetag'.
    expect(full.body).toMatchObject({
      kind: "full",
      free: 0,
      nearest: [],
      nextDates: [SATURDAY, SUNDAY, TUESDAY],
    });
    expect(staffSeatsLines(full.body).at(-1)).toBe(
      `Ausgebucht – an diesem Tag keine freie Zeit mehr; nächste Tage mit Platz: ${[SATURDAY, SUNDAY, TUESDAY].map((day) => formatDate(day ?? "")).join(", ")}`,
    );
  });

  it("names next dates from today, never from a date long past", async () => {
    const { ask, add } = await endpoint();
    const past = "2001-01-01";
    await add("11:30", 60, past);
    await add("17:00", 60, past);
    await add("19:30", 60, past);
    const answer = await ask({ datum: past, uhrzeit: "19:00", personen: "2" });
    const nextDates = "nextDates" in answer.body ? answer.body.nextDates : [];
    expect(nextDates).toHaveLength(3);
    for (const day of nextDates) expect(day >= berlinNow().date).toBe(true);
  });

  it("says there is no limit when no online seats are set", async () => {
    const { ask } = await endpoint({ seats: null });
    const answer = await ask({ datum: DATE, uhrzeit: "19:00", personen: "4" });
    expect(answer).toEqual({ status: 200, body: { kind: "unlimited" } });
    expect(staffSeatsLines(answer.body)).toEqual(["Keine Platzgrenze eingestellt."]);
  });

  it("refuses a signed-out request with 401 and bad parameters with 400 and a German message", async () => {
    const { ask } = await endpoint();
    expect(await ask({ datum: DATE, uhrzeit: "19:00", personen: "4" }, false)).toEqual({
      status: 401,
      body: { fehler: staffSeatsMessages.signedOut },
    });
    const bad: Array<[Record<string, string>, string]> = [
      [{ datum: "2026-13-01", uhrzeit: "19:00", personen: "4" }, staffSeatsMessages.date],
      [{ datum: "11.12.2026", uhrzeit: "19:00", personen: "4" }, staffSeatsMessages.date],
      [{ uhrzeit: "19:00", personen: "4" }, staffSeatsMessages.date],
      [{ datum: DATE, uhrzeit: "7pm", personen: "4" }, staffSeatsMessages.time],
      [{ datum: DATE, uhrzeit: "25:00", personen: "4" }, staffSeatsMessages.time],
      [{ datum: DATE, uhrzeit: "19:0", personen: "4" }, staffSeatsMessages.time],
      [{ datum: DATE, uhrzeit: "19:00", personen: "0" }, staffSeatsMessages.party],
      [{ datum: DATE, uhrzeit: "19:00", personen: "500" }, staffSeatsMessages.party],
      [{ datum: DATE, uhrzeit: "19:00", personen: "2.5" }, staffSeatsMessages.party],
      [{ datum: DATE, uhrzeit: "19:00", personen: "4", ohne: "x" }, staffSeatsMessages.except],
      // Beyond a 32-bit id (PostgreSQL's integer column would fail) and beyond year 2999.
      [{ datum: DATE, uhrzeit: "19:00", personen: "4", ohne: "9999999999999999" }, staffSeatsMessages.except],
      [{ datum: DATE, uhrzeit: "19:00", personen: "4", ohne: "2147483648" }, staffSeatsMessages.except],
      [{ datum: "9999-12-31", uhrzeit: "19:00", personen: "40" }, staffSeatsMessages.date],
      [{ datum: "0202-01-01", uhrzeit: "19:00", personen: "40" }, staffSeatsMessages.date],
    ];
    for (const [query, message] of bad)
      expect(await ask(query), JSON.stringify(query)).toEqual({ status: 400, body: { fehler: message } });
  });
});
