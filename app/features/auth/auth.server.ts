import type { RouterContextProvider } from "react-router";
import { services } from "../../lib/app-context.ts";
import {
  currentStaff,
  requireOwner,
  requireStaff,
  type CookieSettings,
  type StaffSession,
} from "./session.server.ts";

/** Cookie settings follow the configuration: secure cookies only behind https. */
export const cookieSettingsOf = (context: Readonly<RouterContextProvider>): CookieSettings => ({
  secure: services(context).config.secureCookies,
});

/** For every admin loader and action: the signed-in staff member, or a redirect to /login. */
export function requireStaffSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StaffSession> {
  return requireStaff(services(context).database.db, request, cookieSettingsOf(context));
}

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
