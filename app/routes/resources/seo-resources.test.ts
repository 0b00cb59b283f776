import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { appContext, type AppServices } from "../../common/app-context.ts";
import { loader as robotsLoader } from "./robots.ts";
import { loader as sitemapLoader } from "./sitemap.ts";

/**
 * Calls a resource route's loader as the server would. The site's origin comes from the server
 * (PUBLIC_URL or the listening origin; server/app.test.ts proves the Host header is never used).
 */
async function fetchResource<Args>(loader: (args: Args) => Response, url: string, siteOrigin: string) {
  const context = new RouterContextProvider();
  context.set(appContext, { siteOrigin } as AppServices);
  const args = { request: new Request(url), context, params: {}, url: new URL(url), pattern: "" };
  return loader(args as Args);
}

const PUBLIC_PATHS = [
  "/",
  "/speisekarte",
  "/wochenkarte",
  "/mitteilungen",
  "/reservieren",
  "/impressum",
  "/datenschutz",
  "/nutzungsbedingungen",
  "/cookie-richtlinie",
];

describe("/robots.txt", () => {
  it("allows the site, keeps crawlers out of staff pages and names the sitemap", async () => {
    const response = await fetchResource(robotsLoader, "http://intern:3000/robots.txt", "https://tavola.de");
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/admin", "/login", "/passwort-vergessen", "/api/"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain("Sitemap: https://tavola.de/sitemap.xml");
  });

  it("names the sitemap at the site's origin, not the address the request names", async () => {
    const response = await fetchResource(
      robotsLoader,
      "http://evil.example/robots.txt?x=1",
      "http://127.0.0.1:3204",
    );
    expect(await response.text()).toContain("Sitemap: http://127.0.0.1:3204/sitemap.xml\n");
  });
});

describe("/sitemap.xml", () => {
  it("lists every public page with its absolute address, the legal pages with their date", async () => {
    const response = await fetchResource(
      sitemapLoader,
      "http://intern:3000/sitemap.xml",
      "https://www.tavola.de",
    );
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PUBLIC_PATHS.map((path) => `https://www.tavola.de${path}`));
    expect(xml).toContain("<loc>https://www.tavola.de/impressum</loc>\n    <lastmod>2024-05-17</lastmod>");
    expect(xml).not.toMatch(/admin|login/);
  });

  it("lists addresses at the site's origin, not the address the request names", async () => {
    const response = await fetchResource(
      sitemapLoader,
      "http://evil.example/sitemap.xml",
      "http://localhost:3304",
    );
    const xml = await response.text();
    expect(xml).toContain("<loc>http://localhost:3304/speisekarte</loc>");
    expect(xml).not.toContain("evil.example");
  });
});
