import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import {
  accessibilityViolations,
  animationsDone,
  expect,
  framesRendered,
  hydrationSettled,
  test,
  waitForHydration,
} from "./fixtures.ts";

/** The home page's sections in order (the footer carries `#contact`). */
const ANCHORS = ["home", "about", "menu", "gallery", "reservations", "reservation-form-area", "contact"];
const SECTIONS = ["home", "about", "menu", "gallery", "reservations"];

const hero = (page: Page) => page.locator("section#home");
const parallaxLayer = (page: Page) => hero(page).locator("[data-parallax]");
const aboutContent = (page: Page) => page.locator("section#about [data-reveal]");
const reviews = (page: Page) => page.getByRole("region", { name: "Bewertungen unserer Gäste" });
/** The slide the carousel shows: the others are hidden from the accessibility tree. */
const visibleSlide = (page: Page) => reviews(page).getByRole("group");

/** The vertical offset of the parallax layer's transform (0 when it has none). */
const parallaxOffset = (page: Page) =>
  parallaxLayer(page).evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).m42);

/** axe with the same WCAG 2.x A/AA rules as `accessibilityViolations`, leaving out one part of the page. */
async function violationsOutside(page: Page, excluded: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .exclude(excluded)
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

/**
 * Resolves once the about section has decided whether to fade in: its effect has run (the page's
 * effects are done), its observer has had its first report (one of the test's own, made later, has
 * had it too) and React has rendered what it decided.
 */
async function revealDecided(page: Page) {
  await hydrationSettled(page);
  await aboutContent(page).evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(() => {
          observer.disconnect();
          resolve();
        });
        observer.observe(element);
      }),
  );
  await framesRendered(page);
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
}

