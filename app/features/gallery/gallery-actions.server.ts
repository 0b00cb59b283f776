import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.types.ts";
import { fieldErrorsOf, formId } from "../../lib/forms.ts";
import type { Logger } from "../../lib/logger.server.ts";
import type { PictureStorage } from "../../common/pictures/storage.server.ts";
import {
  done,
  errorNotice,
  failed,
  invalid,
  staffActionDispatcher,
  successNotice,
  type StaffActionAnswer,
  type StaffActionHandler,
} from "../../lib/staff-actions.server.ts";
import { addressOfKey } from "../../common/pictures/uploaded-pictures.ts";
import {
  deletePicture,
  GalleryRuleError,
  findPicture,
  reorderGallery,
  updatePicture,
} from "./gallery.server.ts";
import { galleryMessages as M, type GalleryIntent } from "./gallery-model.ts";
import { pictureEditSchema, pictureEditValues } from "./schema.ts";

export interface GalleryActionDependencies {
  db: Kysely<Database>;
  storage: PictureStorage;
  logger: Logger;
  username: string;
  /** Takes a picture's address out of every place that shows it (showcase dishes, content blocks). */
  forgetPicture: (address: string) => Promise<void>;
}

export type GalleryActionAnswer = StaffActionAnswer<GalleryIntent>;
type Handler = StaffActionHandler<GalleryActionDependencies>;

/**
 * A rule broken (a German message, 409) or something unexpected (logged, 500): the action's toast title
 * either way (docs/product/pictures.md#toasts).
 */
function failure(caught: unknown, deps: GalleryActionDependencies, title: string, targetId?: number) {
  if (caught instanceof GalleryRuleError) return failed(409, errorNotice(caught.message, title), targetId);
  deps.logger.error(`gallery: ${title}`, { error: caught, username: deps.username });
  return failed(500, errorNotice(M.unexpected, title), targetId);
}

const handlers: Record<GalleryIntent, Handler> = {
  async "picture-save"(form, deps) {
    const id = formId(form);
    if (id === undefined) return failed(400, errorNotice(M.missing, M.updateFailed));
    const parsed = pictureEditSchema.safeParse(pictureEditValues(form));
    if (!parsed.success) return invalid(fieldErrorsOf(parsed.error), id);
    try {
      await updatePicture(deps.db, id, {
        caption: parsed.data.caption === "" ? null : parsed.data.caption,
        altText: parsed.data.alt_text,
        published: parsed.data.is_published,
      });
      deps.logger.info("gallery picture saved", { id, username: deps.username });
      return done(successNotice(M.updated), id);
    } catch (caught) {
      return failure(caught, deps, M.updateFailed, id);
    }
  },

  async "picture-publish"(form, deps) {
    const id = formId(form);
    const published = form.get("is_published");
    if (id === undefined || (published !== "true" && published !== "false"))
      return failed(400, errorNotice(M.missing, M.updateFailed));
    try {
      const picture = await findPicture(deps.db, id);
      if (!picture) return failed(409, errorNotice(M.missing, M.updateFailed), id);
      await updatePicture(deps.db, id, {
        caption: picture.caption,
        altText: picture.altText,
        published: published === "true",
      });
      return done(successNotice(M.updated, published === "true" ? M.nowVisible : M.nowHidden), id);
    } catch (caught) {
      return failure(caught, deps, M.updateFailed, id);
    }
  },

  async "picture-order"(form, deps) {
    const text = form.get("order");
    const ids =
      typeof text === "string" && /^\d{1,10}(,\d{1,10}){0,999}$/.test(text)
        ? text.split(",").map(Number)
        : [];
    if (ids.length === 0) return failed(400, errorNotice(M.orderMismatch, M.orderFailed));
    try {
      await reorderGallery(deps.db, ids);
      return done(successNotice(M.ordered), formId(form));
    } catch (caught) {
      return failure(caught, deps, M.orderFailed, formId(form));
    }
  },

  async "picture-delete"(form, deps) {
    const id = formId(form);
    if (id === undefined) return failed(400, errorNotice(M.missing, M.deleteFailed));
    let keys: string[];
    try {
      const picture = await findPicture(deps.db, id);
      if (!picture) return failed(409, errorNotice(M.missing, M.deleteFailed), id);
      // First out of every page that shows it, then out of the gallery: no page ever shows a hole.
      await deps.forgetPicture(addressOfKey(picture.key));
      keys = await deletePicture(deps.db, id);
    } catch (caught) {
      return failure(caught, deps, M.deleteFailed, id);
    }
    // The files go last; one that cannot be removed is only logged (the picture is gone for everyone).
    for (const key of keys) {
      await deps.storage.remove(key).catch((error: unknown) => {
        deps.logger.warn("gallery: a deleted picture's file stayed", { key, error });
      });
    }
    deps.logger.info("gallery picture deleted", { id, files: keys.length, username: deps.username });
    return done(successNotice(M.deleted), id);
  },
};

export const handleGalleryAction = staffActionDispatcher<GalleryIntent, GalleryActionDependencies>(
  handlers,
  errorNotice(M.unknownAction),
);
