import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabases } from "../tests/support/test-databases.ts";
import { openDatabase, type DatabaseHandle } from "./database.server.ts";
import { runOncePerPeriod } from "./once-per-period.server.ts";

const HOUR = 60 * 60 * 1000;

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe.each(testDatabases())("once per period on $dialect", (engine) => {
  const handles: DatabaseHandle[] = [];
  afterEach(async () => {
    for (const handle of handles.splice(0).reverse()) await handle.close();
  });

  it("lets nobody else run the job while it runs, nor within the period after it", async () => {
    const first = await engine.open();
    handles.push(first);
    const second = openDatabase(first.target);
    handles.push(second);
    const release = gate();
    let started = 0;
    const running = runOncePerPeriod(first.db, "job", 0, async () => {
      started += 1;
      await release.opened;
    });
    await expect.poll(() => started).toBe(1);
    // A period of 0 would be due at once: only the run in progress stops the second server.
    expect(await runOncePerPeriod(second.db, "job", 0, async () => void (started += 1))).toBe(false);
    release.open();
    expect(await running).toBe(true);
    expect(await runOncePerPeriod(second.db, "job", HOUR, async () => void (started += 1))).toBe(false);
    expect(await runOncePerPeriod(second.db, "other-job", HOUR, async () => void (started += 1))).toBe(true);
    expect(await runOncePerPeriod(second.db, "job", 0, async () => void (started += 1))).toBe(true);
    expect(started).toBe(3);
  });

  it("runs again when the server that claimed the period died during its run", async () => {
    const first = await engine.open();
    handles.push(first);
    if (first.target.kind === "sqlite") {
      // A run begun two hours ago that never said it finished: its process was killed.
      await first.db
        .insertInto("housekeeping_runs")
        .values({ job: "job", started_at: new Date(Date.now() - 2 * HOUR).toISOString(), finished_at: null })
        .execute();
      expect(await runOncePerPeriod(first.db, "job", HOUR / 2, async () => undefined)).toBe(true);
      return;
    }
    // On PostgreSQL the run's connection ends with its process, and its lock and claim with it.
    const doomed = openDatabase(first.target);
    const release = gate();
    const running = runOncePerPeriod(doomed.db, "job", HOUR, () => release.opened);
    const admin = new pg.Client({ connectionString: first.target.url });
    await admin.connect();
    try {
      await expect
        .poll(async () => (await admin.query("select 1 from pg_locks where locktype = 'advisory'")).rowCount)
        .toBe(1);
      expect(await runOncePerPeriod(first.db, "job", HOUR, async () => undefined)).toBe(false);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and pid <> pg_backend_pid()",
      );
      release.open();
      await expect(running).rejects.toThrow();
      expect(await runOncePerPeriod(first.db, "job", HOUR, async () => undefined)).toBe(true);
    } finally {
      await admin.end();
      await doomed.close().catch(() => undefined);
    }
  });

  it("gives the period back when the run fails: the next look runs it again", async () => {
    const handle = await engine.open();
    handles.push(handle);
    await expect(
      runOncePerPeriod(handle.db, "job", HOUR, async () => {
        throw new Error("disk full");
      }),
    ).rejects.toThrow("disk full");
    expect(await runOncePerPeriod(handle.db, "job", HOUR, async () => undefined)).toBe(true);
    expect(await runOncePerPeriod(handle.db, "job", HOUR, async () => undefined)).toBe(false);
  });
});
