import { createHash } from "node:crypto";
import { sql, type Insertable, type Kysely, type Selectable } from "kysely";
import type { Database, GuestAction, ReservationsTable } from "../../../../db/database.types.ts";
import { compiledOnce } from "../../../../db/compiled-once.server.ts";
import { nowIso } from "../../../../db/database.server.ts";
import { readdressUnsentMails } from "../../../common/mail/outbox.server.ts";
import { chunks } from "../../../lib/id-chunks.ts";
import { storedPhoneKey } from "../../../lib/phone.ts";
import { noteFreeSeatsChanged } from "./changes.server.ts";
import { SERVICE_STATUSES } from "./status-moves.ts";
import { OPEN_STATUSES, type ReservationSource, type ReservationStatus } from "./terms.ts";
import type { Reservation, ReservationView } from "./shapes.ts";
import { searchableName, type ReservationRequest, type StaffReservationValues } from "./form-schemas.ts";
import { recordReservationEvent } from "./change-events.server.ts";

/**
 * The `reservations` table. Its writes are small steps that take the caller's transaction and plain
 * values and answer plain results: the ways in (decision 0050 — a guest's request, staff adding or
 * changing one, the guest's own change) call them in order between locking the date and writing
 * the e-mails to the outbox, in one transaction (decision 0017).
 */
export type { Reservation, ReservationView };

export const reservationColumns = [
  "id",
  "customer_name",
  "email",
  "phone_number",
  "reservation_date",
  "reservation_time",
  "party_size",
  "notes",
  "status",
  "created_at",
  "updated_at",
  "guest_action",
  "guest_action_at",
  "reminder_sent_at",
  "source",
  "auto_confirmed",
  "area_wish_id",
  "arrived_at",
  "left_at",
] as const;

type Db = Kysely<Database>;

/** A row written, or the one written before it under the same form key (`duplicate`). */
export interface StoredReservation {
  reservation: Reservation;
  /** The same request had been stored already (same form key, or the same details moments ago). */
  duplicate: boolean;
}

// ---------------------------------------------------------------------------------------------
// A guest's request (decisions 0017, 0031, 0032)

/** How long an identical request without a form key counts as the same request sent again. */
const RESEND_WINDOW_MS = 30 * 60 * 1000;

/**
 * The key of a request sent without the form's key (not from our page): its details and the half
 * hour it arrived in. Two copies arriving at the same moment then meet at the unique index, on
 * PostgreSQL too, where both could otherwise pass the look for an identical pending request.
 */
export function derivedRequestKey(request: ReservationRequest, now = new Date()): string {
  const bucket = Math.floor(now.getTime() / RESEND_WINDOW_MS);
  const details = [
    searchableName(request.name),
    request.email.toLowerCase(),
    request.date,
    request.time,
    request.party_size,
    bucket,
  ].join("\n");
  return `auto-${createHash("sha256").update(details).digest("base64url")}`;
}

/** The reservation the form with this key was stored as, when the guest sends it again. */
/** Tells the open staff screens of a new reservation, in the transaction that stored it (decision 0035). */
export const announceNewReservation = (
  trx: Db,
  kind: "requested" | "created",
  reservation: Pick<Reservation, "id" | "reservation_date" | "reservation_time" | "party_size">,
): Promise<void> =>
  recordReservationEvent(trx, {
    kind,
    reservationId: reservation.id,
    date: reservation.reservation_date,
    time: reservation.reservation_time,
    partySize: reservation.party_size,
  });

export async function findStoredRequest(db: Db, requestToken: string): Promise<Reservation | undefined> {
  if (requestToken === "") return undefined;
  if (db.isTransaction) {
    const [stored] = await storedByKey(db, { requestToken });
    return stored;
  }
  let asked = keysAsked.get(db);
  if (!asked) {
    const batch = new Map<string, Array<KeyAnswer>>();
    keysAsked.set(db, (asked = batch));
    setImmediate(() => {
      keysAsked.delete(db);
      void answerKeys(db, batch);
    });
  }
  const waiting = asked.get(requestToken) ?? [];
  asked.set(requestToken, waiting);
  return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
}

/**
 * The form keys asked for in one turn of the event loop, answered by one query: 200 guests sending
 * the form at once asked 200 times, and each of those round trips waited for a pooled connection
 * before the requests' transactions could begin (PostgreSQL's p99 of `npm run bench -- tables`,
 * decision 0055).
 */
const keysAsked = new WeakMap<Db, Map<string, KeyAnswer[]>>();
interface KeyAnswer {
  resolve(stored: Reservation | undefined): void;
  reject(error: unknown): void;
}

