import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, MailOutboxTable, MailStatus } from "../../../db/database.types.ts";
import { compiledOnce } from "../../../db/compiled-once.server.ts";
import { nowIso } from "../../../db/database.server.ts";

/**
 * The mail outbox (decision 0017): every e-mail is first a row, written in the same transaction as
 * the change that causes it, so no e-mail is lost when sending fails or the process stops. The
 * mailer (`mailer.server.ts`) sends rows at once and retries the rest with back-off.
 *
 * Sending is guarded by a claim: one atomic UPDATE marks a row as being sent by one process until
 * the claim runs out. Two processes on one PostgreSQL therefore never send the same row at the same
 * time; a process that dies mid-send leaves a claim that runs out, and the row is tried again.
 */

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The attachment's text (a calendar entry). */
  content: string;
}

export interface OutgoingMail {
  /** What the message is, for the staff outbox and the logs: 'reservation-notice', … */
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The restaurant's own address: the sender when MAIL_FROM is not set. */
  sender: string;
  attachments?: MailAttachment[];
  reservationId?: number;
}

export type OutboxRow = Selectable<MailOutboxTable>;

/**
 * How long a new message is left to the process that wrote it: that process sends it right after the
 * commit and reports the result (staff see 'E-Mail Fehler' when it fails), so no background worker,
 * here or in another process, may take it first. Should the writer die before sending, a worker
 * sends it once this has passed.
 */
export const HANDOVER_MS = 30 * 1000;

/** Writes a message to the outbox (inside the caller's transaction), for its writer to send now. */
export async function enqueueMail(
  db: Kysely<Database>,
  mail: OutgoingMail,
  createdAt = new Date(),
): Promise<number> {
  const [row] = await insertMail(db, rowOf(mail, createdAt));
  if (!row) throw new Error("outbox: the message was not stored");
  return row.id;
}

/**
 * `enqueueMail` for several messages in one statement (a guest's request writes two: one round trip
 * less under the date's lock, decision 0055); their ids in the order given.
 */
export async function enqueueMails(
  db: Kysely<Database>,
  mails: readonly OutgoingMail[],
  createdAt = new Date(),
): Promise<number[]> {
  const [only] = mails;
  if (only === undefined) return [];
  if (mails.length === 1) return [await enqueueMail(db, only, createdAt)];
  const rows = await db
    .insertInto("mail_outbox")
    .values(mails.map((mail) => ({ ...rowOf(mail, createdAt), status: "pending" as const })))
    .returning("id")
    .execute();
  if (rows.length !== mails.length) throw new Error("outbox: the messages were not stored");
  // Numbered in the order the statement wrote them, whatever order the engine answers in.
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

function rowOf(mail: OutgoingMail, createdAt: Date): Omit<NewMail, "status"> {
  return {
    kind: mail.kind,
    recipient: mail.recipient,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    reply_to: mail.replyTo ?? null,
    sender: mail.sender,
    attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
    reservation_id: mail.reservationId ?? null,
    next_attempt_at: new Date(createdAt.getTime() + HANDOVER_MS).toISOString(),
    created_at: createdAt.toISOString(),
  };
}

// Written with every guest's request: compiled once (decision 0032).
const insertMail = compiledOnce((db: Kysely<Database>, row: Omit<NewMail, "status">) =>
  db
    .insertInto("mail_outbox")
    .values({
      kind: row.kind,
      recipient: row.recipient,
      subject: row.subject,
      text_body: row.text_body,
      html_body: row.html_body,
      reply_to: row.reply_to,
      sender: row.sender,
      attachments: row.attachments,
      reservation_id: row.reservation_id,
      status: "pending",
      next_attempt_at: row.next_attempt_at,
      created_at: row.created_at,
    })
    .returning("id"),
);
type NewMail = Omit<
  Selectable<MailOutboxTable>,
  "id" | "attempts" | "last_error" | "sent_at" | "claim_token" | "claimed_until"
>;

/** How long one process may hold a message while sending it: longer than any send may take. */
export const CLAIM_MS = 2 * 60 * 1000;
/** After this many failed attempts a message is 'failed' and waits for staff to resend it. */
export const MAX_ATTEMPTS = 20;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** The wait after the n-th failed attempt: the base, doubling each time, at most an hour. */
export const backoffMs = (attempts: number, baseMs: number) =>
  Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 20));

