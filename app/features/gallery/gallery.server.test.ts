import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import {
  addPicture,
  deletePicture,
  galleryRuleMessages as R,
  listGallery,
  reorderGallery,
  updatePicture,
} from "./gallery.server.ts";

const picture = (name: string) => ({
  key: `gallery/2026-11-25-${name}-0123456789abcdef-1200x900.jpg`,
  altText: `Bild ${name}`,
  caption: null,
});

describe.each(testDatabases())("the gallery on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it("adds pictures published and last; hidden ones leave the public list; reorders by the full list", async () => {
    handle = await engine.open();
    const { db } = handle;
    const a = await addPicture(db, picture("a"));
    const b = await addPicture(db, picture("b"));
    const c = await addPicture(db, picture("c"));
    expect((await listGallery(db)).map((entry) => [entry.id, entry.displayOrder, entry.published])).toEqual([
      [a, 1, true],
      [b, 2, true],
      [c, 3, true],
    ]);
    await updatePicture(db, b, { caption: "Unser Garten", altText: "Tische im Garten", published: false });
    expect((await listGallery(db, { publishedOnly: true })).map((entry) => entry.id)).toEqual([a, c]);
    expect((await listGallery(db)).find((entry) => entry.id === b)).toMatchObject({
      caption: "Unser Garten",
      altText: "Tische im Garten",
      key: picture("b").key,
    });

    await reorderGallery(db, [c, a, b]);
    expect((await listGallery(db)).map((entry) => entry.id)).toEqual([c, a, b]);
    await expect(reorderGallery(db, [c, a])).rejects.toThrow(R.orderMismatch);
    await expect(reorderGallery(db, [c, a, a])).rejects.toThrow(R.orderMismatch);
    expect((await listGallery(db)).map((entry) => entry.id)).toEqual([c, a, b]);
  });

  it("deleting answers every file of the picture; a missing picture is a German message", async () => {
    handle = await engine.open();
    const { db } = handle;
    const id = await addPicture(db, picture("d"));
    expect(await deletePicture(db, id)).toEqual([
      picture("d").key,
      "gallery/2026-11-25-d-0123456789abcdef-480w.webp",
      "gallery/2026-11-25-d-0123456789abcdef-960w.webp",
      "gallery/2026-11-25-d-0123456789abcdef-1200w.webp",
    ]);
    expect(await listGallery(db)).toEqual([]);
    await expect(deletePicture(db, id)).rejects.toThrow(R.missing);
    await expect(updatePicture(db, id, { caption: null, altText: "x", published: true })).rejects.toThrow(
      R.missing,
    );
  });
});
