import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../../lib/database.types.ts";
import type { DatabaseHandle } from "../../lib/db.server.ts";
import { recordingLogger } from "../../../tests/support/silent-logger.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import { contentBlocks } from "./blocks.ts";
import { readContentBlocks } from "./content.server.ts";

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
