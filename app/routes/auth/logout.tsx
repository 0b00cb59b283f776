import { Form, redirect } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import {
  cookieSettingsOf,
  clearedSessionCookie,
  deleteSession,
  optionalStaffSession,
  readSessionToken,
  sessionChanged,
} from "../../features/auth/index.server.ts";
import { services } from "../../common/app-context.ts";
import type { Route } from "./+types/logout";

/** Logout ends the session in the database and clears the cookie; only POST changes anything. */
export async function action({ request, context }: Route.ActionArgs) {
  const settings = cookieSettingsOf(context);
  const { database, logger } = services(context);
  const token = readSessionToken(request, settings);
  if (token) {
    // Who is leaving: the session as the server read it for this request (decision 0049).
    const session = await optionalStaffSession(request, context);
    await deleteSession(database.db, token);
    sessionChanged(context);
    if (session) logger.info("signed out", { username: session.username });
  }
  return redirect("/login", { headers: { "Set-Cookie": clearedSessionCookie(settings) } });
}

export function loader() {
  return redirect("/login");
}

/**
 * A sign-out whose request failed (no connection, a proxy's error) says so and offers to try again,
 * instead of the general error page: the session may still be open on this device.
 */
export function ErrorBoundary() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <title>Abmelden fehlgeschlagen | Ristorante Tavola</title>
      <h1 className="text-3xl font-bold">Abmelden fehlgeschlagen</h1>
      <p className="text-muted">
        Der Server hat die Abmeldung nicht bestätigt. Sie sind auf diesem Gerät möglicherweise noch
        angemeldet. Bitte prüfen Sie die Verbindung und versuchen Sie es erneut.
      </p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <Form method="post" action="/logout">
          <Button type="submit">Erneut abmelden</Button>
        </Form>
        <Button asChild variant="outline">
          <a href="/admin">Zurück zur Verwaltung</a>
        </Button>
      </div>
    </main>
  );
}
