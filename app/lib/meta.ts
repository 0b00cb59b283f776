/** Title and description for a page; every page names the restaurant in its title. */
export const SITE_NAME = "Ristorante Tavola";
export const SITE_DESCRIPTION =
  "Authentische italienische Küche: hausgemachte Pasta, Pizza, Wochenkarte und Weine. Jetzt online einen Tisch reservieren.";

export function siteMeta({
  title,
  description,
  noindex,
}: {
  title?: string;
  description?: string;
  noindex?: boolean;
}) {
  return [
    { title: title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} – Italienische Küche` },
    { name: "description", content: description ?? SITE_DESCRIPTION },
    ...(noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
  ];
}
