import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { services } from "../../common/app-context.ts";
import {
  ACCOUNT_PATH,
  currentStaff,
  refuseUnlessOwner,
  requireStaff,
  sessionStillOpen,
  staffAccess,
  type CookieSettings,
  type GuardOptions,
  type StaffAccess,
  type StaffSession,
} from "./session.server.ts";

/** Cookie settings follow the configuration: secure cookies only behind https. */
export const cookieSettingsOf = (context: Readonly<RouterContextProvider>): CookieSettings => ({
  secure: services(context).config.secureCookies,
});

/**
 * The signed-in staff member, or a redirect to /login — or to Mein Konto while the account has
 * steps to do there first (decision 0027). Only `staffGuard` calls it: routes read the member it let
 * in with `signedInStaff`, and lint refuses this check in a route (decision 0030).
 */
function requireStaffSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: GuardOptions = {},
): Promise<StaffSession> {
  return requireStaff(services(context).database.db, request, cookieSettingsOf(context), options);
}

/** The guard's decision without the redirect: for an endpoint that answers a refusal itself (JSON). */
export function staffAccessOf(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StaffAccess> {
  return staffAccess(services(context).database.db, request, cookieSettingsOf(context));
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

/** The sign-in page only: whether someone is signed in at all (then /admin takes over). */
export function optionalStaffSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StaffSession | undefined> {
  return currentStaff(services(context).database.db, request, cookieSettingsOf(context));
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
  const staff = await requireStaffSession(request, context, { allowPending });
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
