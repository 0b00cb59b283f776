import { sql, type Kysely } from "kysely";
import type { Database, ReservationSource, ReservationStatus } from "../../db/database.types.ts";
import { transactTogether } from "../../db/shared-commit.server.ts";
import { storedPhoneKey } from "../../app/lib/phone.ts";
import { noteFreeSeatsChanged } from "../../app/features/reservations/book/changes.server.ts";
import { lockReservationDay } from "../../app/features/reservations/book/day-lock.server.ts";
import {
  searchableName,
  type ReservationRequest,
  type StaffReservationValues,
} from "../../app/features/reservations/book/form-schemas.ts";
import type { Reservation } from "../../app/features/reservations/book/shapes.ts";
import type { RequestDependencies } from "../../app/features/reservations/booking/guest-request.server.ts";
import { contentDefaults } from "../../app/common/content/defaults.ts";
import { createMailer } from "../../app/common/mail/mailer.server.ts";
import { recordingLogger } from "./silent-logger.ts";
import { openEveryDay } from "./opening-hours.ts";
import {
  announceNewReservation,
  findSameRequest,
  insertGuestRequest,
  insertStaffReservation,
  type StoredReservation,
} from "../../app/features/reservations/book/store.server.ts";

/** What a test says of a reservation it stores; the rest is a plausible guest's. */
export interface TestReservation {
  name?: string;
  /** `null` for a reservation without an address (a guest who phoned). */
  email?: string | null;
  /** As the guest typed it; none unless given. */
  phone?: string | null;
  date: string;
  time?: string;
  partySize?: number;
  status?: ReservationStatus;
  /** Where it came from; the column's default ('staff') unless given. */
  source?: ReservationSource;
  createdAt?: string;
}

/** A reservation straight into the database, as if a guest had sent it (PENDING unless said); its id. */
export async function insertReservation(db: Kysely<Database>, values: TestReservation): Promise<number> {
  const name = values.name ?? "Gast";
  const stamp = values.createdAt ?? new Date().toISOString();
  const row = await db
    .insertInto("reservations")
    .values({
      customer_name: name,
      customer_name_search: searchableName(name),
      email:
        values.email === undefined ? `${name.toLowerCase().replace(/\W+/g, ".")}@example.de` : values.email,
      phone_number: values.phone ?? null,
      // As the app writes it with every number (decision 0034).
      phone_key: storedPhoneKey(values.phone),
      reservation_date: values.date,
      reservation_time: values.time ?? "18:00",
      party_size: values.partySize ?? 2,
      notes: null,
      status: values.status ?? "PENDING",
      request_token: null,
      created_at: stamp,
      updated_at: stamp,
      ...(values.source === undefined ? {} : { source: values.source }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * A guest's request stored as PENDING, once, without the settings' rules and without e-mails: the
 * store's own steps, for tests and benchmarks that need a request, not the way one is made. Guests'
 * requests go through `submitReservationRequest` (decision 0050).
 */
export async function createGuestRequest(
  db: Kysely<Database>,
  request: ReservationRequest,
): Promise<StoredReservation> {
  const stored = await transactTogether(db, async (trx) => {
    await lockReservationDay(trx, request.date);
    const same = await findSameRequest(trx, request);
    if (same) return { reservation: same, duplicate: true };
    const inserted = await insertGuestRequest(trx, request, "PENDING");
    if (!inserted.duplicate) await announceNewReservation(trx, "requested", inserted.reservation);
    return inserted;
  });
  noteFreeSeatsChanged();
  return stored;
}

/**
 * A reservation as staff enter it, without weighing it against the seats and without e-mails: for
 * tests and benchmarks. The staff screens go through `addByStaff` (decision 0050).
 */
export async function createStaffReservation(
  db: Kysely<Database>,
  values: StaffReservationValues,
): Promise<{ reservation: Reservation }> {
  const stored = await db.transaction().execute(async (trx) => {
    const { reservation } = await insertStaffReservation(trx, values);
    await announceNewReservation(trx, "created", reservation);
    return { reservation };
  });
  noteFreeSeatsChanged();
  return stored;
}

/**
 * What a guest's request needs in a test: the database, a mail transport that sends nothing, every
 * weekday open, no limit per address, one client address; `overrides` for the rest (the settings).
 */
export function guestRequestDeps(
  db: Kysely<Database>,
  overrides: Partial<RequestDependencies> = {},
): RequestDependencies {
  const { logger } = recordingLogger();
  const transport = { async send() {}, close() {} };
  return {
    db,
    logger,
    mailer: createMailer({ db, logger, transport, from: undefined, retryBaseMs: 60_000 }),
    clientAddress: "192.0.2.1",
    rateLimit: 0,
    hours: openEveryDay,
    mail: {
      contact: contentDefaults["global.contact"],
      notifyEmail: undefined,
      siteOrigin: "http://localhost",
    },
    ...overrides,
  };
}

/**
 * Holds `date`'s lock in a transaction of its own (as a shared transaction of guests' requests does
 * while it weighs them, decision 0055) until `release` is called; `ended` settles with its commit.
 */
export function holdDateLock(
  db: Kysely<Database>,
  date: string,
): Promise<{ release: () => void; ended: Promise<void> }> {
  return holdTransaction(db, (trx) => lockReservationDay(trx, date));
}

/**
 * A transaction that does `work` and then stays open, holding what it wrote, until `release` is
 * called; `ended` settles with its commit (or rejects with its failure).
 */
export async function holdTransaction(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<unknown>,
): Promise<{ release: () => void; ended: Promise<void> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let done = () => {};
  const workDone = new Promise<void>((resolve) => (done = resolve));
  const ended = db.transaction().execute(async (trx) => {
    await work(trx);
    done();
    await held;
  });
  await Promise.race([workDone, ended]);
  return { release, ended };
}

/** Until a statement on PostgreSQL `db` waits for a lock another transaction holds. */
export async function untilWaitingForLock(db: Kysely<Database>): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("no statement waits for a lock");
}

/**
 * Visits of `partySize` on `date` that stayed `minutes` each from 'Eingetroffen' to 'Abgeschlossen'
 * (decision 0057), as the host stand's taps store them; `status` ARRIVED: still seated (no leaving).
 */
export async function completedVisits(
  db: Kysely<Database>,
  visit: { date: string; partySize: number; minutes: readonly number[]; status?: "COMPLETED" | "ARRIVED" },
): Promise<void> {
  const arrived = Date.parse(`${visit.date}T17:00:00Z`);
  for (const minutes of visit.minutes) {
    const id = await insertReservation(db, {
      name: "Gast",
      date: visit.date,
      time: "18:00",
      partySize: visit.partySize,
      status: visit.status ?? "COMPLETED",
    });
    await db
      .updateTable("reservations")
      .set({
        arrived_at: new Date(arrived).toISOString(),
        left_at: visit.status === "ARRIVED" ? null : new Date(arrived + minutes * 60_000).toISOString(),
      })
      .where("id", "=", id)
      .execute();
  }
}