test.describe("Startseite: Abschnitte", () => {
  test("alle Abschnitte mit ihren Ankern, eine einzige h1", async ({ page }) => {
    await page.goto("/");
    for (const id of ANCHORS) await expect(page.locator(`[id="${id}"]`), `#${id}`).toHaveCount(1);
    for (const id of SECTIONS)
      await expect(page.locator(`section[id="${id}"]`), `section#${id}`).toHaveCount(1);
    await expect(page.locator("#reservations #reservation-form-area")).toHaveCount(1);
    await expect(page.locator("footer#contact")).toHaveCount(1);

    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveAccessibleName(
      "Willkommen im Ristorante Tavola",
    );
    await expect(
      page.getByRole("heading", { level: 2, name: "Eine Familie, eine Leidenschaft" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Aus unserer Speisekarte" })).toBeAttached();
    await expect(
      page.getByRole("heading", { level: 2, name: "Eindrücke aus dem Ristorante" }),
    ).toBeAttached();
    await expect(page.getByRole("heading", { level: 2, name: "Was unsere Gäste sagen" })).toBeAttached();
    await expect(page.getByRole("heading", { level: 2, name: "Reservieren Sie Ihren Tisch" })).toBeAttached();
  });

  test("das HTML des Servers enthält die Texte (ohne JavaScript lesbar)", async ({ page }) => {
    const response = await page.request.get("/");
    expect(response.status()).toBe(200);
    const body = await response.text();
    // What the browser shows, without the scripts (whose data carries the stored markup as it is).
    const html = body.replace(/<script\b[\s\S]*?<\/script>/g, "");
    // Hero: the headline markup is rendered as elements, never as raw text or HTML.
    expect(html).toMatch(/<h1[^>]*>Willkommen im<br\/><span class="[^"]*">Ristorante Tavola<\/span><\/h1>/);
    expect(html).not.toContain("[red]");
    expect(html).toContain("Authentische Italienische Küche");
    // The default picture, small and responsive, fetched first.
    expect(html).toMatch(/<img[^>]+srcSet="\/bilder\/hero-960\.webp 960w, \/bilder\/hero\.webp 1600w"/i);
    expect(html).toMatch(/<img[^>]+fetchPriority="high"/i);
    // About: the text is in the HTML and not hidden (it only fades when JavaScript runs).
    expect(html).toContain("Seit über dreißig Jahren kochen wir nach den Rezepten unserer Familie");
    expect(html).toContain('data-reveal="static"');
    expect(html).toContain("Jahre Tradition");
    expect(html).toContain("„Kochen ist Liebe, die man schmecken kann.“");
    // Testimonials: all four reviews with their ratings.
    for (const author of ["Maria Schneider", "Thomas Weber", "Jonas Keller", "Sabine Hoffmann"]) {
      expect(html).toContain(author);
    }
    expect(html).toContain("5 von 5 Sternen");
    expect(html).toContain("4 von 5 Sternen");
    // Reservations: how to reserve now, phone and e-mail as links, opening hours.
    expect(html).toContain('href="tel:07071123456"');
    expect(html).toContain("mailto:info@ristorante-tavola.de");
    expect(html).toContain("11:30–14:00 und 17:00–22:00 Uhr");
  });

  test("die mitgelieferten Bilder werden ausgeliefert und sind klein", async ({ request }) => {
    for (const [path, maxBytes] of [
      ["/bilder/hero.webp", 100_000],
      ["/bilder/hero-960.webp", 60_000],
      ["/bilder/hero-hoch.webp", 60_000],
      ["/bilder/ueber-uns.webp", 100_000],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toBe("image/webp");
      expect((await response.body()).length, path).toBeLessThan(maxBytes);
    }
  });
});

test.describe("Startseite: Skripte", () => {
  test("Zod (the form's checks) loads only when a guest starts on the form, not with the page", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await waitForHydration(page);
    // The form's constants are in the page's first scripts; its schema, with Zod, is not.
    expect(scripts.filter((script) => /zod/i.test(script))).toEqual([]);
    await page.locator("#reservations").getByLabel("Name").first().focus();
    await expect.poll(() => scripts.some((script) => /zod/i.test(script))).toBe(true);
  });
});

test.describe("Startseite: Hero", () => {
  test("die Aktionen öffnen Speisekarte, Wochenkarte und Mitteilungen", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    for (const [label, title] of [
      ["Speisekarte", "Unsere Speisekarte"],
      ["Wochenkarte", "Unsere Wochenkarte"],
      ["Mitteilungen", "Mitteilungen"],
    ] as const) {
      const button = hero(page).getByRole("button", { name: label, exact: true });
      await button.click();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog, title).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(button, `${label}: focus back on the button`).toBeFocused();
    }
  });

  test("'Tisch reservieren' springt zur Reservierung, der Scroll-Hinweis zu 'Über uns'", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await hero(page).getByRole("link", { name: "Tisch reservieren" }).click();
    await expect(page).toHaveURL(/#reservations$/);
    await expect(page.locator("#reservations h2")).toBeInViewport();

    await page.goto("/");
    await waitForHydration(page);
    const hint = hero(page).getByRole("link", { name: "Mehr entdecken" });
    await expect(hint).toHaveAttribute("href", "#about");
    await hint.click();
    await expect(page).toHaveURL(/#about$/);
    await expect(page.locator("#about h2")).toBeInViewport();
  });

  test("Parallaxe: der Hintergrund bewegt sich mit 0,4 × der Scroll-Strecke", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    expect(await parallaxOffset(page)).toBe(0);
    await scrollTo(page, 300);
    await expect.poll(() => parallaxOffset(page)).toBe(120);
    await scrollTo(page, 100);
    await expect.poll(() => parallaxOffset(page)).toBe(40);
    await scrollTo(page, 0);
    await expect.poll(() => parallaxOffset(page)).toBe(0);
  });

  test("keine Parallaxe bei 'Bewegung reduzieren'", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await waitForHydration(page);
    await scrollTo(page, 300);
    // A would-be parallax moves the layer in the frame after the scroll.
    await framesRendered(page);
    expect(await parallaxOffset(page)).toBe(0);
  });
});

test.describe("Startseite: Über uns", () => {
  test("blendet sich beim Hineinscrollen ein", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    // Below the full-screen hero: hidden once the page has come to life ...
    await expect(aboutContent(page)).toHaveAttribute("data-reveal", "hidden");
    await expect(aboutContent(page)).toHaveCSS("opacity", "0");
    // ... and faded in once 10 % of it are on screen.
    await page.locator("#about h2").scrollIntoViewIfNeeded();
    await expect(aboutContent(page)).toHaveAttribute("data-reveal", "shown");
    await expect(aboutContent(page)).toHaveCSS("opacity", "1");
    await expect(
      page.getByRole("img", { name: "Gedeckter Tisch mit Pasta, Brot und einem Glas Rotwein" }),
    ).toBeVisible();
    await expect(page.getByText("„Kochen ist Liebe, die man schmecken kann.“")).toBeVisible();
  });

  test("bleibt sichtbar, wenn sie beim Hydrieren schon zu sehen ist oder Bewegung reduziert ist", async ({
    page,
  }) => {
    // Hold back the script that hydrates the page until the visitor has scrolled to 'Über uns'.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.locator("#about h2").scrollIntoViewIfNeeded();
    await expect(page.locator("#about h2")).toBeInViewport();
    release();
    await revealDecided(page);
    await expect(aboutContent(page)).toHaveAttribute("data-reveal", "static");
    await expect(aboutContent(page)).toHaveCSS("opacity", "1");
    await page.unrouteAll();

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await revealDecided(page);
    await expect(aboutContent(page)).toHaveAttribute("data-reveal", "static");
    await expect(aboutContent(page)).toHaveCSS("opacity", "1");
  });
});

