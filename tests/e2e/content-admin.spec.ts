import type { Locator, Page } from "@playwright/test";
import { contentBlocks } from "../../app/common/content/blocks.ts";
import {
  accessibilityViolations,
  atPath,
  expect,
  scaledTime,
  test,
  toastRegion,
  waitForHydration,
} from "./fixtures.ts";

/*
 * 'Website-Inhalte verwalten'. The tests that edit the texts run on a site of their own each, so
 * they start from the demo texts and no other test ever sees their changes.
 */

const panel = (page: Page) => page.getByRole("tabpanel");
const saveButton = (page: Page) => panel(page).getByRole("button", { name: "Speichern", exact: true });
const mainNavigation = (page: Page) => page.getByRole("navigation", { name: "Hauptnavigation" });

async function openTab(page: Page, label: string) {
  await page.goto("/admin/content");
  await waitForHydration(page);
  await page.getByRole("tab", { name: label, exact: true }).click();
  await expect(page.getByRole("tab", { name: label, exact: true })).toHaveAttribute("aria-selected", "true");
}

async function saveAndExpectSuccess(page: Page) {
  await saveButton(page).click();
  const toasts = toastRegion(page);
  await expect(toasts.getByText("Inhalt gespeichert")).toBeVisible();
  await expect(toasts.getByText("Die Änderungen wurden erfolgreich gespeichert.")).toBeVisible();
  await expect(saveButton(page)).toBeEnabled();
}

async function expectRefused(page: Page, field: Locator, message: string) {
  await saveButton(page).click();
  await expect(panel(page).getByText(message, { exact: true })).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  await expect(page.locator(`[id="${describedBy.split(" ").pop()}"]`)).toHaveText(message);
  await expect(toastRegion(page).getByText("Fehler beim Speichern").last()).toBeVisible();
  await expect(
    toastRegion(page).getByText("Die Änderungen konnten nicht gespeichert werden.").last(),
  ).toBeVisible();
}

