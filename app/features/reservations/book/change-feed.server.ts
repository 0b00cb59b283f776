import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import type { Logger } from "../../../lib/logger.server.ts";
import { CHANNELS, type NotificationListener } from "../../../../db/notifications.server.ts";
import type { ChangeSource, ReservationEvent } from "../../../common/live/change-feed.ts";
import { latestEventId, readEvents } from "./change-events.server.ts";

/**
 * The book's changes as a server process learns them (decision 0035): the `ChangeSource` the live
 * hub (app/common/live/hub.server.ts) listens to, on SQLite by polling, on PostgreSQL by NOTIFY.
 */

export interface PollingOptions {
  /** Between the end of one look and the next. */
  everyMs?: number;
  /**
   * How long an id skipped over is looked for again. On PostgreSQL ids are taken when a row is
   * written but seen only at its commit, so a later id may commit first; the earlier one is asked for
   * until it shows, or this long (a transaction rolled back leaves its id unused for ever).
   */
  missingForMs?: number;
  logger?: Logger;
}

/**
 * Reads `id > last` (the primary key: one step into an index) each time it is asked, and the ids
 * skipped over until they show or `missingForMs` has passed (`PollingOptions`).
 */
function eventReader(db: Kysely<Database>, missingForMs: number) {
  let last: number | undefined;
  /** Skipped ids, and since when. */
  const missing = new Map<number, number>();
  return async function look(): Promise<ReservationEvent[]> {
    if (last === undefined) {
      last = await latestEventId(db);
      return [];
    }
    const now = Date.now();
    for (const [id, since] of missing) if (now - since > missingForMs) missing.delete(id);
    const events = await readEvents(db, last, [...missing.keys()]);
    const fresh: ReservationEvent[] = [];
    for (const event of events) {
      if (missing.delete(event.id)) {
        fresh.push(event);
        continue;
      }
      if (event.id <= last) continue;
      for (let skipped = last + 1; skipped < event.id && missing.size < 1000; skipped += 1)
        missing.set(skipped, now);
      last = event.id;
      fresh.push(event);
    }
    return fresh;
  };
}

/** Says a failing look once per outage, not every few hundred milliseconds. */
function outageReporter(logger: Logger | undefined) {
  let failing = false;
  return {
    answered() {
      if (failing) logger?.info("live updates: the database answers again");
      failing = false;
    },
    failed(error: unknown) {
      if (!failing) logger?.warn("live updates: events unreadable, trying again", { error });
      failing = true;
    },
  };
}

/** One look; what it found goes to `tell` (when anything), a failure to the outage report. */
function lookAndTell(
  look: () => Promise<ReservationEvent[]>,
  outage: ReturnType<typeof outageReporter>,
  tell: (fresh: ReservationEvent[]) => void,
): Promise<void> {
  return look().then((fresh) => {
    outage.answered();
    if (fresh.length > 0) tell(fresh);
  }, outage.failed);
}

/**
 * Looks every `everyMs` while anyone listens, and not at all while nobody does. Every process sharing
 * the database reads the same rows, so a change made through one process reaches the screens of all
 * (decision 0021). The source on SQLite, where no process can tell another.
 */
export function pollingSource(
  db: Kysely<Database>,
  { everyMs = 400, missingForMs = 10_000, logger }: PollingOptions = {},
): ChangeSource {
  return {
    listen(onEvents) {
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      const look = eventReader(db, missingForMs);
      const outage = outageReporter(logger);
      const loop = () => {
        if (stopped) return;
        lookAndTell(look, outage, (fresh) => !stopped && onEvents(fresh)).finally(() => {
          if (!stopped) timer = setTimeout(loop, everyMs);
        });
      };
      loop();
      return () => {
        stopped = true;
        clearTimeout(timer);
      };
    },
  };
}

/**
 * On PostgreSQL (decision 0039): looks when a change's NOTIFY arrives — at its commit, on whichever
 * server it was made — and whenever the listener connects again (what was told while it was away is
 * read then). While the listener is away it polls as `pollingSource` does; a slow look every
 * `safetyEveryMs` also finds an id that was skipped when its transaction committed late.
 */
export function notifiedSource(
  db: Kysely<Database>,
  listener: NotificationListener,
  { everyMs = 400, missingForMs = 10_000, logger }: PollingOptions = {},
  safetyEveryMs = 5000,
): ChangeSource {
  const subscribers = new Set<() => void>();
  listener.on(CHANNELS.reservations, () => {
    for (const told of subscribers) told();
  });
  listener.onListening(() => {
    for (const told of subscribers) told();
  });
  return {
    listen(onEvents) {
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      let looking = false;
      let again = false;
      const look = eventReader(db, missingForMs);
      const outage = outageReporter(logger);
      const next = () => {
        clearTimeout(timer);
        if (!stopped) timer = setTimeout(run, listener.listening() ? safetyEveryMs : everyMs);
      };
      // One look at a time; notifications during it ask for one more after it, not one each.
      const run = () => {
        if (stopped) return;
        if (looking) {
          again = true;
          return;
        }
        looking = true;
        clearTimeout(timer);
        lookAndTell(look, outage, (fresh) => !stopped && onEvents(fresh)).finally(() => {
          looking = false;
          if (again) {
            again = false;
            run();
          } else next();
        });
      };
      subscribers.add(run);
      run();
      return () => {
        stopped = true;
        subscribers.delete(run);
        clearTimeout(timer);
      };
    },
  };
}