test.describe("Startseite: Bewertungen", () => {
  test("das Karussell blättert mit 'Nächste' und 'Vorherige' und beginnt wieder von vorn", async ({
    page,
  }) => {
    // Without the carousel turning by itself between two presses (it would, on a slow machine, where
    // five seconds pass between them): the buttons are the same with 'Bewegung reduzieren'.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await waitForHydration(page);
    const carousel = reviews(page);
    await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    await expect(visibleSlide(page)).toHaveCount(1);
    await expect(visibleSlide(page)).toHaveAccessibleName("1 von 4");
    await expect(visibleSlide(page)).toContainText("von 5 Sternen");
    await expect(visibleSlide(page)).toContainText("Maria Schneider");

    const next = carousel.getByRole("button", { name: "Nächste" });
    for (const expected of ["2 von 4", "3 von 4", "4 von 4", "1 von 4"]) {
      await next.click();
      await expect(visibleSlide(page)).toHaveAccessibleName(expected);
    }
    await carousel.getByRole("button", { name: "Vorherige" }).click();
    await expect(visibleSlide(page)).toHaveAccessibleName("4 von 4");
    await expect(visibleSlide(page)).toContainText("Sabine Hoffmann");
    await carousel.getByRole("button", { name: "Zeige 3 von 4" }).click();
    await expect(visibleSlide(page)).toHaveAccessibleName("3 von 4");
    await expect(visibleSlide(page)).toContainText("4 von 5 Sternen");
  });

  test("das Karussell blättert alle 5 Sekunden von selbst weiter und hält unter dem Mauszeiger an", async ({
    page,
  }) => {
    // The page's clock stands still from the start, so the carousel's five seconds are the clock's
    // alone, however long the machine takes to hydrate. The page hydrates a frame and a task after
    // its first paint (app/entry.client.tsx), both on that clock: moving it on a little lets that
    // happen; React itself does not wait on the clock.
    const now = Date.now();
    await page.clock.install({ time: now });
    await page.clock.pauseAt(now + 1_000);
    await page.goto("/");
    // Hydration has not only started but run its effects (the form checks for itself from then on):
    // the carousel's timer is armed before the clock is moved on. Asked from outside the page
    // (`waitForHydration` polls with the page's own, stopped, frames), a little clock time at a
    // time: the carousel's timer is at most one step old when it is seen.
    const form = page.getByRole("form", { name: "Reservierungsanfrage" });
    await expect(async () => {
      await page.clock.runFor(50);
      await expect(form).toHaveAttribute("novalidate", "", { timeout: 250 });
    }).toPass();
    await expect(visibleSlide(page)).toHaveAccessibleName("1 von 4");
    await page.clock.runFor(5_000);
    await expect(visibleSlide(page)).toHaveAccessibleName("2 von 4");
    await page.clock.runFor(5_000);
    await expect(visibleSlide(page)).toHaveAccessibleName("3 von 4");

    await reviews(page).hover();
    await page.clock.runFor(12_000);
    await expect(visibleSlide(page)).toHaveAccessibleName("3 von 4");

    await page.mouse.move(5, 5);
    await page.clock.runFor(5_000);
    await expect(visibleSlide(page)).toHaveAccessibleName("4 von 4");
    await page.clock.runFor(5_000);
    await expect(visibleSlide(page)).toHaveAccessibleName("1 von 4");
  });

  test("kein automatisches Weiterblättern bei 'Bewegung reduzieren'", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    await page.clock.runFor(16_000);
    await expect(visibleSlide(page)).toHaveAccessibleName("1 von 4");
    await expect(reviews(page).getByRole("button", { name: /Weiterblättern/ })).toHaveCount(0);
  });

  test("der Link zu allen Bewertungen öffnet einen neuen Tab", async ({ page }) => {
    await page.goto("/");
    const link = page.getByRole("link", { name: /Alle Bewertungen ansehen/ });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    await expect(link).toHaveAccessibleName(/öffnet in neuem Tab/);
    await expect(link).toHaveAttribute(
      "href",
      `https://www.google.com/search?q=${encodeURIComponent("Ristorante Tavola Tübingen Bewertungen")}`,
    );
  });
});

