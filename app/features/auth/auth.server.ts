import type { RouterContextProvider } from "react-router";
import { services } from "../../shared/app-context.ts";
import {
  currentStaff,
  requireOwner,
  requireStaff,
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
 * For every admin loader and action: the signed-in staff member, or a redirect to /login — or to
 * Mein Konto while the account has steps to do there first (decision 0027; `allowPending` only on
 * Mein Konto and the layout around it).
 */
export function requireStaffSession(
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

/** The sign-in page only: whether someone is signed in at all (then /admin takes over). */
export function optionalStaffSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StaffSession | undefined> {
  return currentStaff(services(context).database.db, request, cookieSettingsOf(context));
}

/** For the accounts' screen: an owner's session, 403 for staff, or a redirect to /login. */
export function requireOwnerSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StaffSession> {
  return requireOwner(services(context).database.db, request, cookieSettingsOf(context));
}
