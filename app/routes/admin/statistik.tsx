import { data } from "react-router";
import { AdminPage, AdminScreenError } from "../../features/admin-shell/index.ts";
import { signedInStaff } from "../../features/auth/index.server.ts";
import { sourceLabels, statusLabels } from "../../features/reservations/book/index.ts";
import { StatisticsScreen } from "../../features/statistics/index.ts";
import { loadStatistics } from "../../features/statistics/index.server.ts";
import { services } from "../../common/app-context.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/statistik";
import { seatUtilisationOf } from "./seat-utilisation.server.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Statistik", noindex: true });

/**
 * 'Statistik' (decision 0036), for owners and staff alike: the staff check is the admin layout's
 * (decision 0030). The period comes from the address; a refused one is answered with 400 and its
 * message, and nothing is counted.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  signedInStaff(context);
  const { database } = services(context);
  const { view, status } = await loadStatistics(database.db, url);
  if (view.state !== "shown") return data(view, { status });
  return data({ ...view, utilisation: await seatUtilisationOf(context, view.period) }, { status });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

export default function Statistics({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Statistik"
      description="Reservierungen und Gäste eines Zeitraums: nach Tag, Wochentag und Uhrzeit, Ausfälle, Herkunft, Vorlauf und die Auslastung der Plätze."
    >
      <StatisticsScreen view={loaderData} labels={{ status: statusLabels, source: sourceLabels }} />
    </AdminPage>
  );
}
