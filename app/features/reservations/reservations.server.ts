import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../../../db/database.types.ts";
import { compiledOnce } from "../../../db/compiled-once.server.ts";
import { nowIso } from "../../../db/database.server.ts";
import { transactTogether } from "../../../db/shared-commit.server.ts";
import { enqueueMail, readdressUnsentMails, type OutgoingMail } from "../../common/mail/outbox.server.ts";
import { storedPhoneKey } from "../../lib/phone.ts";
import { lockReservationDay } from "./availability.server.ts";
import { forgetKeptAnswers } from "./availability-api.server.ts";
import { OPEN_STATUSES, type ReservationSource, type ReservationStatus } from "./constants.ts";
import type { Reservation, ReservationView } from "./model.ts";
import { searchableName, type ReservationRequest, type StaffReservationValues } from "./schema.ts";
import { recordReservationEvent } from "../../common/live/events.server.ts";

/**
 * Reservations in the database. Every change that causes an e-mail writes it to the outbox in the
 * same transaction (decision 0017); the caller sends the returned outbox ids after the commit.
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
] as const;

type Db = Kysely<Database>;

/** Mails to write with a change, made from the stored row (which has its id). */
export type MailsFor = (reservation: Reservation) => Array<OutgoingMail | undefined>;

async function enqueueAll(db: Db, reservation: Reservation, mailsFor: MailsFor | undefined) {
  const ids: number[] = [];
  for (const mail of mailsFor?.(reservation) ?? []) {
    if (mail) ids.push(await enqueueMail(db, mail));
  }
  return ids;
}

export interface CreatedRequest {
  reservation: Reservation;
  /** The same request had been stored already (same form key, or the same details moments ago). */
  duplicate: boolean;
  mailIds: number[];
}

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
export async function findStoredRequest(db: Db, requestToken: string): Promise<Reservation | undefined> {
  if (requestToken === "") return undefined;
  const [stored] = await storedByKey(db, { requestToken });
  return stored;
}

// The queries every guest's request runs, compiled once (decision 0032).
const storedByKey = compiledOnce((db: Db, values: { requestToken: string }) =>
  db.selectFrom("reservations").select(reservationColumns).where("request_token", "=", values.requestToken),
);

/** A request stored, confirmed at once or put on the waitlist in the last half hour, identical to this one. */
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
    })
    .onConflict((oc) => oc.column("request_token").doNothing())
    .returning(reservationColumns),
);
type GuestRow = Omit<
  Reservation,
  "id" | "guest_action" | "guest_action_at" | "reminder_sent_at" | "source"
> & {
  customer_name_search: string;
  phone_key: string | null;
  request_token: string;
};

/**
 * Whether a guest's request may be stored, and how, decided inside the storing transaction after the
 * date is locked (decision 0031): refused with the field and message, or stored with a status.
 */
export type Admission =
  { status: Extract<ReservationStatus, "PENDING" | "CONFIRMED" | "WAITLIST"> } | RefusedRequest;
export interface RefusedRequest {
  /** `waitlist`: refused only for lack of room, so the guest may ask for the waitlist instead. */
  refused: { field: "date" | "time"; message: string; waitlist: boolean };
}
export type Admit = (trx: Db) => Promise<Admission>;

/**
 * Counted first in the storing transaction, before the date is locked: the guest's per-address
 * limit (app/lib/rate-limit.server.ts). Its write then reaches the disk with the request's own, in
 * one commit; a request over the limit ends the transaction there, with its hit counted.
 */
export type CountHit = (trx: Db) => Promise<LimitedRequest | undefined>;
export interface LimitedRequest {
  limited: { retryAfterMs: number };
}

/** Without rules every request is taken and waits for staff (docs/product/reservations.md#states). */
const admitAll = async (): Promise<Admission> => ({ status: "PENDING" });

/**
 * Stores a guest's request once: a request with the key of a form already stored, or identical to a
 * pending request of the last half hour, is not stored again. The date is locked first and `admit`
 * decides with what is stored by then, so two guests taking the last seats at the same moment
 * cannot both succeed.
 */
