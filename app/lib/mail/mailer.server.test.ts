import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db.server.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { recordingLogger } from "../../../tests/support/silent-logger.ts";
import { createMailer, NO_SMTP_MESSAGE, type MailTransport } from "./mailer.server.ts";
import {
  backoffMs,
  claimMail,
  enqueueMail,
  HANDOVER_MS,
  listOutbox,
  MAX_ATTEMPTS,
  requeueMail,
} from "./outbox.server.ts";

type Sent = Parameters<MailTransport["send"]>[0];

/** A mail server in memory that can be switched off, and that takes its time like a real one. */
function fakeTransport({ delayMs = 20 } = {}) {
  const sent: Sent[] = [];
  let down = false;
  return {
    sent,
    setDown: (value: boolean) => {
      down = value;
    },
    transport: {
      async send(message: Sent) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (down) throw new Error("connect ECONNREFUSED 127.0.0.1:2525");
        sent.push(message);
      },
      close() {},
    } satisfies MailTransport,
  };
}

const message = (n: number) => ({
  kind: "reservation-notice",
  recipient: `kueche${n}@example.de`,
  subject: `Neue Reservierungsanfrage ${n}`,
  text: "Text",
  html: "<p>Text</p>",
  replyTo: "gast@example.de",
  sender: "info@ristorante.example",
  attachments: [{ filename: "a.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" }],
});

