import type { Kysely } from "kysely";
import { deleteOldEvents } from "../app/common/live/events.server.ts";
import { deleteExpiredGuestData } from "../app/features/reservations/retention.server.ts";
import type { Database } from "../db/database.types.ts";
import type { Logger } from "../app/lib/logger.server.ts";

/**
 * Work the server does on its own, on start and then daily: erasing and anonymising guest data past
 * the periods the privacy policy states (app/features/reservations/retention.server.ts), and the
 * staff screens' change events older than a day (decision 0035). Safe when several
 * processes share one database: each deletion is one transaction and a second run finds nothing.
 */
export const HOUSEKEEPING_EVERY_MS = 24 * 60 * 60 * 1000;

export interface Housekeeping {
  /** One run now; resolves when it is done (errors are logged, never thrown). */
  run(): Promise<void>;
  stop(): Promise<void>;
}

export function startHousekeeping(
  db: Kysely<Database>,
  logger: Logger,
  everyMs = HOUSEKEEPING_EVERY_MS,
): Housekeeping {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const deleted = await deleteExpiredGuestData(db);
        if (deleted.notes > 0 || deleted.anonymised > 0 || deleted.mails > 0)
          logger.info("guest data past its retention deleted", { ...deleted });
        // The staff screens' change events are read within a second; a day later by nobody (decision 0035).
        await deleteOldEvents(db);
      } catch (error) {
        logger.error("housekeeping failed", { error });
      }
    });
    return running;
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
