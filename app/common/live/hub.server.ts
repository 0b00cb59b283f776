import type { Logger } from "../../lib/logger.server.ts";
import type { ChangeSource, ReservationEvent } from "./change-feed.ts";

/** Why a stream was ended by the server: its session ended, or the server stops. */
export type EndReason = "signed-out" | "shutdown";

/** One open event stream, as the hub sees it. */
export interface LiveSubscriber {
  /** Whose it is: the session's id. Streams of one session are counted and checked together. */
  key: string;
  send(events: ReservationEvent[]): void;
  end(reason: EndReason): void;
  /** Whether its session is still open (asked every few seconds, once per key). */
  stillAllowed(): Promise<boolean>;
}

export interface LiveHub {
  /** Adds a stream; false when its session has `perKeyLimit` open already, or the hub is closed. */
  subscribe(subscriber: LiveSubscriber): boolean;
  unsubscribe(subscriber: LiveSubscriber): void;
  /** Open streams, of one session or all. */
  count(key?: string): number;
  /** Ends every stream (server shutdown) and takes no more. */
  close(): void;
  /** Whether `close` was called: the process is stopping. */
  isClosed(): boolean;
}

export interface HubOptions {
  /** Streams one session may hold open at once (each tab holds one). */
  perKeyLimit?: number;
  /** How often each session with open streams is checked. */
  checkEveryMs?: number;
  logger?: Logger;
}

/**
 * One per server process (decision 0035): listens to the change source only while a stream is open
 * and hands each batch to every open stream; every few seconds asks, once per session, whether the
 * session is still open, and ends that session's streams when it is not (signed out, expired, the
 * account removed).
 */
export function createLiveHub(
  source: ChangeSource,
  { perKeyLimit = 10, checkEveryMs = 3000, logger }: HubOptions = {},
): LiveHub {
  const subscribers = new Set<LiveSubscriber>();
  let stopListening: (() => void) | undefined;
  let checkTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let checking = false;

  const fanOut = (events: ReservationEvent[]) => {
    for (const subscriber of [...subscribers]) {
      try {
        subscriber.send(events);
      } catch (error) {
        logger?.warn("live updates: a stream could not be written", { error });
        drop(subscriber);
      }
    }
  };

  async function checkSessions() {
    if (checking) return;
    checking = true;
    try {
      const byKey = new Map<string, LiveSubscriber[]>();
      for (const subscriber of subscribers)
        byKey.set(subscriber.key, [...(byKey.get(subscriber.key) ?? []), subscriber]);
      for (const [, group] of byKey) {
        const [first] = group;
        if (!first) continue;
        let allowed: boolean;
        try {
          allowed = await first.stillAllowed();
        } catch {
          // The database is away: the streams stay; the check comes again.
          continue;
        }
        if (!allowed) for (const subscriber of group) end(subscriber, "signed-out");
      }
    } finally {
      checking = false;
    }
  }

  function drop(subscriber: LiveSubscriber) {
    if (!subscribers.delete(subscriber)) return;
    if (subscribers.size === 0) {
      stopListening?.();
      stopListening = undefined;
      clearInterval(checkTimer);
      checkTimer = undefined;
    }
  }

  function end(subscriber: LiveSubscriber, reason: EndReason) {
    drop(subscriber);
    try {
      subscriber.end(reason);
    } catch {
      // already gone
    }
  }

  const count = (key?: string) => {
    if (key === undefined) return subscribers.size;
    let n = 0;
    for (const subscriber of subscribers) if (subscriber.key === key) n += 1;
    return n;
  };

  return {
    subscribe(subscriber) {
      if (closed || count(subscriber.key) >= perKeyLimit) return false;
      subscribers.add(subscriber);
      if (subscribers.size === 1) {
        stopListening = source.listen(fanOut);
        checkTimer = setInterval(() => void checkSessions(), checkEveryMs);
        checkTimer.unref();
      }
      return true;
    },
    unsubscribe: drop,
    count,
    close() {
      closed = true;
      for (const subscriber of [...subscribers]) end(subscriber, "shutdown");
    },
    isClosed: () => closed,
  };
}
