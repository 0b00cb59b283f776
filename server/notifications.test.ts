import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import {
  recordReservationEvent,
  type ReservationEvent,
} from "../app/features/reservations/book/change-events.server.ts";
import { notifiedSource } from "../app/features/reservations/book/change-feed.server.ts";
import { bumpPageVersion, readPageVersion, watchPageVersion } from "../app/lib/page-version.server.ts";
import { testDatabases } from "../tests/support/test-databases.ts";
import { openDatabase, type DatabaseHandle } from "../db/database.server.ts";
import {
  NOTIFICATIONS_APPLICATION_NAME,
  CHANNELS,
  listenForNotifications,
  notifyProcesses,
  type NotificationListener,
} from "../db/notifications.server.ts";

/**
 * Servers on one PostgreSQL database telling each other what changed (decision 0039): two handles
 * stand for two servers on different machines; nothing is shared but the database.
 */
const postgres = testDatabases().filter((engine) => engine.dialect === "postgres");

describe.skipIf(postgres.length === 0).each(postgres)(
  "notifications across servers on $dialect",
  (engine) => {
    const handles: DatabaseHandle[] = [];
    const listeners: NotificationListener[] = [];
    const stops: Array<() => void> = [];
    afterEach(async () => {
      for (const stop of stops.splice(0)) stop();
      for (const listener of listeners.splice(0)) await listener.close();
      for (const handle of handles.splice(0).reverse()) await handle.close();
    });
    const twoServers = async () => {
      const first = await engine.open();
      handles.push(first);
      const second = openDatabase(first.target);
      handles.push(second);
      if (first.target.kind !== "postgres") throw new Error("PostgreSQL only");
      const url = first.target.url;
      const listen = async () => {
        const listener = listenForNotifications(url, { firstRetryMs: 20, checkEveryMs: 200 });
        listeners.push(listener);
        await expect.poll(() => listener.listening()).toBe(true);
        return listener;
      };
      return { first, second, url, listen };
    };
    /** Ends the listening connections (a database restart, a network drop) from the database's side. */
    const dropListeners = async (url: string) => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()",
        [NOTIFICATIONS_APPLICATION_NAME],
      );
      await admin.end();
    };

    it("tells at the commit, and tells nothing of a rollback", async () => {
      const { first, listen } = await twoServers();
      const listener = await listen();
      const heard: string[] = [];
      listener.on(CHANNELS.pages, (payload) => heard.push(payload));
      await first.db
        .transaction()
        .execute(async (trx) => {
          await notifyProcesses(trx, CHANNELS.pages, "rolled back");
          throw new Error("rollback");
        })
        .catch(() => undefined);
      await first.db.transaction().execute(async (trx) => {
        await notifyProcesses(trx, CHANNELS.pages, "committed");
        await new Promise((resolve) => setTimeout(resolve, 100));
        // Not before the commit.
        expect(heard).toEqual([]);
      });
      await expect.poll(() => heard).toEqual(["committed"]);
    });

    it("gives another server's page version at once, without asking the database, and asks again while deaf", async () => {
      const { first, second, url, listen } = await twoServers();
      const listener = await listen();
      // Both servers are this process here: what the first changes is not this one's own change.
      watchPageVersion(second.db, listener, { ownChangeReadMs: -1, confirmEveryMs: 60_000 });
      const before = await readPageVersion(second.db);
      await bumpPageVersion(first.db);
      await expect.poll(() => readPageVersion(second.db), { interval: 5, timeout: 1000 }).toBe(before + 1);

      // Trusted from memory: a row changed behind every server's back (no NOTIFY) is not seen …
      await first.db.updateTable("page_versions").set({ version: 1000 }).execute();
      expect(await readPageVersion(second.db)).toBe(before + 1);
      // … until the listener connects again, which reads it anew; while it is away, every read asks.
      await dropListeners(url);
      await expect.poll(() => listener.listening(), { interval: 5 }).toBe(false);
      expect(await readPageVersion(second.db)).toBe(1000);
      await bumpPageVersion(first.db);
      expect(await readPageVersion(second.db)).toBe(1001);
      await expect.poll(() => listener.listening()).toBe(true);
      expect(await readPageVersion(second.db)).toBe(1001);
      await bumpPageVersion(first.db);
      await expect.poll(() => readPageVersion(second.db), { interval: 5, timeout: 1000 }).toBe(1002);
    });

    it("asks the database again every few seconds: a change that told nobody shows too", async () => {
      const { first, second, listen } = await twoServers();
      watchPageVersion(second.db, await listen(), { ownChangeReadMs: -1, confirmEveryMs: 300 });
      const before = await readPageVersion(second.db);
      // A server of the previous release counts the version up without a NOTIFY.
      await first.db
        .updateTable("page_versions")
        .set({ version: before + 7 })
        .execute();
      expect(await readPageVersion(second.db)).toBe(before);
      await expect.poll(() => readPageVersion(second.db), { interval: 50, timeout: 2000 }).toBe(before + 7);
    });

    it("reads the version from the database for a moment after a change of this server's own", async () => {
      const { first, second, listen } = await twoServers();
      watchPageVersion(second.db, await listen());
      await expect.poll(() => readPageVersion(second.db)).toBeGreaterThanOrEqual(0);
      await bumpPageVersion(second.db);
      // Written behind its back, without a NOTIFY: only a read from the database sees it.
      await first.db.updateTable("page_versions").set({ version: 5000 }).execute();
      expect(await readPageVersion(second.db)).toBe(5000);
    });

    it("brings another server's reservation events at their commit, and those of a drop once listening again", async () => {
      const { first, second, url, listen } = await twoServers();
      const listener = await listen();
      const seen: ReservationEvent[] = [];
      // A safety look far off: only the NOTIFY (or the reconnection) can bring the events in time.
      const source = notifiedSource(second.db, listener, { everyMs: 60_000 }, 60_000);
      stops.push(source.listen((events) => seen.push(...events)));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      await first.db
        .transaction()
        .execute((trx) =>
          recordReservationEvent(trx, { kind: "cancelled", reservationId: 3, date: "2026-12-01" }),
        );
      await expect.poll(() => seen.map((event) => event.reservationId), { interval: 5 }).toEqual([3]);
      expect(Date.now() - started).toBeLessThan(1000);

      await dropListeners(url);
      await expect.poll(() => listener.listening(), { interval: 5 }).toBe(false);
      // Told while nobody listened: found when the listener is back.
      await recordReservationEvent(first.db, { kind: "status", reservationId: 4, date: "2026-12-01" });
      await expect.poll(() => listener.listening()).toBe(true);
      await expect.poll(() => seen.map((event) => event.reservationId)).toEqual([3, 4]);
    });

    it("keeps trying while the database refuses, and listens once it answers", async () => {
      const listener = listenForNotifications("postgres://nobody@127.0.0.1:1/none", {
        firstRetryMs: 10,
        longestRetryMs: 20,
      });
      listeners.push(listener);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(listener.listening()).toBe(false);
      await listener.close();
    });
  },
);
