import { data } from "react-router";
import { AdminPage } from "../../features/admin-shell/admin-page.tsx";
import { adminScreenAt } from "../../features/admin-shell/navigation.ts";
import { requireStaffSession } from "../../features/auth/auth.server.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/mitteilungen";

/** A staff screen whose editing comes with its feature's issue: guarded, titled, honest about it. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireStaffSession(request, context);
  // `url`, not `request.url`: client navigations request `/admin/<screen>.data`.
  const screen = adminScreenAt(url.pathname);
  if (!screen) throw data(null, { status: 404 });
  return { title: screen.title, description: screen.description };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  siteMeta({ title: loaderData?.title ?? "Verwaltung", noindex: true });

export default function UpcomingScreen({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title={loaderData.title} description={loaderData.description}>
      <p className="rounded-lg border border-dashed border-stone-300 bg-white p-6 text-muted">
        Die Bearbeitung in diesem Bereich wird in Kürze freigeschaltet.
      </p>
    </AdminPage>
  );
}
