import { ArrowLeft, RotateCw } from "lucide-react";
import { data, Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { listVisibleAnnouncements } from "../../features/announcements/announcements.server.ts";
import { PublicAnnouncements } from "../../features/announcements/components/public-announcements.tsx";
import { announcementMessages, type AnnouncementsPayload } from "../../features/announcements/schema.ts";
import { services } from "../../lib/app-context.ts";
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
    <div className="mx-auto max-w-3xl px-4 py-12 md:py-20">
      <header className="text-center">
        <h1 className="text-4xl font-bold md:text-5xl">Mitteilungen</h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-muted">
          Aktuelle Hinweise und Neuigkeiten aus unserem Restaurant.
        </p>
      </header>
      <div className="mt-10 rounded-lg bg-white p-5 shadow-sm md:p-10">
        <PublicAnnouncements
          payload={loaderData}
          headingLevel={2}
          retry={
            // A plain link reloads the whole page, which works before (or without) JavaScript too.
            <Button asChild variant="outline">
              <a href="/mitteilungen">
                <RotateCw aria-hidden="true" />
                Erneut versuchen
              </a>
            </Button>
          }
        />
      </div>
      <nav aria-label="Weiter" className="mt-10 flex justify-center sm:justify-start">
        <Button asChild variant="outline">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Zurück zur Startseite
          </Link>
        </Button>
      </nav>
    </div>
  );
}
