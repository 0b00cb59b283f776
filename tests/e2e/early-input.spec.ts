import type { Page } from "@playwright/test";
import { expect, test, toastRegion, within } from "./fixtures.ts";
import { holdScripts } from "./support/hold-scripts.ts";
import { insertReservation, openDayAhead } from "./support/reservations.ts";

/**
 * Nothing a person does is lost while the page's scripts are still on their way
 * (docs/decisions/0029): each test holds the scripts back, acts as a guest or staff member would,
 * then lets them through.
 */

/** Resolves once the page has hydrated and what came before it has been carried out. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => window.__tavolaEarly?.carriedOut === true, undefined, within(15_000));

const hero = (page: Page) => page.locator("#home");

test.describe("before the scripts have run", () => {
  for (const [label, path, heading] of [
    ["Speisekarte", "/speisekarte", "Unsere Speisekarte"],
    ["Wochenkarte", "/wochenkarte", "Unsere Wochenkarte"],
    ["Mitteilungen", "/mitteilungen", "Mitteilungen"],
  ] as const) {
    test(`the hero's '${label}' leads to its page`, async ({ page }) => {
      const release = await holdScripts(page);
      await page.goto("/");
      await hero(page).getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      release();
    });
  }

  test("'Mitteilungen' as a page shows today's announcements, most important first", async ({ page }) => {
    await page.goto("/mitteilungen");
    const list = page.getByRole("list", { name: "Aktuelle Mitteilungen" });
    await expect(list.getByRole("article").first()).toBeVisible();
    await expect(list.getByRole("heading", { level: 2 }).first()).toBeVisible();
  });

  test("once hydrated, the hero's actions are buttons that open their dialogs", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const action = hero(page).getByRole("button", { name: "Wochenkarte", exact: true });
    await expect(action).toHaveAttribute("aria-haspopup", "dialog");
    await action.press(" ");
    await expect(page.getByRole("dialog", { name: "Unsere Wochenkarte" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a press on 'Kontakt' is kept and opens the dialog once the scripts are there", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/");
    const contact = page
      .getByRole("navigation", { name: "Hauptnavigation" })
      .getByRole("button", { name: "Kontakt", exact: true });
    await contact.click();
    await expect(contact).toHaveAttribute("data-press-pending", "");
    // Not taken to the footer, and nothing else happened yet.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    release();
    await expect(page.getByRole("dialog", { name: "Kontakt" })).toBeVisible(within(15_000));
    await expect(page.locator("[data-press-pending]")).toHaveCount(0);
  });

  test("on a phone, a press on 'Menü öffnen' is kept and opens the menu", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const release = await holdScripts(page);
    await page.goto("/");
    const open = page.getByRole("button", { name: "Menü öffnen" });
    await open.click();
    await expect(open).toHaveAttribute("data-press-pending", "");
    release();
    await expect(page.getByRole("dialog")).toBeVisible(within(15_000));
    await expect(page.getByRole("dialog").getByRole("link", { name: "Reservieren" })).toBeVisible();
  });

  test("a press on a gallery picture opens the large picture once the scripts are there", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/#gallery");
    const opener = page
      .locator("#gallery")
      .getByRole("link", { name: /^Bild vergrößern/ })
      .first();
    await opener.click();
    await expect(opener).toHaveAttribute("data-press-pending", "");
    await expect(page).toHaveURL(/\/#gallery$/);
    release();
    await expect(page.getByRole("dialog")).toBeVisible(within(15_000));
  });

  test("a press on a menu showcase tab is carried out", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/#menu");
    const tab = page.locator("#menu").getByRole("button", { name: "Pizza", exact: true });
    await expect(tab).toHaveAttribute("aria-pressed", "false");
    await tab.click();
    await expect(tab).toHaveAttribute("data-press-pending", "");
    release();
    await expect(tab).toHaveAttribute("aria-pressed", "true", within(15_000));
  });

  for (const moment of ["before the scripts arrive", "while the page hydrates"] as const) {
    test(`a press ${moment} is carried out once, not twice`, async ({ page }) => {
      const release = await holdScripts(page);
      await page.goto("/#testimonials");
      const reviews = page.getByRole("region", { name: "Bewertungen unserer Gäste" });
      const pause = reviews.getByRole("button", { name: "Automatisches Weiterblättern anhalten" });
      await expect(pause).toBeVisible();
      if (moment === "while the page hydrates") {
        release();
        await page.waitForFunction(() =>
          Object.keys(document).some((key) => key.startsWith("_reactListening")),
        );
      }
      await pause.click();
      release();
      await hydrated(page);
      // A toggle pressed twice would be back where it started.
      await expect(reviews.getByRole("button", { name: "Automatisch weiterblättern" })).toBeVisible();
    });
  }

  test("the reservation form keeps a date, a time and a name chosen before, and sends them", async ({
    page,
    site,
  }) => {
    const date = openDayAhead(3);
    const release = await holdScripts(page);
    await page.goto("/#reservation-form-area");
    const form = page.locator("#reservation-form-area");
    await form.getByLabel("Name").fill("Frühe Füchsin");
    await form.getByLabel("E-Mail").fill("frueh@example.de");
    await form.getByLabel("Datum").fill(date);
    await form.getByLabel("Uhrzeit").selectOption("19:00");
    await form.getByLabel("Personenanzahl").selectOption("4");
    // The inline script has noted all five fields.
    await page.waitForFunction(() => window.__tavolaEarly?.values.size === 5);
    release();
    await hydrated(page);
    await expect(form.getByLabel("Name")).toHaveValue("Frühe Füchsin");
    await expect(form.getByLabel("Datum")).toHaveValue(date);
    await expect(form.getByLabel("Uhrzeit")).toHaveValue("19:00");
    await expect(form.getByLabel("Personenanzahl")).toHaveValue("4");

    await form.getByRole("button", { name: "Reservierung anfragen" }).click();
    await expect(toastRegion(page).getByText("Reservierungsanfrage gesendet!")).toBeVisible();
    const stored = await site.db
      .selectFrom("reservations")
      .select(["reservation_date", "reservation_time", "party_size", "email"])
      .where("customer_name", "=", "Frühe Füchsin")
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      reservation_date: date,
      reservation_time: "19:00",
      party_size: 4,
      email: "frueh@example.de",
    });
  });

  test("a date the browser filled in without events (autofill, a restored form) is kept too", async ({
    page,
  }) => {
    const date = openDayAhead(3);
    const release = await holdScripts(page);
    await page.goto("/#reservation-form-area");
    const dateField = page.locator("#reservation-form-area").getByLabel("Datum");
    await dateField.evaluate((field: HTMLInputElement, value) => (field.value = value), date);
    release();
    await hydrated(page);
    await expect(dateField).toHaveValue(date);
  });

  test("a name typed into 'Nach Name suchen' stays and filters", async ({ page, site, signIn }) => {
    for (const name of ["Sofia Früh", "Bruno Spät"])
      await insertReservation(site, { name, date: openDayAhead(3) });
    await signIn(page);
    const release = await holdScripts(page);
    // A staff page's scripts are loaded with it: the page is there, its `load` event is not.
    await page.goto("/admin/reservations", { waitUntil: "commit" });
    const search = page.getByLabel("Nach Name suchen");
    await search.fill("sofia");
    await page.waitForFunction(() => [...(window.__tavolaEarly?.values.values() ?? [])].includes("sofia"));
    release();
    await expect(page).toHaveURL(/[?&]q=sofia/, within(15_000));
    await expect(search).toHaveValue("sofia");
    await expect(page.getByRole("article", { name: /Sofia Früh/ })).toBeVisible();
    await expect(page.getByRole("article", { name: /Bruno Spät/ })).toHaveCount(0);
  });

  test("scripts that never arrive let a kept link lead where it points", async ({ page }) => {
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Hauptnavigation" })
      .getByRole("button", { name: "Kontakt", exact: true })
      .click();
    await expect(page).toHaveURL(/#contact$/);
  });
});
