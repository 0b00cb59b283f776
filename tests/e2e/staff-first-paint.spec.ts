import type { Page } from "@playwright/test";
import { collectConsoleErrors, expect, scaledTime, test, toastRegion, within } from "./fixtures.ts";
import { holdScripts } from "./support/hold-scripts.ts";
import { staffScreens } from "./support/screens.ts";

/**
 * Nothing a staff member does is lost while a staff screen's scripts load and hydrate
 * (docs/decisions/0029): presses on links, buttons and typing, on every staff screen.
 */

/** Resolves once the page has hydrated and what came before it has been carried out. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => window.__tavolaEarly?.done === true, undefined, { timeout: 20_000 });

test.describe("staff screens before the scripts have run", () => {
  test("every staff screen of app/routes.ts is checked here", () => {
    expect(staffScreens()).toContain("/admin");
    expect(staffScreens()).toContain("/admin/reservations");
    expect(staffScreens()).not.toContain("/admin/statistik/csv");
    expect(staffScreens().length).toBeGreaterThanOrEqual(15);
  });

  for (const path of staffScreens()) {
    test(`${path}: typing and a press before the scripts run are carried out`, async ({ page, signIn }) => {
      await signIn(page);
      const errors = collectConsoleErrors(page);
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: "commit" });
      const main = page.locator("main");
      await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
      // The first field a person can type into, and the first button that does something without sending a form.
      const field = main
        .locator("input:is([type=text],[type=search],:not([type])):visible, textarea:visible")
        .first();
      const typed = (await field.count()) > 0 && (await field.isEditable()) ? "Frühe Eingabe" : undefined;
      if (typed) await field.fill(typed);
      const button = main.locator("button:not([type=submit]):not([disabled]):visible").first();
      const pressed = (await button.count()) > 0 ? ((await button.textContent()) ?? "").trim() : undefined;
      if (pressed) {
        await button.click();
        await expect(button).toHaveAttribute("data-press-pending", "");
      }
      release();
      await hydrated(page);
      await expect(page.locator("[data-press-pending]")).toHaveCount(0);
      if (typed && (await field.isVisible())) await expect(field).toHaveValue(typed);
      if (pressed && (await button.getAttribute("aria-haspopup")) === "dialog")
        await expect(page.getByRole("dialog")).toBeVisible();
      expect(errors.filter((error) => !error.includes("Failed to load resource"))).toEqual([]);
    });
  }

  test("a link pressed once the scripts run is kept and leads where it points", async ({ page, signIn }) => {
    await signIn(page);
    const release = await holdScripts(page);
    await page.goto("/admin/reservations", { waitUntil: "commit" });
    await expect(page.getByRole("link", { name: "Mein Konto" })).toBeVisible();
    // As app/entry.client.tsx does once the scripts run, before it hydrates.
    await page.evaluate(() => window.__tavolaEarly && (window.__tavolaEarly.starting = true));
    await page.getByRole("link", { name: "Ausstehend" }).click();
    await expect(page.getByRole("link", { name: "Ausstehend" })).toHaveAttribute("data-press-pending", "");
    await expect(page).toHaveURL(/\/admin\/reservations$/);
    release();
    await expect(page).toHaveURL(/view=pending/, { timeout: 20_000 });
    await expect(page.getByText("Alle ausstehenden Anfragen")).toBeVisible();
  });

  test("on a browser slowed eightfold, a view pressed at any moment while the screen loads is shown", async ({
    page,
    signIn,
  }) => {
    // The reproduction: the press arrived while React hydrated, after the button shown only
    // without scripts had gone and moved the views under the pointer (decision 0029).
    test.setTimeout(scaledTime(240_000));
    await signIn(page);
    const session = await page.context().newCDPSession(page);
    await session.send("Emulation.setCPUThrottlingRate", { rate: 8 });
    const pending = { view: "Ausstehend", url: /view=pending/ };
    const waitlist = { view: "Warteliste", url: /view=warteliste/ };
    const rounds = [0, 150, 300, 500, 800, 1200].map((delay, round) => ({
      delay,
      ...(round % 2 ? waitlist : pending),
    }));
    for (const { delay, view, url } of rounds) {
      await page.goto("/admin/reservations", { waitUntil: "commit" });
      const link = page.getByRole("link", { name: view });
      await link.waitFor();
      // Aimed where the link was painted, as a person aims (Playwright's own click would aim again
      // at wherever the link is by then), a moment after the first paint: before, during or after
      // hydration, depending on the round.
      const painted = await link.boundingBox();
      if (!painted) throw new Error(`'${view}' has no box`);
      await page.waitForTimeout(delay);
      await page.mouse.click(painted.x + painted.width / 2, painted.y + painted.height / 2);
      await expect(page, `'${view}' pressed ${delay} ms after it was shown`).toHaveURL(url, within(20_000));
    }
  });

  test("presses kept while the scripts start are carried out one after another: a change, then leaving, asks first", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const release = await holdScripts(page);
    await page.goto("/admin/mitteilungen", { waitUntil: "commit" });
    await page
      .getByRole("article")
      .first()
      .getByRole("button", { name: /^(Dea|A)ktivieren$/ })
      .click();
    // As app/entry.client.tsx does once the scripts run, before it hydrates.
    await page.evaluate(() => window.__tavolaEarly && (window.__tavolaEarly.starting = true));
    await page
      .getByRole("navigation", { name: "Verwaltung" })
      .getByRole("link", { name: "Dashboard" })
      .click();
    release();
    // The change is unsaved when the link is carried out: the screen asks instead of dropping it.
    await expect(page.getByRole("alertdialog", { name: "Änderungen verwerfen?" })).toBeVisible(
      within(20_000),
    );
    await expect(page).toHaveURL(/\/admin\/mitteilungen$/);
  });

  test("a name typed into 'Nach Name suchen' before the scripts run is searched for", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const release = await holdScripts(page);
    await page.goto("/admin/reservations", { waitUntil: "commit" });
    await page.getByLabel("Nach Name suchen").fill("niemand-so-genannt");
    release();
    await expect(page).toHaveURL(/[?&]q=niemand-so-genannt/, { timeout: 20_000 });
    await expect(page.getByText("Suchergebnisse für „niemand-so-genannt“")).toBeVisible();
  });

  test("a kept press on 'Bilder hochladen' asks for another press", async ({ page, signIn }) => {
    await signIn(page);
    const release = await holdScripts(page);
    await page.goto("/admin/gallery", { waitUntil: "commit" });
    await page.getByRole("button", { name: "Bilder hochladen" }).click();
    release();
    await expect(toastRegion(page).getByText(/Bitte noch einmal auf „Bilder hochladen“ klicken/)).toBeVisible(
      {
        timeout: 20_000,
      },
    );
    // A real press afterwards opens the file picker.
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Bilder hochladen" }).click();
    await chooser;
  });
});
