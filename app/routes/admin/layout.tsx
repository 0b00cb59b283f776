import { Outlet } from "react-router";
import { requireStaffSession } from "../../features/auth/auth.server.ts";
import { pendingStepMessages, pendingStepsConsequence } from "../../features/auth/schema.ts";
import { AdminSidebar } from "../../features/admin-shell/admin-sidebar.tsx";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/layout";
import { toastsHandle } from "../../lib/toasts.ts";

/** Staff screens confirm saves with toasts. */
export const handle = toastsHandle;

export const meta: Route.MetaFunction = () => siteMeta({ title: "Verwaltung", noindex: true });

/**
 * The guard of the staff area. Child loaders and actions check the session again themselves, and
 * send an account with pending steps to Mein Konto; this layout lets it in, as Mein Konto sits in it,
 * and its sidebar then offers only Mein Konto (decision 0027).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffSession(request, context, { allowPending: true });
  return { username: staff.username, role: staff.role, pending: staff.pending };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-stone-50 md:flex">
      {/* A printed page (the day list) shows the screen's content only. */}
      <div className="contents print:hidden">
        <AdminSidebar
          username={loaderData.username}
          role={loaderData.role}
          restriction={
            loaderData.pending.length > 0
              ? {
                  steps: loaderData.pending.map((step) => pendingStepMessages[step].title),
                  note: pendingStepsConsequence,
                }
              : undefined
          }
        />
      </div>
      <main id="main" className="min-w-0 flex-1">
        <Outlet />
      </main>
    </div>
  );
}
