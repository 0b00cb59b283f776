import { writeReservationSettings } from "../../app/features/reservations/settings/index.server.ts";
import { DEFAULT_SETTINGS } from "../../app/features/reservations/book/index.server.ts";
import { openDatabase } from "../../db/database.server.ts";
import { findPostgresBinaries, startThrowawayPostgres } from "../../tests/support/throwaway-postgres.ts";
import { startMailbox } from "../../tests/support/mailbox.ts";
import { startS3Server } from "../../tests/support/s3-server.ts";
import {
  behindProxy,
  startProductionServer,
  stopProductionServer,
  type ProductionServer,
} from "../../tests/support/production-server.ts";
import { guestForm, openDayAhead, post } from "../bench/reservation-figures.ts";
import { pause, reportFindings, say, type Finding } from "./support.ts";

/**
 * `npm run drill -- instances` (decision 0039): two servers on one PostgreSQL and one S3 store, 40 guests sending
 * reservation requests to them in turn, as a proxy in front of them would; one server is killed with
 * kill -9 in the middle. A request the killed server does not answer is sent to the other at once
 * (what nginx's `proxy_next_upstream` does with a refused connection). The other keeps answering;
 * nothing a guest was told is stored may be lost, nothing stored twice, and every stored request's
 * e-mails are in the outbox (sent once, or waiting for the killed server's claim to lapse).
 */
const GUESTS = 40;
const BEFORE_KILL_MS = 2000;
const AFTER_KILL_MS = 2000;
/** Between one guest's requests. */
const GUEST_PAUSE_MS = 500;

interface Sent {
  token: string;
  /** The answer's status; 0 when neither server answered. */
  status: number;
  /** Answered by the survivor after the kill. */
  afterKill: boolean;
  /** Sent to the killed server first and then, unanswered, to the other. */
  retried: boolean;
}

