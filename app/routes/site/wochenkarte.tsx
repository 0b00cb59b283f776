import { loadWochenkarte } from "../../features/menu/index.server.ts";
import { MenuPage, menuFailure } from "../../features/menu/index.ts";
import { services } from "../../common/app-context.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/wochenkarte";

export const meta: Route.MetaFunction = () =>
  siteMeta({
    title: "Wochenkarte",
    description:
      "Die Wochenkarte von Ristorante Tavola: wechselnde saisonale Gerichte mit Preisen, nur für begrenzte Zeit.",
  });

/** The home page's 'Unsere Wochenkarte' dialog loads this too (useFetcher), so there is one source. */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, logger } = services(context);
  return loadWochenkarte(database.db, logger);
}

/**
 * In the browser (client navigation, the dialog's fetcher) a failed request would otherwise end on the
 * error page; the guest gets the card's error state instead.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch {
    return menuFailure("wochenkarte");
  }
}

export default function WochenkartePage({ loaderData }: Route.ComponentProps) {
  return <MenuPage menu={loaderData} />;
}
