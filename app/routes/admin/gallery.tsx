import { AdminPage } from "../../features/admin-shell/admin-page.tsx";
import { requireStaffSession } from "../../features/auth/auth.server.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/gallery";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Galerie verwalten", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffSession(request, context);
  return null;
}

export default function Screen() {
  return (
    <AdminPage
      title="Galerie verwalten"
      description="Bilder hochladen, beschriften, sortieren und veröffentlichen. Die Bearbeitung wird in Kürze freigeschaltet."
    />
  );
}
