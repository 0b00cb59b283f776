import { services } from "../../common/app-context.ts";
import { canonicalUrl } from "../../lib/meta.ts";
import { LEGAL_PAGES, PUBLIC_PAGES } from "../../lib/public-pages.ts";
import type { Route } from "./+types/sitemap";

/**
 * The public pages for search engines, with absolute addresses from PUBLIC_URL (or the request's
 * origin). `lastmod` only where it is known to be true: the legal pages carry a fixed date
 * (LEGAL_DATE in the legal feature); the others change whenever staff edit menus or texts.
 */
const LEGAL_PAGES_DATE = "2024-05-17";

const sitemapPages: ReadonlyArray<{ path: string; lastmod?: string }> = PUBLIC_PAGES.map((path) =>
  LEGAL_PAGES.has(path) ? { path, lastmod: LEGAL_PAGES_DATE } : { path },
);

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);

function sitemapXml(origin: string): string {
  const entries = sitemapPages.map(({ path, lastmod }) => {
    const lines = [`    <loc>${escapeXml(canonicalUrl(origin, path))}</loc>`];
    if (lastmod) lines.push(`    <lastmod>${lastmod}</lastmod>`);
    return `  <url>\n${lines.join("\n")}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

export function loader({ context }: Route.LoaderArgs) {
  const origin = services(context).siteOrigin;
  return new Response(sitemapXml(origin), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
