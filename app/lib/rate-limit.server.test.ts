import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database.server.ts";
import { testDatabases } from "../../tests/support/test-databases.ts";
import { countHit, sweepRateLimits } from "./rate-limit.server.ts";

/** Moves on with each run of the sweeping test: the last sweep is per process, not per database. */
let sweepClock = Date.parse("2030-01-01T10:00:00Z");

describe.each(testDatabases())("rate limit on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("counts parallel hits atomically: exactly the limit gets through", async () => {
    handle = await engine.open();
    const limit = { max: 5, windowMs: 600_000 };
    const verdicts = await Promise.all(
      Array.from({ length: 30 }, () => countHit(handle.db, "reservation:192.0.2.1", limit)),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    const refused = verdicts.find((verdict) => !verdict.allowed);
    expect(refused?.retryAfterMs).toBeGreaterThan(500_000);
    expect((await countHit(handle.db, "reservation:192.0.2.2", limit)).allowed).toBe(true);
  });

  it("starts a new window when the old one is over; 0 means no limit", async () => {
    handle = await engine.open();
    const limit = { max: 1, windowMs: 600_000 };
    const start = new Date("2026-11-24T10:00:00Z");
    expect((await countHit(handle.db, "k", limit, start)).allowed).toBe(true);
    expect((await countHit(handle.db, "k", limit, new Date(start.getTime() + 1000))).allowed).toBe(false);
    expect((await countHit(handle.db, "k", limit, new Date(start.getTime() + 601_000))).allowed).toBe(true);
    for (let i = 0; i < 10; i += 1)
      expect((await countHit(handle.db, "k", { max: 0, windowMs: 1 })).allowed).toBe(true);
  });

  it("sweeps expired counters only when asked to, at most every few minutes", async () => {
    handle = await engine.open();
    const limit = { max: 5, windowMs: 60_000 };
    // Far ahead of the other tests' clocks (and of this test's run on the other engine), so this
    // process's last sweep lies minutes back.
    sweepClock += 60 * 60_000;
    const start = new Date(sweepClock);
    await countHit(handle.db, "old", limit, start, { sweep: false });
    const later = new Date(start.getTime() + 10 * 60_000);
    await countHit(handle.db, "new", limit, later, { sweep: false });
    const keys = async () =>
      (await handle.db.selectFrom("rate_limit_counters").select("key").orderBy("key").execute()).map(
        (row) => row.key,
      );
    expect(await keys()).toEqual(["new", "old"]);
    await sweepRateLimits(handle.db, later);
    expect(await keys()).toEqual(["new"]);
    await countHit(handle.db, "older", limit, start, { sweep: false });
    await sweepRateLimits(handle.db, new Date(later.getTime() + 1000));
    expect(await keys()).toEqual(["new", "older"]);
  });
});
