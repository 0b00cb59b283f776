import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database.server.ts";
import { testDatabases } from "../../tests/support/test-databases.ts";
import { countHit } from "./rate-limit.server.ts";

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
});
