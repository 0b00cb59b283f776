import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import type { Logger } from "../../../lib/logger.server.ts";
import { bumpPageVersion, keptForPageVersion } from "../../../lib/page-version.server.ts";
import { noteFreeSeatsChanged } from "../book/index.server.ts";
import { DEFAULT_SETTINGS, type ReservationSettings } from "../book/index.server.ts";
import { planSeats, readFloorPlan, readKeptFloorPlan } from "../tables/index.server.ts";

/**
 * Storing 'Reservierungseinstellungen': one settings row, the closures and the exceptions. No row is
 * the defaults (`DEFAULT_SETTINGS`: nothing limited), so a fresh installation takes every request as
 * before until an owner saves the screen.
 */

export async function readReservationSettings(db: Kysely<Database>): Promise<ReservationSettings> {
  const [stored, plan] = await Promise.all([readStoredSettings(db), readKeptFloorPlan(db)]);
  // Once tables are drawn, their seats are the restaurant's (decision 0053).
  const seats = planSeats(plan);
  return seats
    ? { ...stored, totalSeats: seats.total, onlineSeats: seats.online, seatsFromTables: true }
    : stored;
}

async function readStoredSettings(db: Kysely<Database>): Promise<ReservationSettings> {
  const [row, closures, exceptions] = await Promise.all([
    db.selectFrom("reservation_settings").selectAll().where("id", "=", 1).executeTakeFirst(),
    db
      .selectFrom("reservation_closures")
      .select(["starts_on", "ends_on", "note"])
      .orderBy("starts_on")
      .orderBy("ends_on")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("reservation_day_hours")
      .select(["day", "opens", "closes", "note"])
      .orderBy("day")
      .execute(),
  ]);
  const lists = {
    closures: closures.map((closure) => ({
      from: closure.starts_on,
      to: closure.ends_on,
      note: closure.note,
    })),
    exceptions: exceptions.map((exception) => ({
      date: exception.day,
      opens: exception.opens,
      closes: exception.closes,
      note: exception.note,
    })),
  };
  if (!row) return { ...DEFAULT_SETTINGS, ...lists };
  return {
    totalSeats: row.total_seats,
    onlineSeats: row.online_seats,
    stayMinutes: {
      small: row.stay_small_minutes,
      medium: row.stay_medium_minutes,
      large: row.stay_large_minutes,
    },
    arrivalsPerSlot: row.arrivals_per_slot,
    largestOnlineParty: row.largest_online_party,
    leadMinutes: row.lead_minutes,
    horizonMonths: row.horizon_months,
    autoConfirmUpTo: row.auto_confirm_up_to,
    reminderHour: row.reminder_enabled ? row.reminder_hour : null,
    notesEraseDays: row.notes_erase_days,
    anonymiseAfterMonths: row.anonymise_after_months,
    areaWish: row.area_wish === 1,
    ...lists,
  };
}

/**
 * `readReservationSettings` for every guest's request and availability question: kept in memory until
 * the settings or anything else staff change is saved (decision 0032; saving counts the page version up).
 */
export const readKeptReservationSettings = keptForPageVersion(async (db: Kysely<Database>) => ({
  value: await readReservationSettings(db),
  keep: true,
}));

/**
 * The settings for a page that must show anyway (a guest's form, a staff screen): when they cannot be
 * read, the defaults (nothing limited, so no capacity figures and no question 'Überbucht'), and the
 * failure is logged. The server still judges a guest's request by the stored settings when it
 * arrives (docs/product/reservations.md#staff-screen).
 */
export function readSettingsOrDefaults(db: Kysely<Database>, logger: Logger): Promise<ReservationSettings> {
  return readReservationSettings(db).catch((error: unknown) => {
    logger.error("reservation settings could not be read", { error });
    return DEFAULT_SETTINGS;
  });
}

/**
 * `readSettingsOrDefaults` for one date's staff figures (the service view, the day's list, the
 * dashboard): once tables are drawn, 'Plätze gesamt' and the online seats are those of the tables in
 * areas open that date — the terrace closed for the winter seats nobody.
 */
export async function readSettingsOn(
  db: Kysely<Database>,
  logger: Logger,
  date: string,
): Promise<ReservationSettings> {
  const settings = await readSettingsOrDefaults(db, logger);
  if (!settings.seatsFromTables) return settings;
  // Read a moment ago by the settings: a failure now keeps the whole plan's seats.
  const seats = await readKeptFloorPlan(db).then(
    (plan) => planSeats(plan, date),
    () => undefined,
  );
  return seats ? { ...settings, totalSeats: seats.total, onlineSeats: seats.online } : settings;
}

/**
 * Replaces the settings, the closures and the exceptions in one transaction: a reader sees the old
 * settings or the new ones, never a mix. The caller has validated them (`validateSettings`).
 */
export async function saveReservationSettings(
  db: Kysely<Database>,
  settings: ReservationSettings,
  username: string,
  { keepSeats = false } = {},
): Promise<void> {
  await db.transaction().execute((trx) => writeReservationSettings(trx, settings, username, { keepSeats }));
  noteFreeSeatsChanged();
}

/** The same inside a transaction the caller holds (the demo content's). */
export async function writeReservationSettings(
  trx: Transaction<Database>,
  settings: ReservationSettings,
  username: string,
  { keepSeats = false } = {},
): Promise<void> {
  // While tables decide the seats, the typed ones are kept as they were, for a plan without tables.
  const tablesDecide = keepSeats || (await readFloorPlan(trx)).tables.length > 0;
  const row = {
    ...(tablesDecide ? {} : { total_seats: settings.totalSeats, online_seats: settings.onlineSeats }),
    stay_small_minutes: settings.stayMinutes.small,
    stay_medium_minutes: settings.stayMinutes.medium,
    stay_large_minutes: settings.stayMinutes.large,
    arrivals_per_slot: settings.arrivalsPerSlot,
    largest_online_party: settings.largestOnlineParty,
    lead_minutes: settings.leadMinutes,
    horizon_months: settings.horizonMonths,
    auto_confirm_up_to: settings.autoConfirmUpTo,
    // Off keeps the hour last chosen, for when it is turned on again.
    reminder_enabled: settings.reminderHour === null ? 0 : 1,
    ...(settings.reminderHour === null ? {} : { reminder_hour: settings.reminderHour }),
    notes_erase_days: settings.notesEraseDays,
    anonymise_after_months: settings.anonymiseAfterMonths,
    area_wish: settings.areaWish ? 1 : 0,
    updated_at: new Date().toISOString(),
    updated_by: username,
  };
  await trx
    .insertInto("reservation_settings")
    .values({ id: 1, ...row })
    .onConflict((conflict) => conflict.column("id").doUpdateSet(row))
    .execute();
  // No kept reading of the old settings is used again, on this server or another (decision 0032).
  await bumpPageVersion(trx);
  await trx.deleteFrom("reservation_closures").execute();
  if (settings.closures.length > 0)
    await trx
      .insertInto("reservation_closures")
      .values(
        settings.closures.map((closure) => ({
          starts_on: closure.from,
          ends_on: closure.to,
          note: closure.note,
        })),
      )
      .execute();
  await trx.deleteFrom("reservation_day_hours").execute();
  if (settings.exceptions.length > 0)
    await trx
      .insertInto("reservation_day_hours")
      .values(
        settings.exceptions.map((exception) => ({
          day: exception.date,
          opens: exception.opens,
          closes: exception.closes,
          note: exception.note,
        })),
      )
      .execute();
}
