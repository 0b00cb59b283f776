import { PostgresAdapter, sql, type Kysely } from "kysely";
import pg from "pg";
import type { Database } from "./database.types.ts";

/**
 * How server processes sharing one PostgreSQL database tell each other that something changed
 * (decision 0039): `NOTIFY` on a channel, sent in the changing transaction and so delivered at its
 * commit (never for a rollback), heard by every process that `LISTEN`s. On SQLite nothing is sent:
 * the processes of one machine read the shared file instead.
 */
export const CHANNELS = {
  /** What guests' pages show changed: the payload is the new page version (decision 0020). */
  pages: "tavola_pages",
  /** A reservation changed: the payload is empty, the rows are in `reservation_events` (decision 0035). */
  reservations: "tavola_reservations",
} as const;

export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** Whether `db` (a database or a transaction) is PostgreSQL: a transaction shares its adapter. */
export function onPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Tells every listening process, at the commit of the transaction `db` belongs to (if any). */
export async function notifyProcesses(db: Kysely<Database>, channel: Channel, payload = ""): Promise<void> {
  if (!onPostgres(db)) return;
  // PostgreSQL delivers a transaction's identical notifications once: a second one (the next request
  // of a shared transaction, decision 0055) would cost a round trip and tell nobody anything.
  const said = db.isTransaction ? notifiedIn.get(db) : undefined;
  const notification = `${channel}\n${payload}`;
  if (said?.has(notification)) return;
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
  if (db.isTransaction) notifiedIn.set(db, (said ?? new Set()).add(notification));
}

/** What each open transaction has notified. */
const notifiedIn = new WeakMap<Kysely<Database>, Set<string>>();

const ANSWER_WITHIN_MS = 5000;
export const NOTIFICATIONS_APPLICATION_NAME = "tavola-notifications";

/** `promise`, or a rejection once `ms` have passed without its answer. */
async function answeredWithin<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const unanswered = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, unanswered]);
  } finally {
    clearTimeout(timer);
  }
}

interface ListenerLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export interface NotificationListener {
  /** Calls `onNotification` with each payload sent on `channel` from now on. */
  on(channel: Channel, onNotification: (payload: string) => void): void;
  /**
   * Calls `onListening` each time the connection is (again) listening, first once it first is:
   * notifications sent while it was away are lost, so whoever relies on them reads again what they
   * announce.
   */
  onListening(onListening: () => void): void;
  /** Whether notifications arrive now: false before the first connection and while it is away. */
  listening(): boolean;
  close(): Promise<void>;
}

export interface ListenerOptions {
  logger?: ListenerLogger;
  /** The first wait before connecting again; it doubles up to `longestRetryMs`. */
  firstRetryMs?: number;
  longestRetryMs?: number;
  /**
   * How often the connection is asked whether it still answers: one the network lost without a word
   * (a machine gone, a firewall forgetting it) is only noticed by asking.
   */
  checkEveryMs?: number;
}

/**
 * One connection of its own (not the pool's: a pooled connection may be handed to a query and its
 * LISTEN ends with it) that listens on every channel and, when it drops — the database restarted,
 * the connection was ended, a check went unanswered — connects again, ever more slowly, and says
 * so through `onListening`.
 */
export function listenForNotifications(
  url: string,
  { logger, firstRetryMs = 250, longestRetryMs = 5000, checkEveryMs = 10_000 }: ListenerOptions = {},
): NotificationListener {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const listeningHandlers = new Set<() => void>();
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let lostBefore = false;

  const dropped = (current: pg.Client, error?: unknown) => {
    if (client !== current) return;
    client = undefined;
    if (connected || !lostBefore) logger?.warn("notifications: connection lost, connecting again", { error });
    connected = false;
    lostBefore = true;
    current.removeAllListeners("notification");
    // An error after `end` is nobody's business: the client is thrown away either way.
    current.on("error", () => undefined);
    current.end().catch(() => undefined);
    if (closed) return;
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, longestRetryMs);
  };

  const connect = async () => {
    if (closed) return;
    const current = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      // Named, so an operator (and a test) can tell it apart in pg_stat_activity.
      application_name: NOTIFICATIONS_APPLICATION_NAME,
    });
    client = current;
    current.on("error", (error) => dropped(current, error));
    current.on("end", () => dropped(current));
    current.on("notification", (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? "");
    });
    try {
      await current.connect();
      // With a time limit, as the check below: a database that takes the connection but never
      // answers would otherwise leave this server deaf until the system's keepalive (hours).
      await answeredWithin(
        Promise.all(Object.values(CHANNELS).map((channel) => current.query(`LISTEN ${channel}`))),
        ANSWER_WITHIN_MS,
      );
    } catch (error) {
      dropped(current, error);
      return;
    }
    if (client !== current || closed) return;
    connected = true;
    retryMs = firstRetryMs;
    if (lostBefore) logger?.info("notifications: listening again");
    for (const handler of listeningHandlers) handler();
  };

  // Asked with a time limit: a connection whose peer vanished answers never, not with an error.
  const check = setInterval(() => {
    const current = client;
    if (!current || !connected) return;
    answeredWithin(current.query("select 1"), ANSWER_WITHIN_MS).catch((error: unknown) =>
      dropped(current, error),
    );
  }, checkEveryMs);
  check.unref();

  void connect();

  return {
    on(channel, onNotification) {
      const set = handlers.get(channel) ?? new Set();
      set.add(onNotification);
      handlers.set(channel, set);
    },
    onListening(onListening) {
      listeningHandlers.add(onListening);
    },
    listening: () => connected,
    async close() {
      closed = true;
      clearInterval(check);
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      connected = false;
      if (current) {
        current.removeAllListeners("end");
        await current.end().catch(() => undefined);
      }
    },
  };
}
