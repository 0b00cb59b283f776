import type { Kysely, Selectable } from "kysely";
import type { Database, GalleryImagesTable } from "../../../db/database.types.ts";
import { nowIso } from "../../../db/database.server.ts";
import { galleryMessages } from "./gallery-model.ts";
import type { PublicGalleryPicture } from "./public-gallery.ts";
import type { Logger } from "../../lib/logger.server.ts";
import { addressOfKey, storedKeysOf } from "../../common/pictures/uploaded-pictures.ts";

/**
 * The gallery in the database (the original's gallery_images; decision 0019, docs/product/pictures.md).
 * Order: display order, then the newest first. New pictures are published and go last; a reorder names every
 * picture once.
 */
type Db = Kysely<Database>;

export interface GalleryPicture {
  id: number;
  /** The storage key of the full picture; its address and variants follow from it (app/common/pictures/uploaded-pictures.ts). */
  key: string;
  caption: string | null;
  altText: string;
  published: boolean;
  displayOrder: number;
  createdAt: string;
}

export class GalleryRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GalleryRuleError";
  }
}

export const galleryRuleMessages = {
  missing: galleryMessages.missing,
  orderMismatch: galleryMessages.orderMismatch,
} as const;

const galleryPictureOf = (row: Selectable<GalleryImagesTable>): GalleryPicture => ({
  id: row.id,
  key: row.storage_path,
  caption: row.caption,
  altText: row.alt_text,
  published: Boolean(row.is_published),
  displayOrder: row.display_order,
  createdAt: row.created_at,
});

export async function listGallery(db: Db, { publishedOnly = false } = {}): Promise<GalleryPicture[]> {
  const rows = await db
    .selectFrom("gallery_images")
    .selectAll()
    .$if(publishedOnly, (qb) => qb.where("is_published", "=", 1))
    .orderBy("display_order")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(galleryPictureOf);
}

/** One picture by its id, if it is (still) there. */
export async function findPicture(db: Db, id: number): Promise<GalleryPicture | undefined> {
  const row = await db.selectFrom("gallery_images").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? galleryPictureOf(row) : undefined;
}

export interface NewPicture {
  key: string;
  altText: string;
  caption: string | null;
}

/** A new picture: published, after the highest order (docs/product/pictures.md#staff-screen). */
export async function addPicture(db: Db, picture: NewPicture): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("gallery_images")
      .select((eb) => eb.fn.max("display_order").as("max"))
      .executeTakeFirst();
    const now = nowIso();
    const row = await trx
      .insertInto("gallery_images")
      .values({
        storage_path: picture.key,
        caption: picture.caption,
        alt_text: picture.altText,
        is_published: 1,
        display_order: Number(last?.max ?? 0) + 1,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function updatePicture(
  db: Db,
  id: number,
  values: { caption: string | null; altText: string; published: boolean },
): Promise<void> {
  const result = await db
    .updateTable("gallery_images")
    .set({
      caption: values.caption,
      alt_text: values.altText,
      is_published: values.published ? 1 : 0,
      updated_at: nowIso(),
    })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new GalleryRuleError(galleryRuleMessages.missing);
}

/** The order as staff set it: the full list of ids, each once, becomes display order 1…n. */
export async function reorderGallery(db: Db, ids: readonly number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("gallery_images").select("id").execute();
    const known = new Set(current.map((row) => row.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw new GalleryRuleError(galleryRuleMessages.orderMismatch);
    for (const [index, id] of ids.entries()) {
      await trx
        .updateTable("gallery_images")
        .set({ display_order: index + 1 })
        .where("id", "=", id)
        .execute();
    }
  });
}

/** Deletes the row; answers the keys of its files (full picture and variants), for the caller to remove. */
export async function deletePicture(db: Db, id: number): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("gallery_images")
      .select("storage_path")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new GalleryRuleError(galleryRuleMessages.missing);
    await trx.deleteFrom("gallery_images").where("id", "=", id).execute();
    return storedKeysOf(row.storage_path);
  });
}

/** The published pictures in their order, for the home page; a failed read shows no gallery, never an error page. */
export async function loadPublicGallery(db: Db, logger: Logger): Promise<PublicGalleryPicture[]> {
  try {
    return (await listGallery(db, { publishedOnly: true })).map((picture) => ({
      id: picture.id,
      address: addressOfKey(picture.key),
      alt: picture.altText,
      caption: picture.caption,
    }));
  } catch (error) {
    logger.error("gallery read failed, showing none", { error });
    return [];
  }
}