async function answerKeys(db: Db, batch: ReadonlyMap<string, readonly KeyAnswer[]>): Promise<void> {
  const found = new Map<string, Reservation>();
  try {
    for (const keys of chunks([...batch.keys()]))
      for (const { request_token: key, ...stored } of await db
        .selectFrom("reservations")
        .select([...reservationColumns, "request_token"])
        .where("request_token", "in", keys)
        .execute())
        if (key !== null) found.set(key, stored);
  } catch {
    // Each asked alone, as before the batch: one failure answers only its own request.
    for (const [requestToken, waiting] of batch)
      void storedByKey(db, { requestToken }).then(
        ([stored]) => waiting.forEach(({ resolve }) => resolve(stored && { ...stored })),
        (error: unknown) => waiting.forEach(({ reject }) => reject(error)),
      );
    return;
  }
  // A copy each: two requests with one key must not share a row one of them may change.
  for (const [key, waiting] of batch) {
    const stored = found.get(key);
    for (const { resolve } of waiting) resolve(stored && { ...stored });
  }
}

/**
 * A request identical to this one — same name (any case), address, date, time and party size —
 * stored, confirmed at once or put on the waitlist in the last half hour: the same request sent
 * again. Asked after the date is locked, so a copy arriving meanwhile is found.
 */
export async function findSameRequest(
  trx: Db,
  request: ReservationRequest,
  /**
   * The transaction is shared by the requests for the date (decision 0055): the date's recent
   * requests are read once, by the first, and kept as they store (`insertGuestRequest`).
   */
  { shared = false } = {},
): Promise<Reservation | undefined> {
  const asked = {
    date: request.date,
    time: request.time,
    name: searchableName(request.name),
    email: request.email,
    partySize: request.party_size,
    since: new Date(Date.now() - RESEND_WINDOW_MS).toISOString(),
  };
  if (!shared) return (await sameRequest(trx, asked))[0];
  let kept = recentIn.get(trx);
  if (!kept) recentIn.set(trx, (kept = new Map()));
  let recent = kept.get(asked.date);
  if (!recent) kept.set(asked.date, (recent = await recentRequests(trx, asked)));
  const same = recent.find(
    (other) =>
      other.reservation_time === asked.time &&
      other.customer_name_search === asked.name &&
      other.email === asked.email &&
      other.party_size === asked.partySize &&
      other.created_at > asked.since,
  );
  return same && findReservation(trx, same.id);
}

/** Per shared transaction (decision 0055), per date: its requests of the last half hour. */
type RecentRequest = Pick<
  Selectable<ReservationsTable>,
  "id" | "reservation_time" | "customer_name_search" | "email" | "party_size" | "created_at"
>;
const recentIn = new WeakMap<Db, Map<string, RecentRequest[]>>();

const recentRequests = compiledOnce((db: Db, values: { date: string; since: string }) =>
  db
    .selectFrom("reservations")
    .select(["id", "reservation_time", "customer_name_search", "email", "party_size", "created_at"])
    .where("status", "in", OPEN_STATUSES)
    .where("reservation_date", "=", values.date)
    .where("created_at", ">", values.since),
);

/**
 * The guest's request as a new row with `status`, under its form key (or the key of its details).
 * The key's unique index settles two copies arriving at the same moment: one insert wins, the other
 * inserts nothing and answers the winner's row as a duplicate.
 */
export async function insertGuestRequest(
  trx: Db,
  request: ReservationRequest,
  status: Extract<ReservationStatus, "PENDING" | "CONFIRMED" | "WAITLIST">,
): Promise<StoredReservation> {
  const token = request.request_token || derivedRequestKey(request);
  const now = nowIso();
  const [inserted] = await insertRequest(trx, {
    customer_name: request.name,
    customer_name_search: searchableName(request.name),
    email: request.email,
    phone_number: request.phone,
    phone_key: storedPhoneKey(request.phone),
    reservation_date: request.date,
    reservation_time: request.time,
    party_size: request.party_size,
    notes: request.notes,
    status,
    auto_confirmed: status === "CONFIRMED" ? 1 : 0,
    area_wish_id: request.area,
    request_token: token,
    created_at: now,
    updated_at: now,
  });
  if (inserted) {
    // Known to the shared transaction's next requests (`findSameRequest`).
    recentIn
      .get(trx)
      ?.get(inserted.reservation_date)
      ?.push({
        id: inserted.id,
        reservation_time: inserted.reservation_time,
        customer_name_search: searchableName(request.name),
        email: inserted.email,
        party_size: inserted.party_size,
        created_at: inserted.created_at,
      });
    return { reservation: inserted, duplicate: false };
  }
  const [earlier] = await storedByKey(trx, { requestToken: token });
  if (!earlier) throw new Error(`reservation request ${token}: neither stored nor found`);
  return { reservation: earlier, duplicate: true };
}

