import { sql } from "kysely";
import { Migrator, type Migration, type MigrationResultSet } from "kysely/migration";
import type { DatabaseHandle } from "./database.server.ts";
import type { Dialect } from "./dialect.ts";
import { initialSchema } from "./migrations/0001-initial-schema.ts";
import { signInProtection } from "./migrations/0002-sign-in-protection.ts";
import { reservationsAndMail } from "./migrations/0003-reservations-and-mail.ts";
import { menuMarks } from "./migrations/0004-menu-marks.ts";
import { galleryPictures } from "./migrations/0005-gallery-pictures.ts";
import { picturesNamedBySize } from "./migrations/0006-pictures-named-by-size.ts";
import { pageVersions } from "./migrations/0007-page-versions.ts";
import { staffAccounts } from "./migrations/0008-staff-accounts.ts";
import { firstPasswordsAndRequiredSecondFactor } from "./migrations/0009-first-passwords-and-required-second-factor.ts";
import { reservationSettings } from "./migrations/0010-reservation-settings.ts";
import { reservationDayLocks } from "./migrations/0011-reservation-day-locks.ts";
import { reservationWaitlist } from "./migrations/0012-reservation-waitlist.ts";
import { reservationGuestIndex } from "./migrations/0013-reservation-guest-index.ts";
import { guestSelfService } from "./migrations/0014-guest-self-service.ts";
import { retentionSettings } from "./migrations/0015-retention-settings.ts";
import { guestDataIndexes } from "./migrations/0016-guest-data-indexes.ts";
import { serviceStates } from "./migrations/0017-service-states.ts";
import { reservationEvents } from "./migrations/0018-reservation-events.ts";
import { housekeepingRuns } from "./migrations/0019-housekeeping-runs.ts";
import { guestErasures } from "./migrations/0020-guest-erasures.ts";
import { floorPlan } from "./migrations/0021-floor-plan.ts";
import { tableAssignments } from "./migrations/0022-table-assignments.ts";
import { areaWishes } from "./migrations/0023-area-wishes.ts";
import { eveningOnThePlan } from "./migrations/0024-evening-on-the-plan.ts";

/**
 * Migrations in order. A new migration is a new file and a new line here; a migration that has
 * run is never edited. Listed statically so the server bundle carries them.
 */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    "0001-initial-schema": initialSchema(dialect),
    "0002-sign-in-protection": signInProtection(dialect),
    "0003-reservations-and-mail": reservationsAndMail(dialect),
    "0004-menu-marks": menuMarks(),
    "0005-gallery-pictures": galleryPictures(),
    "0006-pictures-named-by-size": picturesNamedBySize(),
    "0007-page-versions": pageVersions(),
    "0008-staff-accounts": staffAccounts(dialect),
    "0009-first-passwords-and-required-second-factor": firstPasswordsAndRequiredSecondFactor(),
    "0010-reservation-settings": reservationSettings(dialect),
    "0011-reservation-day-locks": reservationDayLocks(),
    "0012-reservation-waitlist": reservationWaitlist(dialect),
    "0013-reservation-guest-index": reservationGuestIndex(),
    "0014-guest-self-service": guestSelfService(dialect),
    "0015-retention-settings": retentionSettings(),
    "0016-guest-data-indexes": guestDataIndexes(),
    "0017-service-states": serviceStates(dialect),
    "0018-reservation-events": reservationEvents(dialect),
    "0019-housekeeping-runs": housekeepingRuns(dialect),
    "0020-guest-erasures": guestErasures(dialect),
    "0021-floor-plan": floorPlan(dialect),
    "0022-table-assignments": tableAssignments(dialect),
    "0023-area-wishes": areaWishes(),
    "0024-evening-on-the-plan": eveningOnThePlan(dialect),
  };
}

export class MigrationError extends Error {
  override readonly cause: unknown;
  constructor(migration: string | undefined, cause: unknown) {
    super(
      `Migration ${migration ?? "(unbekannt)"} fehlgeschlagen: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = "MigrationError";
    this.cause = cause;
  }
}

/** The names of every migration this version knows, in the order they run. */
export const migrationNames = (): string[] => Object.keys(migrations("sqlite"));

/**
 * Brings the schema up to date; returns the names of the migrations that ran now. A schema a newer
 * version has already migrated further (a rolling update: the new version started on another server
 * first) is left as it is and `onNewerSchema` is told the migrations this version does not know: as
 * migrations only add (README, 'Mehrere Instanzen'), the old version keeps working on it until it is
 * replaced too.
 */
export async function migrateToLatest(
  database: DatabaseHandle,
  { onNewerSchema }: { onNewerSchema?: (unknown: string[]) => void } = {},
): Promise<string[]> {
  const known = new Set(migrationNames());
  const newer = async () => (await executedMigrations(database)).filter((name) => !known.has(name));
  const unknown = await newer();
  if (unknown.length > 0) {
    onNewerSchema?.(unknown);
    return [];
  }
  try {
    return await migrate(database, (migrator) => migrator.migrateToLatest());
  } catch (error) {
    // The newer version was migrating in that moment (the migrator waited for its lock, then found
    // what this one does not know): the same as finding it done.
    const late = await newer().catch(() => []);
    if (late.length === 0) throw error;
    onNewerSchema?.(late);
    return [];
  }
}

/**
 * Whether the database answers a read of its own stored data: the migrations' record, which every
 * migrated database has and no feature owns (a read that touches the file, where `select 1` would
 * not). Throws when it cannot.
 */
export async function readMigrationRecord(db: DatabaseHandle["db"]): Promise<void> {
  await sql`select name from kysely_migration limit 1`.execute(db);
}

/** The migrations the database says have run; none before the first. */
async function executedMigrations({ db }: DatabaseHandle): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === "kysely_migration")) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Brings the schema up to the named migration and no further: a restore builds the schema its
 * archive was taken at, fills it, and only then runs the later migrations over the data.
 */
export async function migrateUpTo(database: DatabaseHandle, name: string): Promise<string[]> {
  return migrate(database, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  { db, dialect }: DatabaseHandle,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
  });
  const { error, results }: MigrationResultSet = await run(migrator);
  if (error) {
    const failed = results?.find((result) => result.status === "Error");
    throw new MigrationError(failed?.migrationName, error);
  }
  return (results ?? [])
    .filter((result) => result.status === "Success")
    .map((result) => result.migrationName);
}