/**
 * Claims one message for sending, atomically: only a pending message that nobody else holds.
 * With `dueOnly`, only when its next attempt is due (the background worker); without, at once
 * (sending right after the change, or staff pressing 'Erneut senden').
 */
export async function claimMail(
  db: Kysely<Database>,
  id: number,
  { dueOnly = false, now = new Date() }: { dueOnly?: boolean; now?: Date } = {},
): Promise<{ row: OutboxRow; token: string } | undefined> {
  const token = randomBytes(16).toString("hex");
  const nowText = now.toISOString();
  const row = await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      claim_token: token,
      claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString(),
      attempts: eb("attempts", "+", 1),
    }))
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", nowText)]))
    .$if(dueOnly, (qb) => qb.where("next_attempt_at", "<=", nowText))
    .returningAll()
    .executeTakeFirst();
  return row ? { row, token } : undefined;
}

/**
 * Ids of messages whose next attempt is due and that nobody holds, in the order they were written
 * (ids grow with time on both engines), optionally only those written before `beforeId`.
 */
export async function dueMailIds(
  db: Kysely<Database>,
  limit: number,
  { now = new Date(), beforeId }: { now?: Date; beforeId?: number } = {},
): Promise<number[]> {
  const nowText = now.toISOString();
  const rows = await db
    .selectFrom("mail_outbox")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", nowText)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", nowText)]))
    .$if(beforeId !== undefined, (qb) => qb.where("id", "<", beforeId ?? 0))
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The mail server could not be reached: the attempt is not counted (an outage says nothing about
 * the message, so it never turns 'failed' for one), the error is kept for staff, and the message is
 * due at once for whichever process reaches the server first, so it is not held back behind
 * messages written after it.
 */
export async function releaseAfterOutage(
  db: Kysely<Database>,
  claimed: { row: OutboxRow; token: string },
  error: string,
): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      attempts: eb("attempts", "-", 1),
      last_error: error.slice(0, 1000),
      next_attempt_at: nowIso(),
      claim_token: null,
      claimed_until: null,
    }))
    .where("id", "=", claimed.row.id)
    .where("claim_token", "=", claimed.token)
    .execute();
}

/**
 * Hands a message its writer did not try (the mail server is known to be away) to the background
 * workers at once, with the reason for staff; it keeps its place among the others by its id.
 */
export async function handOverUntried(db: Kysely<Database>, id: number, error: string): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ next_attempt_at: nowIso(), last_error: error.slice(0, 1000) })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", nowIso())]))
    .execute();
}

export async function markSent(db: Kysely<Database>, id: number, token: string): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ status: "sent", sent_at: nowIso(), last_error: null, claim_token: null, claimed_until: null })
    .where("id", "=", id)
    .where("claim_token", "=", token)
    .execute();
}

/** Records a failed attempt: the next one after the back-off, or 'failed' after the last one. */
export async function markFailed(
  db: Kysely<Database>,
  claimed: { row: OutboxRow; token: string },
  error: string,
  retryBaseMs: number,
  now = new Date(),
): Promise<MailStatus> {
  const status: MailStatus = claimed.row.attempts >= MAX_ATTEMPTS ? "failed" : "pending";
  await db
    .updateTable("mail_outbox")
    .set({
      status,
      last_error: error.slice(0, 1000),
      next_attempt_at: new Date(now.getTime() + backoffMs(claimed.row.attempts, retryBaseMs)).toISOString(),
      claim_token: null,
      claimed_until: null,
    })
    .where("id", "=", claimed.row.id)
    .where("claim_token", "=", claimed.token)
    .execute();
  return status;
}

