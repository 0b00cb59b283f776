import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Database } from "../database.types.ts";
import type { Logger } from "../logger.server.ts";
import {
  claimMail,
  dueMailIds,
  markFailed,
  markSent,
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
  /** Messages sent at the same time, at most: an SMTP server limits connections per client. */
  concurrency?: number;
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
  concurrency = 4,
}: MailerOptions): Mailer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const inFlight = new Set<Promise<unknown>>();
  let running = 0;
  const waiting: Array<() => void> = [];

  async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    // A freed slot passes straight to the longest waiter, so a newcomer cannot take it in between.
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  async function send(
    transport: MailTransport,
    claimed: { row: OutboxRow; token: string },
  ): Promise<DeliveryResult> {
    const { row } = claimed;
    try {
      await transport.send({
        from: from ?? row.sender ?? row.recipient,
        to: row.recipient,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body ?? undefined,
        attachments: parseAttachments(row.attachments),
      });
    } catch (error) {
      const message = errorText(error);
      const status = await markFailed(db, claimed, message, retryBaseMs);
      logger.warn("mail not sent", {
        id: row.id,
        kind: row.kind,
        attempt: row.attempts,
        status,
        error: message,
      });
      return { status: "waiting", error: message };
    }
    await markSent(db, row.id, claimed.token);
    logger.info("mail sent", { id: row.id, kind: row.kind, attempt: row.attempts });
    return { status: "sent" };
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  async function deliver(id: number): Promise<DeliveryResult> {
    // Without a mail server nothing is claimed or counted: the message waits as it is.
    if (!transport) return { status: "waiting", error: NO_SMTP_MESSAGE };
    return track(
      withSlot(async () => {
        const claimed = await claimMail(db, id);
        return claimed ? send(transport, claimed) : { status: "busy" as const };
      }),
    );
  }

  async function deliverDue(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (const id of await dueMailIds(db, 50)) {
      if (stopped) break;
      const result = await track(
        withSlot(async () => {
          const claimed = await claimMail(db, id, { dueOnly: true });
          return claimed ? send(transport, claimed) : { status: "busy" as const };
        }),
      );
      if (result.status === "sent") sent += 1;
    }
    return sent;
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
