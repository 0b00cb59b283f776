import type { Kysely } from "kysely";
import type { MailContext } from "../app/features/reservations/mails/index.server.ts";
import { writeDueReminders } from "../app/features/reservations/guest-self-service/index.server.ts";
import { readKeptReservationSettings } from "../app/features/reservations/settings/index.server.ts";
import { deliverInBackground, type Mailer } from "../app/common/mail/mailer.server.ts";
import type { Logger } from "../app/lib/logger.server.ts";
import type { Database } from "../db/database.types.ts";

/**
 * The reminders the day before a visit
 * (app/features/reservations/guest-self-service/reminders.server.ts), looked for on start and then
 * every REMINDER_CHECK_SECONDS. Every process does it; each reservation is still reminded once
 * (decision 0033).
 */
const FIRST_RUN_AFTER_MS = 2000;

export interface Reminders {
  /** One run now; resolves when it is done (errors are logged, never thrown). */
  run(): Promise<void>;
  stop(): Promise<void>;
}

export function startReminders({
  db,
  logger,
  mailer,
  mailContext,
  everyMs,
}: {
  db: Kysely<Database>;
  logger: Logger;
  mailer: Mailer;
  /** The restaurant's details as the e-mail names them, read at each run (staff may change them). */
  mailContext: () => Promise<MailContext>;
  everyMs: number;
}): Reminders {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let stopped = false;
  const run = () => {
    // A run that outlasts the interval is not queued behind: the next tick finds what it left.
    if (busy) return running;
    busy = true;
    running = running.then(async () => {
      if (stopped) return;
      try {
        const settings = await readKeptReservationSettings(db);
        if (settings.reminderHour === null) return;
        const mailIds = await writeDueReminders(db, { settings, mail: await mailContext() });
        if (mailIds.length > 0) logger.info("reminders written", { count: mailIds.length });
        deliverInBackground(mailer, logger, mailIds, "reminder");
      } catch (error) {
        logger.error("reminders failed", { error });
      } finally {
        busy = false;
      }
    });
    return running;
  };
  // Not at once: the server first learns the origin its links name (it listens a moment later).
  const timer = setInterval(() => void run(), everyMs);
  const first = setTimeout(() => void run(), Math.min(everyMs, FIRST_RUN_AFTER_MS));
  timer.unref();
  first.unref();
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
