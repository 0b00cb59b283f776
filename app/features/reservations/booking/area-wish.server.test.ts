import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { addDays } from "../../../lib/calendar.ts";
import { berlinToday } from "../../../lib/format.ts";
import { openEveryDay } from "../../../../tests/support/opening-hours.ts";
import { recordingLogger } from "../../../../tests/support/silent-logger.ts";
import { drawArea, drawSmallPlan } from "../../../../tests/support/tables.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { guestRequestDeps } from "../../../../tests/support/reservations.ts";
import {
  answerAvailability,
  availabilityApiMessages,
  forgetAvailabilityAnswers,
} from "../availability/guest-api.server.ts";
import type { DayAnswer } from "../availability/day-answer.ts";
import { reservationMessages as M } from "../book/terms.ts";
import { DEFAULT_SETTINGS, type ReservationSettings } from "../book/reservation-settings.ts";
import { addClosure, deleteArea, saveArea } from "../tables/plan-store.server.ts";
import { loadList } from "./book-admin.server.ts";
import { knownDay } from "./guest-form.server.ts";
import { submitReservationRequest } from "./guest-request.server.ts";

/**
 * 'Bereichswunsch' (decision 0054): with it on, a guest may choose 'Terrasse' or 'Innenraum'; the
 * API's and the form's times follow the choice, the request is weighed and seated in that area, the
 * wish is stored and shown to staff. Off — as on a fresh installation — a sent area changes nothing.
 */
const today = berlinToday();
const date = addDays(today, 5);
const hours = openEveryDay;
const wishes: ReservationSettings = { ...DEFAULT_SETTINGS, leadMinutes: 0, areaWish: true };

