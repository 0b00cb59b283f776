import { lazy, Suspense, useContext, useEffect, useLayoutEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { CspNonce } from "./lib/csp-nonce.ts";
import { EARLY_INPUT_SCRIPT, replayEarlyInput, stopKeepingEarlyInput } from "./lib/early-input.ts";
import { usesToasts, useToastAreaRequested } from "./lib/toasts.ts";
import { siteMeta } from "./lib/meta.ts";
import { PUBLIC_PICTURES_META, publicPicturesUrlInUse } from "./common/pictures/uploaded-pictures.ts";

/**
 * The toast area is loaded only where a route says it shows toasts (`handle: toastsHandle`), or once
 * something on a guests' page asks for it (`requestToastArea`, the reservation form): the guests'
 * pages then carry no toast library in their first load, and the staff area keeps one toast area
 * across navigations (the sign-in toast stays visible on the dashboard).
 */
const Toaster = lazy(() =>
  import("./components/ui/toaster.tsx").then((module) => ({ default: module.Toaster })),
);

function ToastArea() {
  const matches = useMatches();
  const requested = useToastAreaRequested();
  if (!requested && !matches.some((match) => usesToasts(match.handle))) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export const meta: Route.MetaFunction = () => siteMeta({});

/**
 * The stylesheet with React's `precedence`, so React puts it first in <head>, ahead of the script
 * preloads, instead of after them. (Preloading the fonts was measured as slower: they then compete
 * with the stylesheet for the first bytes.)
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: appCss, precedence: "default" }];

/**
 * Keeps what a person presses or types before the page has hydrated, and carries it out afterwards
 * (app/lib/early-input.ts). First in the body, so it listens from the first paint on.
 */
function EarlyInput() {
  const nonce = useContext(CspNonce);
  useLayoutEffect(stopKeepingEarlyInput, []);
  useEffect(replayEarlyInput, []);
  // The browser hides a nonce from scripts once the page is parsed, so the browser's render has none.
  return (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_INPUT_SCRIPT }} />
  );
}

/**
 * Tells the browser where uploaded pictures are loaded from (S3_PUBLIC_URL, decision 0038), so its
 * render links them as the server's did; app/entry.client.tsx reads it before hydrating.
 */
function PublicPicturesUrl() {
  const url = publicPicturesUrlInUse();
  return url ? <meta name={PUBLIC_PICTURES_META} content={url} /> : null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#961f19" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <PublicPicturesUrl />
        <Meta />
        <Links />
      </head>
      <body>
        <EarlyInput />
        {children}
        <ToastArea />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A staff member on an owner's screen (decision 0025).
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const title = notFound
    ? "Seite nicht gefunden"
    : forbidden
      ? "Kein Zugriff"
      : "Es ist ein Fehler aufgetreten";
  const text = notFound
    ? "Die angeforderte Seite gibt es nicht."
    : forbidden
      ? typeof error.data === "string" && error.data
        ? error.data
        : "Diese Seite ist Ihnen nicht freigegeben."
      : "Bitte laden Sie die Seite neu oder versuchen Sie es später erneut.";
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <title>{`${title} | Ristorante Tavola`}</title>
      <h1 className="text-4xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
      <a
        href={forbidden ? "/admin" : "/"}
        className="font-medium text-brand-700 underline underline-offset-4"
      >
        {forbidden ? "Zur Verwaltung" : "Zur Startseite"}
      </a>
    </main>
  );
}
