import type { Migration } from "kysely/migration";
import type { MigrationDb } from "./schema-helpers.ts";

/**
 * An uploaded picture's name now carries its size, and its variants are named after it
 * (docs/decisions/0019, app/common/pictures/uploaded-pictures.ts), so the gallery's copies of both — the
 * columns migration 0005 added, never filled by a release — go again.
 */
export function picturesNamedBySize(): Migration {
  return {
    async up(db: MigrationDb) {
      for (const column of ["variants", "height", "width"]) {
        await db.schema.alterTable("gallery_images").dropColumn(column).execute();
      }
    },
    async down(db: MigrationDb) {
      await db.schema.alterTable("gallery_images").addColumn("width", "integer").execute();
      await db.schema.alterTable("gallery_images").addColumn("height", "integer").execute();
      await db.schema.alterTable("gallery_images").addColumn("variants", "text").execute();
    },
  };
}
