import { loadSpeisekarte } from "../../features/menu/index.server.ts";
import { MenuPage, menuFailure } from "../../features/menu/index.ts";
import { services } from "../../common/app-context.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/speisekarte";

export const meta: Route.MetaFunction = () =>
  siteMeta({
    title: "Speisekarte",
    description:
      "Die Speisekarte von Ristorante Tavola: Antipasti, hausgemachte Pasta, Pizza aus dem Steinofen, Secondi und Dolci mit Preisen.",
  });

/** The home page's 'Unsere Speisekarte' dialog loads this too (useFetcher), so there is one source. */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, logger } = services(context);
  return loadSpeisekarte(database.db, logger);
}

/**
 * In the browser (client navigation, the dialog's fetcher) a failed request would otherwise end on the
 * error page; the guest gets the card's error state instead.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch {
    return menuFailure("speisekarte");
  }
}

export default function SpeisekartePage({ loaderData }: Route.ComponentProps) {
  return <MenuPage menu={loaderData} />;
}
