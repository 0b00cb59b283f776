import { AdminPage } from "../../features/admin-shell/admin-page.tsx";
import { requireStaffSession } from "../../features/auth/auth.server.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/mitteilungen";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Mitteilungen verwalten", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffSession(request, context);
  return null;
}

export default function Screen() {
  return (
    <AdminPage
      title="Mitteilungen verwalten"
      description="Mitteilungen für die Gäste. Die Bearbeitung wird in Kürze freigeschaltet."
    />
  );
}
