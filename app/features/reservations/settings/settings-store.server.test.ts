import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../../db/database.server.ts";
import { berlinToday } from "../../../lib/format.ts";
import { addDays } from "../../../lib/calendar.ts";
import { recordingLogger } from "../../../../tests/support/silent-logger.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import { handleSettingsAction } from "./settings-action.server.ts";
import { settingsFormFields } from "./settings-form.ts";
import { settingsDraftOf, type SettingsDraft } from "./settings-schema.ts";
import {
  readKeptReservationSettings,
  readReservationSettings,
  saveReservationSettings,
} from "./settings-store.server.ts";
import { DEFAULT_SETTINGS, type ReservationSettings } from "../book/reservation-settings.ts";

const today = berlinToday();
const later = (days: number) => addDays(today, days);

const chosen: ReservationSettings = {
  totalSeats: 10,
  onlineSeats: 6,
  stayMinutes: { small: 75, medium: 105, large: 180 },
  arrivalsPerSlot: 12,
  largestOnlineParty: 6,
  leadMinutes: 120,
  horizonMonths: 3,
  autoConfirmUpTo: 2,
  reminderHour: 18,
  notesEraseDays: 3,
  anonymiseAfterMonths: 6,
  areaWish: true,
  closures: [{ from: later(10), to: later(24), note: "Betriebsferien" }],
  exceptions: [
    { date: later(3), opens: "17:00", closes: "21:00", note: "Nur abends" },
    { date: later(5), opens: "11:30", closes: "24:00", note: "" },
  ],
};

const formOf = (draft: SettingsDraft, intent = "save") => {
  const form = new FormData();
  form.append("intent", intent);
  for (const [name, value] of settingsFormFields(draft)) form.append(name, value);
  return form;
};

describe.each(testDatabases())("reservation settings on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("reads the defaults while nothing is stored", async () => {
    handle = await engine.open();
    expect(await readReservationSettings(handle.db)).toEqual(DEFAULT_SETTINGS);
  });

  it("gives guests' requests the settings kept in memory, renewed by every save, also another server's", async () => {
    const opened = await engine.open();
    handle = opened;
    expect(await readKeptReservationSettings(handle.db)).toEqual(DEFAULT_SETTINGS);
    await saveReservationSettings(handle.db, chosen, "Giulia");
    expect(await readKeptReservationSettings(handle.db)).toEqual(chosen);
    // Written straight to the table, bypassing the save: the kept settings are used (nothing read).
    await handle.db.updateTable("reservation_settings").set({ online_seats: 1 }).execute();
    expect((await readKeptReservationSettings(handle.db)).onlineSeats).toBe(6);
    // Another server saves: the version it counted up makes this one read again.
    const other = openDatabase(opened.target);
    try {
      await saveReservationSettings(other.db, { ...chosen, onlineSeats: 4 }, "Marco");
    } finally {
      await other.close();
    }
    expect((await readKeptReservationSettings(handle.db)).onlineSeats).toBe(4);
  });

  it("saves settings, closures and exceptions, and a second save replaces them all", async () => {
    handle = await engine.open();
    await saveReservationSettings(handle.db, chosen, "Giulia");
    expect(await readReservationSettings(handle.db)).toEqual(chosen);
    const row = await handle.db.selectFrom("reservation_settings").selectAll().executeTakeFirstOrThrow();
    expect(row.updated_by).toBe("Giulia");
    // The reminder turned off keeps its hour for when it is turned on again.
    await saveReservationSettings(handle.db, { ...chosen, reminderHour: null }, "Giulia");
    expect((await readReservationSettings(handle.db)).reminderHour).toBeNull();
    const off = await handle.db.selectFrom("reservation_settings").selectAll().executeTakeFirstOrThrow();
    expect([off.reminder_enabled, off.reminder_hour]).toEqual([0, 18]);

    const next: ReservationSettings = {
      ...DEFAULT_SETTINGS,
      totalSeats: 40,
      closures: [{ from: later(1), to: later(1), note: "" }],
    };
    await saveReservationSettings(handle.db, next, "Marco");
    expect(await readReservationSettings(handle.db)).toEqual(next);
    expect(await handle.db.selectFrom("reservation_settings").select("updated_by").execute()).toEqual([
      { updated_by: "Marco" },
    ]);
  });

  it("changes nothing when one part of a save fails: one transaction", async () => {
    handle = await engine.open();
    await saveReservationSettings(handle.db, chosen, "Giulia");
    // The same day twice breaks the exceptions' unique day after the settings row and the closures are written.
    const clash = { date: later(7), opens: "12:00", closes: "14:00", note: "" };
    await expect(
      saveReservationSettings(handle.db, { ...DEFAULT_SETTINGS, exceptions: [clash, clash] }, "Marco"),
    ).rejects.toThrow();
    expect(await readReservationSettings(handle.db)).toEqual(chosen);
  });

  it("through the form: saves and logs who saved; a refused form changes nothing and comes back as typed", async () => {
    handle = await engine.open();
    const { logger, entries } = recordingLogger();
    const deps = { db: handle.db, logger, username: "Giulia", today };
    const saved = await handleSettingsAction(formOf(settingsDraftOf(chosen)), deps);
    expect(saved.status).toBe(200);
    expect(saved.result.notice?.title).toBe("Einstellungen gespeichert");
    expect(entries).toContainEqual({
      level: "info",
      message: "reservation settings saved",
      fields: { username: "Giulia" },
    });

    const typed = { ...settingsDraftOf(chosen), totalSeats: "4", closures: [] };
    const refused = await handleSettingsAction(formOf(typed), { ...deps, username: "Marco" });
    expect(refused.status).toBe(400);
    expect(refused.result.fieldErrors).toEqual({
      onlineSeats: "Online buchbar können höchstens so viele Plätze sein wie insgesamt (4).",
    });
    expect(refused.result.values).toEqual(typed);
    expect(await readReservationSettings(handle.db)).toEqual(chosen);
    expect(entries.filter((entry) => entry.message === "reservation settings saved")).toHaveLength(1);
  });

  it("through the form: a list button edits the rows and saves nothing; an unknown intent is refused", async () => {
    handle = await engine.open();
    const deps = { db: handle.db, logger: recordingLogger().logger, username: "Giulia", today };
    const draft = settingsDraftOf(chosen);
    const removed = await handleSettingsAction(formOf(draft, "list:remove:exceptions:0"), deps);
    expect(removed.status).toBe(200);
    expect(removed.result.values?.exceptions).toEqual(draft.exceptions.slice(1));
    const added = await handleSettingsAction(formOf(draft, "list:add:closures"), deps);
    expect(added.result.values?.closures).toHaveLength(2);
    expect((await handleSettingsAction(formOf(draft, "delete-all"), deps)).status).toBe(400);
    expect(await readReservationSettings(handle.db)).toEqual(DEFAULT_SETTINGS);
  });
});
