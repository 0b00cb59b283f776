/** Title and description for a page; every page names the restaurant in its title. */
export const SITE_NAME = "Ristorante Tavola";
export const SITE_DESCRIPTION =
  "Authentische italienische Küche: hausgemachte Pasta, Pizza, Wochenkarte und Weine. Jetzt online einen Tisch reservieren.";

/**
 * The page's `<title>`, description and sharing tags (Open Graph, Twitter card). The tags that need
 * the site's address — canonical link, `og:url`, `og:image` — are rendered by the public layout,
 * which knows the origin and the path; pages outside it (staff area, sign-in) are `noindex` and get
 * neither sharing tags nor a canonical URL.
 */
export function siteMeta({
  title,
  description,
  noindex,
}: {
  title?: string;
  description?: string;
  noindex?: boolean;
}) {
  const fullTitle = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} – Italienische Küche`;
  const text = description ?? SITE_DESCRIPTION;
  if (noindex) {
    return [
      { title: fullTitle },
      { name: "description", content: text },
      { name: "robots", content: "noindex, nofollow" },
    ];
  }
  return [
    { title: fullTitle },
    { name: "description", content: text },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: text },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "de_DE" },
    { property: "og:site_name", content: SITE_NAME },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** The canonical address of a page: origin and path, never a query string or fragment. */
export function canonicalUrl(origin: string, pathname: string): string {
  return `${origin}${pathname.startsWith("/") ? pathname : `/${pathname}`}`;
}
