import { services } from "../../common/app-context.ts";
import { canonicalUrl } from "../../lib/meta.ts";
import type { Route } from "./+types/robots";

/** Everything public may be crawled; the staff area, sign-in and the JSON endpoints may not. */
const DISALLOWED = ["/admin", "/login", "/passwort-vergessen", "/api/"];

function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${canonicalUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

export function loader({ context }: Route.LoaderArgs) {
  const origin = services(context).siteOrigin;
  return new Response(robotsTxt(origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
