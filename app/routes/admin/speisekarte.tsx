import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import { AdminPage } from "../../features/admin-shell/admin-page.tsx";
import { signedInStaff } from "../../features/auth/auth.server.ts";
import { SpeisekarteAdmin } from "../../features/menu/components/admin/speisekarte-admin.tsx";
import { handleSpeisekarteAction } from "../../features/menu/menu-actions.server.ts";
import { listActiveIds } from "../../features/menu/active-lists.server.ts";
import { listCategories } from "../../features/menu/categories.server.ts";
import { listProducts } from "../../features/menu/dishes.server.ts";
import { categoryTree } from "../../features/menu/menu-tree.ts";
import { services } from "../../common/app-context.ts";
import { errorNotice, readForm } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/speisekarte";
import { AdminScreenError } from "../../features/admin-shell/screen-error.tsx";
import { answerOrFailure, rowActionFailure } from "../../lib/action-failures.ts";
import { menuActionMessages, menuFailureNotices } from "../../features/menu/menu-model.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Speisekarte verwalten", noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context).database;
  const [products, categories, activeIds] = await Promise.all([
    listProducts(db),
    listCategories(db),
    listActiveIds(db, "SPEISEKARTE"),
  ]);
  return { products, tree: categoryTree(categories), activeIds };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = signedInStaff(context);
  const { database, logger } = services(context);
  const answer = await handleSpeisekarteAction(await readForm(request), {
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

export default function Speisekarte({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Speisekarte verwalten" description="Produkte, Kategorien und die aktive Speisekarte.">
      <SpeisekarteAdmin {...loaderData} />
    </AdminPage>
  );
}
