import type { Migration } from "kysely/migration";
import type { MigrationDb } from "./schema-helpers.ts";

/**
 * Pictures (docs/decisions/0019): a gallery picture knows its size (so pages reserve its space and
 * nothing shifts) and its WebP variants for `srcset`, as JSON text `[{"width":480,"key":"…"}]`;
 * `storage_path` stays the key of the full picture.
 */
export function galleryPictures(): Migration {
  return {
    async up(db: MigrationDb) {
      await db.schema.alterTable("gallery_images").addColumn("width", "integer").execute();
      await db.schema.alterTable("gallery_images").addColumn("height", "integer").execute();
      await db.schema.alterTable("gallery_images").addColumn("variants", "text").execute();
    },
    async down(db: MigrationDb) {
      for (const column of ["variants", "height", "width"]) {
        await db.schema.alterTable("gallery_images").dropColumn(column).execute();
      }
    },
  };
}
