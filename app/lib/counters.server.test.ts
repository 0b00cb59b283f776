import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database.server.ts";
import { testDatabases } from "../../tests/support/test-databases.ts";
import { countOneMore, untilWindowEnds } from "./counters.server.ts";

const TEN_MINUTES = 600_000;
const start = new Date("2026-11-24T10:00:00Z");
const later = (ms: number) => new Date(start.getTime() + ms);

describe.each(testDatabases())("counters on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("counts each key on its own, several keys in one call, answering in the keys' order", async () => {
    handle = await engine.open();
    const { db } = handle;
    const first = await countOneMore(db, "login_throttle", ["a", "b", "c"], TEN_MINUTES, start);
    expect(first.map((counted) => counted.count)).toEqual([1, 1, 1]);
    const second = await countOneMore(db, "login_throttle", ["c", "a"], TEN_MINUTES, later(1000));
    expect(second).toEqual([
      { count: 2, windowStartedAt: start.toISOString() },
      { count: 2, windowStartedAt: start.toISOString() },
    ]);
    // The same key in the other table is another counter.
    const [other] = await countOneMore(db, "rate_limit_counters", ["a"], TEN_MINUTES, later(2000));
    expect(other.count).toBe(1);
  });

  it("counts parallel calls atomically: every count from 1 to n is handed out once", async () => {
    handle = await engine.open();
    const { db } = handle;
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => countOneMore(db, "rate_limit_counters", ["busy"], TEN_MINUTES)),
    );
    expect(counts.map(([counted]) => counted.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it("keeps a window until it is over, then starts again at 1 in a new one that expires with it", async () => {
    handle = await engine.open();
    const { db } = handle;
    for (const ms of [0, 1000, TEN_MINUTES - 1])
      await countOneMore(db, "rate_limit_counters", ["k"], TEN_MINUTES, later(ms));
    const [inWindow] = await countOneMore(
      db,
      "rate_limit_counters",
      ["k"],
      TEN_MINUTES,
      later(TEN_MINUTES - 1),
    );
    expect(inWindow).toEqual({ count: 4, windowStartedAt: start.toISOString() });
    const [fresh] = await countOneMore(db, "rate_limit_counters", ["k"], TEN_MINUTES, later(TEN_MINUTES + 1));
    expect(fresh).toEqual({ count: 1, windowStartedAt: later(TEN_MINUTES + 1).toISOString() });
    const row = await db.selectFrom("rate_limit_counters").selectAll().executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(later(2 * TEN_MINUTES + 1).toISOString());
  });

  it("counts keys longer than the column together by their first 300 characters", async () => {
    handle = await engine.open();
    const { db } = handle;
    const long = "x".repeat(300);
    await countOneMore(db, "login_throttle", [`${long}-one`], TEN_MINUTES, start);
    const [counted] = await countOneMore(db, "login_throttle", [`${long}-two`], TEN_MINUTES, start);
    expect(counted.count).toBe(2);
  });
});

describe("untilWindowEnds", () => {
  it("is the time left in the window, but never less than a second", () => {
    const counted = { count: 9, windowStartedAt: start.toISOString() };
    expect(untilWindowEnds(counted, TEN_MINUTES, later(60_000))).toBe(540_000);
    expect(untilWindowEnds(counted, TEN_MINUTES, later(TEN_MINUTES - 10))).toBe(1000);
  });
});
