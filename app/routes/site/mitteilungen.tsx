import { data } from "react-router";
import { ContentPage, ReloadLink } from "../../components/content-page.tsx";
import { listVisibleAnnouncements } from "../../features/announcements/index.server.ts";
import { PublicAnnouncements } from "../../features/announcements/index.ts";
import { announcementMessages, type AnnouncementsPayload } from "../../features/announcements/index.ts";
import { services } from "../../common/app-context.ts";
import { berlinToday } from "../../lib/format.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/mitteilungen";

export const meta: Route.MetaFunction = () =>
  siteMeta({
    title: "Mitteilungen",
    description:
      "Aktuelle Hinweise und Neuigkeiten von Ristorante Tavola: Öffnungszeiten, Aktionen, Termine.",
  });

/**
 * The announcements guests see today, as a page of its own: where the home page's 'Mitteilungen'
 * link leads before the page's scripts have run (or in a new tab), and a page to link to. An error
 * is answered 500, so it is never kept (docs/decisions/0020).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, logger } = services(context);
  try {
    const announcements = await listVisibleAnnouncements(database.db, berlinToday());
    return { announcements } satisfies AnnouncementsPayload;
  } catch (error) {
    logger.error("announcements read failed", { error });
    return data({ error: announcementMessages.loadFailed } satisfies AnnouncementsPayload, { status: 500 });
  }
}

export default function MitteilungenPage({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage title="Mitteilungen" intro="Aktuelle Hinweise und Neuigkeiten aus unserem Restaurant.">
      <PublicAnnouncements
        payload={loaderData}
        headingLevel={2}
        retry={<ReloadLink href="/mitteilungen" />}
      />
    </ContentPage>
  );
}
