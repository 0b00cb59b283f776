import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Database } from "../../../db/database.types.ts";
import type { Logger } from "../../lib/logger.server.ts";
import {
  claimMail,
  dueMailIds,
  handOverUntried,
  markFailed,
  markWithdrawn,
  markSent,
  releaseAfterOutage,
  type MailAttachment,
  type OutboxRow,
} from "./outbox.server.ts";

/**
 * Sends what the outbox holds (decision 0017): at once after the change that wrote it (`deliver`),
 * and in the background every few seconds for whatever is due again after a failure. Without
 * `SMTP_URL` nothing is sent: messages wait in the outbox, visible to staff.
 */

/** What sends one message: nodemailer over SMTP in production, a fake in tests. */
export interface MailTransport {
  send(message: {
    from: string;
    to: string;
    replyTo?: string;
    subject: string;
    text: string;
    html?: string;
    attachments?: MailAttachment[];
    messageId: string;
  }): Promise<void>;
  close(): void;
}

export const NO_SMTP_MESSAGE =
  "Kein E-Mail-Server eingerichtet (SMTP_URL fehlt). Die E-Mail wartet im Postausgang.";

export type DeliveryResult =
  | { status: "sent" }
  | { status: "waiting"; error: string }
  /** Another process is sending it right now, or it was already sent. */
  | { status: "busy" };

export interface Mailer {
  /** Sends one outbox message now (if nobody else is); the result says whether it went out. */
  deliver(id: number): Promise<DeliveryResult>;
  /** Sends every message that is due; returns how many went out. */
  deliverDue(): Promise<number>;
  /** Starts the background worker (every `pollMs`). */
  start(): void;
  /** Stops the worker and waits for sends under way. */
  stop(): Promise<void>;
  readonly configured: boolean;
}

export interface MailerOptions {
  db: Kysely<Database>;
  logger: Logger;
  transport: MailTransport | undefined;
  /** The From address (MAIL_FROM); without it, the restaurant's address each message was written with. */
  from: string | undefined;
  /** The first retry's wait; each further one doubles it (at most an hour). */
  retryBaseMs: number;
  pollMs?: number;
  /** The time for the outage's waits; tests move it on. */
  clock?: () => number;
  /** How long `deliver` lets older waiting messages go first (BACKLOG_WAIT_MS). */
  backlogWaitMs?: number;
  /**
   * The last step before a message leaves, each time it is tried: fills in what the outbox must not
   * hold (a guest's link, decision 0033) and may name the recipient as stored now. Its failure
   * counts against the message; a `MailWithdrawnError` marks it failed at once (decision 0041).
   */
  prepare?: (row: OutboxRow) => Promise<OutboxRow>;
}

/**
 * A change's e-mails, sent after its commit without keeping anyone waiting for the mail server: one
 * that does not go out waits in the outbox, which tries again, and is only logged (decision 0017).
 * `what` names them in the log ('reservation notice', 'reminder').
 */
export function deliverInBackground(
  mailer: Mailer,
  logger: Logger,
  mailIds: readonly number[],
  what: string,
) {
  for (const id of mailIds)
    void mailer
      .deliver(id)
      .then((delivery) => {
        if (delivery.status === "waiting")
          logger.warn(`${what} not sent yet`, { mailId: id, error: delivery.error });
      })
      .catch((error: unknown) => logger.error(`${what} failed`, { mailId: id, error }));
}

/**
 * Thrown by `prepare` for a message that must not leave as written (a guest's e-mail whose
 * reservation has another address now, decision 0041): it is marked failed at once, with the
 * message (German, for staff), and never sent; 'Erneut senden' asks `prepare` again.
 */
export class MailWithdrawnError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MailWithdrawnError";
  }
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // A mail server that does not answer must not hold a staff member's click for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transporter.sendMail({
        ...message,
        attachments: message.attachments?.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content,
        })),
      });
    },
    close: () => transporter.close(),
  };
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim() ||
  "Unbekannter Fehler";

/**
 * nodemailer's and Node's codes for a mail server that cannot be reached or will not talk to us:
 * refused or broken connections, timeouts, DNS, TLS, its sign-in, an unexpected greeting ('421').
 * No message is to blame for these. Anything else — the server refusing this message
 * (`EENVELOPE`, `EMESSAGE`) or an error nobody foresaw — counts against the message alone, so one
 * odd message can never hold up all the others.
 */
const OUTAGE_CODES = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ETLS",
  "EAUTH",
  "ENOAUTH",
  "EPROTOCOL",
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

export function isServerAway(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    OUTAGE_CODES.has(String((error as { code: unknown }).code))
  );
}

/** How long a change's own e-mail waits for older ones still being sent before it leaves it to the worker. */
export const BACKLOG_WAIT_MS = 5000;
export const BACKLOG_MESSAGE = "Ältere E-Mails werden gerade gesendet; diese folgt automatisch.";

/** The longest wait between two tries of a mail server that is away: mail flows soon after it is back. */
export const MAX_OUTAGE_PROBE_MS = 5 * 60 * 1000;

/**
 * A Message-ID that is the same every time a row is sent: should a message go out twice (a process
 * died between the server's 'OK' and marking the row sent), mail programs recognise the copy.
 */
export function messageIdOf(row: Pick<OutboxRow, "id" | "created_at" | "sender">): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(row.sender ?? "")?.[1] ?? "tavola.invalid";
  return `<outbox-${row.id}-${Date.parse(row.created_at)}@${domain}>`;
}

