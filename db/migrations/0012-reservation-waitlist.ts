import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import type { MigrationDb } from "./schema-helpers.ts";

const WITHOUT_WAITLIST = "status in ('PENDING', 'CONFIRMED', 'COMPLETED', 'CANCELLED')";
export const WITH_WAITLIST = "status in ('PENDING', 'CONFIRMED', 'COMPLETED', 'CANCELLED', 'WAITLIST')";

/**
 * A reservation may be 'Warteliste' (WAITLIST): a guest's request for a full day or time, kept for
 * staff, holding no seats (decision 0031). The status column's check allows the new value.
 *
 * PostgreSQL changes the named check in place. SQLite cannot alter a check, so the table is rebuilt
 * the way SQLite's documentation prescribes: the same CREATE statement with the new check under a
 * new name, every row copied, the old table dropped and the new one renamed, its indexes created
 * again — with foreign keys off meanwhile, so that dropping the old table does not clear the
 * outbox's links to its reservations, and checked before the transaction commits.
 */
export function reservationWaitlist(dialect: Dialect): Migration {
  return {
    up: (db) => replaceStatusCheck(db, dialect, WITHOUT_WAITLIST, WITH_WAITLIST),
    async down(db: MigrationDb) {
      // A waiting request goes back to what it was before the status existed: a pending request.
      await db
        .updateTable("reservations")
        .set({ status: "PENDING" })
        .where("status", "=", "WAITLIST")
        .execute();
      await replaceStatusCheck(db, dialect, WITH_WAITLIST, WITHOUT_WAITLIST);
    },
  };
}

export async function replaceStatusCheck(db: MigrationDb, dialect: Dialect, from: string, to: string) {
  if (dialect === "postgres") {
    await sql`alter table reservations drop constraint reservations_status_check`.execute(db);
    await sql`alter table reservations add constraint reservations_status_check check (${sql.raw(to)})`.execute(
      db,
    );
    return;
  }
  const schema = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'reservations'`.execute(db);
  const table = schema.rows.find((row) => row.type === "table");
  if (!table?.sql?.includes(from)) {
    throw new Error("Die Tabelle reservations hat nicht die erwartete Statusprüfung.");
  }
  const indexes = schema.rows.flatMap((row) => (row.type === "index" && row.sql ? [row.sql] : []));
  const rebuilt = table.sql
    .replace(from, to)
    .replace(/^CREATE TABLE\s+("?)reservations\1/i, "CREATE TABLE reservations_rebuilt");
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(rebuilt).execute(trx);
      await sql`insert into reservations_rebuilt select * from reservations`.execute(trx);
      await sql`drop table reservations`.execute(trx);
      await sql`alter table reservations_rebuilt rename to reservations`.execute(trx);
      for (const index of indexes) await sql.raw(index).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error("Fremdschlüssel nach dem Umbau von reservations verletzt.");
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
