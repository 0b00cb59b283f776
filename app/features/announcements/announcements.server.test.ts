import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/database.types.ts";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { listAllAnnouncements, listVisibleAnnouncements, saveAnnouncements } from "./announcements.server.ts";
import type { SavedAnnouncement } from "./schema.ts";

const TODAY = "2026-11-21";

interface Row {
  title: string;
  priority?: "low" | "medium" | "high";
  type?: string;
  is_active?: 0 | 1;
  valid_until?: string | null;
  created_at?: string;
}

async function store(db: Kysely<Database>, row: Row): Promise<number> {
  const created = row.created_at ?? "2026-11-01T10:00:00.000Z";
  const inserted = await db
    .insertInto("announcements")
    .values({
      title: row.title,
      content: `Text zu ${row.title}`,
      type: row.type ?? "info",
      priority: row.priority ?? "medium",
      is_active: row.is_active ?? 1,
      valid_until: row.valid_until ?? null,
      created_at: created,
      updated_at: created,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

const entry = (title: string, changes: Partial<SavedAnnouncement> = {}): SavedAnnouncement => ({
  title,
  content: `Text zu ${title}`,
  type: "info",
  priority: "medium",
  is_active: true,
  valid_until: "",
  ...changes,
});

describe.each(testDatabases())("announcements on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("shows guests only active, unexpired ones, sorted high → medium → low, then newest", async () => {
    handle = await engine.open();
    const { db } = handle;
    await store(db, { title: "Niedrig alt", priority: "low", created_at: "2026-10-01T08:00:00.000Z" });
    await store(db, { title: "Hoch", priority: "high", created_at: "2026-09-01T08:00:00.000Z" });
    await store(db, { title: "Mittel neu", created_at: "2026-11-20T08:00:00.000Z" });
    await store(db, { title: "Niedrig neu", priority: "low", created_at: "2026-11-21T08:00:00.000Z" });
    await store(db, { title: "Mittel alt", created_at: "2026-11-02T08:00:00.000Z" });
    await store(db, { title: "Inaktiv", priority: "high", is_active: 0 });
    await store(db, { title: "Abgelaufen", priority: "high", valid_until: "2026-11-20" });
    await store(db, { title: "Bis heute", valid_until: TODAY, created_at: "2026-11-10T08:00:00.000Z" });
    await store(db, { title: "Bis morgen", priority: "low", valid_until: "2026-11-22" });

    const visible = await listVisibleAnnouncements(db, TODAY);
    expect(visible.map((a) => a.title)).toEqual([
      "Hoch",
      "Mittel neu",
      "Bis heute",
      "Mittel alt",
      "Niedrig neu",
      "Bis morgen",
      "Niedrig alt",
    ]);
    expect(visible.find((a) => a.title === "Bis heute")).toMatchObject({
      valid_until: TODAY,
      content: "Text zu Bis heute",
      type: "info",
      priority: "medium",
      created_at: "2026-11-10T08:00:00.000Z",
    });
    expect(Object.keys(visible[0] ?? {}).sort()).toEqual(
      ["content", "created_at", "id", "priority", "title", "type", "valid_until"].sort(),
    );
  });

  it("shows an unknown type as info and lists everything for staff", async () => {
    handle = await engine.open();
    await store(handle.db, { title: "Seltsam", type: "danger" });
    await store(handle.db, { title: "Aus", is_active: 0, priority: "high" });
    expect((await listVisibleAnnouncements(handle.db, TODAY)).map((a) => [a.title, a.type])).toEqual([
      ["Seltsam", "info"],
    ]);
    const all = await listAllAnnouncements(handle.db);
    expect(all.map((a) => [a.title, a.is_active])).toEqual([
      ["Aus", false],
      ["Seltsam", true],
    ]);
  });

  it("saves the whole list: deletes the missing, updates the listed, inserts the new", async () => {
    handle = await engine.open();
    const { db } = handle;
    const keep = await store(db, { title: "Behalten", created_at: "2026-10-01T08:00:00.000Z" });
    await store(db, { title: "Löschen" });
    const change = await store(db, { title: "Ändern", priority: "low" });

    const saved = await saveAnnouncements(db, [
      entry("Neu oben", { priority: "high" }),
      entry("Neu unten", { priority: "high", type: "warning", valid_until: "2026-12-24" }),
      entry("Behalten", { id: keep }),
      entry("Geändert", { id: change, priority: "low", is_active: false, content: "Zeile 1\nZeile 2" }),
    ]);

    expect(saved.map((a) => a.title)).toEqual(["Neu oben", "Neu unten", "Behalten", "Geändert"]);
    const rows = await db.selectFrom("announcements").selectAll().orderBy("id").execute();
    expect(rows.map((row) => row.title)).toEqual(["Behalten", "Geändert", "Neu unten", "Neu oben"]);
    const byTitle = new Map(rows.map((row) => [row.title, row]));
    expect(byTitle.get("Behalten")).toMatchObject({ id: keep, created_at: "2026-10-01T08:00:00.000Z" });
    expect((byTitle.get("Behalten")?.updated_at ?? "") > "2026-10-01T08:00:00.000Z").toBe(true);
    expect(byTitle.get("Geändert")).toMatchObject({
      id: change,
      is_active: 0,
      content: "Zeile 1\nZeile 2",
      valid_until: null,
    });
    expect(byTitle.get("Neu unten")).toMatchObject({
      type: "warning",
      valid_until: "2026-12-24",
      is_active: 1,
    });
    const added = byTitle.get("Neu oben");
    expect(added?.created_at).toBe(added?.updated_at);
  });

  it("keeps an entry that was deleted meanwhile, and an empty list deletes all", async () => {
    handle = await engine.open();
    const { db } = handle;
    const gone = await store(db, { title: "Weg" });
    await db.deleteFrom("announcements").where("id", "=", gone).execute();
    const saved = await saveAnnouncements(db, [entry("Weg", { id: gone })]);
    expect(saved.map((a) => a.title)).toEqual(["Weg"]);

    expect(await saveAnnouncements(db, [])).toEqual([]);
    expect(await db.selectFrom("announcements").select("id").execute()).toEqual([]);
  });

  it("changes nothing when any part of the save fails", async () => {
    handle = await engine.open();
    const { db } = handle;
    const first = await store(db, { title: "Erste" });
    await store(db, { title: "Zweite" });
    const before = await db.selectFrom("announcements").selectAll().orderBy("id").execute();

    // The database refuses the second entry (check constraint) after the delete and the first update.
    const broken = entry("Kaputt", { priority: "urgent" as never });
    await expect(saveAnnouncements(db, [entry("Erste geändert", { id: first }), broken])).rejects.toThrow();

    expect(await db.selectFrom("announcements").selectAll().orderBy("id").execute()).toEqual(before);
  });
});
