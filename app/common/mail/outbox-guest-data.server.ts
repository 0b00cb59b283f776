import type { Kysely } from "kysely";
import type { Database, MailStatus } from "../../../db/database.types.ts";
import { chunks, idsWrittenAt } from "../../lib/id-chunks.ts";

/**
 * The outbox's answers about guests' data (decisions 0033, 0041, 0042): which e-mails belong to a
 * guest, what they hold, erasing them, and the retention periods' deletions. Beside
 * `outbox.server.ts`, these are the only modules that read and write `mail_outbox` (decision 0047,
 * "One owner per table"): 'Gastdaten' and the reservations' retention ask them, in their own
 * transaction where they have one.
 */

type Db = Kysely<Database>;

/** An e-mail a search found: its id and when it was written (what it is ordered and recorded by). */
export interface GuestMailMatch {
  id: number;
  createdAt: string;
}

/**
 * A guest's e-mails, newest first: those about the given reservations, and, given the guest's
 * address (in lower case), also those sent to it or answering to it (the restaurant's notices carry
 * the guest's address as Reply-To) — among them e-mails whose reservation is already deleted. Each
 * through its own index (guest-data.server.test.ts proves the plans); the union by id.
 */
export async function findGuestMails(
  db: Db,
  { reservationIds, email }: { reservationIds: readonly number[]; email?: string | undefined },
): Promise<GuestMailMatch[]> {
  const columns = ["id", "created_at"] as const;
  const reads = chunks(reservationIds).map(
    (ids) => () => db.selectFrom("mail_outbox").select(columns).where("reservation_id", "in", ids).execute(),
  );
  if (email !== undefined)
    reads.push(
      () =>
        db
          .selectFrom("mail_outbox")
          .select(columns)
          .where((eb) => eb(eb.fn("lower", ["recipient"]), "=", email))
          .execute(),
      () =>
        db
          .selectFrom("mail_outbox")
          .select(columns)
          .where((eb) => eb(eb.fn("lower", ["reply_to"]), "=", email))
          .execute(),
    );
  const byId = new Map<number, GuestMailMatch>();
  // One after the other: a transaction has one connection, and SQLite one connection anyway.
  for (const read of reads)
    for (const row of await read()) byId.set(row.id, { id: row.id, createdAt: row.created_at });
  return [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

/** What an e-mail in the outbox holds about a guest, as a guest's copy of their data shows it. */
export interface GuestMailRecord {
  id: number;
  recipient: string;
  replyTo: string | null;
  subject: string;
  status: MailStatus;
  createdAt: string;
  sentAt: string | null;
  /** The reservation it is about, if any (the reservation may be deleted since). */
  reservationId: number | null;
  /** The text, when asked for (`bodies`); null otherwise. */
  text: string | null;
}

/** The e-mails with these ids, in the order of `ids` (one deleted meanwhile is left out). */
export async function guestMailRecords(
  db: Db,
  ids: readonly number[],
  { bodies }: { bodies: boolean },
): Promise<GuestMailRecord[]> {
  const byId = new Map<number, GuestMailRecord>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom("mail_outbox")
      .select(["id", "recipient", "reply_to", "subject", "status", "created_at", "sent_at", "reservation_id"])
      .$if(bodies, (query) => query.select("text_body"))
      .where("id", "in", part)
      .execute();
    for (const row of rows)
      byId.set(row.id, {
        id: row.id,
        recipient: row.recipient,
        replyTo: row.reply_to,
        subject: row.subject,
        status: row.status,
        createdAt: row.created_at,
        sentAt: row.sent_at,
        reservationId: row.reservation_id,
        text: row.text_body ?? null,
      });
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Deletes the e-mails with these ids; how many went. */
export async function eraseMails(trx: Db, ids: readonly number[]): Promise<number> {
  let deleted = 0;
  for (const part of chunks(ids)) {
    const result = await trx.deleteFrom("mail_outbox").where("id", "in", part).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/** Deletes every e-mail about these reservations; how many went. */
export async function eraseMailsAbout(trx: Db, reservationIds: readonly number[]): Promise<number> {
  let deleted = 0;
  for (const part of chunks(reservationIds)) {
    const result = await trx.deleteFrom("mail_outbox").where("reservation_id", "in", part).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/**
 * Which of these e-mails are here, written at the given instant (a restore's record of erasures
 * names each by id and `created_at`: an id alone may be another e-mail's after a restore).
 */
export async function mailsWrittenAt(
  db: Db,
  wanted: ReadonlyArray<{ id: number; createdAt: string }>,
): Promise<number[]> {
  return idsWrittenAt(wanted, (ids) =>
    db.selectFrom("mail_outbox").select(["id", "created_at"]).where("id", "in", ids).execute(),
  );
}

/** The reservations the outbox holds e-mails about, each once (for the retention run to judge). */
export async function reservationsWithMail(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select("reservation_id")
    .distinct()
    .where("reservation_id", "is not", null)
    .execute();
  return rows.flatMap((row) => (row.reservation_id === null ? [] : [row.reservation_id]));
}

/** What the retention run deletes of the outbox (decision 0033); instants as ISO strings. */
export interface ExpiredMails {
  /** Every e-mail about these reservations. */
  about: readonly number[];
  /** E-mails of this kind about these reservations. */
  ofKindAbout: { kind: string; reservationIds: readonly number[] };
  /** Every e-mail written before this instant. */
  writtenBefore: string;
  /** Sent e-mails sent before this instant. */
  sentBefore: string;
  /** Failed e-mails written before this instant. */
  failedWrittenBefore: string;
}

/**
 * Deletes the e-mails `expired` names, in the caller's transaction; how many went (each once,
 * whichever rule names it).
 */
export async function deleteExpiredMails(trx: Db, expired: ExpiredMails): Promise<number> {
  let deleted = await eraseMailsAbout(trx, expired.about);
  for (const part of chunks(expired.ofKindAbout.reservationIds)) {
    const result = await trx
      .deleteFrom("mail_outbox")
      .where("kind", "=", expired.ofKindAbout.kind)
      .where("reservation_id", "in", part)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  const old = await trx
    .deleteFrom("mail_outbox")
    .where((eb) =>
      eb.or([
        eb("created_at", "<", expired.writtenBefore),
        eb.and([eb("status", "=", "sent"), eb("sent_at", "<", expired.sentBefore)]),
        eb.and([eb("status", "=", "failed"), eb("created_at", "<", expired.failedWrittenBefore)]),
      ]),
    )
    .executeTakeFirst();
  return deleted + Number(old.numDeletedRows);
}
