import { RotateCw } from "lucide-react";
import { useEffect, useRef, type MouseEvent } from "react";
import { isRouteErrorResponse, Link, useLocation, useRevalidator } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { actionFailureMessages } from "../../lib/action-failures.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { adminScreenAt } from "./navigation.ts";

const texts = {
  screen: "Verwaltung",
  title: "Die Seite konnte nicht geladen werden",
  hint: "Bitte versuchen Sie es erneut. Bleibt der Fehler, versuchen Sie es später noch einmal oder wenden Sie sich an den Support.",
  forbiddenTitle: "Kein Zugriff",
  forbidden: "Diese Seite ist Ihnen nicht freigegeben.",
  retry: "Erneut versuchen",
  retrying: "Wird geladen...",
  dashboard: "Zum Dashboard",
} as const;

/**
 * The error boundary of every staff screen (decision 0028). Each admin route exports it as its
 * `ErrorBoundary`, so React Router renders it in the admin layout's <Outlet/>: the sidebar stays,
 * and 'Erneut versuchen' loads the screen's data again. Without JavaScript the same control is a
 * link to the page itself, which loads it anew.
 */
export function AdminScreenError({ error }: { error: unknown }) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  // The screen's content was replaced: the message's heading takes the focus, so screen readers say what happened.
  useEffect(() => heading.current?.focus(), [error]);

  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const screen = adminScreenAt(location.pathname);
  const offline = hydrated && !navigator.onLine;
  const title = forbidden ? texts.forbiddenTitle : texts.title;
  const reason = forbidden
    ? typeof error.data === "string" && error.data
      ? error.data
      : texts.forbidden
    : offline
      ? actionFailureMessages.offline
      : actionFailureMessages.server;
  const retrying = revalidator.state === "loading";
  const retry = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (!retrying) void revalidator.revalidate();
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:px-8">
      <h1 className="text-3xl font-bold">{screen?.title ?? texts.screen}</h1>
      <section
        aria-labelledby="screen-error-title"
        className="mt-8 max-w-2xl rounded-lg border border-brand-300 bg-white p-6 shadow-sm"
      >
        <h2
          id="screen-error-title"
          ref={heading}
          tabIndex={-1}
          className="font-sans text-xl font-semibold text-brand-800 outline-none"
        >
          {title}
        </h2>
        <p className="mt-3">{reason}</p>
        {forbidden ? null : <p className="mt-2 text-sm text-muted">{texts.hint}</p>}
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Button asChild aria-disabled={retrying || undefined}>
            <a href={`${location.pathname}${location.search}`} onClick={retry}>
              <RotateCw aria-hidden="true" className={retrying ? "animate-spin" : undefined} />
              {retrying ? texts.retrying : texts.retry}
            </a>
          </Button>
          {location.pathname === "/admin" ? null : (
            <Link
              to="/admin"
              className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              {texts.dashboard}
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}
