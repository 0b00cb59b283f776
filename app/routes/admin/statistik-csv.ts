import { signedInStaff } from "../../features/auth/index.server.ts";
import { sourceLabels, statusLabels } from "../../features/reservations/book/index.ts";
import { statisticsDownload } from "../../features/statistics/index.server.ts";
import { services } from "../../common/app-context.ts";
import type { Route } from "./+types/statistik-csv";
import { seatUtilisationOf } from "./seat-utilisation.server.ts";

/**
 * 'Als CSV herunterladen' on 'Statistik' (decision 0036): the same period from the same query
 * parameters, the same figures, as a file. Below the admin layout, so its staff check runs first.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  signedInStaff(context);
  const { database } = services(context);
  return statisticsDownload(
    database.db,
    url,
    { status: statusLabels, source: sourceLabels },
    new Date(),
    (period) => seatUtilisationOf(context, period),
  );
}