export function createGuestRequest(
  db: Db,
  request: ReservationRequest,
  mailsFor?: MailsFor,
): Promise<CreatedRequest>;
export function createGuestRequest(
  db: Db,
  request: ReservationRequest,
  mailsFor: MailsFor | undefined,
  admit: Admit,
): Promise<CreatedRequest | RefusedRequest>;
export function createGuestRequest(
  db: Db,
  request: ReservationRequest,
  mailsFor: MailsFor | undefined,
  admit: Admit,
  countHit: CountHit,
): Promise<CreatedRequest | RefusedRequest | LimitedRequest>;
export async function createGuestRequest(
  db: Db,
  request: ReservationRequest,
  mailsFor?: MailsFor,
  admit: Admit = admitAll,
  countHit?: CountHit,
): Promise<CreatedRequest | RefusedRequest | LimitedRequest> {
  // Guests' requests arriving at the same moment share one commit to the disk (decision 0032).
  return afterWrite(
    transactTogether(db, async (trx) => {
      const limited = await countHit?.(trx);
      if (limited) return limited;
      await lockReservationDay(trx, request.date);
      const token = request.request_token || derivedRequestKey(request);
      const since = new Date(Date.now() - RESEND_WINDOW_MS).toISOString();
      // Stored as a request, confirmed at once or put on the waitlist: the same request either way.
      const [same] = await sameRequest(trx, {
        date: request.date,
        time: request.time,
        name: searchableName(request.name),
        email: request.email,
        partySize: request.party_size,
        since,
      });
      if (same) return { reservation: same, duplicate: true, mailIds: [] };

      const admission = await admit(trx);
      if ("refused" in admission) return admission;
      const now = nowIso();
      // The key's unique index settles two copies arriving at the same moment: one insert wins, the
      // other inserts nothing and finds the winner's row.
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
        status: admission.status,
        auto_confirmed: admission.status === "CONFIRMED" ? 1 : 0,
        request_token: token,
        created_at: now,
        updated_at: now,
      });
      if (!inserted) {
        const [earlier] = await storedByKey(trx, { requestToken: token });
        if (!earlier) throw new Error(`reservation request ${token}: neither stored nor found`);
        return { reservation: earlier, duplicate: true, mailIds: [] };
      }
      // The open staff screens show it, with a note (decision 0035).
      await recordReservationEvent(trx, {
        kind: "requested",
        reservationId: inserted.id,
        date: inserted.reservation_date,
        time: inserted.reservation_time,
        partySize: inserted.party_size,
      });
      return { reservation: inserted, duplicate: false, mailIds: await enqueueAll(trx, inserted, mailsFor) };
    }),
  );
}

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

/** Where a reservation sits in its day, as the capacity rule weighs it (decision 0031). */
export interface Placement {
  date: string;
  time: string;
  partySize: number;
  status: ReservationStatus;
}

/**
 * Asked inside a staff change's transaction, before the write: `before` is the stored reservation
 * (none for a new one), `after` what it becomes. It may lock the date and read it; it throws to
 * refuse, and then nothing is written (`overbookingCheck`, decision 0031).
 */
export type ChangeCheck = (
  trx: Db,
  change: { id: number | undefined; before: Placement | undefined; after: Placement },
) => Promise<void>;

const placementOf = (
  row: Pick<Reservation, "reservation_date" | "reservation_time" | "party_size" | "status">,
): Placement => ({
  date: row.reservation_date,
  time: row.reservation_time,
  partySize: row.party_size,
  status: row.status,
});

/** A write's result, once the availability API's kept answers are forgotten (they may be stale now). */
async function afterWrite<T>(write: Promise<T>): Promise<T> {
  const result = await write;
  forgetKeptAnswers();
  return result;
}

/**
 * How a staff entry was made: guests at the door are 'walk-in' (decision 0034), and their form's
 * one-time key stores a form sent twice (a reload of the answer page) once.
 */
export interface StaffEntryOrigin {
  source?: ReservationSource;
  formKey?: string;
}

/** A reservation staff enter (a guest who phoned, or guests at the door). */
export async function createStaffReservation(
  db: Db,
  values: StaffReservationValues,
  mailsFor?: MailsFor,
  check?: ChangeCheck,
  { source = "staff", formKey }: StaffEntryOrigin = {},
): Promise<{ reservation: Reservation; mailIds: number[]; duplicate?: true }> {
  return afterWrite(
    db.transaction().execute(async (trx) => {
      await check?.(trx, { id: undefined, before: undefined, after: placementOf(staffRow(values)) });
      const now = nowIso();
      const token = formKey === undefined ? null : `${source}:${formKey}`;
      const inserted = await trx
        .insertInto("reservations")
        .values({ ...staffRow(values), source, request_token: token, created_at: now, updated_at: now })
        .onConflict((conflict) => conflict.column("request_token").doNothing())
        .returning(reservationColumns)
        .executeTakeFirst();
      if (!inserted) {
        const earlier = await trx
          .selectFrom("reservations")
          .select(reservationColumns)
          .where("request_token", "=", token)
          .executeTakeFirstOrThrow();
        return { reservation: earlier, mailIds: [], duplicate: true as const };
      }
      const reservation = inserted;
      await recordReservationEvent(trx, {
        kind: "created",
        reservationId: reservation.id,
        date: reservation.reservation_date,
        time: reservation.reservation_time,
        partySize: reservation.party_size,
      });
      return { reservation, mailIds: await enqueueAll(trx, reservation, mailsFor) };
    }),
  );
}

/** The states the host stand sets (decision 0034). */
const EVENING_STATUSES: readonly ReservationStatus[] = ["ARRIVED", "COMPLETED", "NO_SHOW"];

export class ReservationNotFoundError extends Error {
  constructor(id: number) {
    super(`Reservierung ${id} nicht gefunden`);
    this.name = "ReservationNotFoundError";
  }
}

/** The reservation was saved by someone else after the editor opened it. */
export class ReservationChangedError extends Error {
  constructor(id: number) {
    super(`Reservierung ${id} wurde inzwischen geändert`);
    this.name = "ReservationChangedError";
  }
}

