import { afterEach, describe, expect, it } from "vitest";
import { listVisibleAnnouncements } from "../features/announcements/announcements.server.ts";
import { berlinToday } from "../lib/format.ts";
import type { DatabaseHandle } from "../../db/database.server.ts";
import { testDatabases } from "../../tests/support/test-databases.ts";
import { demoAnnouncements, seedDemoAnnouncements } from "./announcements.ts";

describe("demo announcements", () => {
  it("cover every priority and type, one valid for weeks to come", () => {
    const today = berlinToday();
    expect(new Set(demoAnnouncements.map((a) => a.priority))).toEqual(new Set(["high", "medium", "low"]));
    expect(new Set(demoAnnouncements.map((a) => a.type))).toEqual(new Set(["info", "warning", "success"]));
    const dated = demoAnnouncements.flatMap((a) => (a.valid_until === null ? [] : [a.valid_until]));
    expect(dated).toHaveLength(1);
    expect(dated.every((date) => date > today)).toBe(true);
  });
});

describe.each(testDatabases())("seeding demo announcements on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("stores them so guests see the active ones, most important first", async () => {
    handle = await engine.open();
    await seedDemoAnnouncements(handle.db);
    const visible = await listVisibleAnnouncements(handle.db, berlinToday());
    expect(visible.map((a) => a.title)).toEqual(
      demoAnnouncements.filter((a) => a.is_active).map((a) => a.title),
    );
    expect(visible.map((a) => a.priority)).toEqual(["high", "medium", "medium", "low"]);
  });
});
