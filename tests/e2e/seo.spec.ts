import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";

/**
 * Search and sharing: titles, descriptions, Open Graph tags, canonical addresses, the restaurant's
 * structured data, robots.txt and the sitemap. The test server has no PUBLIC_URL, so absolute
 * addresses use the origin the browser asked for.
 */
const canonical = (page: Page) => page.locator('link[rel="canonical"]');
const metaContent = (page: Page, attribute: "name" | "property", key: string) =>
  page.locator(`meta[${attribute}="${key}"]`);

async function structuredData(page: Page): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0] ?? "") as Record<string, unknown>;
}

test.describe("Suchmaschinen und Teilen", () => {
  test("die Startseite hat Titel, Beschreibung, Open-Graph-Tags und eine absolute kanonische Adresse", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/?utm_source=test");
    await expect(page).toHaveTitle("Ristorante Tavola – Italienische Küche");
    const description = await metaContent(page, "name", "description").getAttribute("content");
    expect(description).toMatch(/italienische Küche/);
    await expect(metaContent(page, "property", "og:title")).toHaveAttribute(
      "content",
      "Ristorante Tavola – Italienische Küche",
    );
    await expect(metaContent(page, "property", "og:description")).toHaveAttribute(
      "content",
      description ?? "",
    );
    await expect(metaContent(page, "property", "og:type")).toHaveAttribute("content", "website");
    await expect(metaContent(page, "property", "og:locale")).toHaveAttribute("content", "de_DE");
    await expect(metaContent(page, "property", "og:site_name")).toHaveAttribute(
      "content",
      "Ristorante Tavola",
    );
    await expect(metaContent(page, "property", "og:url")).toHaveAttribute("content", `${baseURL}/`);
    await expect(metaContent(page, "property", "og:image")).toHaveAttribute(
      "content",
      `${baseURL}/bilder/hero.webp`,
    );
    await expect(metaContent(page, "name", "twitter:card")).toHaveAttribute("content", "summary_large_image");
    await expect(canonical(page)).toHaveCount(1);
    await expect(canonical(page)).toHaveAttribute("href", `${baseURL}/`);
    // In <head>, where crawlers look for it (React hoists it from the layout).
    await expect(page.locator('head > link[rel="canonical"]')).toHaveCount(1);
  });

  test("die Startseite beschreibt das Restaurant als schema.org/Restaurant (JSON-LD)", async ({
    page,
    baseURL,
  }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") violations.push(message.text());
    });
    await page.goto("/");
    const data = await structuredData(page);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Restaurant",
      name: "Ristorante Tavola",
      url: `${baseURL}/`,
      telephone: "+49 7071 123456",
      email: "info@ristorante-tavola.de",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Marktplatz 12",
        postalCode: "72070",
        addressLocality: "Tübingen",
        addressCountry: "DE",
      },
      servesCuisine: ["Italienisch"],
      acceptsReservations: true,
      hasMenu: `${baseURL}/speisekarte`,
    });
    expect(data.openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["https://schema.org/Sunday"],
      opens: "17:00",
      closes: "21:30",
    });
    expect(data.openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["https://schema.org/Monday"],
      opens: "00:00",
      closes: "00:00",
    });
    await waitForHydration(page);
    // Hydration keeps the block as it is and the CSP reports nothing about it.
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    expect(violations).toEqual([]);
  });

  test("jede öffentliche Seite nennt ihre eigene kanonische Adresse, ohne Query, auch nach Navigation", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/impressum?ref=newsletter");
    await expect(page).toHaveTitle("Impressum | Ristorante Tavola");
    await expect(canonical(page)).toHaveAttribute("href", `${baseURL}/impressum`);
    await expect(metaContent(page, "property", "og:url")).toHaveAttribute("content", `${baseURL}/impressum`);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);

    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Datenschutz" }).click();
    await expect(page).toHaveURL(/\/datenschutz$/);
    await expect(canonical(page)).toHaveCount(1);
    await expect(canonical(page)).toHaveAttribute("href", `${baseURL}/datenschutz`);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  });

  for (const path of ["/login", "/passwort-vergessen", "/gibt-es-nicht"]) {
    test(`${path} ist noindex und hat keine kanonische Adresse`, async ({ page }) => {
      await page.goto(path);
      await expect(metaContent(page, "name", "robots")).toHaveAttribute("content", "noindex, nofollow");
      await expect(canonical(page)).toHaveCount(0);
      await expect(metaContent(page, "property", "og:url")).toHaveCount(0);
    });
  }

  test("/admin ist noindex und hat keine kanonische Adresse", async ({ page, signIn }) => {
    await signIn(page);
    await page.goto("/admin");
    await expect(metaContent(page, "name", "robots")).toHaveAttribute("content", "noindex, nofollow");
    await expect(canonical(page)).toHaveCount(0);
    await expect(metaContent(page, "property", "og:title")).toHaveCount(0);
  });

  test("/robots.txt erlaubt die Website, sperrt Verwaltung und Anmeldung und nennt die Sitemap", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Disallow: /admin",
        "Disallow: /login",
        "Disallow: /passwort-vergessen",
        "Disallow: /api/",
        `Sitemap: ${baseURL}/sitemap.xml`,
      ]),
    );
  });

  test("/sitemap.xml listet die öffentlichen Seiten mit absoluten Adressen", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(
      [
        "/",
        "/speisekarte",
        "/wochenkarte",
        "/mitteilungen",
        "/reservieren",
        "/impressum",
        "/datenschutz",
        "/nutzungsbedingungen",
        "/cookie-richtlinie",
      ].map((path) => `${baseURL}${path}`),
    );
    for (const location of locations) {
      expect((await request.get(location ?? "")).status(), location).toBe(200);
    }
  });
});
