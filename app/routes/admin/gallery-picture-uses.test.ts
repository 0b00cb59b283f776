import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { contentBlocks } from "../../common/content/blocks.ts";
import { pictureIdentityOf } from "../../common/pictures/uploaded-pictures.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import {
  contentPictureUses,
  forgetContentPicture,
  readContentBlocks,
  saveContentBlocks,
} from "../../features/content/content.server.ts";
import {
  forgetShowcasePicture,
  saveShowcaseItem,
  showcasePictureUses,
} from "../../features/menu/showcase-admin.server.ts";
import { listShowcase } from "../../features/menu/showcase.server.ts";
import { recordingLogger } from "../../../tests/support/silent-logger.ts";

/**
 * Where a gallery picture is still shown, and forgetting it there before it is deleted (the gallery's
 * route composes the menu's and the content's halves; decision 0019). A variant's address, as a
 * browser's 'copy image address' gives it, counts for its picture.
 */
const stem = "/bilder/hochgeladen/gallery/2026-11-25-abc123-0123456789abcdef";
const full = `${stem}-1200x900.webp`;
const variant = `${stem}-960w.webp`;
const other = "/bilder/hochgeladen/gallery/2026-11-25-zzz999-fedcba9876543210-800x600.jpg";

describe.each(testDatabases())("pictures in use on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("finds a picture in dishes and content blocks by any of its addresses, and forgets it there", async () => {
    handle = await engine.open();
    const { db } = handle;
    const dish = {
      description: "Hausgemacht",
      price: 990,
      category: "pasta" as const,
      is_active: true,
      allergens: [],
      additives: [],
    };
    await saveShowcaseItem(db, { ...dish, name: "Lasagne", image_url: full });
    await saveShowcaseItem(db, { ...dish, name: "Carbonara", image_url: variant });
    await saveShowcaseItem(db, { ...dish, name: "Gnocchi", image_url: other });
    await saveContentBlocks(db, {
      "home.hero": { ...contentBlocks["home.hero"].defaults, background_image_url: variant },
      "home.about": { ...contentBlocks["home.about"].defaults, image_url: full },
    });

    const identity = pictureIdentityOf(full);
    expect(pictureIdentityOf(variant)).toBe(identity);
    expect((await showcasePictureUses(db)).get(identity)).toEqual([
      "Menu Items › Carbonara",
      "Menu Items › Lasagne",
    ]);
    expect((await contentPictureUses(db)).get(identity)?.sort()).toEqual([
      "Website-Inhalte › Hero",
      "Website-Inhalte › Über Uns",
    ]);

    await forgetShowcasePicture(db, full);
    await forgetContentPicture(db, full);
    const dishes = await listShowcase(db);
    expect(Object.fromEntries(dishes.map((row) => [row.name, row.image_url]))).toEqual({
      Lasagne: null,
      Carbonara: null,
      Gnocchi: other,
    });
    const blocks = await readContentBlocks(db, recordingLogger().logger, ["home.hero", "home.about"]);
    // Back to the block's default: no hero picture of its own, the shipped about picture.
    expect(blocks["home.hero"].background_image_url).toBe(
      contentBlocks["home.hero"].defaults.background_image_url,
    );
    expect(blocks["home.about"].image_url).toBe(contentBlocks["home.about"].defaults.image_url);
    expect((await showcasePictureUses(db)).get(identity)).toBeUndefined();
    expect((await contentPictureUses(db)).get(identity)).toBeUndefined();
  });
});
