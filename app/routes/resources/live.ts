import { sessionCheckOf, staffAccessOf } from "../../features/auth/index.server.ts";
import { liveStreamResponse } from "../../common/live/stream.server.ts";
import { services } from "../../common/app-context.ts";
import type { Route } from "./+types/live";

const refusal = (status: number, text: string, extra: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra },
  });

/**
 * GET /admin/live: the staff screens' live updates as Server-Sent Events (decision 0035). Outside
 * the admin layout, like the picture upload, because an EventSource cannot follow a redirect to the
 * sign-in page: it answers its own refusals — 401 without a session, 403 for an account held on
 * Mein Konto (decision 0027), 429 past the streams one session may hold. The stream ends when the
 * session does.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await staffAccessOf(request, context);
  if ("refused" in access)
    return access.refused === "signed-out"
      ? refusal(401, "Nicht angemeldet.")
      : refusal(403, "Erst unter „Mein Konto“ die offenen Schritte erledigen.");
  const { sessionId } = access.granted;
  const stillOpen = sessionCheckOf(context);
  const stream = liveStreamResponse(services(context).live, {
    key: sessionId,
    stillAllowed: () => stillOpen(sessionId),
    signal: request.signal,
  });
  if (stream) return stream;
  // A stopping process takes no new stream: the browser tries again, and finds the next process.
  if (services(context).live.isClosed())
    return refusal(503, "Der Server startet gerade neu.", { "Retry-After": "1" });
  return refusal(429, "Zu viele offene Fenster mit Live-Aktualisierung.", { "Retry-After": "10" });
}
