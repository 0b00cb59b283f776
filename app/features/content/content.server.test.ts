import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/database.types.ts";
import { openDatabase, type DatabaseHandle } from "../../../db/database.server.ts";
import { recordingLogger } from "../../../tests/support/silent-logger.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { contentBlocks } from "../../common/content/blocks.ts";
import { draftFields, draftOf, findTab, type DraftObject } from "./content-form.ts";
import { bumpPageVersion } from "../../lib/page-version.server.ts";
import {
  readContentBlocks,
  readHoursAndContact,
  saveContentBlocks,
  submitContentForm,
} from "./content.server.ts";

/** A submitted tab as the browser posts it: the tab, the button, and every field by path. */
function submission(tab: string, values: DraftObject, intent = "save"): FormData {
  const form = new FormData();
  form.append("block", tab);
  form.append("intent", intent);
  for (const [name, value] of draftFields(values)) form.append(name, value);
  return form;
}

const defaultsOf = (tab: string): DraftObject => {
  const found = findTab(tab);
  if (!found) throw new Error(tab);
  const blocks = Object.fromEntries(
    found.blocks.map((block) => [block.key, contentBlocks[block.key].defaults]),
  ) as Parameters<typeof draftOf>[1];
  return draftOf(found, blocks);
};

const store = (db: Kysely<Database>, key: string, value: string) =>
  db.insertInto("site_content").values({ key, value, updated_at: "2026-11-21T10:00:00.000Z" }).execute();

describe.each(testDatabases())("content blocks on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("gives the built-in defaults for blocks that were never saved", async () => {
    handle = await engine.open();
    const { logger } = recordingLogger();
    const blocks = await readContentBlocks(handle.db, logger, ["navbar", "global.opening_hours"]);
    expect(blocks.navbar).toEqual(contentBlocks.navbar.defaults);
    expect(blocks["global.opening_hours"].monday).toBe("Ruhetag");
    expect(blocks["global.opening_hours"].sunday).toBe("11:30–14:00 und 17:00–21:30 Uhr");
  });

  it("reads a saved block and falls back to defaults for a broken one, logging the fault", async () => {
    handle = await engine.open();
    const { logger, entries } = recordingLogger();
    const contact = {
      name: "Trattoria Test",
      owner: "Maria Rossi",
      address_lines: ["Weg 1", "", "12345 Ort"],
      phone: "0123",
      email: "a@b.de",
    };
    await store(handle.db, "global.contact", JSON.stringify(contact));
    await store(handle.db, "navbar", "{ kein json");
    await store(handle.db, "home.footer", JSON.stringify({ brand_name: "" }));
    const blocks = await readContentBlocks(handle.db, logger, ["global.contact", "navbar", "home.footer"]);
    expect(blocks["global.contact"]).toEqual({ ...contact, address_lines: ["Weg 1", "12345 Ort"] });
    expect(blocks.navbar).toEqual(contentBlocks.navbar.defaults);
    expect(blocks["home.footer"]).toEqual(contentBlocks["home.footer"].defaults);
    expect(
      entries
        .filter((entry) => entry.level === "warn")
        .map((entry) => entry.fields?.key)
        .sort(),
    ).toEqual(["home.footer", "navbar"]);
  });

  it("shows defaults when the database cannot be read", async () => {
    handle = await engine.open();
    const { logger, entries } = recordingLogger();
    await handle.close();
    const blocks = await readContentBlocks(handle.db, logger, ["navbar"]);
    expect(blocks.navbar.brand).toBe(contentBlocks.navbar.defaults.brand);
    expect(entries.some((entry) => entry.level === "error")).toBe(true);
    handle = await engine.open();
  });
});

