import { data } from "react-router";
import { AdminPage } from "../../features/admin-shell/admin-page.tsx";
import { requireStaffSession } from "../../features/auth/auth.server.ts";
import { SpeisekarteAdmin } from "../../features/menu/components/admin/speisekarte-admin.tsx";
import { handleSpeisekarteAction } from "../../features/menu/menu-actions.server.ts";
import {
  categoryTree,
  listActiveIds,
  listCategories,
  listProducts,
} from "../../features/menu/menu-admin.server.ts";
import { services } from "../../lib/app-context.ts";
import { readForm } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/speisekarte";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Speisekarte verwalten", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffSession(request, context);
  const { db } = services(context).database;
  const [products, categories, activeIds] = await Promise.all([
    listProducts(db),
    listCategories(db),
    listActiveIds(db, "SPEISEKARTE"),
  ]);
  return { products, tree: categoryTree(categories), activeIds };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaffSession(request, context);
  const { database, logger } = services(context);
  const answer = await handleSpeisekarteAction(await readForm(request), {
    db: database.db,
    logger,
    username: staff.username,
  });
  return data(answer.result, { status: answer.status });
}

export default function Speisekarte({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Speisekarte verwalten" description="Produkte, Kategorien und die aktive Speisekarte.">
      <SpeisekarteAdmin {...loaderData} />
    </AdminPage>
  );
}
