import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import { AdminPage, AdminScreenError } from "../../features/admin-shell/index.ts";
import { signedInStaff } from "../../features/auth/index.server.ts";
import { contentPictureUses, forgetContentPicture } from "../../features/content/index.server.ts";
import { forgetShowcasePicture, showcasePictureUses } from "../../features/menu/index.server.ts";
import { GalleryAdmin } from "../../features/gallery/index.ts";
import { handleGalleryAction, listGallery } from "../../features/gallery/index.server.ts";
import { services } from "../../common/app-context.ts";
import { errorNotice, readForm } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import { addressOfKey, pictureIdentityOf } from "../../common/pictures/uploaded-pictures.ts";
import type { Route } from "./+types/gallery";
import { answerOrFailure, rowActionFailure } from "../../lib/action-failures.ts";
import {
  galleryFailureNotices,
  galleryMessages,
  type GalleryAdminPicture,
} from "../../features/gallery/index.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Galerie verwalten", noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context).database;
  const [gallery, showcaseUses, contentUses] = await Promise.all([
    listGallery(db),
    showcasePictureUses(db),
    contentPictureUses(db),
  ]);
  const pictures: GalleryAdminPicture[] = gallery.map((picture) => {
    const address = addressOfKey(picture.key);
    return {
      id: picture.id,
      address,
      caption: picture.caption,
      altText: picture.altText,
      published: picture.published,
      displayOrder: picture.displayOrder,
      usedIn: [
        ...(showcaseUses.get(pictureIdentityOf(address)) ?? []),
        ...(contentUses.get(pictureIdentityOf(address)) ?? []),
      ],
    };
  });
  return { pictures };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = signedInStaff(context);
  const { database, logger, pictures } = services(context);
  const answer = await handleGalleryAction(await readForm(request), {
    db: database.db,
    storage: pictures,
    logger,
    username: staff.username,
    async forgetPicture(address) {
      await forgetShowcasePicture(database.db, address);
      await forgetContentPicture(database.db, address);
    },
  });
  return staffActionResponse(answer);
}

const failure = rowActionFailure(galleryFailureNotices, () => errorNotice(galleryMessages.unexpected));

/** A request that fails below the action rolls the screen's change back with its toast for that change (decision 0028). */
export const clientAction = (args: Route.ClientActionArgs) => answerOrFailure(args, failure);

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

export default function Gallery({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Galerie verwalten" description="Die Bilder der Galerie auf der Startseite.">
      <GalleryAdmin pictures={loaderData.pictures} />
    </AdminPage>
  );
}