export async function instancesDrill(): Promise<boolean> {
  const binaries = findPostgresBinaries();
  if (!binaries) {
    say("PostgreSQL: keine Programme gefunden – diese Übung braucht PostgreSQL.");
    return false;
  }
  const postgres = await startThrowawayPostgres(binaries);
  const mailbox = await startMailbox();
  // Nothing shared but the database and the store, as on two machines.
  const store = await startS3Server();
  const servers: ProductionServer[] = [];
  try {
    const env = async () => ({
      DATABASE_URL: postgres.url,
      SMTP_URL: mailbox.url,
      ...store.env,
      MAIL_RETRY_SECONDS: "1",
      RESERVATION_RATE_LIMIT: "0",
      LOG_LEVEL: "error",
      ...(await behindProxy()),
    });
    say(
      `\nZwei Server auf einer PostgreSQL-Datenbank; kill -9 eines Servers, während ${GUESTS} Gäste senden`,
    );
    // One after the other: the first migrates and fills the database, the second finds it done.
    servers.push(await startProductionServer("0", await env()));
    servers.push(await startProductionServer("0", await env()));
    const [victim, survivor] = servers as [ProductionServer, ProductionServer];
    // The demo's seats would be full within a second of this load: nothing limited, as on a fresh site.
    const settingsHandle = openDatabase({ kind: "postgres", url: postgres.url });
    await settingsHandle.db
      .transaction()
      .execute((trx) => writeReservationSettings(trx, DEFAULT_SETTINGS, "drill"));
    await settingsHandle.close();
    await pause(300);

    const date = openDayAhead();
    const prefix = `Instanz${Date.now()}`;
    let killed = false;
    const sent: Sent[] = [];
    const stopAt = Date.now() + BEFORE_KILL_MS + AFTER_KILL_MS;
    const guest = async (index: number) => {
      for (let round = 0; Date.now() < stopAt; round += 1) {
        const token = `${prefix}-${index}-${round}`;
        const body = guestForm(prefix, index, date, round);
        const first = (index + round) % 2 === 0 ? victim : survivor;
        const headers = { "X-Forwarded-For": `203.0.113.${index + 1}` };
        let retried = false;
        let status = 0;
        let afterKill = killed;
        for (const server of first === victim ? [victim, survivor] : [survivor, victim]) {
          try {
            afterKill = killed;
            status = (await post(`${server.origin}/_.data?index`, body, headers)).status;
            break;
          } catch {
            retried = true;
          }
        }
        sent.push({ token, status, afterKill, retried });
        // A guest's pace, not a benchmark's: the e-mails of it all are delivered within the drill.
        await pause(GUEST_PAUSE_MS);
      }
    };
    const sending = Promise.all(Array.from({ length: GUESTS }, (_, index) => guest(index)));
    await pause(BEFORE_KILL_MS);
    victim.process.kill("SIGKILL");
    killed = true;
    say(`  Server ${victim.origin} mit SIGKILL beendet nach ${BEFORE_KILL_MS} ms`);
    await sending;

    const handle = openDatabase({ kind: "postgres", url: postgres.url });
    const findings: Finding[] = [];
    try {
      const rows = await handle.db
        .selectFrom("reservations")
        .select(["id", "request_token", "customer_name"])
        .where("customer_name", "like", `${prefix} %`)
        .execute();
      const stored = new Map<string, number>();
      for (const row of rows)
        stored.set(row.request_token ?? "", (stored.get(row.request_token ?? "") ?? 0) + 1);
      const confirmed = sent.filter((request) => request.status === 200);
      const lost = confirmed.filter((request) => !stored.has(request.token));
      const twice = [...stored.values()].filter((count) => count > 1).length;
      const unanswered = sent.filter((request) => request.status !== 200);
      const afterKill = sent.filter((request) => request.afterKill);
      const retried = sent.filter((request) => request.retried);
      const byStatus = new Map<number, number>();
      for (const request of sent) byStatus.set(request.status, (byStatus.get(request.status) ?? 0) + 1);
      say(
        `  Antworten: ${[...byStatus].map(([status, count]) => `${count} × ${status || "keine"}`).join(", ")}`,
      );
      say(
        `  ${sent.length} Anfragen: ${confirmed.length} bestätigt, ${unanswered.length} nicht; ` +
          `${afterKill.length} nach dem Kill (${retried.length} erst beim anderen Server beantwortet); gespeichert: ${rows.length}`,
      );
      findings.push({ text: `bestätigte Anfragen verloren: ${lost.length} (0)`, holds: lost.length === 0 });
      findings.push({ text: `doppelt gespeichert: ${twice} (0)`, holds: twice === 0 });
      findings.push({
        text: `Anfragen ohne 200, auch während des Kills: ${unanswered.length} (0)`,
        holds: unanswered.length === 0,
      });
      findings.push({
        text: `nach dem Kill vom anderen Server beantwortet: ${afterKill.filter((request) => request.status === 200).length} (> 0)`,
        holds: afterKill.some((request) => request.status === 200),
      });

      // Every stored request wrote its e-mails in its own transaction; the survivor delivers them, each
      // once — but those the killed server had claimed, which wait for the claim to lapse (2 minutes).
      const outbox = () =>
        handle.db
          .selectFrom("mail_outbox")
          .select(["id", "reservation_id", "sent_at", "claimed_until"])
          .where(
            "reservation_id",
            "in",
            rows.map((row) => row.id),
          )
          .execute();
      const unclaimedWaiting = (list: Awaited<ReturnType<typeof outbox>>) =>
        list.filter(
          (mail) =>
            mail.sent_at === null &&
            (mail.claimed_until === null || Date.parse(mail.claimed_until) < Date.now()),
        );
      const drainedBy = Date.now() + 90_000;
      let mails = await outbox();
      while (unclaimedWaiting(mails).length > 0 && Date.now() < drainedBy) {
        await pause(1000);
        mails = await outbox();
      }
      const withMail = new Set(mails.map((mail) => mail.reservation_id));
      const withoutMail = rows.filter((row) => !withMail.has(row.id)).length;
      const waiting = mails.filter((mail) => mail.sent_at === null);
      const stuck = unclaimedWaiting(mails).length;
      const delivered = new Map<string, number>();
      for (const message of mailbox.messages) {
        const subject = message.subject ?? "";
        if (subject.includes(prefix)) delivered.set(subject, (delivered.get(subject) ?? 0) + 1);
      }
      const deliveredTwice = [...delivered.values()].filter((count) => count > 1).length;
      say(
        `  E-Mails: ${mails.length} im Ausgang, ${mails.length - waiting.length} gesendet, ${waiting.length} vom ` +
          `beendeten Server beansprucht (sie gehen nach spätestens 2 Minuten vom anderen hinaus)`,
      );
      findings.push({ text: `E-Mails, die niemand zustellt: ${stuck} (0)`, holds: stuck === 0 });
      findings.push({
        text: `gespeicherte Anfragen ohne E-Mail im Ausgang: ${withoutMail} (0)`,
        holds: withoutMail === 0,
      });
      findings.push({
        text: `E-Mails doppelt zugestellt: ${deliveredTwice} (0)`,
        holds: deliveredTwice === 0,
      });
      const healthy = await fetch(`${survivor.origin}/healthz`).then((response) => response.ok);
      findings.push({ text: `der andere Server antwortet: ${healthy ? "ja" : "nein"}`, holds: healthy });
    } finally {
      await handle.close();
    }
    return reportFindings(findings);
  } finally {
    for (const server of servers) await stopProductionServer(server);
    await mailbox.stop();
    await store.stop();
    postgres.stop();
  }
}
