import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { contentDefaults } from "../../../common/content/defaults.ts";
import { dayOptions } from "./seat-rule.ts";
import { heldBetween, heldOn } from "./held-seats.server.ts";
import type { ReservationStatus } from "../book/terms.ts";
import { createStaffReservation } from "../../../../tests/support/reservations.ts";
import { DEFAULT_SETTINGS } from "../book/reservation-settings.ts";

const reservation = (date: string, time: string, party_size: number, status: ReservationStatus) => ({
  customer_name: `Gast ${date} ${time}`,
  email: null,
  phone_number: null,
  reservation_date: date,
  reservation_time: time,
  party_size,
  status,
  notes: null,
});

describe.each(testDatabases())("the reservations that hold seats, on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  async function store(...rows: Array<Parameters<typeof reservation>>) {
    for (const row of rows) await createStaffReservation(handle.db, reservation(...row));
  }

  it("reads a date's pending and confirmed reservations by time; cancelled and completed hold nothing", async () => {
    handle = await engine.open();
    await store(
      ["2026-11-25", "19:00", 4, "CONFIRMED"],
      ["2026-11-25", "12:00", 2, "PENDING"],
      ["2026-11-25", "18:00", 6, "CANCELLED"],
      ["2026-11-25", "18:30", 3, "COMPLETED"],
      ["2026-11-26", "19:00", 5, "CONFIRMED"],
    );
    expect(await heldOn(handle.db, "2026-11-25")).toEqual([
      { time: "12:00", partySize: 2, status: "PENDING" },
      { time: "19:00", partySize: 4, status: "CONFIRMED" },
    ]);
    expect(await heldOn(handle.db, "2026-11-24")).toEqual([]);
  });

  it("reads a range per date, both ends included, for the rule to use", async () => {
    handle = await engine.open();
    await store(
      ["2026-11-24", "19:00", 8, "CONFIRMED"],
      ["2026-11-25", "19:00", 4, "CONFIRMED"],
      ["2026-11-25", "18:00", 4, "PENDING"],
      ["2026-11-27", "12:00", 2, "PENDING"],
      ["2026-11-27", "20:00", 2, "CANCELLED"],
      ["2026-11-28", "19:00", 8, "CONFIRMED"],
    );
    const held = await heldBetween(handle.db, "2026-11-25", "2026-11-27");
    expect([...held.entries()]).toEqual([
      [
        "2026-11-25",
        [
          { time: "18:00", partySize: 4, status: "PENDING" },
          { time: "19:00", partySize: 4, status: "CONFIRMED" },
        ],
      ],
      ["2026-11-27", [{ time: "12:00", partySize: 2, status: "PENDING" }]],
    ]);
    // What is read is what the rule needs: eight online seats are taken at 19:00 that Wednesday.
    const options = dayOptions({
      date: "2026-11-25",
      partySize: 1,
      settings: { ...DEFAULT_SETTINGS, onlineSeats: 8 },
      hours: contentDefaults["global.opening_hours"],
      held: held.get("2026-11-25") ?? [],
      now: new Date("2026-11-24T09:15:00Z"),
    });
    expect(options.kind === "open" && options.times.find((option) => option.time === "19:00")?.free).toBe(
      false,
    );
  });
});