export interface UpdatedReservation {
  reservation: Reservation;
  previousStatus: ReservationStatus;
  mailIds: number[];
}

/** The mails that a change of status causes: given the old and the new row. */
export type MailsForChange = (
  reservation: Reservation,
  previousStatus: ReservationStatus,
) => Array<OutgoingMail | undefined>;

/**
 * Changes a reservation (all fields, or only the status) and sets `updated_at`. The write names the
 * status it read (optimistic concurrency, the same on both engines): of two staff members saving at
 * once, exactly one sees the change of status that decides about an e-mail; the other reads again.
 * With `expectedUpdatedAt` (the edit dialog's version), a reservation saved by someone else since the
 * dialog opened is not overwritten: ReservationChangedError. `check` may refuse the change first.
 */
export async function updateReservation(
  db: Db,
  id: number,
  change: StaffReservationValues | { status: ReservationStatus },
  mailsFor?: MailsForChange,
  expectedUpdatedAt?: string,
  check?: ChangeCheck,
): Promise<UpdatedReservation> {
  const values = "customer_name" in change ? staffRow(change) : { status: change.status };
  for (let attempt = 0; ; attempt += 1) {
    const result = await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom("reservations")
        .select(reservationColumns)
        .where("id", "=", id)
        .executeTakeFirst();
      if (!current) throw new ReservationNotFoundError(id);
      if (expectedUpdatedAt !== undefined && current.updated_at !== expectedUpdatedAt)
        throw new ReservationChangedError(id);
      await check?.(trx, {
        id,
        before: placementOf(current),
        after: placementOf({ ...current, ...values }),
      });
      // A visit moved to another day is a new one to remind of; what the guest did last is history
      // once staff change the status or the time (decision 0033) — but not for the evening's taps and
      // their undo: 'Vom Gast bestätigt' stays through 'Eingetroffen' and back (decision 0034).
      const newDay = "reservation_date" in values && values.reservation_date !== current.reservation_date;
      const moved =
        newDay || ("reservation_time" in values && values.reservation_time !== current.reservation_time);
      const eveningTap = [current.status, values.status].some((status) => EVENING_STATUSES.includes(status));
      const forgetsGuestAction = moved || (values.status !== current.status && !eveningTap);
      const newAddress = "email" in values && values.email !== current.email;
      const reservation = await trx
        .updateTable("reservations")
        .set({
          ...values,
          updated_at: nowIso(),
          ...(newDay ? { reminder_sent_at: null } : {}),
          ...(forgetsGuestAction ? { guest_action: null, guest_action_at: null } : {}),
        })
        .where("id", "=", id)
        .where("status", "=", current.status)
        .where("updated_at", "=", current.updated_at)
        .returning(reservationColumns)
        .executeTakeFirst();
      if (!reservation) return undefined;
      await recordReservationEvent(trx, {
        kind: "customer_name" in change ? "changed" : "status",
        reservationId: id,
        date: reservation.reservation_date,
        previousDate: current.reservation_date,
      });
      if (newAddress) await followNewAddress(trx, id, values.email ?? null);
      const mailIds: number[] = [];
      for (const mail of mailsFor?.(reservation, current.status) ?? []) {
        if (mail) mailIds.push(await enqueueMail(trx, mail));
      }
      return { reservation, previousStatus: current.status, mailIds };
    });
    if (result) {
      forgetKeptAnswers();
      return result;
    }
    if (attempt >= 5)
      throw new Error("Die Reservierung wurde gleichzeitig geändert. Bitte erneut versuchen.");
  }
}

/**
 * Staff corrected a guest's address (decision 0041): the links sent to the old one stop opening the
 * reservation, and the guest's e-mails not yet sent (waiting or failed) follow the new address —
 * those waiting are due at once, so the guest still gets the receipt or confirmation. Without a new
 * address they are deleted: composed for the old one, they must reach nobody. The restaurant's
 * notices and what was sent stay as they are (the record of what was sent, decision 0017).
 */
async function followNewAddress(trx: Db, id: number, email: string | null): Promise<void> {
  await trx.deleteFrom("reservation_links").where("reservation_id", "=", id).execute();
  // The outbox owns the e-mails: it redirects or deletes them.
  await readdressUnsentMails(trx, { reservationId: id, exceptKind: "reservation-notice", recipient: email });
}

/**
 * Deletes a reservation and tells the open staff screens. With `walkIn`, only a walk-in still as it
 * was entered (its version): a walk-in's undo must not delete what someone changed since (decision 0034).
 */
export async function deleteReservation(db: Db, id: number, walkIn?: { version: string }): Promise<boolean> {
  return afterWrite(
    db.transaction().execute(async (trx) => {
      let query = trx.deleteFrom("reservations").where("id", "=", id);
      if (walkIn) query = query.where("source", "=", "walk-in").where("updated_at", "=", walkIn.version);
      const deleted = await query.returning(["id", "reservation_date"]).executeTakeFirst();
      if (!deleted) return false;
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
