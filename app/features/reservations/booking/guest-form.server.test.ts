import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../db/database.server.ts";
import { contentDefaults } from "../../../common/content/defaults.ts";
import { insertReservation } from "../../../../tests/support/reservations.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { reservationMessages as M } from "../book/terms.ts";
import { guestFormSetupOf, knownDay, prefillOf } from "./guest-form.server.ts";
import { DEFAULT_SETTINGS } from "../book/reservation-settings.ts";

const now = new Date("2026-11-24T09:15:00Z");
const setup = guestFormSetupOf({ ...DEFAULT_SETTINGS, largestOnlineParty: 6 }, [], now);

describe("/reservieren?datum=&personen=", () => {
  it("fills in what the form could offer, and leaves anything else for the guest", () => {
    const prefill = (query: string) => prefillOf(new URLSearchParams(query), setup);
    expect(prefill("datum=2026-12-04&personen=4")).toEqual({ date: "2026-12-04", partySize: "4" });
    expect(prefill("datum=2026-12-04&personen=04")).toEqual({ date: "2026-12-04", partySize: "4" });
    for (const query of [
      "datum=2026-02-30&personen=0",
      "datum=morgen&personen=-1",
      "datum=2026-11-23&personen=2.5",
      "datum=2027-06-01&personen=1000",
      "personen=7",
      "datum=%3Cscript%3E&personen=1e1",
      "",
    ])
      expect(prefill(query), query).toEqual({});
  });
});

describe.each(testDatabases())("a date's times for the page, on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("a fully booked date comes with the next dates that have room", async () => {
    handle = await engine.open();
    await insertReservation(handle.db, { date: "2026-11-27", time: "19:00", status: "CONFIRMED" });
    const settings = {
      ...DEFAULT_SETTINGS,
      onlineSeats: 2,
      exceptions: [{ date: "2026-11-27", opens: "19:00", closes: "19:30", note: "" }],
    };
    const hours = contentDefaults["global.opening_hours"];
    expect(await knownDay(handle.db, settings, hours, { date: "2026-11-27", party: 2 }, now)).toEqual({
      date: "2026-11-27",
      party: 2,
      area: "",
      day: {
        kind: "full",
        free: [],
        waitlist: ["19:00"],
        message: M.dayFull,
        nextDates: ["2026-11-28", "2026-11-29", "2026-12-01"],
      },
    });
    const open = await knownDay(handle.db, settings, hours, { date: "2026-11-28", party: 2 }, now);
    expect(open.day).toMatchObject({ kind: "open", waitlist: [] });
    expect(open.day.free).toContain("19:00");
  });
});
