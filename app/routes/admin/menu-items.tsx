import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import { AdminPage, AdminScreenError } from "../../features/admin-shell/index.ts";
import { signedInStaff } from "../../features/auth/index.server.ts";
import { ShowcaseAdmin, menuActionMessages, menuFailureNotices } from "../../features/menu/index.ts";
import { handleShowcaseAction, listShowcase } from "../../features/menu/index.server.ts";
import { listGallery } from "../../features/gallery/index.server.ts";
import { addressOfKey } from "../../common/pictures/uploaded-pictures.ts";
import { services } from "../../common/app-context.ts";
import { errorNotice, readForm } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/menu-items";
import { answerOrFailure, rowActionFailure } from "../../lib/action-failures.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Menu Items Management", noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context).database;
  const [items, gallery] = await Promise.all([listShowcase(db), listGallery(db)]);
  return {
    items,
    gallery: gallery.map((picture) => ({ address: addressOfKey(picture.key), alt: picture.altText })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = signedInStaff(context);
  const { database, logger } = services(context);
  const answer = await handleShowcaseAction(await readForm(request), {
    db: database.db,
    logger,
    username: staff.username,
  });
  return staffActionResponse(answer);
}

const failure = rowActionFailure(menuFailureNotices, () => errorNotice(menuActionMessages.unexpected));

/** A request that fails below the action rolls the screen's change back with its message for that change (decision 0028). */
export const clientAction = (args: Route.ClientActionArgs) => answerOrFailure(args, failure);

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

export default function MenuItems({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Menu Items Management"
      description="The dishes shown in the menu section of the home page, by category."
    >
      <ShowcaseAdmin items={loaderData.items} gallery={loaderData.gallery} />
    </AdminPage>
  );
}
