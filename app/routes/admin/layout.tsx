import { useEffect, useState, type ReactNode } from "react";
import { Outlet } from "react-router";
import { signedInStaff, staffGuard } from "../../features/auth/index.server.ts";
import { pendingStepMessages, pendingStepsConsequence } from "../../features/auth/index.ts";
import { AdminSidebar, AdminScreenError } from "../../features/admin-shell/index.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/layout";
import { toastsHandle } from "../../lib/toasts.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

/** Staff screens confirm saves with toasts. */
export const handle = toastsHandle;

export const meta: Route.MetaFunction = () => siteMeta({ title: "Verwaltung", noindex: true });

/**
 * The guard of the staff area: every loader and action below this layout runs only after it has
 * let the request in (decision 0030). An account with pending steps reaches Mein Konto only, and
 * the sidebar then offers only Mein Konto (decision 0027).
 */
export const middleware: Route.MiddlewareFunction[] = [staffGuard];

export async function loader({ context }: Route.LoaderArgs) {
  const staff = signedInStaff(context);
  return { username: staff.username, role: staff.role, pending: staff.pending };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

type FrameData = Route.ComponentProps["loaderData"];

/**
 * The frame's data as this browser tab last loaded it, for the error boundary below. Set in an
 * effect, so never on the server, where it would be someone else's.
 */
let lastFrame: FrameData | undefined;

function AdminFrame({
  username,
  role,
  pending,
  children,
}: Omit<FrameData, "username"> & { username: string | undefined; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-stone-50 md:flex">
      {/* A printed page (the day list) shows the screen's content only. */}
      <div className="contents print:hidden">
        <AdminSidebar
          username={username}
          role={role}
          restriction={
            pending.length > 0
              ? {
                  steps: pending.map((step) => pendingStepMessages[step].title),
                  note: pendingStepsConsequence,
                }
              : undefined
          }
        />
      </div>
      <main id="main" className="min-w-0 flex-1">
        {children}
      </main>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    lastFrame = loaderData;
  }, [loaderData]);
  // Leaving the staff area (signing out, a session that ended) forgets the frame: whoever signs in
  // next in this tab never sees it.
  useEffect(
    () => () => {
      lastFrame = undefined;
    },
    [],
  );
  return (
    <AdminFrame {...loaderData}>
      <Outlet />
    </AdminFrame>
  );
}

/**
 * A screen's own failure shows in the screen's boundary, inside this frame. This one is for a load
 * that fails for the frame too (one request loads both, and React Router reloads the frame's data
 * on every navigation): the sidebar stays, drawn from the data this tab had (decision 0028).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Taken once: the layout it replaces forgets its frame as it goes.
  const [kept] = useState(() => lastFrame);
  // Not before hydration: the server's HTML has no earlier data to draw from.
  const frame = useHydrated() ? kept : undefined;
  const screen = <AdminScreenError error={error} />;
  // The entries only, never the name: whoever is signed in now is what this load failed to say
  // (another tab may have signed in someone else meanwhile).
  return frame ? (
    <AdminFrame {...frame} username={undefined}>
      {screen}
    </AdminFrame>
  ) : (
    screen
  );
}
