import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { addDays, berlinNow } from "../../../lib/calendar.ts";
import { insertReservation } from "../../../../tests/support/reservations.ts";
import { staffActionDependencies } from "../../../../tests/support/staff-actions.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { DEFAULT_SETTINGS } from "../book/reservation-settings.ts";
import { handleServiceAction, loadServiceDay } from "./service-day.server.ts";
import type { ServiceDependencies } from "./service-answers.server.ts";

/**
 * 'Service' (decision 0034) as its part answers it, below the route (whose own tests are
 * app/routes/admin/service.test.ts): the evening grouped by time with the seats held, and the
 * host stand's walk-in.
 */
describe.each(testDatabases())("the evening on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  const dependencies = (): ServiceDependencies => ({
    ...staffActionDependencies(handle.db),
    settings: DEFAULT_SETTINGS,
  });

  it("groups the day by time with the seats held; counts the waitlist, the expected and the arrived guests", async () => {
    handle = await engine.open();
    const date = addDays(berlinNow().date, 1);
    await insertReservation(handle.db, {
      name: "Anna",
      date,
      time: "19:00",
      partySize: 4,
      status: "CONFIRMED",
    });
    await insertReservation(handle.db, {
      name: "Bruno",
      date,
      time: "18:00",
      partySize: 2,
      status: "ARRIVED",
    });
    await insertReservation(handle.db, {
      name: "Carla",
      date,
      time: "19:00",
      partySize: 3,
      status: "PENDING",
    });
    await insertReservation(handle.db, {
      name: "Dora",
      date,
      time: "19:00",
      partySize: 6,
      status: "WAITLIST",
    });
    await insertReservation(handle.db, {
      name: "Emil",
      date,
      time: "20:00",
      partySize: 5,
      status: "CANCELLED",
    });

    const day = await loadServiceDay(handle.db, date, { ...DEFAULT_SETTINGS, totalSeats: 40 });
    expect(day.slots.map((slot) => [slot.time, slot.entries.map((entry) => entry.name)])).toEqual([
      ["18:00", ["Bruno"]],
      ["19:00", ["Anna", "Carla"]],
      ["20:00", ["Emil"]],
    ]);
    expect(day.waitlist).toBe(1);
    expect(day.expectedGuests).toBe(2 + 4 + 3);
    expect(day.arrivedGuests).toBe(2);
    expect(day.capacity).toBe(40);
    // A limit set on seats makes the rule read what the day's reservations hold.
    expect(day.slots.find((slot) => slot.time === "19:00")?.seatsHeld).toBeGreaterThanOrEqual(7);
  });

  it("stores a walk-in as arrived now, from 'Laufkundschaft' when no name is given", async () => {
    handle = await engine.open();
    const form = new FormData();
    form.set("intent", "walk-in");
    form.set("party_size", "3");
    form.set("name", "");
    const answer = await handleServiceAction(form, dependencies());
    expect(answer.status).toBe(200);
    const stored = await handle.db
      .selectFrom("reservations")
      .select(["customer_name", "status", "source", "party_size", "reservation_date"])
      .where("id", "=", answer.result.undo?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      customer_name: "Laufkundschaft",
      status: "ARRIVED",
      source: "walk-in",
      party_size: 3,
      reservation_date: berlinNow().date,
    });
  });
});
