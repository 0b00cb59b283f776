import { AdminPage } from "../../features/admin-shell/admin-page.tsx";
import { requireStaffSession } from "../../features/auth/auth.server.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/reservations";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Reservierungen einsehen", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffSession(request, context);
  return null;
}

export default function Screen() {
  return (
    <AdminPage
      title="Reservierungen einsehen"
      description="Reservierungsanfragen ansehen, bestätigen und bearbeiten. Die Bearbeitung wird in Kürze freigeschaltet."
    />
  );
}
