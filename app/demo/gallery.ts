import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.types.ts";
import { nowIso } from "../../db/database.server.ts";
import { demoGalleryPictures } from "./gallery-pictures.ts";

/** Where the demo pictures' files are written: the site's picture storage (app/common/pictures/storage.server.ts). */
export interface DemoPictureFiles {
  put(key: string, data: Buffer): Promise<void>;
}

export interface DemoPictures {
  files: DemoPictureFiles;
  /** Where the drawn pictures are; by default beside this module (running from source). */
  from?: string;
}

/**
 * The demo gallery: a dozen pictures drawn for the project (scripts/cli/demo-gallery.ts), stored as
 * staff uploads are — every file under its key, then the rows, published, in order. The files are
 * written first: if that fails, the seed's transaction fails with it and no row points at nothing.
 */
export async function seedDemoGallery(db: Kysely<Database>, { files, from }: DemoPictures): Promise<void> {
  const folder = from ?? path.join(import.meta.dirname, "galerie");
  const stems = new Set(
    demoGalleryPictures.map((picture) => path.basename(picture.key).replace(/-\d+x\d+\.\w+$/, "")),
  );
  for (const file of await fs.readdir(folder)) {
    const stem = [...stems].find((candidate) => file.startsWith(`${candidate}-`));
    if (stem) await files.put(`gallery/${file}`, await fs.readFile(path.join(folder, file)));
  }
  const now = nowIso();
  for (const [index, picture] of demoGalleryPictures.entries()) {
    await db
      .insertInto("gallery_images")
      .values({
        storage_path: picture.key,
        caption: picture.caption,
        alt_text: picture.alt,
        is_published: 1,
        display_order: index + 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
