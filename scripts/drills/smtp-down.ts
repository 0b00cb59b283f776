import fs from "node:fs";
import net from "node:net";
import { openDatabase, type DatabaseTarget } from "../../db/database.server.ts";
import { startMailbox } from "../../tests/support/mailbox.ts";
import { guestForm, openDayAhead, post } from "../bench/reservation-figures.ts";
import {
  startProductionServer,
  stopProductionServer,
  type ProductionServer,
} from "../../tests/support/production-server.ts";
import { pause, reportFindings, say, signInAsStaff, type Finding } from "./support.ts";

/**
 * `npm run drill -- smtp-down`: the mail server is away for the whole run while guests send
 * reservation requests and staff confirm some of them; the server process is killed and started
 * again in the middle. Then the mail server comes up: every e-mail must arrive exactly once, in the
 * order it was written, with nobody pressing 'Erneut senden' (decision 0017).
 */
const GUESTS = 20;
const CONFIRMED = 8;
/** How long the mail server may take to receive everything once it is back (its probe waits at most this). */
const DELIVERY_LIMIT_MS = 60_000;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== "object" || !address) throw new Error("kein freier Port");
  return address.port;
}

export async function smtpDownDrill(label: string, env: Record<string, string>, target: DatabaseTarget) {
  say(`\n${label}: E-Mail-Server während des ganzen Laufs weg, dann wieder da`);
  const port = await freePort();
  const serverEnv = {
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    NOTIFY_EMAIL: "kueche@ristorante.example",
    MAIL_RETRY_SECONDS: "1",
    RESERVATION_RATE_LIMIT: "0",
    LOG_LEVEL: "error",
    ...env,
  };
  const prefix = `Postausfall${Date.now()}`;
  let server: ProductionServer | undefined = await startProductionServer("0", serverEnv);
  const firstDataDir = server.dataDir;
  const mailbox: { stop(): Promise<void> }[] = [];
  const handle = openDatabase(target);
  try {
    const date = openDayAhead();
    const origin = server.origin;
    const guestAnswers = await Promise.all(
      Array.from({ length: GUESTS }, (_, index) =>
        post(`${origin}/_.data?index`, guestForm(prefix, index, date)).then((answer) => answer.status),
      ),
    );
    const stored = await handle.db
      .selectFrom("reservations")
      .select("id")
      .where("customer_name", "like", `${prefix} %`)
      .orderBy("id")
      .execute();
    const cookie = await signInAsStaff(origin);
    const staffAnswers: string[] = [];
    for (const { id } of stored.slice(0, CONFIRMED)) {
      const answer = await fetch(`${origin}/admin/reservations.data`, {
        method: "POST",
        headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "status", id: String(id), status: "CONFIRMED" }),
      });
      staffAnswers.push(
        `${answer.status} ${(await answer.text()).includes("E-Mail Fehler") ? "E-Mail Fehler" : ""}`,
      );
    }
    say(
      `  ${GUESTS} Reservierungsanfragen (${guestAnswers.filter((status) => status === 200).length} × 200), ` +
        `${CONFIRMED} Bestätigungen durch das Personal (${staffAnswers.filter((a) => a === "200 E-Mail Fehler").length} × 'E-Mail Fehler')`,
    );

    // The process dies with the outbox full; a new one takes over the same data.
    server.process.kill("SIGKILL");
    await new Promise((resolve) => server?.process.once("exit", resolve));
    server = await startProductionServer("0", serverEnv);
    say("  Server mit SIGKILL beendet und neu gestartet, der E-Mail-Server ist noch weg");
    await pause(3000);

    const waiting = await handle.db
      .selectFrom("mail_outbox")
      .select(["id", "status", "attempts"])
      .orderBy("id")
      .execute();
    const countedAttempts = waiting.filter((row) => row.attempts > 0).length;

    const upAt = performance.now();
    const box = await startMailbox({ port });
    mailbox.push(box);
    say(`  E-Mail-Server gestartet nach ${waiting.length} geschriebenen E-Mails`);
    let pending = waiting.length;
    while (pending > 0 && performance.now() - upAt < DELIVERY_LIMIT_MS) {
      await pause(100);
      pending = (
        await handle.db.selectFrom("mail_outbox").select("id").where("status", "!=", "sent").execute()
      ).length;
    }
    const deliveredMs = performance.now() - upAt;
    await pause(1000); // anything sent twice would arrive now

    const rows = await handle.db
      .selectFrom("mail_outbox")
      .select(["id", "status", "created_at", "sender"])
      .orderBy("id")
      .execute();
    const received = box.messages.map((mail) => mail.messageId ?? "");
    const idOf = (messageId: string) => Number(/^<?outbox-(\d+)-/.exec(messageId)?.[1] ?? Number.NaN);
    const receivedIds = received.map(idOf);
    const counts = new Map<number, number>();
    for (const id of receivedIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    const missing = rows.filter((row) => !counts.has(row.id)).length;
    const twice = [...counts.values()].filter((count) => count > 1).length;
    const inOrder = receivedIds.every((id, index) => index === 0 || id > (receivedIds[index - 1] ?? 0));
    say(
      `  ${rows.length} E-Mails im Postausgang (${GUESTS} Hinweise an die Küche, ${CONFIRMED} Bestätigungen), ` +
        `${received.length} beim E-Mail-Server angekommen`,
    );
    const findings: Finding[] = [
      {
        text: `Gäste bekamen ihre Bestätigung: ${guestAnswers.filter((status) => status === 200).length} von ${GUESTS}`,
        holds: guestAnswers.every((status) => status === 200),
      },
      {
        text: `das Personal sah 'E-Mail Fehler' statt eines Serverfehlers: ${staffAnswers.filter((a) => a === "200 E-Mail Fehler").length} von ${CONFIRMED}`,
        holds: staffAnswers.every((answer) => answer === "200 E-Mail Fehler"),
      },
      {
        text: `E-Mails geschrieben: ${rows.length} (${GUESTS + CONFIRMED})`,
        holds: rows.length === GUESTS + CONFIRMED,
      },
      {
        text: `als Fehlversuch gezählt, solange der Server weg war: ${countedAttempts} (0)`,
        holds: countedAttempts === 0,
      },
      {
        text: `alle gesendet ohne Handgriff: ${pending === 0 ? "ja" : "nein"}, ${(deliveredMs / 1000).toFixed(1)} s nach dem Start des E-Mail-Servers`,
        holds: pending === 0,
      },
      { text: `nicht angekommen: ${missing} (0)`, holds: missing === 0 },
      { text: `doppelt angekommen: ${twice} (0)`, holds: twice === 0 },
      {
        text: `in der Reihenfolge, in der sie geschrieben wurden: ${inOrder ? "ja" : "nein"}`,
        holds: inOrder && received.length > 0,
      },
    ];
    return reportFindings(findings);
  } finally {
    await handle.close();
    for (const box of mailbox) await box.stop();
    if (server) await stopProductionServer(server);
    fs.rmSync(firstDataDir, { recursive: true, force: true });
  }
}
