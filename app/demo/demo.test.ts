import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { contentBlocks, contentKeys } from "../common/content/blocks.ts";
import type { Database } from "../../db/database.types.ts";
import type { DatabaseHandle } from "../../db/database.server.ts";
import { parseConfig } from "../lib/env.server.ts";
import { createApp } from "../../server/app.ts";
import { recordingLogger } from "../../tests/support/silent-logger.ts";
import { testDatabases } from "../../tests/support/test-databases.ts";
import { DEMO_MARKER_KEY, seedDemoContent } from "./demo.ts";
import { demoFullDate, seedDemoReservations } from "./reservations.ts";
import { contentDefaults } from "../common/content/defaults.ts";
import { addDays, berlinNow, weekdayOf } from "../lib/calendar.ts";
import { dayOptions } from "../features/reservations/availability/seat-rule.ts";
import { heldWithIdsOn } from "../features/reservations/availability/held-seats.server.ts";
import { holdingOn } from "../features/reservations/availability/table-seating.server.ts";
import { stayMinutesFor } from "../features/reservations/book/reservation-settings.ts";
import { areaClosureOn, unitLabel } from "../features/reservations/tables/floor-plan.ts";
import { placesBetween } from "../features/reservations/tables/assignments.server.ts";
import { readFloorPlan } from "../features/reservations/tables/plan-store.server.ts";
import { unitsOn } from "../features/reservations/tables/seating.ts";
import { minutesOfClock } from "../lib/calendar.ts";
import { readReservationSettings } from "../features/reservations/settings/settings-store.server.ts";
import { writeDueReminders } from "../features/reservations/guest-self-service/reminders.server.ts";
import sharp from "sharp";
import { addressOfKey, responsivePicture, storedKeysOf } from "../common/pictures/uploaded-pictures.ts";
import { readPageVersion } from "../lib/page-version.server.ts";

const now = "2026-11-21T10:00:00.000Z";

/** The demo day's options for a party of `partySize`, as a guest is offered them, by the tables. */
async function optionsOn(db: Kysely<Database>, date: string, partySize: number, at: Date) {
  const settings = await readReservationSettings(db);
  const hours = contentDefaults["global.opening_hours"];
  return dayOptions({ date, partySize, settings, hours, now: at, ...(await holdingOn(settings, db, date)) });
}

/**
 * The demo's book seen from `at`: the evening of the next open day has no table for any party a guest
 * may book, its lunch has; every party that holds seats in the fortnight sits at a table that seats
 * it, never two at once; every other open date has a table for four at 19:00.
 */
async function expectDemoBook(db: Kysely<Database>, at: Date) {
  const today = berlinNow(at).date;
  const full = demoFullDate(today);
  for (let partySize = 1; partySize <= 8; partySize += 1) {
    const options = await optionsOn(db, full, partySize, at);
    const times = options.kind === "open" || options.kind === "full" ? options.times : [];
    expect(
      times.filter((option) => option.time >= "17:00").every((option) => !option.free),
      `${partySize}`,
    ).toBe(true);
    if (partySize <= 4)
      expect(times.filter((option) => option.time < "17:00").some((option) => option.free)).toBe(true);
  }
  const waiting = await db
    .selectFrom("reservations")
    .select("customer_name")
    .where("reservation_date", "=", full)
    .where("status", "=", "WAITLIST")
    .execute();
  expect(waiting).toHaveLength(2);
  const plan = await readFloorPlan(db);
  const settings = await readReservationSettings(db);
  for (let offset = -7; offset <= 7; offset += 1) {
    const date = addDays(today, offset);
    const held = await heldWithIdsOn(db, date);
    const places = await placesBetween(db, date, date);
    const stays: Array<{ tables: readonly number[]; from: number; to: number }> = [];
    for (const party of held) {
      const place = places.get(party.id ?? 0);
      expect(place, `${date} ${party.time} ${party.partySize}`).toBeDefined();
      const unit = unitsOn(plan, date).find((one) => one.key === place?.unit);
      expect(unit && unit.seatsMin <= party.partySize && party.partySize <= unit.seatsMax).toBe(true);
      const from = minutesOfClock(party.time) ?? 0;
      const to = from + stayMinutesFor(settings, party.partySize);
      for (const other of stays)
        if (other.from < to && from < other.to)
          expect(
            other.tables.some((table) => unit?.tableIds.includes(table)),
            `${date} ${party.time}`,
          ).toBe(false);
      stays.push({ tables: unit?.tableIds ?? [], from, to });
    }
    if (offset >= 1 && date !== full && weekdayOf(date) !== "monday") {
      const options = await optionsOn(db, date, 4, at);
      expect(
        options.kind === "open" && options.times.find((option) => option.time === "19:00")?.free,
        date,
      ).toBe(true);
    }
  }
}

