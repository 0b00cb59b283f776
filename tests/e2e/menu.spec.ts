import type { Locator, Page } from "@playwright/test";
import { accessibilityViolations, atPath, expect, test, waitForHydration } from "./fixtures.ts";

/**
 * The request by which the browser reads just this card's loader (the dialog's fetcher, and a client
 * navigation to the page, which fetches the routes with a clientLoader on their own).
 */
const cardRequest = (path: "/speisekarte" | "/wochenkarte") => (url: URL) =>
  url.pathname === `${path}.data` && url.searchParams.get("_routes") === `routes/site${path}`;
// One matcher each: page.unroute finds a route by the very same matcher.
const speisekarteData = cardRequest("/speisekarte");
const wochenkarteData = cardRequest("/wochenkarte");

const dish = (scope: Page | Locator, name: string) => scope.getByRole("listitem").filter({ hasText: name });

/** The hero's action buttons ('home.hero' cta_speisekarte / cta_wochenkarte). */
const heroButton = (page: Page, label: "Speisekarte" | "Wochenkarte") =>
  page.locator("#home").getByRole("button", { name: label, exact: true });

async function openFromHero(page: Page, label: "Speisekarte" | "Wochenkarte") {
  await page.goto("/");
  await waitForHydration(page);
  await heroButton(page, label).click();
  const dialog = page.getByRole("dialog", { name: `Unsere ${label}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

test.describe("Seite Speisekarte", () => {
  test("zeigt die Gerichte nach Kategorien mit Produktnummer und deutschen Preisen", async ({ page }) => {
    await page.goto("/speisekarte");
    await expect(page).toHaveTitle("Speisekarte | Ristorante Tavola");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Speisekarte/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsere Speisekarte");

    await expect(page.locator("main").getByRole("heading", { level: 2 })).toHaveText([
      "Antipasti",
      "Pasta",
      "Pizza",
      "Secondi",
      "Dolci",
    ]);
    const antipasti = page.getByRole("region", { name: "Antipasti" });
    await expect(antipasti.getByRole("listitem")).toHaveCount(3);
    await expect(dish(antipasti, "Bruschetta Classica")).toContainText("1. Bruschetta Classica");
    await expect(dish(antipasti, "Bruschetta Classica")).toContainText("6,90 €");
    await expect(dish(antipasti, "Bruschetta Classica")).toContainText("Geröstetes Brot mit Tomaten");
    const pasta = page.getByRole("region", { name: "Pasta" });
    await expect(dish(pasta, "Spaghetti Carbonara")).toContainText("10. Spaghetti Carbonara");
    await expect(dish(pasta, "Spaghetti Carbonara")).toContainText("13,50 €");
    await expect(dish(page.getByRole("region", { name: "Secondi" }), "Branzino")).toContainText("24,90 €");

    await expect(page.getByRole("link", { name: "Zurück zur Startseite" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Zur Wochenkarte" })).toHaveAttribute("href", "/wochenkarte");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test("zeigt bei einem Ladefehler in der Seite 'Fehler: …' statt einer Fehlerseite", async ({ page }) => {
    await page.goto("/wochenkarte");
    await waitForHydration(page);
    await page.route(speisekarteData, (route) => route.fulfill({ status: 500, body: "kaputt" }));
    await page.getByRole("link", { name: "Zur Speisekarte" }).click();

    await expect(page).toHaveURL(atPath("/speisekarte"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsere Speisekarte");
    await expect(page.getByRole("alert")).toContainText(
      "Fehler: Ein Fehler ist beim Laden der Speisekarte aufgetreten.",
    );
    await expect(page.getByRole("link", { name: "Erneut versuchen" })).toHaveAttribute(
      "href",
      "/speisekarte",
    );

    await page.unroute(speisekarteData);
    await page.getByRole("link", { name: "Erneut versuchen" }).click();
    await expect(dish(page, "Bruschetta Classica")).toContainText("6,90 €");
  });
});

test.describe("Seite Wochenkarte", () => {
  test("zeigt die Wochengerichte als Liste mit Preisen und dem Hinweis auf begrenzte Zeit", async ({
    page,
  }) => {
    await page.goto("/wochenkarte");
    await expect(page).toHaveTitle("Wochenkarte | Ristorante Tavola");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsere Wochenkarte");

    const meals = page.locator("main").getByRole("listitem");
    await expect(meals).toHaveCount(3);
    await expect(meals.nth(0)).toContainText("Ossobuco alla Milanese");
    await expect(meals.nth(0)).toContainText("26,90 €");
    await expect(meals.nth(0)).toContainText("Geschmorte Kalbshaxe");
    await expect(meals.nth(1)).toContainText("Pappardelle al Cinghiale");
    await expect(meals.nth(1)).toContainText("18,90 €");
    await expect(meals.nth(2)).toContainText("Zuppa di Zucca");
    await expect(meals.nth(2)).toContainText("8,50 €");
    await expect(
      page.getByText("Alle Angebote der Wochenkarte gelten nur für begrenzte Zeit."),
    ).toBeVisible();

    await expect(page.getByRole("link", { name: "Zurück zur Startseite" })).toHaveAttribute("href", "/");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test("ist auf dem Handy ohne waagrechtes Scrollen lesbar", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/wochenkarte", "/speisekarte"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("Dialog 'Unsere Speisekarte' auf der Startseite", () => {
  test("zeigt die Karte, sperrt das Scrollen, nennt das Restaurant und schließt per Button", async ({
    page,
  }) => {
    const dialog = await openFromHero(page, "Speisekarte");
    await expect(dialog.getByRole("heading", { name: "Antipasti" })).toBeVisible();
    await expect(dish(dialog, "Bruschetta Classica")).toContainText("1. Bruschetta Classica");
    await expect(dish(dialog, "Bruschetta Classica")).toContainText("6,90 €");
    await expect(dialog.getByText("Ristorante Tavola", { exact: true })).toBeVisible();
    expect(await bodyOverflow(page)).toBe("hidden");
    expect(await accessibilityViolations(page)).toEqual([]);

    await dialog.getByRole("button", { name: "Dialog schließen" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await bodyOverflow(page)).not.toBe("hidden");
  });

  test("schließt mit Escape und mit einem Klick neben den Dialog", async ({ page }) => {
    await openFromHero(page, "Speisekarte");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await heroButton(page, "Speisekarte").click();
    await expect(page.getByRole("dialog", { name: "Unsere Speisekarte" })).toBeVisible();
    await page.mouse.click(8, 8);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("zeigt den Ladezustand, bis die Karte da ist, und lädt bei jedem Öffnen neu", async ({ page }) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    await page.route(speisekarteData, async (route) => {
      requests += 1;
      await released;
      await route.continue();
    });

    const dialog = await openFromHero(page, "Speisekarte");
    await expect(dialog.getByRole("status")).toHaveText("Speisekarte wird geladen...");
    release();
    await expect(dish(dialog, "Bruschetta Classica")).toBeVisible();
    await expect(dialog.getByRole("status")).toHaveCount(0);
    expect(requests).toBe(1);

    await page.keyboard.press("Escape");
    await heroButton(page, "Speisekarte").click();
    await expect(dish(dialog, "Bruschetta Classica")).toBeVisible();
    await expect.poll(() => requests).toBe(2);
  });

  test("zeigt einen Ladefehler als 'Fehler: …' und lädt mit 'Erneut versuchen' neu", async ({ page }) => {
    await page.route(speisekarteData, (route) => route.fulfill({ status: 500, body: "kaputt" }));
    const dialog = await openFromHero(page, "Speisekarte");
    await expect(dialog.getByRole("alert")).toContainText(
      "Fehler: Ein Fehler ist beim Laden der Speisekarte aufgetreten.",
    );
    // The home page itself stays: no error page.
    await expect(page.locator("#home")).toBeVisible();

    await page.unroute(speisekarteData);
    await dialog.getByRole("button", { name: "Erneut versuchen" }).click();
    await expect(dish(dialog, "Bruschetta Classica")).toContainText("6,90 €");
    await expect(dialog.getByRole("alert")).toHaveCount(0);
  });

  test("führt zur eigenen Seite der Speisekarte", async ({ page }) => {
    const dialog = await openFromHero(page, "Speisekarte");
    await dialog.getByRole("link", { name: "Speisekarte als eigene Seite öffnen" }).click();
    await expect(page).toHaveURL(atPath("/speisekarte"));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsere Speisekarte");
    expect(await bodyOverflow(page)).not.toBe("hidden");
  });
});

test.describe("Dialog 'Unsere Wochenkarte' auf der Startseite", () => {
  test("zeigt die Wochengerichte mit Hinweis und Restaurant und schließt sich", async ({ page }) => {
    const dialog = await openFromHero(page, "Wochenkarte");
    await expect(dish(dialog, "Ossobuco alla Milanese")).toContainText("26,90 €");
    await expect(dialog.getByRole("listitem")).toHaveCount(3);
    await expect(
      dialog.getByText("Alle Angebote der Wochenkarte gelten nur für begrenzte Zeit."),
    ).toBeVisible();
    await expect(dialog.getByText("Ristorante Tavola", { exact: true })).toBeVisible();
    expect(await bodyOverflow(page)).toBe("hidden");
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await bodyOverflow(page)).not.toBe("hidden");
  });

  test("zeigt Lade- und Fehlerzustand", async ({ page }) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(wochenkarteData, async (route) => {
      await released;
      await route.fulfill({ status: 500, body: "kaputt" });
    });
    const dialog = await openFromHero(page, "Wochenkarte");
    await expect(dialog.getByRole("status")).toHaveText("Wochenkarte wird geladen...");
    release();
    await expect(dialog.getByRole("alert")).toContainText(
      "Fehler: Ein Fehler ist beim Laden der Wochenkarte aufgetreten.",
    );
  });
});
