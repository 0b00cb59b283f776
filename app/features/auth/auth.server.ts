import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { services } from "../../common/app-context.ts";
import {
  ACCOUNT_PATH,
  accessOf,
  currentStaff,
  refuseUnlessOwner,
  requireAccess,
  sessionStillOpen,
  type CookieSettings,
  type StaffAccess,
  type StaffSession,
} from "./session.server.ts";

/** Cookie settings follow the configuration: secure cookies only behind https. */
export const cookieSettingsOf = (context: Readonly<RouterContextProvider>): CookieSettings => ({
  secure: services(context).config.secureCookies,
});

/**
 * The staff session the request came with, as the server read it once for the whole request
 * (decision 0049): the server before a change, the guard, the sign-in and sign-out pages all get
 * the one reading. A context built without the server's readings (a test's) reads it here.
 */
function sessionOf(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StaffSession | undefined> {
  const app = services(context);
  return app.shared
    ? app.shared.staffSession()
    : currentStaff(app.database.db, request, cookieSettingsOf(context));
}

/** The guard's decision without the redirect: for an endpoint that answers a refusal itself (JSON). */
export async function staffAccessOf(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StaffAccess> {
  return accessOf(await sessionOf(request, context));
}

/**
 * For a stream that outlives its request (the staff screens' live updates, decision 0035): asks
 * again whether the session it was opened with is still open.
 */
export function sessionCheckOf(
  context: Readonly<RouterContextProvider>,
): (sessionId: string) => Promise<boolean> {
  const { db } = services(context).database;
  return (sessionId) => sessionStillOpen(db, sessionId);
}

/**
 * Whoever is signed in, if anyone, outside the admin area: the sign-in page (then /admin takes
 * over) and the sign-out, which names who left.
 */
export function optionalStaffSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StaffSession | undefined> {
  return sessionOf(request, context);
}

/**
 * After an action that signed someone in or out (the sign-in and sign-out pages): what this request
 * read of its session no longer holds, and a loader after the action (a form sent without
 * JavaScript) reads it again.
 */
export function sessionChanged(context: Readonly<RouterContextProvider>): void {
  services(context).shared?.forgetStaffSession();
}

/** The staff member the guard let in, for the loaders and actions of the request it guarded. */
const guardedStaff = createContext<StaffSession>();

/**
 * Mein Konto, as a page and as its data requests (`/admin/konto.data`, `/admin/konto/_.data`): the
 * one screen an account with pending steps may use. React Router hands middleware the page's own
 * address; a caller without it (a test) gives the raw request's.
 */
function isPendingStepsScreen(address: URL): boolean {
  const path = address.pathname.replace(/(\/_)?\.data$/, "").replace(/\/$/, "");
  return path === ACCOUNT_PATH;
}

/**
 * The staff check of the whole admin area, as middleware on its layout (decision 0030): it runs
 * before any loader or action below /admin — for a page, a data request and a form alike — so a
 * screen added later is guarded without doing anything. Without a valid session it redirects to
 * /login; an account with pending steps is let into Mein Konto only (decision 0027).
 */
export const staffGuard: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  const allowPending = isPendingStepsScreen(url ?? new URL(request.url));
  const staff = requireAccess(await sessionOf(request, context), { allowPending });
  context.set(guardedStaff, staff);
  return next();
};

/**
 * Middleware for a screen only owners may use: staff get 403 (decision 0025) with `reason`, which the
 * screen's error boundary shows under 'Kein Zugriff'.
 */
export function ownersOnlyBecause(reason?: string): MiddlewareFunction<Response> {
  return async ({ context }, next) => {
    refuseUnlessOwner(signedInStaff(context), reason);
    return next();
  };
}

/** Konten's: 'Nur Inhaber dürfen Konten verwalten.' */
export const ownersOnly: MiddlewareFunction<Response> = ownersOnlyBecause();

/**
 * Middleware for screens every staff member may see and only owners may change
 * (Reservierungseinstellungen): a request that could change something — anything but GET and HEAD,
 * a form sent without JavaScript and a `.data` action alike — from a non-owner gets the same 403 as
 * `ownersOnly`, before the action runs.
 */
export function ownersOnlyForChanges(reason: string): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    if (request.method !== "GET" && request.method !== "HEAD")
      refuseUnlessOwner(signedInStaff(context), reason);
    return next();
  };
}

/**
 * The signed-in staff member of an admin loader or action. Throws when the request did not pass
 * `staffGuard`, so a route outside the guarded layout fails closed instead of serving anyone.
 */
export function signedInStaff(context: Readonly<RouterContextProvider>): StaffSession {
  return context.get(guardedStaff);
}