function parseAttachments(json: string | null): MailAttachment[] | undefined {
  if (!json) return undefined;
  try {
    return JSON.parse(json) as MailAttachment[];
  } catch {
    return undefined;
  }
}

export function createMailer({
  db,
  logger,
  transport,
  from,
  retryBaseMs,
  pollMs = 5000,
  clock = Date.now,
  backlogWaitMs = BACKLOG_WAIT_MS,
  prepare = (row) => Promise.resolve(row),
}: MailerOptions): Mailer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const inFlight = new Set<Promise<unknown>>();
  /**
   * One send at a time, in the order asked (decision 0017): messages leave in the order they were
   * written, also when a whole queue goes out after the mail server was away.
   */
  let queue: Promise<unknown> = Promise.resolve();
  function serially<T>(work: () => Promise<T>): Promise<T> {
    const turn = queue.then(work);
    queue = turn.catch(() => undefined);
    return track(turn);
  }

  /** Set while the mail server cannot be reached: nothing is tried before `retryAt`. */
  let outage: { error: string; failures: number; retryAt: number } | undefined;
  const serverAway = () => outage !== undefined && clock() < outage.retryAt;

  function noteOutage(error: string) {
    const failures = (outage?.failures ?? 0) + 1;
    if (!outage) logger.warn("mail server unreachable: e-mails wait in the outbox", { error });
    outage = {
      error,
      failures,
      retryAt: clock() + Math.min(MAX_OUTAGE_PROBE_MS, retryBaseMs * 2 ** Math.min(failures - 1, 20)),
    };
  }

  function noteReached() {
    if (outage) logger.info("mail server reachable again", { failures: outage.failures });
    outage = undefined;
  }

  async function send(
    transport: MailTransport,
    claimed: { row: OutboxRow; token: string },
  ): Promise<DeliveryResult> {
    const { row } = claimed;
    try {
      const ready = await prepare(row);
      await transport.send({
        from: from ?? row.sender ?? row.recipient,
        to: ready.recipient,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        text: ready.text_body,
        html: ready.html_body ?? undefined,
        attachments: parseAttachments(row.attachments),
        messageId: messageIdOf(row),
      });
    } catch (error) {
      const message = errorText(error);
      if (error instanceof MailWithdrawnError) {
        await markWithdrawn(db, claimed, message);
        logger.warn("mail withdrawn", { id: row.id, kind: row.kind });
        return { status: "waiting", error: message };
      }
      if (isServerAway(error)) {
        noteOutage(message);
        await releaseAfterOutage(db, claimed, message);
        return { status: "waiting", error: message };
      }
      // The server is there, or the trouble is this message's own: it waits its own back-off.
      const status = await markFailed(db, claimed, message, retryBaseMs);
      logger.warn("mail refused", {
        id: row.id,
        kind: row.kind,
        attempt: row.attempts,
        status,
        error: message,
      });
      return { status: "waiting", error: message };
    }
    noteReached();
    await markSent(db, row.id, claimed.token);
    logger.info("mail sent", { id: row.id, kind: row.kind, attempt: row.attempts });
    return { status: "sent" };
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  /**
   * Sends due messages oldest first (those before `beforeId` only, if given); stops when the server
   * is away, and at `deadline` (a staff member is waiting).
   */
  async function sendDue(transport: MailTransport, beforeId?: number, deadline = Infinity): Promise<number> {
    let sent = 0;
    for (;;) {
      if (stopped || serverAway() || Date.now() >= deadline) return sent;
      const ids = await dueMailIds(db, 50, { beforeId });
      if (ids.length === 0) return sent;
      let progressed = false;
      for (const id of ids) {
        if (stopped || serverAway() || Date.now() >= deadline) return sent;
        const claimed = await claimMail(db, id, { dueOnly: true });
        if (!claimed) continue;
        const result = await send(transport, claimed);
        if (result.status === "sent") sent += 1;
        progressed = true;
      }
      // Everything left is held by other processes or was refused and waits for its own turn.
      if (!progressed || ids.length < 50) return sent;
    }
  }

  async function deliver(id: number): Promise<DeliveryResult> {
    // Without a mail server nothing is claimed or counted: the message waits as it is.
    if (!transport) return { status: "waiting", error: NO_SMTP_MESSAGE };
    if (stopped)
      return { status: "waiting", error: "Der Server wird beendet; die E-Mail folgt nach dem Neustart." };
    const waitUntil = Date.now() + backlogWaitMs;
    return serially(async () => {
      // Messages written earlier and still waiting (the server was away) go first — for a while.
      if (!serverAway()) await sendDue(transport, id, waitUntil);
      const away = serverAway();
      if (away || stopped || (await dueMailIds(db, 1, { beforeId: id })).length > 0) {
        const error = away ? (outage?.error ?? "") : BACKLOG_MESSAGE;
        await handOverUntried(db, id, error);
        return { status: "waiting" as const, error };
      }
      const claimed = await claimMail(db, id);
      return claimed ? send(transport, claimed) : { status: "busy" as const };
    }).catch((error: unknown) => {
      // The database failed under the send (the change itself is stored): the worker tries again.
      logger.error("mail delivery failed", { id, error });
      return { status: "waiting" as const, error: errorText(error) };
    });
  }

  async function deliverDue(): Promise<number> {
    if (!transport || serverAway()) return 0;
    return serially(() => sendDue(transport));
  }
  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      deliverDue()
        .catch((error: unknown) => logger.error("mail worker failed", { error }))
        .finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    deliver,
    deliverDue,
    configured: transport !== undefined,
    start() {
      if (!transport || timer || stopped) return;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
      transport?.close();
    },
  };
}
