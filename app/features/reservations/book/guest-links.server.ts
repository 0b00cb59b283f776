import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { guestLinkPath } from "./terms.ts";
import { storedRecipient, type OutboxRow } from "../../../common/mail/outbox.server.ts";
import { MailWithdrawnError } from "../../../common/mail/mailer.server.ts";
import { reservationColumns, type Reservation } from "./store.server.ts";

/**
 * The guest's own link to a reservation, `/reservierung/<token>` (decision 0033). Each e-mail to a
 * guest carries a link with a token of its own, made when the e-mail is sent: 192 random bits, of
 * which the database keeps only the SHA-256 hash. So neither the reservations nor the outbox (whose
 * e-mails hold a placeholder until they leave) give anyone a working link.
 */

type Db = Kysely<Database>;

const TOKEN_BYTES = 24;
/** What a token looks like: 24 bytes in base64url. Anything else is not looked up at all. */
export const GUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** Stands for the token in an e-mail waiting in the outbox; replaced when the e-mail is sent. */
export const GUEST_TOKEN_SLOT = "__GAST_TOKEN__";

export { guestLinkPath };

export const GUEST_LINK_LABEL = "Reservierung ansehen, ändern oder stornieren";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new token for the reservation; only its hash is stored. */
export async function issueGuestToken(db: Db, reservationId: number, now = new Date()): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  await db
    .insertInto("reservation_links")
    .values({ token_hash: hashOf(token), reservation_id: reservationId, created_at: now.toISOString() })
    .execute();
  return token;
}

/** The reservation a token leads to; undefined for a malformed, forged or forgotten one. */
export async function reservationOfToken(db: Db, token: string): Promise<Reservation | undefined> {
  if (!GUEST_TOKEN_PATTERN.test(token)) return undefined;
  return db
    .selectFrom("reservation_links")
    .innerJoin("reservations", "reservations.id", "reservation_links.reservation_id")
    .select(reservationColumns.map((column) => `reservations.${column}` as const))
    .where("reservation_links.token_hash", "=", hashOf(token))
    .executeTakeFirst();
}

/** Why a guest's e-mail is not sent: staff saw it in the outbox (decision 0041). */
export const RECIPIENT_CHANGED_MESSAGE =
  "Nicht gesendet: Die Reservierung hat inzwischen eine andere E-Mail-Adresse (oder keine mehr). Diese E-Mail an die alte Adresse geht nicht hinaus.";

/**
 * The mailer's last step before an e-mail leaves (app/common/mail/mailer.server.ts): a guest's
 * e-mail goes only to the address its reservation has now (decision 0041), and one with the slot
 * gets a fresh token for its reservation. Checking the address and storing the token are one
 * transaction that locks the reservation's row, so a staff correction of the address either comes
 * first (and the e-mail is withdrawn: it was composed for the old address) or after (and deletes the
 * new link with the others). An e-mail redirected after the mailer claimed it goes to the new
 * address. An e-mail whose reservation is gone (deleted by staff meanwhile) gets no token: its link
 * then leads to the German 'not found' page.
 */
export function fillInGuestLinks(db: Db) {
  return async (row: OutboxRow): Promise<OutboxRow> => {
    const html = row.html_body ?? "";
    // The restaurant's notice never carries a link, even if a guest typed the slot into a field.
    if (row.kind === "reservation-notice") return row;
    const slotted = row.text_body.includes(GUEST_TOKEN_SLOT) || html.includes(GUEST_TOKEN_SLOT);
    const reservationId = row.reservation_id;
    if (reservationId === null) return slotted ? withToken(row, "") : row;
    const checked = await db.transaction().execute(async (trx) => {
      const recipient = (await storedRecipient(trx, row.id)) ?? row.recipient;
      // A write that changes nothing, to hold the row (PostgreSQL waits for a correction in
      // progress, then judges the address it wrote); SQLite runs one writer at a time anyway.
      const held = await trx
        .updateTable("reservations")
        .set((eb) => ({ email: eb.ref("email") }))
        .where("id", "=", reservationId)
        .where("email", "=", recipient)
        .returning("id")
        .executeTakeFirst();
      if (!held) {
        const exists = await trx
          .selectFrom("reservations")
          .select("id")
          .where("id", "=", reservationId)
          .executeTakeFirst();
        return exists ? undefined : { recipient, token: "" };
      }
      return { recipient, token: slotted ? await issueGuestToken(trx, reservationId) : "" };
    });
    if (!checked) throw new MailWithdrawnError(RECIPIENT_CHANGED_MESSAGE);
    const ready = checked.recipient === row.recipient ? row : { ...row, recipient: checked.recipient };
    return slotted ? withToken(ready, checked.token) : ready;
  };
}

const withToken = (row: OutboxRow, token: string): OutboxRow => ({
  ...row,
  text_body: row.text_body.replaceAll(GUEST_TOKEN_SLOT, token),
  html_body: row.html_body === null ? null : row.html_body.replaceAll(GUEST_TOKEN_SLOT, token),
});
