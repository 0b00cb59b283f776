import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { recordingLogger } from "../../../tests/support/silent-logger.ts";
import {
  BACKLOG_MESSAGE,
  createMailer,
  MAX_OUTAGE_PROBE_MS,
  NO_SMTP_MESSAGE,
  type MailerOptions,
  type MailTransport,
} from "./mailer.server.ts";
import {
  backoffMs,
  claimMail,
  enqueueMail,
  enqueueMails,
  HANDOVER_MS,
  listOutbox,
  MAX_ATTEMPTS,
  releaseAfterOutage,
  requeueMail,
} from "./outbox.server.ts";

type Sent = Parameters<MailTransport["send"]>[0];

/** nodemailer's errors carry a code: a connection that fails, or a message the server refuses. */
const smtpError = (message: string, code: string) => Object.assign(new Error(message), { code });

/**
 * A mail server in memory that can be switched off (connections refused) or set to refuse every
 * message (a recipient it rejects), and that takes its time like a real one.
 */
function fakeTransport({ delayMs = 20 } = {}) {
  const sent: Sent[] = [];
  let down = false;
  let refusing = false;
  const tries = { count: 0 };
  return {
    sent,
    tries,
    setDown: (value: boolean) => {
      down = value;
    },
    setRefusing: (value: boolean) => {
      refusing = value;
    },
    transport: {
      async send(message: Sent) {
        tries.count += 1;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (down) throw smtpError("connect ECONNREFUSED 127.0.0.1:2525", "ESOCKET");
        if (refusing) throw smtpError("550 5.1.1 Mailbox unavailable", "EENVELOPE");
        sent.push(message);
      },
      close() {},
    } satisfies MailTransport,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A mailer on the test's database: no MAIL_FROM, a minute's back-off unless a test says otherwise. */
const mailerFor = (
  db: DatabaseHandle["db"],
  transport: MailTransport | undefined,
  options: Partial<MailerOptions> = {},
) =>
  createMailer({
    db,
    logger: recordingLogger().logger,
    transport,
    from: undefined,
    retryBaseMs: 60_000,
    ...options,
  });

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
    const mailer = mailerFor(handle.db, mail.transport, { from: "Tavola <reservierung@example.de>" });
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

  it("writes several messages in one statement, numbered in the order given, each sent as written", async () => {
    handle = await engine.open();
    const mail = fakeTransport({ delayMs: 0 });
    const mailer = mailerFor(handle.db, mail.transport);
    await enqueueMail(handle.db, message(0));
    const ids = await handle.db.transaction().execute((trx) => enqueueMails(trx, [1, 2, 3].map(message)));
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(await mailer.deliver(id)).toEqual({ status: "sent" });
    expect(mail.sent.map((sent) => sent.to)).toEqual([1, 2, 3].map((n) => `kueche${n}@example.de`));
    expect(await enqueueMails(handle.db, [])).toEqual([]);
  });

  it("keeps a message while the mail server is away, without counting it as an attempt, and sends it once the server is back", async () => {
    handle = await engine.open();
    const mail = fakeTransport();
    mail.setDown(true);
    const mailer = mailerFor(handle.db, mail.transport, { retryBaseMs: 50 });
    const id = await enqueueMail(handle.db, message(1));
    const first = await mailer.deliver(id);
    expect(first).toEqual({ status: "waiting", error: "connect ECONNREFUSED 127.0.0.1:2525" });
    const [waiting] = await listOutbox(handle.db, { filter: "waiting" });
    expect(waiting).toMatchObject({ attempts: 0, lastError: "connect ECONNREFUSED 127.0.0.1:2525" });
    // Tried again, and under way: the attempt in flight is no failed one.
    const retry = await claimMail(handle.db, id);
    expect((await listOutbox(handle.db, { filter: "waiting" }))[0]).toMatchObject({ attempts: 0 });
    if (retry) await releaseAfterOutage(handle.db, retry, "connect ECONNREFUSED 127.0.0.1:2525");
    expect(await mailer.deliverDue()).toBe(0); // the server is not tried again before its wait is over
    expect(mail.tries.count).toBe(1);
    mail.setDown(false);
    await sleep(80);
    expect(await mailer.deliverDue()).toBe(1);
    expect(mail.sent).toHaveLength(1);
    // Without MAIL_FROM, the message goes out from the restaurant's address, never the guest's.
    expect(mail.sent[0]?.from).toBe("info@ristorante.example");
  });

  it("while the server is away, new messages wait without a try each; afterwards all go out once, in the order they were written", async () => {
    handle = await engine.open();
    const mail = fakeTransport({ delayMs: 2 });
    mail.setDown(true);
    // The mailer's own clock: on a busy machine the loop below may take longer than the first
    // probe's wait, and a real clock would then try the server again (issue 42).
    let now = Date.now();
    const mailer = mailerFor(handle.db, mail.transport, { retryBaseMs: 60, clock: () => now });
    const ids: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const id = await enqueueMail(handle.db, message(n));
      ids.push(id);
      expect(await mailer.deliver(id)).toMatchObject({ status: "waiting" });
    }
    // Only the first message found the server away; the others were not tried (and not delayed).
    expect(mail.tries.count).toBe(1);
    expect((await listOutbox(handle.db, { filter: "waiting" })).map((row) => row.attempts)).toEqual(
      ids.map(() => 0),
    );
    mail.setDown(false);
    now += 80;
    // A new message asked to go now: the six written before it leave first.
    const latest = await enqueueMail(handle.db, message(6));
    expect(await mailer.deliver(latest)).toEqual({ status: "sent" });
    expect(mail.sent.map((sent) => sent.to)).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((n) => `kueche${n}@example.de`),
    );
    expect(new Set(mail.sent.map((sent) => sent.messageId)).size).toBe(7);
    expect(await mailer.deliverDue()).toBe(0);
  });

  it("an outage never turns a message 'failed', however many tries it lasts", async () => {
    handle = await engine.open();
    const mail = fakeTransport({ delayMs: 0 });
    mail.setDown(true);
    let now = Date.now();
    const mailer = mailerFor(handle.db, mail.transport, { clock: () => now });
    const id = await enqueueMail(handle.db, message(1));
    await mailer.deliver(id);
    // A weekend: the server is tried every few minutes, far more often than MAX_ATTEMPTS.
    for (let probe = 0; probe < MAX_ATTEMPTS + 5; probe += 1) {
      now += MAX_OUTAGE_PROBE_MS;
      await mailer.deliverDue();
    }
    expect(mail.tries.count).toBeGreaterThan(MAX_ATTEMPTS);
    expect((await listOutbox(handle.db))[0]).toMatchObject({ status: "pending", attempts: 0 });
    mail.setDown(false);
    now += MAX_OUTAGE_PROBE_MS;
    expect(await mailer.deliverDue()).toBe(1);
  });

  it("a message that fails in an unforeseen way waits alone; the others are not held up", async () => {
    handle = await engine.open();
    const sent: Sent[] = [];
    const transport: MailTransport = {
      async send(message) {
        if (message.to === "kueche1@example.de") throw new TypeError("Cannot read properties of undefined");
        sent.push(message);
      },
      close() {},
    };
    const mailer = mailerFor(handle.db, transport);
    const broken = await enqueueMail(handle.db, message(1));
    expect(await mailer.deliver(broken)).toMatchObject({ status: "waiting" });
    const next = await enqueueMail(handle.db, message(2));
    expect(await mailer.deliver(next)).toEqual({ status: "sent" });
    expect((await listOutbox(handle.db, { filter: "waiting" }))[0]).toMatchObject({
      id: broken,
      attempts: 1,
    });
  });

  it("a change's own e-mail waits for older ones only a while, then leaves it to the worker", async () => {
    handle = await engine.open();
    const mail = fakeTransport({ delayMs: 40 });
    const mailer = mailerFor(handle.db, mail.transport, { backlogWaitMs: 100 });
    const aMinuteAgo = new Date(Date.now() - 60_000);
    for (let n = 0; n < 10; n += 1) await enqueueMail(handle.db, message(n), aMinuteAgo);
    const latest = await enqueueMail(handle.db, message(10));
    const started = performance.now();
    expect(await mailer.deliver(latest)).toEqual({ status: "waiting", error: BACKLOG_MESSAGE });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(mail.sent.length).toBeLessThan(10);
    // The worker sends the rest, the latest last.
    while ((await mailer.deliverDue()) > 0);
    expect(mail.sent.map((sent) => sent.to).at(-1)).toBe("kueche10@example.de");
    expect(mail.sent).toHaveLength(11);
  });

  it("sends nothing once stopped: a message asked for then waits for the next start", async () => {
    handle = await engine.open();
    const mail = fakeTransport({ delayMs: 0 });
    const mailer = mailerFor(handle.db, mail.transport);
    await mailer.stop();
    const id = await enqueueMail(handle.db, message(1));
    expect(await mailer.deliver(id)).toMatchObject({ status: "waiting" });
    expect(mail.tries.count).toBe(0);
    expect((await listOutbox(handle.db))[0]).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("gives the same Message-ID every time a message is sent", async () => {
    handle = await engine.open();
    const mail = fakeTransport({ delayMs: 0 });
    const mailer = mailerFor(handle.db, mail.transport, { retryBaseMs: 1000 });
    const id = await enqueueMail(handle.db, message(1));
    await mailer.deliver(id);
    expect(await requeueMail(handle.db, id)).toBe(true);
    await mailer.deliver(id);
    expect(mail.sent).toHaveLength(2);
    expect(mail.sent[0]?.messageId).toMatch(/^<outbox-\d+-\d+@ristorante\.example>$/);
    expect(mail.sent[1]?.messageId).toBe(mail.sent[0]?.messageId);
  });

  it("two processes sharing the database send each message exactly once", async () => {
    handle = await engine.open();
    const mail = fakeTransport({ delayMs: 5 });
    const mailers = [0, 1].map(() => mailerFor(handle.db, mail.transport, { retryBaseMs: 1000 }));
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
    const writer = mailerFor(handle.db, mail.transport, { retryBaseMs: 1000 });
    const otherProcess = mailerFor(handle.db, mail.transport, { retryBaseMs: 1000 });
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

  it("a message the server refuses is tried again after its own back-off, gives up after the last attempt as 'failed'; 'Erneut senden' makes it pending and sends it", async () => {
    handle = await engine.open();
    const mail = fakeTransport({ delayMs: 0 });
    mail.setRefusing(true);
    const mailer = mailerFor(handle.db, mail.transport, { retryBaseMs: 1000 });
    const id = await enqueueMail(handle.db, message(1));
    await handle.db
      .updateTable("mail_outbox")
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where("id", "=", id)
      .execute();
    expect(await mailer.deliver(id)).toEqual({ status: "waiting", error: "550 5.1.1 Mailbox unavailable" });
    expect((await listOutbox(handle.db, { filter: "failed" }))[0]).toMatchObject({
      id,
      attempts: MAX_ATTEMPTS,
    });
    expect(await mailer.deliverDue()).toBe(0);
    mail.setRefusing(false);
    expect(await requeueMail(handle.db, id)).toBe(true);
    expect(await mailer.deliver(id)).toEqual({ status: "sent" });
  });

  it("without a mail server nothing is claimed or counted: messages wait, visible", async () => {
    handle = await engine.open();
    const mailer = mailerFor(handle.db, undefined, { retryBaseMs: 1000 });
    const id = await enqueueMail(handle.db, message(1));
    expect(await mailer.deliver(id)).toEqual({ status: "waiting", error: NO_SMTP_MESSAGE });
    expect((await listOutbox(handle.db))[0]).toMatchObject({ status: "pending", attempts: 0 });
  });
});

it("backs off by doubling, at most an hour", () => {
  expect([1, 2, 3].map((n) => backoffMs(n, 60_000))).toEqual([60_000, 120_000, 240_000]);
  expect(backoffMs(30, 60_000)).toBe(3_600_000);
});