test.describe("Startseite: Reservierung", () => {
  test("der Bereich der Reservierung zeigt das Formular und nennt Telefon, E-Mail, Adresse und Öffnungszeiten", async ({
    page,
  }) => {
    await page.goto("/#reservation-form-area");
    const area = page.locator("#reservation-form-area");
    await expect(area).toBeInViewport();
    await expect(area.getByRole("heading", { name: "Reservierungsanfrage" })).toBeVisible();
    await expect(area.getByRole("form", { name: "Reservierungsanfrage" })).toBeVisible();
    const section = page.locator("section#reservations");
    await expect(section.getByRole("link", { name: "07071 123456" })).toHaveAttribute(
      "href",
      "tel:07071123456",
    );
    await expect(section.getByRole("link", { name: "info@ristorante-tavola.de" })).toHaveAttribute(
      "href",
      /^mailto:info@ristorante-tavola\.de/,
    );
    await expect(section.getByRole("heading", { name: "Telefon" })).toBeVisible();
    await expect(section.getByRole("heading", { name: "Adresse" })).toBeVisible();
    await expect(section.getByText("Marktplatz 12")).toBeVisible();
    await expect(section.getByRole("heading", { name: "Öffnungszeiten" })).toBeVisible();
    await expect(section.getByText("Ruhetag", { exact: true })).toBeVisible();
  });
});

test.describe("Startseite: Layout und Barrierefreiheit", () => {
  test("kein Layout-Versatz beim Laden und Hydrieren", async ({ page }) => {
    await page.addInitScript(() => {
      const target = window as unknown as { __layoutShift: number };
      target.__layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) {
          target.__layoutShift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await hydrationSettled(page);
      await page.waitForLoadState("networkidle");
      // Late shifts come from fonts and transitions (pictures are in: the network is idle).
      await page.evaluate(() => document.fonts.ready);
      await animationsDone(page);
      await framesRendered(page);
      const shift = await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
      expect(shift, `${viewport.width} px`).toBeLessThan(0.01);
    }
    // A busy machine paints from part of the HTML unless the page waits for the whole hero; the
    // element the page waits for must exist and follow the hero (a renamed section would end it).
    const awaitedAfterHero = await page.evaluate(() => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="expect"][blocking="render"]');
      const awaited = link && document.querySelector(link.getAttribute("href") ?? "");
      const hero = document.querySelector("section#home");
      return Boolean(
        awaited &&
        hero &&
        hero.compareDocumentPosition(awaited) & Node.DOCUMENT_POSITION_FOLLOWING &&
        !hero.contains(awaited),
      );
    });
    expect(awaitedAfterHero).toBe(true);
  });

  test("auf dem Handy (390 px) scrollt nichts seitwärts", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await waitForHydration(page);
    for (const id of SECTIONS) {
      await page.locator(`section#${id}`).scrollIntoViewIfNeeded();
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll, `#${id}`).toBeLessThanOrEqual(widths.client);
    }
    // The four hero actions fit the phone's width.
    for (const button of await hero(page).getByRole("button").all()) {
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
  });

  for (const viewport of [
    { name: "Desktop", width: 1280, height: 800 },
    { name: "Handy", width: 390, height: 844 },
  ]) {
    test(`axe findet auf / keine Verstöße (${viewport.name})`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto("/");
      await waitForHydration(page);
      // Scroll through once so the about section has faded in, as a visitor would see it. Scrolled
      // there before the section's first visibility report, it is left as it was ('static').
      await page.locator("#about h2").scrollIntoViewIfNeeded();
      await expect(aboutContent(page)).toHaveAttribute("data-reveal", /^(shown|static)$/);
      await expect(aboutContent(page)).toHaveCSS("opacity", "1");
      // With the navigation bar solid (scrolled past 20 px): the whole page.
      await scrollTo(page, 200);
      await expect(page.locator("header")).toHaveAttribute("data-scrolled", "true");
      await animationsDone(page);
      expect(await accessibilityViolations(page)).toEqual([]);

      // Back at the top, over the hero, the bar is transparent. axe 4.14 cannot judge text in a
      // `position: fixed` element on a transparent background: it takes the background from whatever
      // lies at the middle of the whole document (here: a section far below). So the page is checked
      // without the bar; the hero's dark overlay is what keeps the bar's white text readable.
      await scrollTo(page, 0);
      await expect(page.locator("header")).toHaveAttribute("data-scrolled", "false");
      await animationsDone(page);
      expect(await violationsOutside(page, "header")).toEqual([]);
    });
  }
});
