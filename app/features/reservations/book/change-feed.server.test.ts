import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../../db/database.server.ts";
import { testDatabases } from "../../../../tests/support/test-databases.ts";
import {
  deleteOldEvents,
  latestEventId,
  readEvents,
  recordReservationEvent,
  type ReservationEvent,
} from "./change-events.server.ts";
import { createLiveHub, type LiveHub, type LiveSubscriber } from "../../../common/live/hub.server.ts";
import { pollingSource } from "./change-feed.server.ts";
import type { ChangeSource } from "../../../common/live/change-feed.ts";
import { liveStreamResponse } from "../../../common/live/stream.server.ts";
import { readAll, until } from "../../../../tests/support/streams.ts";

/**
 * The staff screens' live updates below the route (decision 0035): the events table, the polling
 * source (two server processes on one database both see a change), the hub and the stream — on
 * SQLite and on PostgreSQL.
 */

describe.each(testDatabases())("live updates on $dialect", (engine) => {
  const handles: DatabaseHandle[] = [];
  const stops: Array<() => void> = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop();
    for (const handle of handles.splice(0).reverse()) await handle.close();
  });
  const open = async () => {
    const handle = await engine.open();
    handles.push(handle);
    return handle;
  };

  it("keeps what a screen needs, nothing personal, and forgets events older than a day", async () => {
    const { db } = await open();
    expect(await latestEventId(db)).toBe(0);
    await recordReservationEvent(db, {
      kind: "requested",
      reservationId: 7,
      date: "2026-11-28",
      time: "19:00",
      partySize: 2,
    });
    await recordReservationEvent(db, { kind: "status", reservationId: 7, date: "2026-11-28" });
    const events = await readEvents(db, 0);
    expect(events).toEqual([
      {
        id: expect.any(Number),
        kind: "requested",
        reservationId: 7,
        date: "2026-11-28",
        time: "19:00",
        partySize: 2,
      },
      { id: expect.any(Number), kind: "status", reservationId: 7, date: "2026-11-28" },
    ]);
    expect(await latestEventId(db)).toBe(events[1]?.id);
    await db
      .updateTable("reservation_events")
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .where("kind", "=", "requested")
      .execute();
    expect(await deleteOldEvents(db)).toBe(1);
    expect((await readEvents(db, 0)).map((event) => event.kind)).toEqual(["status"]);
  });

  it("tells two server processes on one database of the same change, once each", async () => {
    const first = await open();
    const second = openDatabase(first.target);
    handles.push(second);
    const seen: [ReservationEvent[], ReservationEvent[]] = [[], []];
    stops.push(pollingSource(first.db, { everyMs: 20 }).listen((events) => seen[0].push(...events)));
    stops.push(pollingSource(second.db, { everyMs: 20 }).listen((events) => seen[1].push(...events)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await second.db
      .transaction()
      .execute((trx) =>
        recordReservationEvent(trx, { kind: "cancelled", reservationId: 3, date: "2026-12-01" }),
      );
    await until(() => seen[0].length > 0 && seen[1].length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen[0].map((event) => [event.kind, event.reservationId])).toEqual([["cancelled", 3]]);
    expect(seen[1]).toEqual(seen[0]);
  });

  it("delivers an event committed after a later one (an id skipped over is looked for again)", async () => {
    const { db } = await open();
    const seen: number[] = [];
    stops.push(pollingSource(db, { everyMs: 20 }).listen((events) => seen.push(...events.map((e) => e.id))));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const row = (id: number) => ({
      id,
      kind: "changed" as const,
      reservation_id: 1,
      reservation_date: "2026-12-01",
      created_at: new Date().toISOString(),
    });
    // As on PostgreSQL: id 101 taken first but committed after 102.
    await db.insertInto("reservation_events").values(row(102)).execute();
    await until(() => seen.includes(102));
    await db.insertInto("reservation_events").values(row(101)).execute();
    await until(() => seen.includes(101));
    expect(seen).toEqual([102, 101]);
  });

  it("streams events without personal data, ends a stream whose session ended, and all at shutdown", async () => {
    const { db } = await open();
    const allowed = new Map([
      ["a", true],
      ["b", true],
    ]);
    const hub = createLiveHub(pollingSource(db, { everyMs: 20 }), { checkEveryMs: 50, perKeyLimit: 2 });
    const stream = (key: string) =>
      liveStreamResponse(hub, { key, stillAllowed: async () => allowed.get(key) ?? false });
    const a = stream("a");
    const b = stream("b");
    if (!a || !b) throw new Error("refused");
    expect(a.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(a.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(a.headers.get("x-accel-buffering")).toBe("no");
    expect(stream("a")).toBeDefined();
    expect(stream("a"), "a third stream of one session").toBeUndefined();
    expect(hub.count()).toBe(3);
    const readA = readAll(a);
    const readB = readAll(b);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await recordReservationEvent(db, {
      kind: "requested",
      reservationId: 9,
      date: "2026-11-28",
      time: "19:00",
      partySize: 4,
    });
    await until(() => readA.text.includes("event: reservation") && readB.text.includes("event: reservation"));
    expect(readA.text).toMatch(/^retry: 1000\n/);
    expect(readA.text).toMatch(
      /id: \d+\nevent: reservation\ndata: \{"kind":"requested","reservationId":9,"date":"2026-11-28","time":"19:00","partySize":4\}\n\n/,
    );
    allowed.set("a", false);
    await until(() => readA.done);
    expect(readA.text).toContain("event: end\ndata: signed-out\n\n");
    expect(readB.done).toBe(false);
    expect(hub.count()).toBe(1);
    hub.close();
    await until(() => readB.done);
    expect(readB.text).not.toContain("event: end");
    expect(hub.count()).toBe(0);
    expect(stream("b"), "after shutdown").toBeUndefined();
  });

  it("reads nothing while no stream is open", async () => {
    let listening = 0;
    const source: ChangeSource = {
      listen() {
        listening += 1;
        return () => (listening -= 1);
      },
    };
    const hub: LiveHub = createLiveHub(source);
    const subscriber: LiveSubscriber = {
      key: "k",
      send() {},
      end() {},
      stillAllowed: async () => true,
    };
    expect(listening).toBe(0);
    hub.subscribe(subscriber);
    hub.subscribe({ ...subscriber });
    expect(listening).toBe(1);
    hub.unsubscribe(subscriber);
    expect(listening).toBe(1);
    hub.close();
    expect(listening).toBe(0);
  });
});
