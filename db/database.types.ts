import type { ColumnType, Generated, Selectable } from "kysely";

/**
 * The schema as the application sees it, identical on SQLite and PostgreSQL:
 * - timestamps are ISO 8601 strings in UTC (`timestamptz` on PostgreSQL, text on SQLite);
 * - calendar dates are `YYYY-MM-DD` strings (Europe/Berlin dates; `date` on PostgreSQL);
 * - wall-clock times are `HH:MM` strings;
 * - money is integer cents; flags are 0/1 integers (see docs/decisions/0003-portable-data-model.md).
 */
type Timestamp = string;
type CalendarDate = string;
type Flag = ColumnType<number, number | undefined, number>;
type Id = Generated<number>;

export interface SiteContentTable {
  key: string;
  value: string; // JSON text, validated by the content block's schema when read
  updated_at: Timestamp;
}

export interface AnnouncementsTable {
  id: Id;
  title: string;
  content: string;
  type: string; // info | warning | success; anything else is shown as info
  priority: "low" | "medium" | "high";
  is_active: Flag;
  valid_until: CalendarDate | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CategoriesTable {
  id: Id;
  name: string;
  display_order: number | null;
  parent_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MenuItemsTable {
  id: Id;
  name: string;
  description: string | null;
  price_cents: number;
  product_code: string | null;
  category_id: number | null;
  tags: string | null; // JSON array of strings
  allergens: string | null; // 'A,C,G' (app/features/menu/marks.ts)
  additives: string | null; // '1,3'
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WeeklyMealsTable {
  id: Id;
  name: string;
  description: string | null;
  price_cents: number;
  allergens: string | null;
  additives: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type MenuType = "SPEISEKARTE" | "WOCHENKARTE";

export interface ActiveMenuConfigurationsTable {
  id: Id;
  menu_type: MenuType;
  /** Set for SPEISEKARTE rows; a real foreign key instead of the original's shared id column. */
  menu_item_id: number | null;
  /** Set for WOCHENKARTE rows. */
  weekly_meal_id: number | null;
  display_order: number | null;
  created_at: Timestamp;
}

export type FeaturedDishCategory = "antipasti" | "pasta" | "pizza" | "secondi" | "dolci";

/**
 * The home page showcase ('Menu Items', the original's `admin_menu_items`; docs/product/menu.md#showcase).
 */
export interface FeaturedDishesTable {
  id: Id;
  name: string;
  description: string;
  price_cents: number;
  category: FeaturedDishCategory;
  image_url: string | null;
  sort_order: number;
  is_active: Flag;
  allergens: string | null;
  additives: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GalleryImagesTable {
  id: Id;
  storage_path: string;
  caption: string | null;
  alt_text: string;
  is_published: Flag;
  display_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** WAITLIST: 'Warteliste', a request for a full day or time that holds no seats (decision 0031). */
export type ReservationStatus =
  | "PENDING"
  | "CONFIRMED"
  | "COMPLETED"
  | "CANCELLED"
  | "WAITLIST"
  /** 'Eingetroffen' and 'Nicht erschienen': the evening's states (decision 0034). */
  | "ARRIVED"
  | "NO_SHOW";

/** 'Online', 'Telefon/Personal', 'Laufkundschaft' (decision 0034). */
export type ReservationSource = "online" | "staff" | "walk-in";

export interface ReservationsTable {
  id: Id;
  customer_name: string;
  /** Lower-cased with German rules by the application: SQLite's lower() folds only ASCII. */
  customer_name_search: string;
  email: string | null;
  phone_number: string | null;
  reservation_date: CalendarDate;
  reservation_time: string;
  party_size: number;
  notes: string | null;
  status: ReservationStatus;
  /** The one-time key of the guest's form: the same request sent twice is stored once (decision 0017). */
  request_token: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** What the guest did last through their link, and when (decision 0033). */
  guest_action: GuestAction | null;
  guest_action_at: Timestamp | null;
  /** When the reminder was written to the outbox; set once (decision 0033). */
  reminder_sent_at: Timestamp | null;
  /** Where it came from; staff's unless stated (decision 0034). */
  source: ColumnType<ReservationSource, ReservationSource | undefined, ReservationSource>;
  /** 1 when the reservation settings confirmed the guest's request at once (decision 0034). */
  auto_confirmed: Flag;
  /** `storedPhoneKey(phone_number)` (app/lib/phone.ts): finds a guest's other visits (decision 0034). */
  phone_key: string | null;
  /** The area the guest chose ('Bereichswunsch', decision 0054); null: none, or the area went. */
  area_wish_id: number | null;
  /** When staff marked the party 'Eingetroffen', and when 'Abgeschlossen' (decision 0057). */
  arrived_at: Timestamp | null;
  left_at: Timestamp | null;
}

/** 'Vom Gast storniert / geändert / bestätigt'. */
export type GuestAction = "cancelled" | "changed" | "attending";

/** The hash of one guest link's token (the token itself is only in the e-mail, decision 0033). */
export interface ReservationLinksTable {
  token_hash: string;
  reservation_id: number;
  created_at: Timestamp;
}

/** One row per date whose capacity a transaction checked: written first, to serialise them (decision 0031). */
export interface ReservationDayLocksTable {
  /** The date as 'YYYY-MM-DD' text: `varchar(10)` on both engines, not a `date` column (migration 0011). */
  day: string;
  writes: Generated<number>;
}

export type MailStatus = "pending" | "sent" | "failed";

export interface MailOutboxTable {
  id: Id;
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reservation_id: number | null;
  status: MailStatus;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
  reply_to: string | null;
  /** The restaurant's address when the message was written: the From when MAIL_FROM is not set. */
  sender: string | null;
  /** JSON: `[{ filename, contentType, content }]` with the content as text (the calendar entry). */
  attachments: string | null;
  /** Who is sending it right now, and until when that claim holds (decision 0017). */
  claim_token: string | null;
  claimed_until: Timestamp | null;
}

/** Counters for per-address limits (reservation requests); every row expires. */
export interface RateLimitCountersTable {
  key: string;
  hits: number;
  window_started_at: Timestamp;
  expires_at: Timestamp;
}

export interface StaffUsersTable {
  id: Id;
  username: string;
  /**
   * The username in NFKC, case-folded: sign-in ignores case and compatibility forms ('ａｄｍｉｎ' is
   * 'admin'), and two accounts cannot differ only by them (decision 0027).
   */
  username_normalized: string;
  password_hash: string;
  /**
   * Who set the password last: `environment` (ADMIN_PASSWORD at start), `staff` (the staff command)
   * or `generated` (first start). ADMIN_PASSWORD only replaces a password it set itself (decision 0009).
   */
  password_set_by: Generated<PasswordSetBy>;
  /** Owners add and remove accounts and reset their passwords; staff manage only their own (decision 0025). */
  role: Generated<StaffRole>;
  /** The base32 secret of the account's one-time passwords, once confirmed; null: no second factor. */
  totp_secret: string | null;
  /** A secret shown as a QR code and not yet confirmed with a code. */
  totp_pending_secret: string | null;
  totp_enabled_at: Timestamp | null;
  /** The time step of the last code accepted: a code is never accepted twice. */
  totp_last_step: number | null;
  /**
   * 1: the password was chosen by someone else (generated at the first start, set by an owner):
   * the account reaches only Mein Konto until it has changed it (decision 0027).
   */
  password_must_change: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type StaffRole = "owner" | "staff";

/** One-time recovery codes for the second factor: only their SHA-256 is kept. */
export interface StaffRecoveryCodesTable {
  id: Id;
  user_id: number;
  code_hash: string;
  /** 1: a 120-bit code; 0: a shorter one made before decision 0027, still accepted. */
  long_code: Flag;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** The step between a right password and the code: short-lived, counted, one per sign-in. */
export interface StaffSignInChallengesTable {
  /** SHA-256 of the cookie's token. */
  id: string;
  user_id: number;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface StaffSessionsTable {
  /** SHA-256 of the cookie's token: a leaked database row cannot be replayed as a cookie. */
  id: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
}

/** Whom the owners require to have a second factor (decision 0027). */
export type SecondFactorPolicy = "off" | "owners" | "everyone";

/** One row (id 1): the owners' rules for everyone's sign-in. */
export interface StaffPolicyTable {
  id: number;
  second_factor_required: SecondFactorPolicy;
}

export type PasswordSetBy = "environment" | "staff" | "generated";

/** Sign-in attempt counters and known addresses (decision 0009); every row expires. */
export interface LoginThrottleTable {
  key: string;
  attempts: number;
  window_started_at: Timestamp;
  expires_at: Timestamp;
}

/** One row (id 1): the version of what guests' pages show (decision 0020). */
export interface PageVersionsTable {
  id: number;
  /** bigint: read as a number on PostgreSQL too (db/database.server.ts parses int8). */
  version: number;
}

/**
 * One row (id 1) of 'Reservierungseinstellungen'
 * (app/features/reservations/book/reservation-settings.ts); no row: the defaults. Null is an empty
 * setting (no limit, or off).
 */
export interface ReservationSettingsTable {
  id: number;
  total_seats: number | null;
  online_seats: number | null;
  stay_small_minutes: number;
  stay_medium_minutes: number;
  stay_large_minutes: number;
  arrivals_per_slot: number | null;
  largest_online_party: number;
  lead_minutes: number;
  horizon_months: number;
  auto_confirm_up_to: number | null;
  /** The reminder the day before (decision 0033): on (1) or off (0), and its hour in Berlin. */
  reminder_enabled: Flag;
  reminder_hour: ColumnType<number, number | undefined, number>;
  /** Days after the reserved date until the notes are erased; months until it is anonymised (decision 0033). */
  notes_erase_days: ColumnType<number, number | undefined, number>;
  anonymise_after_months: ColumnType<number, number | undefined, number>;
  /** 'Bereichswunsch' (decision 0054): guests may choose an area (1) or not (0). */
  area_wish: Flag;
  updated_at: Timestamp;
  /** The staff member who saved them last. */
  updated_by: string;
}

export type DoorWaitStatus = "waiting" | "seated" | "gone";

/** One party waiting at the door for a table ('Warteliste vor Ort', decision 0057), kept for its day only. */
export interface DoorWaitlistTable {
  id: Id;
  service_date: CalendarDate;
  name: string;
  party_size: number;
  phone_number: string | null;
  note: string | null;
  status: ColumnType<DoorWaitStatus, DoorWaitStatus | undefined, DoorWaitStatus>;
  /** The walk-in it became ('seated'); no foreign key: an undone walk-in's entry waits again. */
  reservation_id: number | null;
  created_at: Timestamp;
  /** The entry's version: a stale tap is told it changed meanwhile. */
  updated_at: Timestamp;
}

/** A closed date range ('Betriebsferien'), both days included. */
export interface ReservationClosuresTable {
  id: Id;
  starts_on: CalendarDate;
  ends_on: CalendarDate;
  /** For guests; '' when none. */
  note: string;
}

/** A single date with its own opening hours instead of its weekday's. */
export interface ReservationDayHoursTable {
  id: Id;
  day: CalendarDate;
  opens: string;
  /** After `opens`; '24:00' for midnight. */
  closes: string;
  note: string;
}

/** 'Neue Anfrage', 'geändert', … — what the staff screens are told (decision 0035). */
/** 'door': the door's wait list of that day changed (decision 0057); its `reservation_id` is 0. */
export type ReservationEventKind =
  "requested" | "created" | "changed" | "status" | "cancelled" | "deleted" | "door";

/** One change of the reservation book, for the open staff screens (decision 0035). */
export interface ReservationEventsTable {
  id: Id;
  kind: ReservationEventKind;
  reservation_id: number;
  reservation_date: CalendarDate;
  /** The day a change moved it away from; null when it stayed. */
  previous_date: CalendarDate | null;
  /** Only for a new reservation: the time and party size its note shows. */
  reservation_time: string | null;
  party_size: number | null;
  created_at: Timestamp;
}

/** When a periodic job of the server's last began and finished (decision 0039). */
export interface HousekeepingRunsTable {
  job: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
}

/** One row 'Gastdaten' erased (db/migrations/0020-guest-erasures.ts): which row, not what it held. */
export interface GuestErasuresTable {
  kind: "reservation" | "mail";
  row_id: number;
  row_created_at: Timestamp;
  erased_at: Timestamp;
}

/** An area of the restaurant on 'Tischplan' (decision 0052): 'Innenraum', 'Terrasse'. */
export interface FloorAreasTable {
  id: Id;
  name: string;
  /** The name folded for comparison: no two areas share it. */
  name_key: string;
  sort_order: number;
  /** 1: guests may book its tables online. */
  online_bookable: Generated<number>;
  /** The plan's size in decimetres. */
  plan_width: number;
  plan_height: number;
  updated_at: Timestamp;
  updated_by: string;
}

/** Dates an area is closed ('Terrasse geschlossen: Regen'), both days included. */
export interface FloorAreaClosuresTable {
  id: Id;
  area_id: number;
  starts_on: CalendarDate;
  ends_on: CalendarDate;
  /** For staff; '' when none. */
  note: string;
}

export type TableShape = "round" | "square" | "rectangle";

/** A table on the plan: its seats, its shape, where it stands (decimetres, degrees). */
export interface DiningTablesTable {
  id: Id;
  area_id: number;
  name: string;
  /** The name folded for comparison: unique in the restaurant. */
  name_key: string;
  seats_min: number;
  seats_max: number;
  shape: TableShape;
  /** The top left corner of the unrotated table; it turns about its centre. */
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: Generated<number>;
  online_bookable: Generated<number>;
}

/** Tables of one area that staff may push together, with the seats of the whole. */
export interface TableCombinationsTable {
  id: Id;
  area_id: number;
  seats_min: number;
  seats_max: number;
}

export interface TableCombinationMembersTable {
  combination_id: number;
  table_id: number;
}

/** Which table or combination a reservation sits at (migration 0022, decision 0053). */
export interface TableAssignmentsTable {
  reservation_id: number;
  table_id: number | null;
  combination_id: number | null;
  /** 1: staff chose it, the book does not move the party. */
  fixed: Generated<number>;
  assigned_at: Timestamp;
}

export interface Database {
  housekeeping_runs: HousekeepingRunsTable;
  guest_erasures: GuestErasuresTable;
  page_versions: PageVersionsTable;
  site_content: SiteContentTable;
  announcements: AnnouncementsTable;
  categories: CategoriesTable;
  menu_items: MenuItemsTable;
  weekly_meals: WeeklyMealsTable;
  active_menu_configurations: ActiveMenuConfigurationsTable;
  featured_dishes: FeaturedDishesTable;
  gallery_images: GalleryImagesTable;
  reservations: ReservationsTable;
  reservation_links: ReservationLinksTable;
  reservation_day_locks: ReservationDayLocksTable;
  reservation_events: ReservationEventsTable;
  mail_outbox: MailOutboxTable;
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sign_in_challenges: StaffSignInChallengesTable;
  staff_policy: StaffPolicyTable;
  login_throttle: LoginThrottleTable;
  rate_limit_counters: RateLimitCountersTable;
  reservation_settings: ReservationSettingsTable;
  reservation_closures: ReservationClosuresTable;
  reservation_day_hours: ReservationDayHoursTable;
  floor_areas: FloorAreasTable;
  floor_area_closures: FloorAreaClosuresTable;
  dining_tables: DiningTablesTable;
  table_combinations: TableCombinationsTable;
  table_combination_members: TableCombinationMembersTable;
  table_assignments: TableAssignmentsTable;
  door_waitlist: DoorWaitlistTable;
}

export type StaffUser = Selectable<StaffUsersTable>;