describe.each(testDatabases())("saving content on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("saves blocks and overwrites them on the next save", async () => {
    handle = await engine.open();
    const { logger } = recordingLogger();
    const hero = { ...contentBlocks["home.hero"].defaults, eyebrow: "Erste Fassung" };
    await saveContentBlocks(handle.db, { "home.hero": hero });
    await saveContentBlocks(handle.db, { "home.hero": { ...hero, eyebrow: "Zweite Fassung" } });
    const blocks = await readContentBlocks(handle.db, logger, ["home.hero"]);
    expect(blocks["home.hero"].eyebrow).toBe("Zweite Fassung");
    expect(await handle.db.selectFrom("site_content").select("key").execute()).toHaveLength(1);
  });

  it("keeps the hours and contact that guests' requests are judged by until a save, also another server's", async () => {
    const opened = await engine.open();
    handle = opened;
    const { logger } = recordingLogger();
    const hours = contentBlocks["global.opening_hours"].defaults;
    expect((await readHoursAndContact(handle.db, logger)).hours).toEqual(hours);
    await saveContentBlocks(handle.db, { "global.opening_hours": { ...hours, monday: "17:00–22:00 Uhr" } });
    expect((await readHoursAndContact(handle.db, logger)).hours.monday).toBe("17:00–22:00 Uhr");
    // Written straight to the table, bypassing the save: the kept hours are used (nothing read).
    await handle.db.deleteFrom("site_content").execute();
    expect((await readHoursAndContact(handle.db, logger)).hours.monday).toBe("17:00–22:00 Uhr");
    const other = openDatabase(opened.target);
    try {
      await saveContentBlocks(other.db, { "global.opening_hours": { ...hours, monday: "Ruhetag" } });
    } finally {
      await other.close();
    }
    expect((await readHoursAndContact(handle.db, logger)).hours.monday).toBe("Ruhetag");
  });

  it("does not keep the defaults it showed when the database could not be read", async () => {
    const opened = await engine.open();
    handle = opened;
    const { logger } = recordingLogger();
    const hours = contentBlocks["global.opening_hours"].defaults;
    await saveContentBlocks(handle.db, { "global.opening_hours": { ...hours, monday: "17:00–22:00 Uhr" } });
    // The version is read, the blocks are not (their table is away for a moment).
    await handle.db.schema.alterTable("site_content").renameTo("site_content_away").execute();
    await bumpPageVersion(handle.db);
    expect((await readHoursAndContact(handle.db, logger)).hours.monday).toBe(hours.monday);
    await handle.db.schema.alterTable("site_content_away").renameTo("site_content").execute();
    expect((await readHoursAndContact(handle.db, logger)).hours.monday).toBe("17:00–22:00 Uhr");
  });

  it("saves the Global tab's opening hours and contact details together, trimmed", async () => {
    handle = await engine.open();
    const { logger } = recordingLogger();
    const values = defaultsOf("global");
    const contact = values.contact as DraftObject;
    const hours = values.opening_hours as DraftObject;
    const form = submission("global", {
      opening_hours: { ...hours, monday: " 12:00–15:00 Uhr " },
      contact: { ...contact, address_lines: ["", "Neue Straße 5", "10115 Berlin"], phone: "030 987654" },
    });
    const result = await submitContentForm(handle.db, logger, form);
    expect(result).toMatchObject({ status: "saved", block: "global" });
    const blocks = await readContentBlocks(handle.db, logger, ["global.contact", "global.opening_hours"]);
    expect(blocks["global.opening_hours"].monday).toBe("12:00–15:00 Uhr");
    expect(blocks["global.contact"].address_lines).toEqual(["Neue Straße 5", "10115 Berlin"]);
    expect(blocks["global.contact"].phone).toBe("030 987654");
  });

  it("refuses invalid input with the field messages, keeps what was typed and saves nothing", async () => {
    handle = await engine.open();
    const { logger } = recordingLogger();
    const values = { ...defaultsOf("footer"), description: "Neu", social_facebook_url: "facebook" };
    const result = await submitContentForm(handle.db, logger, submission("footer", values));
    expect(result).toEqual({
      status: "invalid",
      block: "footer",
      values,
      fieldErrors: { social_facebook_url: "Gültige URL erforderlich" },
    });
    expect(await handle.db.selectFrom("site_content").select("key").execute()).toEqual([]);
  });

  it("answers a list button with the changed list and saves nothing", async () => {
    handle = await engine.open();
    const { logger } = recordingLogger();
    const values = defaultsOf("about");
    const result = await submitContentForm(
      handle.db,
      logger,
      submission("about", values, "list:down:paragraphs:0"),
    );
    const paragraphs = contentBlocks["home.about"].defaults.paragraphs;
    expect(result).toMatchObject({
      status: "edited",
      block: "about",
      values: { paragraphs: [paragraphs[1], paragraphs[0]] },
    });
    expect(await handle.db.selectFrom("site_content").select("key").execute()).toEqual([]);
  });

  it("refuses an unknown tab or button", async () => {
    handle = await engine.open();
    const { logger } = recordingLogger();
    const unknownTab = submission("impressum", { brand: "X" });
    expect(await submitContentForm(handle.db, logger, unknownTab)).toEqual({ status: "bad-request" });
    const unknownIntent = submission("hero", defaultsOf("hero"), "delete");
    expect(await submitContentForm(handle.db, logger, unknownIntent)).toEqual({ status: "bad-request" });
    const listOfOtherTab = submission("hero", defaultsOf("hero"), "list:add:paragraphs:0");
    expect(await submitContentForm(handle.db, logger, listOfOtherTab)).toEqual({ status: "bad-request" });
    expect(await handle.db.selectFrom("site_content").select("key").execute()).toEqual([]);
  });

  it("logs a failed save and answers with what was typed instead of throwing", async () => {
    handle = await engine.open();
    const { logger, entries } = recordingLogger();
    await handle.close();
    const values = { ...defaultsOf("navigation"), brand: "Da Mario" };
    const result = await submitContentForm(handle.db, logger, submission("navigation", values));
    expect(result).toEqual({ status: "failed", block: "navigation", values });
    expect(entries.some((entry) => entry.level === "error" && entry.message === "content save failed")).toBe(
      true,
    );
    handle = await engine.open();
  });
});
