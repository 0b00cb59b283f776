import { AdminPage } from "../../features/admin-shell/admin-page.tsx";
import { requireStaffSession } from "../../features/auth/auth.server.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/menu-items";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Menu Items Management", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffSession(request, context);
  return null;
}

export default function Screen() {
  return (
    <AdminPage
      title="Menu Items Management"
      description="Die Gerichte, die die Startseite zeigt. Die Bearbeitung wird in Kürze freigeschaltet."
    />
  );
}