/** Every row of the tables demo content writes, to compare before and after. */
async function snapshot(db: Kysely<Database>) {
  return {
    site_content: await db.selectFrom("site_content").selectAll().orderBy("key").execute(),
    announcements: await db.selectFrom("announcements").selectAll().orderBy("id").execute(),
    categories: await db.selectFrom("categories").selectAll().orderBy("id").execute(),
    menu_items: await db.selectFrom("menu_items").selectAll().orderBy("id").execute(),
    weekly_meals: await db.selectFrom("weekly_meals").selectAll().orderBy("id").execute(),
    active: await db.selectFrom("active_menu_configurations").selectAll().orderBy("id").execute(),
  };
}

describe.each(testDatabases())("demo content on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("fills a fresh database with menus, a text for every block and announcements of each priority", async () => {
    handle = await engine.open();
    expect(await seedDemoContent(handle.db)).toBe(true);
    const rows = await snapshot(handle.db);
    expect(rows.categories).toHaveLength(6);
    expect(rows.menu_items).toHaveLength(13);
    expect(rows.weekly_meals).toHaveLength(3);
    expect(rows.active).toHaveLength(15);
    const showcase = await handle.db
      .selectFrom("featured_dishes")
      .select(["category", "is_active"])
      .execute();
    expect(new Set(showcase.map((item) => item.category))).toEqual(
      new Set(["antipasti", "pasta", "pizza", "secondi", "dolci"]),
    );
    expect(showcase.some((item) => item.is_active === 0)).toBe(true);
    const subcategories = rows.categories.filter((category) => category.parent_id !== null);
    expect(subcategories).toHaveLength(1);
    expect(rows.menu_items.every((dish) => dish.allergens !== null)).toBe(true);
    const texts = new Map(rows.site_content.map((row) => [row.key, JSON.parse(row.value) as unknown]));
    for (const key of contentKeys) {
      expect(contentBlocks[key].schema.safeParse(texts.get(key)).success, key).toBe(true);
    }
    expect(texts.has(DEMO_MARKER_KEY)).toBe(true);
    expect(new Set(rows.announcements.map((row) => row.priority))).toEqual(
      new Set(["high", "medium", "low"]),
    );
  });

  it("adds a dozen gallery pictures, published and in order, with every file their names promise", async () => {
    handle = await engine.open();
    const files = new Map<string, Buffer>();
    expect(
      await seedDemoContent(handle.db, {
        pictures: { files: { put: async (key, data) => void files.set(key, data) } },
      }),
    ).toBe(true);
    const gallery = await handle.db
      .selectFrom("gallery_images")
      .selectAll()
      .orderBy("display_order")
      .execute();
    expect(gallery).toHaveLength(12);
    expect(gallery.every((row) => row.is_published === 1 && row.alt_text.length > 10)).toBe(true);
    expect(gallery.map((row) => row.display_order)).toEqual(gallery.map((_, index) => index + 1));
    const promised = gallery.flatMap((row) => storedKeysOf(row.storage_path));
    expect([...files.keys()].sort()).toEqual(promised.sort());
    for (const row of gallery) {
      const shown = responsivePicture(addressOfKey(row.storage_path));
      const metadata = await sharp(files.get(row.storage_path)).metadata();
      expect([metadata.width, metadata.height], row.storage_path).toEqual([shown?.width, shown?.height]);
    }
  });

  it("sends the invented guests no reminder, whenever the site starts", async () => {
    handle = await engine.open();
    expect(await seedDemoContent(handle.db)).toBe(true);
    const settings = await readReservationSettings(handle.db);
    // Late in the evening: every confirmed demo guest of tomorrow would be due.
    const late = new Date(`${berlinNow().date}T21:30:00.000Z`);
    const written = await writeDueReminders(handle.db, {
      settings: { ...settings, reminderHour: 0 },
      mail: {
        contact: contentDefaults["global.contact"],
        notifyEmail: undefined,
        siteOrigin: "http://localhost",
      },
      now: late,
    });
    expect(written).toEqual([]);
  });

  it("shows every state of the reservation book: a full evening with its waitlist, Betriebsferien, room elsewhere", async () => {
    handle = await engine.open();
    expect(await seedDemoContent(handle.db)).toBe(true);
    const settings = await readReservationSettings(handle.db);
    // The tables decide: 'Plätze gesamt' is theirs (the terrace's included), the typed 80/60 kept.
    expect(settings).toMatchObject({
      seatsFromTables: true,
      totalSeats: 90,
      onlineSeats: 86,
      autoConfirmUpTo: null,
      leadMinutes: 0,
      areaWish: false,
    });
    const today = berlinNow().date;
    // What guests did through their links: 'Ich komme', a change, and a cancellation the dashboard lists.
    const byGuests = await handle.db
      .selectFrom("reservations")
      .select(["guest_action", "reservation_date", "status"])
      .where("guest_action", "is not", null)
      .orderBy("guest_action")
      .execute();
    expect(byGuests.map((row) => row.guest_action)).toEqual(["attending", "cancelled", "changed"]);
    expect(byGuests[1]?.status).toBe("CANCELLED");
    expect([today, addDays(today, 1)]).toContain(byGuests[1]?.reservation_date);
    expect(settings.closures).toEqual([
      { from: addDays(today, 140), to: addDays(today, 146), note: "Betriebsferien" },
    ]);
    const full = demoFullDate(today);
    expect([addDays(today, 1), addDays(today, 2)]).toContain(full);
    await expectDemoBook(handle.db, new Date(`${today}T06:00:00Z`));
    const holidays = await optionsOn(handle.db, addDays(today, 142), 2, new Date(`${today}T06:00:00Z`));
    expect(holidays).toMatchObject({ kind: "closed", note: "Betriebsferien" });
  });

  it("draws a plan of two areas with two combinations, the terrace closed in winter", async () => {
    handle = await engine.open();
    await seedDemoContent(handle.db);
    const plan = await readFloorPlan(handle.db);
    expect(
      plan.areas.map((area) => [area.name, plan.tables.filter((t) => t.areaId === area.id).length]),
    ).toEqual([
      ["Innenraum", 13],
      ["Terrasse", 8],
    ]);
    expect(plan.combinations.map((combination) => unitLabel(plan, `c${combination.id}`))).toEqual([
      "Tisch 3 + 4",
      "Tisch 12 + 13",
    ]);
    const terrace = plan.areas[1];
    const year = Number(berlinNow().date.slice(0, 4));
    for (const date of [`${year}-12-24`, `${year + 1}-01-15`, `${year + 1}-03-31`])
      expect(terrace && areaClosureOn(terrace, date)?.note, date).toBe("Winterpause");
    expect(terrace && areaClosureOn(terrace, `${year + 1}-07-15`)).toBeUndefined();
    // The past week's visits that came sat at tables too (Statistik shows them per area).
    const came = await handle.db
      .selectFrom("reservations")
      .leftJoin("table_assignments", "table_assignments.reservation_id", "reservations.id")
      .select(["reservations.id", "table_assignments.reservation_id as placed"])
      .where("reservations.status", "=", "COMPLETED")
      .execute();
    expect(came.length).toBeGreaterThan(3);
    expect(came.filter((visit) => visit.placed === null)).toEqual([]);
  });

  it("keeps a summer evening fully booked too: the terrace is closed for a private party", async () => {
    handle = await engine.open();
    const summer = new Date("2027-07-14T08:00:00Z");
    await handle.db.transaction().execute((trx) => seedDemoReservations(trx, summer));
    const full = demoFullDate("2027-07-14");
    const terrace = (await readFloorPlan(handle.db)).areas[1];
    expect(terrace && areaClosureOn(terrace, full)?.note).toBe("Geschlossene Gesellschaft");
    expect(terrace && areaClosureOn(terrace, addDays(full, 1))).toBeUndefined();
    await expectDemoBook(handle.db, summer);
  });

  it("counts the page version up, so a running server reads the demo's hours and settings again", async () => {
    handle = await engine.open();
    const before = await readPageVersion(handle.db);
    await seedDemoContent(handle.db);
    expect(await readPageVersion(handle.db)).toBeGreaterThan(before);
  });

  it("writes nothing at the second start, and what staff deleted stays deleted", async () => {
    handle = await engine.open();
    expect(await seedDemoContent(handle.db)).toBe(true);
    const seeded = await snapshot(handle.db);
    expect(await seedDemoContent(handle.db)).toBe(false);
    expect(await snapshot(handle.db)).toEqual(seeded);

    await handle.db.deleteFrom("announcements").execute();
    await handle.db.deleteFrom("menu_items").execute();
    await handle.db.deleteFrom("weekly_meals").execute();
    await handle.db.deleteFrom("categories").execute();
    await handle.db.deleteFrom("site_content").where("key", "!=", DEMO_MARKER_KEY).execute();
    const emptied = await snapshot(handle.db);
    expect(await seedDemoContent(handle.db)).toBe(false);
    expect(await snapshot(handle.db)).toEqual(emptied);
    expect(emptied.announcements).toEqual([]);
  });

  it("never adds demo content to a restaurant's own data, not even after it was deleted", async () => {
    handle = await engine.open();
    await handle.db
      .insertInto("announcements")
      .values({
        title: "Eigene Mitteilung",
        content: "Text",
        type: "info",
        priority: "low",
        is_active: 1,
        valid_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(await seedDemoContent(handle.db)).toBe(false);
    await handle.db.deleteFrom("announcements").execute();
    expect(await seedDemoContent(handle.db)).toBe(false);
    const rows = await snapshot(handle.db);
    expect(rows.announcements).toEqual([]);
    expect(rows.menu_items).toEqual([]);
    expect(rows.site_content.map((row) => row.key)).toEqual([DEMO_MARKER_KEY]);
  });

  it("leaves nothing behind when seeding fails: one transaction, marker included", async () => {
    handle = await engine.open();
    // Without the table of active cards, seeding fails after the categories and dishes were written.
    await handle.db.schema.dropTable("active_menu_configurations").execute();
    await expect(seedDemoContent(handle.db)).rejects.toThrow();
    expect(await handle.db.selectFrom("site_content").selectAll().execute()).toEqual([]);
    expect(await handle.db.selectFrom("categories").selectAll().execute()).toEqual([]);
    expect(await handle.db.selectFrom("menu_items").selectAll().execute()).toEqual([]);
  });
});

describe("demo content at server start (SQLite)", () => {
  const build = {} as ServerBuild;
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(dataDir: string, demo: "on" | "off") {
    const config = parseConfig({ DATA_DIR: dataDir, DEMO_CONTENT: demo, LOG_LEVEL: "silent" });
    return createApp(config, { build, logger: recordingLogger().logger, onGeneratedPassword: () => {} });
  }

  it("DEMO_CONTENT=off writes nothing; a later start with it on fills the still empty database once", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-demo-"));
    dirs.push(dataDir);
    let app = await start(dataDir, "off");
    try {
      expect(await snapshot(app.database.db)).toEqual({
        site_content: [],
        announcements: [],
        categories: [],
        menu_items: [],
        weekly_meals: [],
        active: [],
      });
    } finally {
      await app.close();
    }

    app = await start(dataDir, "on");
    let seeded: Awaited<ReturnType<typeof snapshot>>;
    try {
      seeded = await snapshot(app.database.db);
      expect(seeded.announcements.length).toBeGreaterThan(0);
      expect(seeded.menu_items.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }

    app = await start(dataDir, "on");
    try {
      expect(await snapshot(app.database.db)).toEqual(seeded);
    } finally {
      await app.close();
    }
  });
});
