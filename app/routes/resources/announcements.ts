import { listVisibleAnnouncements } from "../../features/announcements/index.server.ts";
import {
  announcementMessages,
  type AnnouncementsPayload,
  type PublicAnnouncement,
} from "../../features/announcements/index.ts";
import { services } from "../../common/app-context.ts";
import { berlinToday } from "../../lib/format.ts";
import type { Route } from "./+types/announcements";

// Staff changes show at once (decision 0013), and what is valid depends on today's date: browsers
// do not keep it unasked. The server keeps the answer itself (decision 0020) and sends it with
// `no-cache` and an ETag; an error is never kept.
const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/mitteilungen: the announcements guests see today, as JSON. */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, logger } = services(context);
  try {
    const announcements = await listVisibleAnnouncements(database.db, berlinToday());
    return Response.json({ announcements } satisfies AnnouncementsPayload, { headers: NO_STORE });
  } catch (error) {
    logger.error("announcements read failed", { error });
    return Response.json({ error: announcementMessages.loadFailed } satisfies AnnouncementsPayload, {
      status: 500,
      headers: NO_STORE,
    });
  }
}

/**
 * The dialog loads this route with a fetcher, which runs this in the browser: it reads the JSON
 * above directly. A fetcher whose request fails (offline, a proxy's error page) would hand the
 * error to the page's error boundary and replace the home page; here every outcome becomes data
 * the dialog can show, with its 'Erneut versuchen' button.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<AnnouncementsPayload> {
  try {
    const response = await fetch("/api/mitteilungen", {
      signal: request.signal,
      headers: { Accept: "application/json" },
    });
    const payload: unknown = await response.json();
    if (response.ok && isPayload(payload)) return payload;
  } catch (error) {
    if (request.signal.aborted) throw error;
  }
  return { error: announcementMessages.loadFailed };
}

function isPayload(value: unknown): value is { announcements: PublicAnnouncement[] } {
  return (
    typeof value === "object" &&
    value !== null &&
    Array.isArray((value as { announcements?: unknown }).announcements)
  );
}