test.describe("Website-Inhalte verwalten", () => {
  test.use({ ownSite: true });
  test.beforeEach(async ({ page, signIn }) => {
    await signIn(page);
  });

  test("zeigt Überschrift, acht Tabs und merkt sich den Tab in der Adresse", async ({ page }) => {
    await page.goto("/admin/content");
    await expect(page.getByRole("heading", { level: 1, name: "Website-Inhalte verwalten" })).toBeVisible();
    const tabs = page.getByRole("tablist").getByRole("tab");
    await expect(tabs).toHaveText([
      "Navigation",
      "Hero",
      "Über Uns",
      "Menü",
      "Galerie",
      "Reservierung",
      "Footer",
      "Global",
    ]);
    await expect(page.getByRole("link", { name: /Auf der Website ansehen/ })).toHaveAttribute(
      "target",
      "_blank",
    );

    await waitForHydration(page);
    await page.getByRole("tab", { name: "Global" }).click();
    await expect(page).toHaveURL(/\/admin\/content\?tab=global$/);
    await expect(panel(page).getByLabel("Montag")).toHaveValue("Ruhetag");
    await page.reload();
    await expect(page.getByRole("tab", { name: "Global" })).toHaveAttribute("aria-selected", "true");
    await expect(panel(page).getByRole("heading", { level: 2, name: "Global" })).toBeVisible();

    // Tab leads to the chosen tab, arrow keys move between the tabs.
    await waitForHydration(page);
    await page.getByRole("link", { name: /Auf der Website ansehen/ }).focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tab", { name: "Global" })).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("tab", { name: "Footer" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Footer" })).toHaveAttribute("aria-selected", "true");
    await expect(panel(page).getByLabel("Markenname", { exact: true })).toHaveValue("Ristorante");
  });

  test("jeder Tab speichert, und die Startseite zeigt es beim nächsten Laden", async ({ page }) => {
    test.setTimeout(scaledTime(120_000));
    const edits: Array<{
      tab: string;
      field: string;
      value: string;
      shows: (page: Page) => Locator;
    }> = [
      { tab: "Navigation", field: "Markenname", value: "Trattoria Prova", shows: (p) => mainNavigation(p) },
      {
        tab: "Hero",
        field: "Überzeile",
        value: "Frisch aus der Prova-Küche",
        shows: (p) => p.locator("#home"),
      },
      {
        tab: "Über Uns",
        field: "Überschrift",
        value: "Unsere Prova-Geschichte",
        shows: (p) => p.locator("#about"),
      },
      { tab: "Menü", field: "Überschrift", value: "Prova-Klassiker", shows: (p) => p.locator("#menu") },
      {
        tab: "Galerie",
        field: "Überschrift",
        value: "Bilder aus der Prova",
        shows: (p) => p.locator("#gallery"),
      },
      {
        tab: "Reservierung",
        field: "Überschrift",
        value: "Reservieren Sie bei Prova",
        shows: (p) => p.locator("#reservations"),
      },
      {
        tab: "Footer",
        field: "Beschreibung",
        value: "Prova: italienische Küche seit gestern.",
        shows: (p) => p.locator("footer"),
      },
    ];
    for (const edit of edits) {
      await test.step(edit.tab, async () => {
        await openTab(page, edit.tab);
        await panel(page).getByLabel(edit.field, { exact: true }).fill(edit.value);
        await saveAndExpectSuccess(page);
        await page.goto("/");
        await expect(edit.shows(page).getByText(edit.value).first()).toBeVisible();
      });
    }

    await test.step("Global: Öffnungszeiten, Telefon und E-Mail", async () => {
      await openTab(page, "Global");
      await panel(page).getByLabel("Montag").fill("Prova-Ruhetag");
      await panel(page).getByLabel("Telefon").fill("07071 999888");
      await panel(page).getByLabel("E-Mail").fill("prova@ristorante-tavola.de");
      await saveAndExpectSuccess(page);
      await page.goto("/");
      const footer = page.locator("footer");
      await expect(footer.getByText("Prova-Ruhetag")).toBeVisible();
      await expect(footer.getByRole("link", { name: "07071 999888" })).toHaveAttribute("href", /^tel:/);
      await expect(footer.getByRole("link", { name: "prova@ristorante-tavola.de" })).toHaveAttribute(
        "href",
        "mailto:prova@ristorante-tavola.de",
      );
      await waitForHydration(page);
      await mainNavigation(page).getByRole("button", { name: "Kontakt", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Kontakt" });
      await expect(dialog.getByText("Prova-Ruhetag")).toBeVisible();
      await expect(dialog.locator('a[href="mailto:prova@ristorante-tavola.de"]')).toBeVisible();
    });
  });

  test("ungültige URL und E-Mail werden abgewiesen, die Eingaben bleiben, nichts wird gespeichert", async ({
    page,
  }) => {
    await openTab(page, "Hero");
    const eyebrow = panel(page).getByLabel("Überzeile");
    const background = panel(page).getByLabel(/Hintergrundbild/);
    await eyebrow.fill("Nicht gespeichert");
    await background.fill("kein link");
    await expectRefused(page, background, "Gültige URL erforderlich");
    await expect(background).toBeFocused();
    await expect(background).toHaveValue("kein link");
    await expect(eyebrow).toHaveValue("Nicht gespeichert");

    await page.getByRole("tab", { name: "Global" }).click();
    const email = panel(page).getByLabel("E-Mail");
    await email.fill("keine-mail");
    await expectRefused(page, email, "Gültige E-Mail erforderlich");
    await expect(email).toHaveValue("keine-mail");

    // Fixing the field clears the message on the next save.
    await email.fill("info@ristorante-tavola.de");
    await saveAndExpectSuccess(page);
    await expect(panel(page).getByText("Gültige E-Mail erforderlich")).toHaveCount(0);
    await expect(email).not.toHaveAttribute("aria-invalid");

    // Switching tabs kept the Hero tab's input; nothing of it was saved.
    await page.getByRole("tab", { name: "Hero" }).click();
    await expect(panel(page).getByLabel("Überzeile")).toHaveValue("Nicht gespeichert");
    await page.goto("/");
    await expect(page.locator("#home").getByText("Nicht gespeichert")).toHaveCount(0);
  });

  test("leerer Markenname und keine Absätze zeigen die Meldungen der Spezifikation", async ({ page }) => {
    await openTab(page, "Navigation");
    const brand = panel(page).getByLabel("Markenname", { exact: true });
    await brand.fill("   ");
    await expectRefused(page, brand, "Markenname ist erforderlich");

    await page.getByRole("tab", { name: "Über Uns" }).click();
    await panel(page).getByRole("button", { name: "Absatz 2 entfernen" }).click();
    await panel(page).getByRole("button", { name: "Absatz 1 entfernen" }).click();
    await expect(panel(page).getByLabel(/^Absatz \d+$/)).toHaveCount(0);
    await expect(panel(page).getByRole("button", { name: "Absatz hinzufügen" })).toBeFocused();
    await saveButton(page).click();
    await expect(panel(page).getByText("Mindestens ein Absatz erforderlich")).toBeVisible();
    await expect(toastRegion(page).getByText("Fehler beim Speichern").last()).toBeVisible();

    await page.goto("/");
    const [firstParagraph = ""] = contentBlocks["home.about"].defaults.paragraphs;
    await expect(page.locator("#about").getByText(firstParagraph)).toBeVisible();
  });

  test("Listen: hinzufügen, entfernen und verschieben, die Reihenfolge erscheint auf der Startseite", async ({
    page,
  }) => {
    await openTab(page, "Navigation");
    const links = panel(page);
    await links.getByRole("button", { name: "Link 4 nach oben" }).click();
    await expect(links.getByRole("button", { name: "Link 3 nach oben" })).toBeFocused();
    await expect(links.getByLabel("Bezeichnung (Link 3)")).toHaveValue("Galerie");
    await expect(links.getByLabel("Bezeichnung (Link 4)")).toHaveValue("Speisekarte");

    await links.getByRole("button", { name: "Link 2 entfernen" }).click();
    await expect(links.getByLabel("Anker (Link 2)")).toBeFocused();
    await expect(links.getByLabel("Bezeichnung (Link 2)")).toHaveValue("Galerie");

    await links.getByRole("button", { name: "Link hinzufügen" }).click();
    await expect(links.getByLabel("Anker (Link 4)")).toBeFocused();
    await page.keyboard.type("reservations");
    await links.getByLabel("Bezeichnung (Link 4)").fill("Tisch buchen");
    // The first link cannot move further up.
    await expect(links.getByRole("button", { name: "Link 1 nach oben" })).toBeDisabled();
    await saveAndExpectSuccess(page);

    await page.goto("/");
    await expect(mainNavigation(page).getByRole("link")).toContainText([
      "Start",
      "Galerie",
      "Speisekarte",
      "Tisch buchen",
    ]);
    await expect(mainNavigation(page).getByRole("link", { name: "Über uns" })).toHaveCount(0);
    await expect(mainNavigation(page).getByRole("link", { name: "Tisch buchen" })).toHaveAttribute(
      "href",
      /#reservations$/,
    );
  });

  test("Enter in einem Textfeld speichert, statt einen Listen-Button auszulösen", async ({ page }) => {
    await openTab(page, "Über Uns");
    const heading = panel(page).getByLabel("Überschrift", { exact: true });
    await heading.fill("Mit Enter gespeichert");
    await heading.press("Enter");
    await expect(toastRegion(page).getByText("Inhalt gespeichert")).toBeVisible();
    await expect(panel(page).getByLabel(/^Absatz \d+$/)).toHaveCount(2);
    await page.goto("/");
    await expect(page.locator("#about").getByText("Mit Enter gespeichert")).toBeVisible();
  });

  test("'Speichere...' beim Speichern, 'Lade Inhalt...' beim Neuladen, Netzwerkfehler als Toast", async ({
    page,
  }) => {
    // Each request of the save (the post, then the reload) waits until the test has seen its state.
    const held: Array<() => void> = [];
    let holding = true;
    await page.route(/\/admin\/content\.data/, async (route) => {
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    });
    const letOneThrough = async () => {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      held.shift()?.();
    };
    await openTab(page, "Menü");
    await panel(page).getByLabel("Überschrift", { exact: true }).fill("Langsam gespeichert");
    await saveButton(page).click();
    const saving = panel(page).getByRole("button", { name: "Speichere..." });
    await expect(saving).toBeVisible();
    await expect(saving).toBeDisabled();
    await letOneThrough();
    await expect(panel(page).getByRole("status").filter({ hasText: "Lade Inhalt..." })).toBeVisible();
    holding = false;
    held.splice(0).forEach((release) => release());
    await expect(toastRegion(page).getByText("Inhalt gespeichert")).toBeVisible();
    await expect(panel(page).getByText("Lade Inhalt...")).toHaveCount(0);
    await expect(saveButton(page)).toBeFocused();

    await page.unroute(/\/admin\/content\.data/);
    await page.route(/\/admin\/content\.data/, (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await panel(page).getByLabel("Überschrift", { exact: true }).fill("Ohne Netz");
    await saveButton(page).click();
    await expect(toastRegion(page).getByText("Ein unerwarteter Fehler ist aufgetreten.")).toBeVisible();
    await expect(panel(page).getByLabel("Überschrift", { exact: true })).toHaveValue("Ohne Netz");
    await expect(page.getByRole("heading", { level: 1, name: "Website-Inhalte verwalten" })).toBeVisible();
  });

  test("eine abgelaufene Sitzung führt beim Speichern zur Anmeldung", async ({ page }) => {
    await openTab(page, "Hero");
    await panel(page).getByLabel("Überzeile").fill("Nach Ablauf");
    await page.context().clearCookies();
    await saveButton(page).click();
    await expect(page).toHaveURL(atPath("/login"));
  });

  test("HTML und Skripte aus einer Eingabe erscheinen als Text", async ({ page }) => {
    const markup = "<b>fett</b><script>alert(1)</script>";
    let dialogs = 0;
    page.on("dialog", async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    await openTab(page, "Footer");
    await panel(page).getByLabel("Beschreibung", { exact: true }).fill(markup);
    await saveAndExpectSuccess(page);
    await page.goto("/");
    await waitForHydration(page);
    const footer = page.locator("footer");
    await expect(footer.getByText(markup, { exact: true })).toBeVisible();
    await expect(footer.locator("b")).toHaveCount(0);
    await expect(footer.locator("script")).toHaveCount(0);
    expect(dialogs).toBe(0);
  });

  test("axe findet keine Verstöße, auch nicht bei Fehlermeldungen", async ({ page }) => {
    await page.goto("/admin/content");
    await waitForHydration(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("tab", { name: "Über Uns" }).click();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("tab", { name: "Global" }).click();
    await panel(page).getByLabel("E-Mail").fill("keine-mail");
    await saveButton(page).click();
    await expect(panel(page).getByText("Gültige E-Mail erforderlich")).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 800 });
    // The toast moves to its phone place with a fade; axe would judge its colours half-faded. The
    // field messages at phone width are what this checks.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

test.describe("Website-Inhalte ohne JavaScript", () => {
  test.use({ javaScriptEnabled: false, ownSite: true });

  test("Tabs sind Links; Speichern und Listen-Buttons gehen über den Server", async ({
    page,
    signIn,
    sameOrigin,
  }) => {
    await signIn(page);
    await page.goto("/admin/content");
    // Every tab link is reachable with the keyboard.
    for (const tab of await page.getByRole("tab").all()) await expect(tab).toHaveAttribute("tabindex", "0");
    await page.getByRole("tab", { name: "Global" }).click();
    await expect(page).toHaveURL(/\?tab=global$/);
    await expect(panel(page).getByRole("heading", { level: 2, name: "Global" })).toBeVisible();

    // The server validates with the same schema and keeps what was typed.
    await panel(page).getByLabel("E-Mail").fill("keine-mail");
    await panel(page).getByLabel("Telefon").fill("0711 555");
    await saveButton(page).click();
    await expect(page).toHaveURL(/\?tab=global$/);
    await expect(panel(page).getByRole("alert")).toContainText("Fehler beim Speichern");
    await expect(panel(page).getByText("Gültige E-Mail erforderlich")).toBeVisible();
    await expect(panel(page).getByLabel("E-Mail")).toHaveValue("keine-mail");
    await expect(panel(page).getByLabel("E-Mail")).toHaveAttribute("aria-invalid", "true");
    await expect(panel(page).getByLabel("Telefon")).toHaveValue("0711 555");

    // A list button answers with the changed list; nothing is saved yet.
    await panel(page).getByRole("button", { name: "Adresszeile 2 nach oben" }).click();
    await expect(panel(page).getByLabel("Adresszeile 1", { exact: true })).toHaveValue("72070 Tübingen");
    await expect(panel(page).getByLabel("Telefon")).toHaveValue("0711 555");

    await panel(page).getByLabel("E-Mail").fill("ohne-js@ristorante-tavola.de");
    await saveButton(page).click();
    await expect(panel(page).getByRole("status").filter({ hasText: "Inhalt gespeichert" })).toBeVisible();
    await expect(panel(page).getByLabel("Adresszeile 1", { exact: true })).toHaveValue("72070 Tübingen");

    // The answers' status codes: refused input and unknown tabs are client errors.
    const refused = await page.request.post("/admin/content", {
      headers: sameOrigin,
      form: { block: "hero", intent: "save", eyebrow: "" },
    });
    expect(refused.status()).toBe(400);
    const unknown = await page.request.post("/admin/content", {
      headers: sameOrigin,
      form: { block: "impressum", intent: "save" },
    });
    expect(unknown.status()).toBe(400);

    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "ohne-js@ristorante-tavola.de" })).toBeVisible();
    await expect(footer.locator("address")).toContainText(/72070 Tübingen\s*Marktplatz 12/);
  });
});

test("Website-Inhalte verlangt eine Anmeldung, auch zum Speichern", async ({ page }) => {
  await page.goto("/admin/content");
  await expect(page).toHaveURL(atPath("/login"));
  const response = await page.request.post("/admin/content", {
    form: { block: "navigation", intent: "save", brand: "Eindringling" },
    maxRedirects: 0,
  });
  expect(response.status()).toBeGreaterThanOrEqual(300);
  expect(response.status()).toBeLessThan(400);
  await page.goto("/");
  await expect(mainNavigation(page).getByText("Eindringling")).toHaveCount(0);
});
