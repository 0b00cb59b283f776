import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { columnTypes, notNull, withId, type MigrationDb } from "./schema-helpers.ts";

/**
 * Every entity of the original's data model (decision 0015), plus staff accounts, sessions, sign-in
 * throttling and the mail outbox.
 */
export function initialSchema(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable("site_content")
        .addColumn("key", "varchar(100)", (col) => col.primaryKey())
        .addColumn("value", "text", notNull)
        .addColumn("updated_at", t.timestamp, notNull)
        .execute();

      await withId(db.schema.createTable("announcements"), dialect)
        .addColumn("title", "varchar(200)", notNull)
        .addColumn("content", "text", notNull)
        .addColumn("type", "varchar(20)", (col) => col.notNull().defaultTo("info"))
        .addColumn("priority", "varchar(10)", (col) =>
          col
            .notNull()
            .defaultTo("medium")
            .check(sql`priority in ('low', 'medium', 'high')`),
        )
        .addColumn("is_active", "integer", (col) =>
          col
            .notNull()
            .defaultTo(1)
            .check(sql`is_active in (0, 1)`),
        )
        .addColumn("valid_until", t.date)
        .addColumn("created_at", t.timestamp, notNull)
        .addColumn("updated_at", t.timestamp, notNull)
        .execute();
      await db.schema
        .createIndex("announcements_active_idx")
        .on("announcements")
        .columns(["is_active", "valid_until"])
        .execute();

      await withId(db.schema.createTable("categories"), dialect)
        .addColumn("name", "varchar(120)", notNull)
        .addColumn("display_order", "integer")
        .addColumn("parent_id", "integer", (col) => col.references("categories.id").onDelete("set null"))
        .addColumn("created_at", t.timestamp, notNull)
        .addColumn("updated_at", t.timestamp, notNull)
        .execute();
      await db.schema
        .createIndex("categories_order_idx")
        .on("categories")
        .columns(["display_order", "name"])
        .execute();
      await db.schema.createIndex("categories_parent_idx").on("categories").column("parent_id").execute();

      await withId(db.schema.createTable("menu_items"), dialect)
        .addColumn("name", "varchar(200)", notNull)
        .addColumn("description", "text")
        .addColumn("price_cents", "integer", (col) => col.notNull().check(sql`price_cents >= 0`))
        .addColumn("product_code", "varchar(20)")
        .addColumn("category_id", "integer", (col) => col.references("categories.id").onDelete("set null"))
        .addColumn("tags", "text")
        .addColumn("created_at", t.timestamp, notNull)
        .addColumn("updated_at", t.timestamp, notNull)
        .execute();
      await db.schema.createIndex("menu_items_name_idx").on("menu_items").column("name").execute();
      await db.schema.createIndex("menu_items_category_idx").on("menu_items").column("category_id").execute();

      await withId(db.schema.createTable("weekly_meals"), dialect)
        .addColumn("name", "varchar(200)", notNull)
        .addColumn("description", "text")
        .addColumn("price_cents", "integer", (col) => col.notNull().check(sql`price_cents >= 0`))
        .addColumn("created_at", t.timestamp, notNull)
        .addColumn("updated_at", t.timestamp, notNull)
        .execute();
      await db.schema.createIndex("weekly_meals_name_idx").on("weekly_meals").column("name").execute();

      await withId(db.schema.createTable("active_menu_configurations"), dialect)
        .addColumn("menu_type", "varchar(20)", (col) => col.notNull())
        .addColumn("menu_item_id", "integer", (col) => col.references("menu_items.id").onDelete("cascade"))
        .addColumn("weekly_meal_id", "integer", (col) =>
          col.references("weekly_meals.id").onDelete("cascade"),
        )
        .addColumn("display_order", "integer")
        .addColumn("created_at", t.timestamp, notNull)
        .addCheckConstraint(
          "active_menu_configurations_target_check",
          sql`(menu_type = 'SPEISEKARTE' and menu_item_id is not null and weekly_meal_id is null)
           or (menu_type = 'WOCHENKARTE' and weekly_meal_id is not null and menu_item_id is null)`,
        )
        .execute();
      // NULLs never collide in a unique index on either engine: each dish is on its card at most once.
      await db.schema
        .createIndex("active_menu_item_unique")
        .unique()
        .on("active_menu_configurations")
        .column("menu_item_id")
        .execute();
      await db.schema
        .createIndex("active_weekly_meal_unique")
        .unique()
        .on("active_menu_configurations")
        .column("weekly_meal_id")
        .execute();
      await db.schema
        .createIndex("active_menu_type_order_idx")
        .on("active_menu_configurations")
        .columns(["menu_type", "display_order"])
        .execute();

      await withId(db.schema.createTable("featured_dishes"), dialect)
        .addColumn("name", "varchar(200)", notNull)
        .addColumn("description", "text", notNull)
        .addColumn("price_cents", "integer", (col) => col.notNull().check(sql`price_cents >= 0`))
        .addColumn("category", "varchar(20)", (col) =>
          col.notNull().check(sql`category in ('antipasti', 'pasta', 'pizza', 'secondi', 'dolci')`),
        )
        .addColumn("image_url", "text")
        .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("is_active", "integer", (col) =>
          col
            .notNull()
            .defaultTo(1)
            .check(sql`is_active in (0, 1)`),
        )
        .addColumn("created_at", t.timestamp, notNull)
        .addColumn("updated_at", t.timestamp, notNull)
        .execute();
      await db.schema
        .createIndex("featured_dishes_category_idx")
        .on("featured_dishes")
        .columns(["category", "sort_order"])
        .execute();

      await withId(db.schema.createTable("gallery_images"), dialect)
        .addColumn("storage_path", "varchar(300)", (col) => col.notNull().unique())
        .addColumn("caption", "varchar(300)")
        .addColumn("alt_text", "varchar(300)", notNull)
        .addColumn("is_published", "integer", (col) =>
          col
            .notNull()
            .defaultTo(1)
            .check(sql`is_published in (0, 1)`),
        )
        .addColumn("display_order", "integer", notNull)
        .addColumn("created_at", t.timestamp, notNull)
        .addColumn("updated_at", t.timestamp, notNull)
        .execute();
      await db.schema
        .createIndex("gallery_images_order_idx")
        .on("gallery_images")
        .columns(["is_published", "display_order"])
        .execute();

      await withId(db.schema.createTable("reservations"), dialect)
        .addColumn("customer_name", "varchar(200)", notNull)
        .addColumn("customer_name_search", "varchar(200)", notNull)
        .addColumn("email", "varchar(254)")
        .addColumn("phone_number", "varchar(50)")
        .addColumn("reservation_date", t.date, notNull)
        .addColumn("reservation_time", "varchar(5)", notNull)
        .addColumn("party_size", "integer", (col) => col.notNull().check(sql`party_size >= 1`))
        .addColumn("notes", "text")
        .addColumn("status", "varchar(20)", (col) =>
          col
            .notNull()
            .defaultTo("PENDING")
            .check(sql`status in ('PENDING', 'CONFIRMED', 'COMPLETED', 'CANCELLED')`),
        )
        .addColumn("created_at", t.timestamp, notNull)
        .addColumn("updated_at", t.timestamp, notNull)
        .execute();
      await db.schema
        .createIndex("reservations_date_time_idx")
        .on("reservations")
        .columns(["reservation_date", "reservation_time"])
        .execute();
      await db.schema
        .createIndex("reservations_status_date_idx")
        .on("reservations")
        .columns(["status", "reservation_date", "reservation_time"])
        .execute();
      await db.schema
        .createIndex("reservations_name_idx")
        .on("reservations")
        .column("customer_name_search")
        .execute();

      await withId(db.schema.createTable("mail_outbox"), dialect)
        .addColumn("kind", "varchar(50)", notNull)
        .addColumn("recipient", "varchar(254)", notNull)
        .addColumn("subject", "varchar(300)", notNull)
        .addColumn("text_body", "text", notNull)
        .addColumn("html_body", "text")
        .addColumn("reservation_id", "integer", (col) =>
          col.references("reservations.id").onDelete("set null"),
        )
        .addColumn("status", "varchar(10)", (col) =>
          col
            .notNull()
            .defaultTo("pending")
            .check(sql`status in ('pending', 'sent', 'failed')`),
        )
        .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("next_attempt_at", t.timestamp, notNull)
        .addColumn("last_error", "text")
        .addColumn("sent_at", t.timestamp)
        .addColumn("created_at", t.timestamp, notNull)
        .execute();
      await db.schema
        .createIndex("mail_outbox_due_idx")
        .on("mail_outbox")
        .columns(["status", "next_attempt_at"])
        .execute();

      await withId(db.schema.createTable("staff_users"), dialect)
        .addColumn("username", "varchar(100)", notNull)
        .addColumn("username_normalized", "varchar(100)", (col) => col.notNull().unique())
        .addColumn("password_hash", "text", notNull)
        .addColumn("created_at", t.timestamp, notNull)
        .addColumn("updated_at", t.timestamp, notNull)
        .execute();

      await db.schema
        .createTable("staff_sessions")
        .addColumn("id", "varchar(64)", (col) => col.primaryKey())
        .addColumn("user_id", "integer", (col) =>
          col.notNull().references("staff_users.id").onDelete("cascade"),
        )
        .addColumn("created_at", t.timestamp, notNull)
        .addColumn("last_seen_at", t.timestamp, notNull)
        .addColumn("expires_at", t.timestamp, notNull)
        .addColumn("user_agent", "varchar(300)")
        .execute();
      await db.schema.createIndex("staff_sessions_user_idx").on("staff_sessions").column("user_id").execute();
      await db.schema
        .createIndex("staff_sessions_expiry_idx")
        .on("staff_sessions")
        .column("expires_at")
        .execute();

      await db.schema
        .createTable("login_throttle")
        .addColumn("key", "varchar(200)", (col) => col.primaryKey())
        .addColumn("failures", "integer", notNull)
        .addColumn("window_started_at", t.timestamp, notNull)
        .addColumn("locked_until", t.timestamp)
        .execute();
    },
    async down(db: MigrationDb) {
      for (const table of [
        "login_throttle",
        "staff_sessions",
        "staff_users",
        "mail_outbox",
        "reservations",
        "gallery_images",
        "featured_dishes",
        "active_menu_configurations",
        "weekly_meals",
        "menu_items",
        "categories",
        "announcements",
        "site_content",
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