describe.each(testDatabases())("mail outbox on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("sends a message at once, with From, Reply-To and attachment, and marks it sent", async () => {
    handle = await engine.open();
    const mail = fakeTransport();
    const mailer = createMailer({
      db: handle.db,
      logger: recordingLogger().logger,
      transport: mail.transport,
      from: "Tavola <reservierung@example.de>",
      retryBaseMs: 60_000,
    });
    const id = await enqueueMail(handle.db, message(1));
    expect(await mailer.deliver(id)).toEqual({ status: "sent" });
    expect(mail.sent).toEqual([
      expect.objectContaining({
        from: "Tavola <reservierung@example.de>",
        to: "kueche1@example.de",
        replyTo: "gast@example.de",
        attachments: [{ filename: "a.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" }],
      }),
    ]);
    expect((await listOutbox(handle.db))[0]).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(await mailer.deliver(id)).toEqual({ status: "busy" });
    expect(mail.sent).toHaveLength(1);
  });

  it("keeps a message that could not be sent, retries it after the back-off, and sends it once the server is back", async () => {
    handle = await engine.open();
    const mail = fakeTransport();
    mail.setDown(true);
    const mailer = createMailer({
      db: handle.db,
      logger: recordingLogger().logger,
      transport: mail.transport,
      from: undefined,
      retryBaseMs: 50,
    });
    const id = await enqueueMail(handle.db, message(1));
    const first = await mailer.deliver(id);
    expect(first).toEqual({ status: "waiting", error: "connect ECONNREFUSED 127.0.0.1:2525" });
    const [waiting] = await listOutbox(handle.db, { filter: "waiting" });
    expect(waiting).toMatchObject({ attempts: 1, lastError: "connect ECONNREFUSED 127.0.0.1:2525" });
    expect(await mailer.deliverDue()).toBe(0); // not due yet
    mail.setDown(false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await mailer.deliverDue()).toBe(1);
    expect(mail.sent).toHaveLength(1);
    // Without MAIL_FROM, the message goes out from the restaurant's address, never the guest's.
    expect(mail.sent[0]?.from).toBe("info@ristorante.example");
  });

  it("two processes sharing the database send each message exactly once", async () => {
    handle = await engine.open();
    const mail = fakeTransport({ delayMs: 5 });
    const mailers = [0, 1].map(() =>
      createMailer({
        db: handle.db,
        logger: recordingLogger().logger,
        transport: mail.transport,
        from: undefined,
        retryBaseMs: 1000,
      }),
    );
    // Written a minute ago: due for the workers too, so workers and writers race for every message.
    const aMinuteAgo = new Date(Date.now() - 60_000);
    const ids = [];
    for (let n = 0; n < 12; n += 1) ids.push(await enqueueMail(handle.db, message(n), aMinuteAgo));
    await Promise.all([
      ...mailers.map((mailer) => mailer.deliverDue()),
      ...ids.map((id) => (id % 2 === 0 ? mailers[0] : mailers[1])?.deliver(id)),
    ]);
    expect(mail.sent.map((sent) => sent.to).sort()).toEqual(
      ids.map((_, n) => `kueche${n}@example.de`).sort(),
    );
  });

  it("leaves a new message to the process that wrote it, and a worker sends it if that process died", async () => {
    handle = await engine.open();
    const mail = fakeTransport({ delayMs: 0 });
    const options = {
      db: handle.db,
      logger: recordingLogger().logger,
      transport: mail.transport,
      from: undefined,
      retryBaseMs: 1000,
    };
    const [writer, otherProcess] = [createMailer(options), createMailer(options)];
    const id = await enqueueMail(handle.db, message(1));
    expect(await otherProcess.deliverDue()).toBe(0);
    expect(await writer.deliver(id)).toEqual({ status: "sent" });

    const orphan = await enqueueMail(handle.db, message(2), new Date(Date.now() - HANDOVER_MS - 1000));
    expect(await otherProcess.deliverDue()).toBe(1);
    expect(mail.sent.map((sent) => sent.to)).toEqual(["kueche1@example.de", "kueche2@example.de"]);
    expect(orphan).not.toBe(id);
  });

  it("a claim that runs out (a process died mid-send) frees the message again", async () => {
    handle = await engine.open();
    const id = await enqueueMail(handle.db, message(1));
    expect(await claimMail(handle.db, id)).toBeDefined();
    expect(await claimMail(handle.db, id)).toBeUndefined();
    expect(await claimMail(handle.db, id, { now: new Date(Date.now() + 3 * 60_000) })).toBeDefined();
  });

  it("gives up after the last attempt as 'failed'; 'Erneut senden' makes it pending and sends it", async () => {
    handle = await engine.open();
    const mail = fakeTransport({ delayMs: 0 });
    mail.setDown(true);
    const mailer = createMailer({
      db: handle.db,
      logger: recordingLogger().logger,
      transport: mail.transport,
      from: undefined,
      retryBaseMs: 1000,
    });
    const id = await enqueueMail(handle.db, message(1));
    await handle.db
      .updateTable("mail_outbox")
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where("id", "=", id)
      .execute();
    await mailer.deliver(id);
    expect((await listOutbox(handle.db, { filter: "failed" }))[0]).toMatchObject({
      id,
      attempts: MAX_ATTEMPTS,
    });
    expect(await mailer.deliverDue()).toBe(0);
    mail.setDown(false);
    expect(await requeueMail(handle.db, id)).toBe(true);
    expect(await mailer.deliver(id)).toEqual({ status: "sent" });
  });

  it("without a mail server nothing is claimed or counted: messages wait, visible", async () => {
    handle = await engine.open();
    const mailer = createMailer({
      db: handle.db,
      logger: recordingLogger().logger,
      transport: undefined,
      from: undefined,
      retryBaseMs: 1000,
    });
    const id = await enqueueMail(handle.db, message(1));
    expect(await mailer.deliver(id)).toEqual({ status: "waiting", error: NO_SMTP_MESSAGE });
    expect((await listOutbox(handle.db))[0]).toMatchObject({ status: "pending", attempts: 0 });
  });
});

it("backs off by doubling, at most an hour", () => {
  expect([1, 2, 3].map((n) => backoffMs(n, 60_000))).toEqual([60_000, 120_000, 240_000]);
  expect(backoffMs(30, 60_000)).toBe(3_600_000);
});
