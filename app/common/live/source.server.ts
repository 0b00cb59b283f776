import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.types.ts";
import type { Logger } from "../../lib/logger.server.ts";
import { latestEventId, readEvents, type ReservationEvent } from "./events.server.ts";

/**
 * Where a server process learns what changed (decision 0035). The one source today reads the
 * `reservation_events` table every few hundred milliseconds; one listening to PostgreSQL's
 * NOTIFY would implement the same interface, and nothing above it would change.
 */
export interface ChangeSource {
  /**
   * Begins telling `onEvents` every batch of events committed from now on, oldest first, each once;
   * the function it returns stops that.
   */
  listen(onEvents: (events: ReservationEvent[]) => void): () => void;
}

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
 * Reads `id > last` (the primary key: one step into an index) while anyone listens, and nothing
 * while nobody does. Every process sharing the database reads the same rows, so a change made
 * through one process reaches the screens of all (decision 0021).
 */
export function pollingSource(
  db: Kysely<Database>,
  { everyMs = 400, missingForMs = 10_000, logger }: PollingOptions = {},
): ChangeSource {
  return {
    listen(onEvents) {
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      let last: number | undefined;
      /** Skipped ids, and since when. */
      const missing = new Map<number, number>();
      let failing = false;

      const look = async () => {
        if (last === undefined) {
          last = await latestEventId(db);
          return;
        }
        const now = Date.now();
        for (const [id, since] of missing) if (now - since > missingForMs) missing.delete(id);
        const events = await readEvents(db, last, [...missing.keys()]);
        if (events.length === 0) return;
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
        if (fresh.length > 0 && !stopped) onEvents(fresh);
      };

      const loop = () => {
        if (stopped) return;
        look()
          .then(
            () => {
              if (failing) logger?.info("live updates: the database answers again");
              failing = false;
            },
            (error: unknown) => {
              // Said once per outage, not every few hundred milliseconds.
              if (!failing) logger?.warn("live updates: events unreadable, trying again", { error });
              failing = true;
            },
          )
          .finally(() => {
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
