import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./database.server.ts";
import { testDatabases } from "../tests/support/test-databases.ts";
import { migrateToLatest, migrateUpTo } from "./migrate.ts";

const now = "2026-11-21T10:00:00.000Z";

describe.each(testDatabases())("schema on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("migrates an empty database once, and a second run changes nothing", async () => {
    handle = await engine.open({ migrate: false });
    expect(await migrateToLatest(handle)).toEqual([
      "0001-initial-schema",
      "0002-sign-in-protection",
      "0003-reservations-and-mail",
      "0004-menu-marks",
      "0005-gallery-pictures",
      "0006-pictures-named-by-size",
      "0007-page-versions",
      "0008-staff-accounts",
      "0009-first-passwords-and-required-second-factor",
      "0010-reservation-settings",
      "0011-reservation-day-locks",
      "0012-reservation-waitlist",
      "0013-reservation-guest-index",
      "0014-guest-self-service",
      "0015-retention-settings",
      "0016-guest-data-indexes",
      "0017-service-states",
      "0018-reservation-events",
      "0019-housekeeping-runs",
      "0020-guest-erasures",
      "0021-floor-plan",
      "0022-table-assignments",
      "0023-area-wishes",
      "0024-evening-on-the-plan",
    ]);
    expect(await migrateToLatest(handle)).toEqual([]);
    // A newer version migrated it further (a rolling update): this one leaves it as it is and says so.
    await sql`insert into kysely_migration (name, timestamp) values (${"0099-from-a-newer-version"}, ${now})`.execute(
      handle.db,
    );
    const told: string[][] = [];
    expect(await migrateToLatest(handle, { onNewerSchema: (unknown) => told.push(unknown) })).toEqual([]);
    expect(told).toEqual([["0099-from-a-newer-version"]]);
    await sql`delete from kysely_migration where name = ${"0099-from-a-newer-version"}`.execute(handle.db);
    const tables = (await handle.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        "site_content",
        "announcements",
        "categories",
        "menu_items",
        "weekly_meals",
        "active_menu_configurations",
        "featured_dishes",
        "gallery_images",
        "reservations",
        "mail_outbox",
        "staff_users",
        "staff_sessions",
        "staff_recovery_codes",
        "staff_sign_in_challenges",
        "staff_policy",
        "login_throttle",
        "rate_limit_counters",
        "reservation_settings",
        "reservation_closures",
        "reservation_day_hours",
        "floor_areas",
        "floor_area_closures",
        "dining_tables",
        "table_combinations",
        "table_combination_members",
        "table_assignments",
        "door_waitlist",
      ]),
    );
  });

  it("makes the accounts that exist before staff roles owners: whoever set them up runs the site", async () => {
    handle = await engine.open({ migrate: false });
    await migrateUpTo(handle, "0007-page-versions");
    await sql`insert into staff_users (username, username_normalized, password_hash, created_at, updated_at) values ('Chef', 'chef', 'x', ${now}, ${now})`.execute(
      handle.db,
    );
    await migrateToLatest(handle);
    await sql`insert into staff_users (username, username_normalized, password_hash, created_at, updated_at) values ('Neu', 'neu', 'x', ${now}, ${now})`.execute(
      handle.db,
    );
    const roles = await handle.db
      .selectFrom("staff_users")
      .select(["username", "role"])
      .orderBy("username")
      .execute();
    expect(roles).toEqual([
      { username: "Chef", role: "owner" },
      { username: "Neu", role: "staff" },
    ]);
  });

  it("holds a password still as generated at the first start for a change, folds names, requires no second factor", async () => {
    handle = await engine.open({ migrate: false });
    await migrateUpTo(handle, "0008-staff-accounts");
    const insert = (username: string, normalized: string, setBy: string) =>
      sql`insert into staff_users (username, username_normalized, password_hash, password_set_by, created_at, updated_at) values (${username}, ${normalized}, 'x', ${setBy}, ${now}, ${now})`.execute(
        handle.db,
      );
    await insert("admin", "admin", "generated");
    await insert("Straße", "straße", "staff");
    await insert("ＬＵＣＡ", "ｌｕｃａ", "environment");
    // Already taken in its new form: keeps the old one rather than fail the migration.
    await insert("ｌｕｃａ", "luca", "staff");
    await sql`insert into staff_recovery_codes (user_id, code_hash, created_at) values (1, 'x', ${now})`.execute(
      handle.db,
    );
    await migrateToLatest(handle);
    const users = await handle.db
      .selectFrom("staff_users")
      .select(["username", "username_normalized", "password_must_change"])
      .orderBy("id")
      .execute();
    expect(users.map((user) => [user.username_normalized, Number(user.password_must_change)])).toEqual([
      ["admin", 1],
      ["strasse", 0],
      ["ｌｕｃａ", 0],
      ["luca", 0],
    ]);
    const codes = await handle.db.selectFrom("staff_recovery_codes").select("long_code").execute();
    expect(codes.map((code) => Number(code.long_code))).toEqual([0]);
    expect(await handle.db.selectFrom("staff_policy").selectAll().execute()).toEqual([
      { id: 1, second_factor_required: "off" },
    ]);
  });

  it("allows the status 'Warteliste' and keeps every reservation, its indexes and the outbox's links to it", async () => {
    handle = await engine.open({ migrate: false });
    await migrateUpTo(handle, "0011-reservation-day-locks");
    const reservation = (name: string, status: string, token: string | null) =>
      sql`insert into reservations (customer_name, customer_name_search, reservation_date, reservation_time, party_size, status, request_token, created_at, updated_at) values (${name}, ${name.toLowerCase()}, '2026-12-04', '19:00', 2, ${status}, ${token}, ${now}, ${now})`.execute(
        handle.db,
      );
    await reservation("Rossi", "CONFIRMED", "token-1");
    await expect(reservation("Früh", "WAITLIST", null)).rejects.toThrow();
    await sql`insert into mail_outbox (kind, recipient, subject, text_body, reservation_id, next_attempt_at, created_at) values ('confirmation', 'gast@example.de', 'Bestätigt', 'Text', 1, ${now}, ${now})`.execute(
      handle.db,
    );

    await migrateToLatest(handle);
    await reservation("Bianchi", "WAITLIST", "token-2");
    await expect(reservation("Verdi", "WARTEND", null)).rejects.toThrow();
    // The request key stays unique after the rebuild.
    await expect(reservation("Doppelt", "PENDING", "token-1")).rejects.toThrow();
    const rows = await handle.db
      .selectFrom("reservations")
      .select(["customer_name", "status"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { customer_name: "Rossi", status: "CONFIRMED" },
      { customer_name: "Bianchi", status: "WAITLIST" },
    ]);
    const links = await handle.db.selectFrom("mail_outbox").select("reservation_id").execute();
    expect(links.map((link) => Number(link.reservation_id))).toEqual([1]);
    // Deleting a reservation still clears its outbox link (the foreign key survived the rebuild).
    await handle.db.deleteFrom("reservations").where("id", "=", 1).execute();
    const cleared = await handle.db.selectFrom("mail_outbox").select("reservation_id").execute();
    expect(cleared).toEqual([{ reservation_id: null }]);
  });

  it("allows 'Eingetroffen' and 'Nicht erschienen', tells online requests from staff entries and keys stored phone numbers", async () => {
    handle = await engine.open({ migrate: false });
    await migrateUpTo(handle, "0016-guest-data-indexes");
    const reservation = (name: string, status: string, token: string | null, phone: string | null = null) =>
      sql`insert into reservations (customer_name, customer_name_search, phone_number, reservation_date, reservation_time, party_size, status, request_token, created_at, updated_at) values (${name}, ${name.toLowerCase()}, ${phone}, '2026-12-04', '19:00', 2, ${status}, ${token}, ${now}, ${now})`.execute(
        handle.db,
      );
    await reservation("Online", "CONFIRMED", "token-1", "+49 (0)170 123 45 67");
    await reservation("Telefon", "PENDING", null, "12 34");
    await expect(reservation("Früh", "ARRIVED", null)).rejects.toThrow();

    await migrateToLatest(handle);
    await reservation("Da", "ARRIVED", null);
    await reservation("Weg", "NO_SHOW", null);
    await expect(reservation("Verdi", "WARTEND", null)).rejects.toThrow();
    await expect(
      sql`update reservations set source = 'fax' where id = 1`.execute(handle.db),
    ).rejects.toThrow();
    const rows = await handle.db
      .selectFrom("reservations")
      .select(["customer_name", "status", "source", "auto_confirmed", "phone_key"])
      .orderBy("id")
      .execute();
    expect(rows.map((row) => ({ ...row, auto_confirmed: Number(row.auto_confirmed) }))).toEqual([
      {
        customer_name: "Online",
        status: "CONFIRMED",
        source: "online",
        auto_confirmed: 0,
        phone_key: "01701234567",
      },
      // Four digits identify nobody.
      { customer_name: "Telefon", status: "PENDING", source: "staff", auto_confirmed: 0, phone_key: null },
      { customer_name: "Da", status: "ARRIVED", source: "staff", auto_confirmed: 0, phone_key: null },
      { customer_name: "Weg", status: "NO_SHOW", source: "staff", auto_confirmed: 0, phone_key: null },
    ]);
  });

  it("keeps money exact as integer cents and refuses negative prices", async () => {
    handle = await engine.open();
    const { db } = handle;
    await db
      .insertInto("weekly_meals")
      .values({ name: "Ossobuco", description: null, price_cents: 2690, created_at: now, updated_at: now })
      .execute();
    const row = await db.selectFrom("weekly_meals").select("price_cents").executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(2690);
    await expect(
      db
        .insertInto("weekly_meals")
        .values({ name: "Fehler", description: null, price_cents: -1, created_at: now, updated_at: now })
        .execute(),
    ).rejects.toThrow();
  });

  it("enforces foreign keys and cascades active entries when a dish is deleted", async () => {
    handle = await engine.open();
    const { db } = handle;
    await expect(
      db
        .insertInto("menu_items")
        .values({
          name: "Waise",
          description: null,
          price_cents: 100,
          product_code: null,
          category_id: 999,
          tags: null,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow();
    const category = await db
      .insertInto("categories")
      .values({ name: "Pasta", display_order: 1, parent_id: null, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const dish = await db
      .insertInto("menu_items")
      .values({
        name: "Carbonara",
        description: null,
        price_cents: 1350,
        product_code: "10",
        category_id: category.id,
        tags: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("active_menu_configurations")
      .values({
        menu_type: "SPEISEKARTE",
        menu_item_id: dish.id,
        weekly_meal_id: null,
        display_order: 1,
        created_at: now,
      })
      .execute();
    // A dish is on its card at most once.
    await expect(
      db
        .insertInto("active_menu_configurations")
        .values({
          menu_type: "SPEISEKARTE",
          menu_item_id: dish.id,
          weekly_meal_id: null,
          display_order: 2,
          created_at: now,
        })
        .execute(),
    ).rejects.toThrow();
    // Deleting the category leaves the dish without one ('Ohne Kategorie'), deleting the dish removes its active entry.
    await db.deleteFrom("categories").where("id", "=", category.id).execute();
    expect(
      (await db.selectFrom("menu_items").select("category_id").executeTakeFirstOrThrow()).category_id,
    ).toBeNull();
    await db.deleteFrom("menu_items").where("id", "=", dish.id).execute();
    expect(await db.selectFrom("active_menu_configurations").selectAll().execute()).toEqual([]);
  });

  it("refuses an active entry whose menu type does not fit its target", async () => {
    handle = await engine.open();
    const { db } = handle;
    const meal = await db
      .insertInto("weekly_meals")
      .values({ name: "Zuppa", description: null, price_cents: 850, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto("active_menu_configurations")
        .values({
          menu_type: "SPEISEKARTE",
          menu_item_id: null,
          weekly_meal_id: meal.id,
          display_order: 1,
          created_at: now,
        })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto("active_menu_configurations")
      .values({
        menu_type: "WOCHENKARTE",
        menu_item_id: null,
        weekly_meal_id: meal.id,
        display_order: 1,
        created_at: now,
      })
      .execute();
  });

  it("returns dates, times and timestamps as the same strings on every engine", async () => {
    handle = await engine.open();
    const { db } = handle;
    await db
      .insertInto("reservations")
      .values({
        customer_name: "Jürgen Müller",
        customer_name_search: "jürgen müller",
        email: "j@example.de",
        phone_number: null,
        reservation_date: "2026-12-24",
        reservation_time: "19:30",
        party_size: 4,
        notes: null,
        status: "PENDING",
        created_at: now,
        updated_at: now,
      })
      .execute();
    const row = await db.selectFrom("reservations").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      reservation_date: "2026-12-24",
      reservation_time: "19:30",
      created_at: now,
      party_size: 4,
      status: "PENDING",
    });
    await expect(
      db
        .updateTable("reservations")
        .set({ status: "UNKNOWN" as "PENDING" })
        .execute(),
    ).rejects.toThrow();
    await expect(db.updateTable("reservations").set({ party_size: 0 }).execute()).rejects.toThrow();
  });

  it("has the indexes the reservation list needs", async () => {
    handle = await engine.open();
    const query =
      engine.dialect === "sqlite"
        ? sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'reservations'`
        : sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'reservations'`;
    const names = (await query.execute(handle.db)).rows.map((row) => row.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "reservations_date_time_idx",
        "reservations_status_date_idx",
        "reservations_guest_idx",
      ]),
    );
    expect(names).not.toContain("reservations_name_idx");
  });
});
