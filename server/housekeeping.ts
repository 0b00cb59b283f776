import type { Kysely } from "kysely";
import { deleteOldEvents } from "../app/features/reservations/book/index.server.ts";
import { deleteExpiredGuestData } from "../app/features/reservations/retention/index.server.ts";
import { eraseDoorListsBefore } from "../app/features/reservations/service/index.server.ts";
import { berlinNow } from "../app/lib/calendar.ts";
import type { Database } from "../db/database.types.ts";
import type { Logger } from "../app/lib/logger.server.ts";
import { runOncePerPeriod } from "../db/once-per-period.server.ts";

/**
 * Work the server does on its own, once a day: erasing and anonymising guest data past the periods
 * the privacy policy states (app/features/reservations/retention/expired-data.server.ts), the
 * staff screens' change events older than a day (decision 0035), and the door's wait lists of earlier
 * days (decision 0057). However many servers share the database, one of
 * them runs it per day (decision 0039): each looks on start and then every hour whether the day's
 * run is due, and the first to claim it runs it.
 */
export const HOUSEKEEPING_EVERY_MS = 24 * 60 * 60 * 1000;
export const HOUSEKEEPING_CHECK_MS = 60 * 60 * 1000;
const JOB = "housekeeping";

export interface Housekeeping {
  /**
   * Looks now and runs if the period's run is due; resolves with whether this server ran it (errors
   * are logged, never thrown).
   */
  run(): Promise<boolean>;
  stop(): Promise<void>;
}

export function startHousekeeping(
  db: Kysely<Database>,
  logger: Logger,
  { everyMs = HOUSEKEEPING_EVERY_MS, checkEveryMs = HOUSEKEEPING_CHECK_MS } = {},
): Housekeeping {
  let running: Promise<boolean> = Promise.resolve(false);
  const work = async () => {
    const deleted = await deleteExpiredGuestData(db);
    if (deleted.notes > 0 || deleted.anonymised > 0 || deleted.mails > 0)
      logger.info("guest data past its retention deleted", { ...deleted });
    // The staff screens' change events are read within a second; a day later by nobody (decision 0035).
    await deleteOldEvents(db);
    // The door's wait lists are kept for their day only (decision 0057).
    const doorEntries = await eraseDoorListsBefore(db, berlinNow().date);
    if (doorEntries > 0) logger.info("door wait lists of earlier days deleted", { entries: doorEntries });
  };
  const run = () => {
    running = running.then(async () => {
      try {
        return await runOncePerPeriod(db, JOB, everyMs, work);
      } catch (error) {
        logger.error("housekeeping failed", { error });
        return false;
      }
    });
    return running;
  };
  void run();
  const timer = setInterval(() => void run(), Math.min(everyMs, checkEveryMs));
  timer.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