// The queries every guest's request runs, compiled once (decision 0032).
const storedByKey = compiledOnce((db: Db, values: { requestToken: string }) =>
  db.selectFrom("reservations").select(reservationColumns).where("request_token", "=", values.requestToken),
);

const sameRequest = compiledOnce(
  (
    db: Db,
    values: { date: string; time: string; name: string; email: string; partySize: number; since: string },
  ) =>
    db
      .selectFrom("reservations")
      .select(reservationColumns)
      .where("status", "in", OPEN_STATUSES)
      .where("reservation_date", "=", values.date)
      .where("reservation_time", "=", values.time)
      .where("customer_name_search", "=", values.name)
      .where("email", "=", values.email)
      .where("party_size", "=", values.partySize)
      .where("created_at", ">", values.since)
      .limit(1),
);

/** The guest's request as a new row; nothing when a row with its key exists (the unique index decides). */
const insertRequest = compiledOnce((db: Db, row: GuestRow) =>
  db
    .insertInto("reservations")
    .values({
      customer_name: row.customer_name,
      customer_name_search: row.customer_name_search,
      email: row.email,
      phone_number: row.phone_number,
      reservation_date: row.reservation_date,
      reservation_time: row.reservation_time,
      party_size: row.party_size,
      notes: row.notes,
      status: row.status,
      request_token: row.request_token,
      created_at: row.created_at,
      updated_at: row.updated_at,
      source: "online",
      auto_confirmed: row.auto_confirmed,
      phone_key: row.phone_key,
      area_wish_id: row.area_wish_id,
    })
    .onConflict((oc) => oc.column("request_token").doNothing())
    .returning(reservationColumns),
);
type GuestRow = Omit<
  Reservation,
  "id" | "guest_action" | "guest_action_at" | "reminder_sent_at" | "source" | "arrived_at" | "left_at"
> & {
  customer_name_search: string;
  phone_key: string | null;
  request_token: string;
};

// ---------------------------------------------------------------------------------------------
// Reservations from before (the demo's book, a benchmark's years)

/** A reservation as it stood, every column given but those the store derives. */
export type PastReservation = Omit<Insertable<ReservationsTable>, "customer_name_search" | "phone_key">;

/** Rows per insert: under SQLite's and PostgreSQL's limits on a statement's parameters. */
const PAST_ROWS_PER_INSERT = 500;

/**
 * Stores reservations as they stood, with the search name and the phone key derived as on every other
 * write, so a search and a guest's history find them. For content that is not a booking (the demo's
 * book, a benchmark's years): no lock, no weighing, no e-mail, no live notice.
 */
export async function insertPastReservations(db: Db, rows: readonly PastReservation[]): Promise<void> {
  const derived = rows.map((row) => ({
    ...row,
    customer_name_search: searchableName(row.customer_name),
    phone_key: storedPhoneKey(row.phone_number ?? null),
  }));
  for (let start = 0; start < derived.length; start += PAST_ROWS_PER_INSERT)
    await db
      .insertInto("reservations")
      .values(derived.slice(start, start + PAST_ROWS_PER_INSERT))
      .execute();
}

// ---------------------------------------------------------------------------------------------
// Staff entries and changes (decisions 0017, 0031, 0034)

const staffRow = (values: StaffReservationValues) => ({
  customer_name: values.customer_name,
  customer_name_search: searchableName(values.customer_name),
  email: values.email,
  phone_number: values.phone_number,
  phone_key: storedPhoneKey(values.phone_number),
  reservation_date: values.reservation_date,
  reservation_time: values.reservation_time,
  party_size: values.party_size,
  notes: values.notes,
  status: values.status,
});

/**
 * How a staff entry was made: guests at the door are 'walk-in' (decision 0034), and their form's
 * one-time key stores a form sent twice (a reload of the answer page) once.
 */
export interface StaffEntryOrigin {
  source?: ReservationSource;
  formKey?: string;
}

