import { redirect } from "react-router";
import { cookieSettingsOf } from "../../features/auth/auth.server.ts";
import { clearedSessionCookie, deleteSession, readSessionToken } from "../../features/auth/session.server.ts";
import { services } from "../../lib/app-context.ts";
import type { Route } from "./+types/logout";

/** Logout ends the session in the database and clears the cookie; only POST changes anything. */
export async function action({ request, context }: Route.ActionArgs) {
  const settings = cookieSettingsOf(context);
  const token = readSessionToken(request, settings);
  if (token) await deleteSession(services(context).database.db, token);
  return redirect("/login", { headers: { "Set-Cookie": clearedSessionCookie(settings) } });
}

export function loader() {
  return redirect("/login");
}