/** A message that must not leave as written: failed at once, with the reason for staff. */
export async function markWithdrawn(
  db: Kysely<Database>,
  claimed: { row: OutboxRow; token: string },
  reason: string,
): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ status: "failed", last_error: reason.slice(0, 1000), claim_token: null, claimed_until: null })
    .where("id", "=", claimed.row.id)
    .where("claim_token", "=", claimed.token)
    .execute();
}

/** The recipient a message has now (a guest's address corrected since it was claimed, decision 0041). */
export async function storedRecipient(db: Kysely<Database>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom("mail_outbox").select("recipient").where("id", "=", id).executeTakeFirst();
  return row?.recipient;
}

/**
 * A reservation's address was corrected (decision 0041), in the correction's transaction: its
 * e-mails not yet sent (waiting or failed), but for those of `exceptKind`, follow the new address —
 * those waiting are due at once — or, without one (`null`), are deleted: composed for the old
 * address, they must reach nobody. Sent e-mails stay as the record of what was sent (decision 0017).
 */
export async function readdressUnsentMails(
  db: Kysely<Database>,
  {
    reservationId,
    exceptKind,
    recipient,
  }: { reservationId: number; exceptKind: string; recipient: string | null },
): Promise<void> {
  const unsent = db
    .updateTable("mail_outbox")
    .where("reservation_id", "=", reservationId)
    .where("kind", "!=", exceptKind)
    .where("status", "!=", "sent");
  if (recipient === null) {
    await db
      .deleteFrom("mail_outbox")
      .where("reservation_id", "=", reservationId)
      .where("kind", "!=", exceptKind)
      .where("status", "!=", "sent")
      .execute();
    return;
  }
  await unsent.set({ recipient }).execute();
  await unsent.where("status", "=", "pending").set({ next_attempt_at: nowIso() }).execute();
}

/** Staff's 'Erneut senden': the message is pending again, due now, with a fresh count of attempts. */
export async function requeueMail(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({
      status: "pending",
      attempts: 0,
      next_attempt_at: nowIso(),
      claim_token: null,
      claimed_until: null,
    })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", nowIso())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type OutboxFilter = "all" | "waiting" | "failed" | "sent";

export interface OutboxEntry {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  status: MailStatus;
  /** Failed attempts: one under way is not counted. */
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  sentAt: string | null;
  createdAt: string;
  reservationId: number | null;
}

/** The staff view of the outbox, newest first. */
export async function listOutbox(
  db: Kysely<Database>,
  { filter = "all", limit = 100 }: { filter?: OutboxFilter; limit?: number } = {},
): Promise<OutboxEntry[]> {
  const statusOf: Record<Exclude<OutboxFilter, "all">, MailStatus> = {
    waiting: "pending",
    failed: "failed",
    sent: "sent",
  };
  const rows = await db
    .selectFrom("mail_outbox")
    .select([
      "id",
      "kind",
      "recipient",
      "subject",
      "status",
      "attempts",
      "last_error",
      "next_attempt_at",
      "sent_at",
      "created_at",
      "reservation_id",
      "claimed_until",
    ])
    .$if(filter !== "all", (qb) => qb.where("status", "=", statusOf[filter as Exclude<OutboxFilter, "all">]))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  const now = nowIso();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    // A claim counts its attempt when it starts: one under way has not failed (yet).
    attempts: row.claimed_until !== null && row.claimed_until > now ? row.attempts - 1 : row.attempts,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    sentAt: row.sent_at,
    createdAt: row.created_at,
    reservationId: row.reservation_id,
  }));
}

/** Counts per status, for the outbox's tabs and the dashboard. */
export async function countOutbox(db: Kysely<Database>): Promise<Record<MailStatus, number>> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const counts: Record<MailStatus, number> = { pending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