/** A reservation staff entered, as a new row; a form key stored before answers that row (`duplicate`). */
export async function insertStaffReservation(
  trx: Db,
  values: StaffReservationValues,
  { source = "staff", formKey }: StaffEntryOrigin = {},
): Promise<StoredReservation> {
  const now = nowIso();
  const token = formKey === undefined ? null : `${source}:${formKey}`;
  const inserted = await trx
    .insertInto("reservations")
    .values({
      ...staffRow(values),
      ...serviceTimesOf(undefined, values.status, now),
      source,
      request_token: token,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column("request_token").doNothing())
    .returning(reservationColumns)
    .executeTakeFirst();
  if (inserted) return { reservation: inserted, duplicate: false };
  const earlier = await trx
    .selectFrom("reservations")
    .select(reservationColumns)
    .where("request_token", "=", token)
    .executeTakeFirstOrThrow();
  return { reservation: earlier, duplicate: true };
}

/**
 * When the party came and left (decision 0057), as a status change from `before` to `after` at `now`
 * says: 'Eingetroffen' is the arrival (back from 'Abgeschlossen' it is the same visit: only the
 * leaving is forgotten), 'Abgeschlossen' the leaving, and a step back from 'Eingetroffen' forgets
 * the arrival. Nothing for any other change.
 */
function serviceTimesOf(
  before: ReservationStatus | undefined,
  after: ReservationStatus,
  now: string,
): { arrived_at?: string | null; left_at?: string | null } {
  if (before === after) return {};
  if (after === "ARRIVED")
    return before === "COMPLETED" ? { left_at: null } : { arrived_at: now, left_at: null };
  if (after === "COMPLETED") return before === "ARRIVED" ? { left_at: now } : {};
  return before === "ARRIVED" || before === "COMPLETED" ? { arrived_at: null, left_at: null } : {};
}

/** What staff change: every field of the form, or only the status. */
export type StaffChange = StaffReservationValues | { status: ReservationStatus };

/**
 * Writes a staff change of `current` and sets `updated_at`, only while the row is still as read:
 * the write names the status and version it read (optimistic concurrency, the same on both
 * engines), and answers nothing when someone else wrote in between — the caller reads again.
 * A visit moved to another day is a new one to remind of; what the guest did last is history once
 * staff change the status or the time (decision 0033) — but not for the evening's taps and their
 * undo: 'Vom Gast bestätigt' stays through 'Eingetroffen' and back (decision 0034).
 */
export async function updateByStaff(
  trx: Db,
  current: Reservation,
  change: StaffChange,
): Promise<Reservation | undefined> {
  const values = "customer_name" in change ? staffRow(change) : { status: change.status };
  const newDay = "reservation_date" in values && values.reservation_date !== current.reservation_date;
  const moved =
    newDay || ("reservation_time" in values && values.reservation_time !== current.reservation_time);
  const eveningTap = [current.status, values.status].some((status) =>
    (SERVICE_STATUSES as readonly ReservationStatus[]).includes(status),
  );
  const forgetsGuestAction = moved || (values.status !== current.status && !eveningTap);
  const now = nowIso();
  return trx
    .updateTable("reservations")
    .set({
      ...values,
      ...serviceTimesOf(current.status, values.status, now),
      updated_at: now,
      ...(newDay ? { reminder_sent_at: null } : {}),
      ...(forgetsGuestAction ? { guest_action: null, guest_action_at: null } : {}),
    })
    .where("id", "=", current.id)
    .where("status", "=", current.status)
    .where("updated_at", "=", current.updated_at)
    .returning(reservationColumns)
    .executeTakeFirst();
}

/**
 * Staff corrected a guest's address (decision 0041): the links sent to the old one stop opening the
 * reservation, and the guest's e-mails not yet sent (waiting or failed) follow the new address —
 * those waiting are due at once, so the guest still gets the receipt or confirmation. Without a new
 * address they are deleted: composed for the old one, they must reach nobody. The restaurant's
 * notices and what was sent stay as they are (the record of what was sent, decision 0017).
 */
export async function followNewAddress(trx: Db, id: number, email: string | null): Promise<void> {
  await trx.deleteFrom("reservation_links").where("reservation_id", "=", id).execute();
  // The outbox owns the e-mails: it redirects or deletes them.
  await readdressUnsentMails(trx, { reservationId: id, exceptKind: "reservation-notice", recipient: email });
}

// ---------------------------------------------------------------------------------------------
// The guest's own writes through their link (decision 0033): each one conditional write

/** What the guest did last, and when: 'Vom Gast storniert / geändert / bestätigt' on the cards. */
const markedByGuest = (action: GuestAction, now: Date) => {
  const at = now.toISOString();
  return { guest_action: action, guest_action_at: at, updated_at: at };
};

/** 'Ja, stornieren': CANCELLED where the reservation is still open; nothing when it is not. */
export async function cancelOpen(trx: Db, id: number, now: Date): Promise<Reservation | undefined> {
  return trx
    .updateTable("reservations")
    .set({ status: "CANCELLED", ...markedByGuest("cancelled", now) })
    .where("id", "=", id)
    .where("status", "in", OPEN_STATUSES)
    .returning(reservationColumns)
    .executeTakeFirst();
}

/** 'Ich komme', where the reservation is still CONFIRMED; nothing when it is not. */
export async function markAttending(trx: Db, id: number, now: Date): Promise<Reservation | undefined> {
  return trx
    .updateTable("reservations")
    .set(markedByGuest("attending", now))
    .where("id", "=", id)
    .where("status", "=", "CONFIRMED")
    .returning(reservationColumns)
    .executeTakeFirst();
}

/** Where and how the guest moves their visit, and the status the rule gave it. */
export interface GuestMove {
  date: string;
  time: string;
  partySize: number;
  status: Extract<ReservationStatus, "PENDING" | "CONFIRMED">;
}

/**
 * The guest's change of `current`, only while the row is still as read (`updated_at`): nothing when
 * staff saved it meanwhile. Moved to another day: a new day to remind of.
 */
export async function moveByGuest(
  trx: Db,
  current: Reservation,
  move: GuestMove,
  now: Date,
): Promise<Reservation | undefined> {
  return trx
    .updateTable("reservations")
    .set({
      reservation_date: move.date,
      reservation_time: move.time,
      party_size: move.partySize,
      status: move.status,
      ...(move.date === current.reservation_date ? {} : { reminder_sent_at: null }),
      ...markedByGuest("changed", now),
    })
    .where("id", "=", current.id)
    .where("updated_at", "=", current.updated_at)
    .returning(reservationColumns)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------

/** A write's result, once the availability API's kept answers are forgotten (they may be stale now). */
async function afterWrite<T>(write: Promise<T>): Promise<T> {
  const result = await write;
  noteFreeSeatsChanged();
  return result;
}

/**
 * Deletes a reservation and tells the open staff screens. With `walkIn`, only a walk-in still as it
 * was entered (its version): a walk-in's undo must not delete what someone changed since (decision 0034).
 */
export async function deleteReservation(
  db: Db,
  id: number,
  walkIn?: { version: string },
  /** Done in the deletion's transaction once the row went: what depends on it follows (decision 0057). */
  afterDelete?: (trx: Db) => Promise<void>,
): Promise<boolean> {
  return afterWrite(
    db.transaction().execute(async (trx) => {
      let query = trx.deleteFrom("reservations").where("id", "=", id);
      if (walkIn) query = query.where("source", "=", "walk-in").where("updated_at", "=", walkIn.version);
      const deleted = await query.returning(["id", "reservation_date"]).executeTakeFirst();
      if (!deleted) return false;
      await afterDelete?.(trx);
      await recordReservationEvent(trx, {
        kind: "deleted",
        reservationId: id,
        date: deleted.reservation_date,
      });
      return true;
    }),
  );
}

export async function findReservation(db: Db, id: number): Promise<Reservation | undefined> {
  return db.selectFrom("reservations").select(reservationColumns).where("id", "=", id).executeTakeFirst();
}

/** The most a list shows: a name search on a common name must not send thousands of cards. */
export const LIST_LIMIT = 300;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The staff list: by date, the pending ones, the waitlist, or a name search; by date, then time. */
function inView(db: Db, view: ReservationView) {
  const query = db.selectFrom("reservations");
  if (view.mode === "date") return query.where("reservation_date", "=", view.date);
  if (view.mode === "pending") return query.where("status", "=", "PENDING");
  if (view.mode === "waitlist") return query.where("status", "=", "WAITLIST");
  return query.where(
    sql<boolean>`${sql.ref("customer_name_search")} like ${likePattern(searchableName(view.query.trim()))} escape '\\'`,
  );
}

export async function listReservations(db: Db, view: ReservationView): Promise<Reservation[]> {
  return inView(db, view)
    .select(reservationColumns)
    .orderBy("reservation_date")
    .orderBy("reservation_time")
    .orderBy("id")
    .limit(LIST_LIMIT)
    .execute();
}

/** How many reservations a view holds in all (the list shows at most LIST_LIMIT of them). */
export async function countReservations(db: Db, view: ReservationView): Promise<number> {
  const row = await inView(db, view)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