describe.each(testDatabases())("the area wish on $dialect", (engine) => {
  let handle: DatabaseHandle;
  beforeEach(() => forgetAvailabilityAnswers());
  afterEach(async () => handle?.close());

  /** 'Innenraum' (1, 2: two-tops; 4, 5: four-tops) first, then 'Terrasse' with the two-top T1 and the four-top T2. */
  async function opened() {
    handle = await engine.open();
    const inside = await drawSmallPlan(handle.db);
    const terrace = await drawArea(handle.db, "Terrasse", [
      ["T1", 2, 100],
      ["T2", 4, 400],
    ]);
    const tables = new Map([...inside, ...terrace.tables]);
    const deps = (settings: ReservationSettings) => guestRequestDeps(handle.db, { settings });
    const request = (
      token: string,
      fields: { partySize?: number; time?: string; area?: number | string },
      settings = wishes,
    ) => {
      const form = new FormData();
      for (const [key, value] of Object.entries({
        name: `Gast ${token}`,
        email: `gast.${token}@example.de`,
        date,
        time: fields.time ?? "19:00",
        party_size: String(fields.partySize ?? 2),
        request_token: `form-${token}`,
        ...(fields.area === undefined ? {} : { area: String(fields.area) }),
      }))
        form.set(key, value);
      return submitReservationRequest(form, deps(settings));
    };
    const ask = async (query: string, settings = wishes) => {
      forgetAvailabilityAnswers();
      return answerAvailability(new URLSearchParams(query), async () => ({ db: handle.db, hours, settings }));
    };
    const freeAt = async (query: string, settings = wishes) => {
      const answer = await ask(query, settings);
      expect(answer.status).toBe(200);
      return (answer.body as DayAnswer).zeiten.filter((time) => time.frei).map((time) => time.zeit);
    };
    /** Each stored party's table and wish, by the guest's name. */
    const stored = async () => {
      const rows = await handle.db
        .selectFrom("reservations")
        .leftJoin("table_assignments", "table_assignments.reservation_id", "reservations.id")
        .select(["reservations.customer_name", "reservations.area_wish_id", "table_assignments.table_id"])
        .orderBy("reservations.id")
        .execute();
      const nameOf = new Map([...tables].map(([name, id]) => [id, name]));
      return Object.fromEntries(
        rows.map((row) => [
          row.customer_name.replace("Gast ", ""),
          { table: row.table_id === null ? "—" : nameOf.get(row.table_id), wish: row.area_wish_id },
        ]),
      );
    };
    return { terrace: terrace.areaId, tables, request, ask, freeAt, stored };
  }

  it("the times follow the chosen area, and the request is seated there", async () => {
    const { terrace, request, freeAt, stored } = await opened();
    // Innenraum comes first in the host's order: without a wish the two-top 1 is the best fit.
    expect((await request("ohne", {})).result.status).toBe("sent");
    expect((await request("tina", { area: terrace })).result.status).toBe("sent");
    expect((await request("tom", { partySize: 3, area: terrace })).result.status).toBe("sent");
    expect(await stored()).toEqual({
      ohne: { table: "1", wish: null },
      tina: { table: "T1", wish: terrace },
      tom: { table: "T2", wish: terrace },
    });
    // The terrace is full at 19:00; the restaurant is not.
    expect(await freeAt(`datum=${date}&personen=2&bereich=${terrace}`)).not.toContain("19:00");
    expect(await freeAt(`datum=${date}&personen=2`)).toContain("19:00");
    expect(await freeAt(`datum=${date}&personen=2&bereich=${terrace}`)).toContain("20:30");
    // The form's own reading (the page, and 'Zeiten anzeigen' without JavaScript) says the same.
    const day = await knownDay(handle.db, wishes, hours, { date, party: 2, area: String(terrace) });
    expect(day.area).toBe(String(terrace));
    expect(day.day.free).not.toContain("19:00");
    // A guest who insists on the terrace at 19:00 is refused with the times it still has; nothing is stored.
    const refused = await request("tara", { area: terrace });
    expect(refused).toMatchObject({ status: 409, result: { status: "refused" } });
    expect(refused.result.status !== "sent" && refused.result.fieldErrors.time).toMatch(M.timeTaken);
    expect(Object.keys(await stored())).toEqual(["ohne", "tina", "tom"]);
  });

  it("shows staff the wish on the card's list", async () => {
    const { terrace, request } = await opened();
    await request("tina", { area: terrace });
    const list = await loadList(handle.db, { mode: "date", date }, recordingLogger().logger);
    if (!list.ok) throw new Error(list.message);
    const tina = list.reservations.find((one) => one.customer_name === "Gast tina");
    expect(list.areaWishes?.[tina?.id ?? 0]).toBe("Terrasse");
  });

  it("a closed area says so, to the API and to the request", async () => {
    const { terrace, request, ask, stored } = await opened();
    const closure = await addClosure(
      handle.db,
      terrace,
      { from: date, to: date, note: "Regen" },
      { username: "test", today },
    );
    expect(closure.ok).toBe(true);
    const closed = M.areaClosed("Terrasse", "Regen");
    expect((await ask(`datum=${date}&personen=2&bereich=${terrace}`)).body).toEqual({
      datum: date,
      personen: 2,
      zeiten: [],
      hinweis: closed,
    });
    const refused = await request("tina", { area: terrace });
    expect(refused.status).toBe(409);
    expect(refused.result.status !== "sent" && refused.result.fieldErrors.area).toBe(closed);
    expect(await stored()).toEqual({});
  });

  it("refuses an area guests may not choose, and a malformed one, without storing anything", async () => {
    const { request, ask, stored } = await opened();
    const hidden = await saveArea(
      handle.db,
      { input: { name: "Keller", online: false, plan_width: 1200, plan_height: 800 } },
      "test",
    );
    if (!hidden.ok) throw new Error("no area");
    for (const area of [hidden.id, 99_999]) {
      expect(await ask(`datum=${date}&personen=2&bereich=${area}`)).toEqual({
        status: 400,
        body: { fehler: availabilityApiMessages.area },
      });
      const refused = await request(`x${area}`, { area });
      expect(refused.result.status !== "sent" && refused.result.fieldErrors.area).toBe(M.areaInvalid);
    }
    for (const area of ["terrasse", "-1", "1.5", "1".repeat(12)]) {
      expect((await ask(`datum=${date}&personen=2&bereich=${encodeURIComponent(area)}`)).status).toBe(400);
      const refused = await request(`y${area.length}`, { area });
      expect(refused).toMatchObject({ status: 400, result: { status: "invalid" } });
      expect(refused.result.status !== "sent" && refused.result.fieldErrors.area).toBe(M.areaInvalid);
    }
    expect(await stored()).toEqual({});
  });

  it("off, as on a fresh installation, a sent area is ignored: the whole restaurant's times, no wish stored", async () => {
    const { terrace, request, freeAt, stored } = await opened();
    const off = { ...wishes, areaWish: false };
    await request("tina", { area: terrace }, off);
    await request("tom", { partySize: 3, area: terrace }, off);
    expect(await freeAt(`datum=${date}&personen=2&bereich=${terrace}`, off)).toContain("19:00");
    expect(await freeAt(`datum=${date}&personen=2&bereich=99999`, off)).toContain("19:00");
    expect(await stored()).toEqual({ tina: { table: "1", wish: null }, tom: { table: "4", wish: null } });
  });

  it("a page kept open while only one area is left to choose: the wish is ignored, not refused", async () => {
    const { terrace, request, stored } = await opened();
    const closedToGuests = await saveArea(
      handle.db,
      { id: terrace, input: { name: "Terrasse", online: false, plan_width: 1200, plan_height: 800 } },
      "test",
    );
    expect(closedToGuests.ok).toBe(true);
    expect((await request("tina", { area: terrace })).result.status).toBe("sent");
    expect((await stored()).tina).toEqual({ table: "1", wish: null });
  });

  it("a wish goes with its area: deleting the area keeps the reservation", async () => {
    const { tables, request, stored } = await opened();
    const extra = await drawArea(handle.db, "Wintergarten", [["W1", 2, 100]]);
    tables.set("W1", extra.tables.get("W1") ?? 0);
    await request("wanda", { area: extra.areaId });
    expect((await stored()).wanda).toEqual({ table: "W1", wish: extra.areaId });
    // Its table goes once Wanda's party is taken off it; then the area.
    await handle.db.deleteFrom("table_assignments").execute();
    await handle.db.deleteFrom("dining_tables").where("area_id", "=", extra.areaId).execute();
    expect((await deleteArea(handle.db, extra.areaId, "test")).ok).toBe(true);
    expect((await stored()).wanda).toEqual({ table: "—", wish: null });
  });
});
