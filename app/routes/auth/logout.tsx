import { redirect } from "react-router";
import { cookieSettingsOf } from "../../features/auth/auth.server.ts";
import {
  clearedSessionCookie,
  deleteSession,
  findSession,
  readSessionToken,
} from "../../features/auth/session.server.ts";
import { services } from "../../lib/app-context.ts";
import type { Route } from "./+types/logout";

/** Logout ends the session in the database and clears the cookie; only POST changes anything. */
export async function action({ request, context }: Route.ActionArgs) {
  const settings = cookieSettingsOf(context);
  const { database, logger } = services(context);
  const token = readSessionToken(request, settings);
  if (token) {
    const session = await findSession(database.db, token);
    await deleteSession(database.db, token);
    if (session) logger.info("signed out", { username: session.username });
  }
  return redirect("/login", { headers: { "Set-Cookie": clearedSessionCookie(settings) } });
}

export function loader() {
  return redirect("/login");
}
