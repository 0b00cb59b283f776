import type { Page } from "@playwright/test";
import {
  accessibilityViolations,
  collectConsoleErrors,
  expect,
  test,
  toastRegion,
  waitForHydration,
} from "./fixtures.ts";

/**
 * The staff side of the menus: 'Speisekarte verwalten' from a new category to the public card, the
 * active list's order, the optimistic add and its rollback, keyboard-only use and axe. Tests that
 * change the menus run on a site of their own.
 */
const SPEISEKARTE_ADMIN = "/admin/speisekarte";

const masterCard = (page: Page, name: string) =>
  page.getByRole("region", { name: "Alle Produkte (Master-Liste)" }).getByRole("article", { name });
const activeList = (page: Page) =>
  page.getByRole("region", { name: "Aktive Speisekarte" }).getByRole("listitem");

test.describe("Speisekarte verwalten", () => {
  test.use({ ownSite: true });

  test("neue Kategorie und neues Produkt mit Allergenen: aktiv, sortiert, auf /speisekarte, wieder entfernt", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const consoleErrors = collectConsoleErrors(page);
    await page.goto(SPEISEKARTE_ADMIN);
    await waitForHydration(page);

    await page.getByRole("button", { name: "Kategorien verwalten" }).click();
    const manager = page.getByRole("dialog", { name: "Kategorien verwalten" });
    await manager.getByRole("button", { name: "Kategorie hinzufügen" }).click();
    await expect(manager.getByText("Category name is required.")).toBeVisible();
    await manager.getByLabel("Name *").fill("Zuppe");
    await manager.getByLabel("Reihenfolge").fill("1");
    await manager.getByRole("button", { name: "Kategorie hinzufügen" }).click();
    await expect(toastRegion(page).getByText("Kategorie gespeichert")).toBeVisible();
    await expect(manager.getByRole("list", { name: "Kategorien" }).getByText("Zuppe")).toBeVisible();
    await manager.getByRole("button", { name: "Dialog schließen" }).click();

    await page.getByRole("button", { name: "Neues Produkt" }).click();
    const dialog = page.getByRole("dialog", { name: "Neues Produkt" });
    await dialog.getByLabel("Name *").fill("Minestrone");
    await dialog.getByLabel("Preis in Euro *").fill("12,5,0");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog.getByText("Bitte geben Sie einen gültigen Preis ein.")).toBeVisible();
    await expect(dialog.getByLabel("Preis in Euro *")).toBeFocused();
    await dialog.getByLabel("Preis in Euro *").fill("12,50");
    await dialog.getByLabel("Beschreibung").fill("Gemüsesuppe nach Art der Nonna");
    await dialog.getByLabel("Kategorie").selectOption({ label: "Zuppe" });
    await dialog.getByLabel("Produktnummer").fill("5");
    await dialog.getByRole("checkbox", { name: "A Glutenhaltiges Getreide" }).check();
    await dialog.getByRole("checkbox", { name: "I Sellerie" }).check();
    await dialog.getByRole("checkbox", { name: "2 mit Konservierungsstoff" }).check();
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog).toBeHidden();
    await expect(toastRegion(page).getByText("Produkt hinzugefügt")).toBeVisible();

    const card = masterCard(page, "5. Minestrone");
    await expect(card.getByText("12,50 €")).toBeVisible();
    await card.getByRole("button", { name: "Minestrone zur aktiven Karte hinzufügen" }).click();
    await expect(card.getByRole("button", { name: "Minestrone ist aktiv" })).toBeDisabled();
    await expect(activeList(page).last()).toContainText("Minestrone");

    // Up once: now second to last.
    await activeList(page).last().getByRole("button", { name: "Minestrone nach oben verschieben" }).click();
    await expect(activeList(page).nth(-2)).toContainText("Minestrone");

    // Tiramisù (before Minestrone and Panna Cotta) down to the end: the public card follows.
    const tiramisuDown = activeList(page)
      .filter({ hasText: "Tiramisù della Casa" })
      .getByRole("button", { name: "Tiramisù della Casa nach unten verschieben" });
    await tiramisuDown.click();
    await expect(activeList(page).nth(-2)).toContainText("Tiramisù della Casa");
    await tiramisuDown.click();
    await expect(activeList(page).last()).toContainText("Tiramisù della Casa");

    await page.goto("/speisekarte");
    const dolci = await page.getByRole("region", { name: "Dolci" }).getByRole("listitem").allTextContents();
    expect(dolci.findIndex((text) => text.includes("Panna Cotta"))).toBeLessThan(
      dolci.findIndex((text) => text.includes("Tiramisù")),
    );
    const group = page.getByRole("region", { name: "Zuppe" });
    const row = group.getByRole("listitem").filter({ hasText: "Minestrone" });
    await expect(row).toContainText("5. Minestrone");
    await expect(row).toContainText("12,50 €");
    await expect(row.locator("sup")).toHaveText("A, I, 2");
    await expect(row).toContainText(
      "Allergene: Glutenhaltiges Getreide, Sellerie. Zusatzstoffe: mit Konservierungsstoff.",
    );
    await expect(page.getByText("I Sellerie")).toBeVisible();
    await expect(page.getByText("2 mit Konservierungsstoff")).toBeVisible();
    // The public card follows the admin order: Zuppe (order 1, like Antipasti: then by name) comes
    // after Antipasti and before Pasta (order 2).
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(headings.indexOf("Zuppe")).toBeGreaterThan(headings.indexOf("Antipasti"));
    expect(headings.indexOf("Zuppe")).toBeLessThan(headings.indexOf("Pasta"));

    await page.goto(SPEISEKARTE_ADMIN);
    await waitForHydration(page);
    await activeList(page)
      .filter({ hasText: "Minestrone" })
      .getByRole("button", { name: "Minestrone von der aktiven Karte entfernen" })
      .click();
    await expect(activeList(page).filter({ hasText: "Minestrone" })).toHaveCount(0);
    await page.goto("/speisekarte");
    await expect(page.getByText("Minestrone")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Zuppe" })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("das Hinzufügen zeigt das Produkt sofort und nimmt es zurück, wenn der Server ablehnt", async ({
    page,
    signIn,
    site,
  }) => {
    await signIn(page);
    await page.goto(SPEISEKARTE_ADMIN);
    await waitForHydration(page);
    const card = masterCard(page, "13. Ravioli di Ricotta");
    await expect(card).toBeVisible();
    // Someone else deletes the product meanwhile; the answer is held back so the optimistic entry shows.
    await site.db.deleteFrom("menu_items").where("name", "=", "Ravioli di Ricotta").execute();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${SPEISEKARTE_ADMIN}.data*`, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await held;
      await route.continue();
    });
    await card.getByRole("button", { name: "Ravioli di Ricotta zur aktiven Karte hinzufügen" }).click();
    await expect(activeList(page).filter({ hasText: "Ravioli di Ricotta" })).toHaveCount(1);
    release();
    await expect(
      toastRegion(page).getByText(
        "Konnte Produkt nicht zur aktiven Karte hinzufügen: Dieses Produkt gibt es nicht (mehr).",
      ),
    ).toBeVisible();
    await expect(activeList(page).filter({ hasText: "Ravioli di Ricotta" })).toHaveCount(0);
  });

  test("nur mit der Tastatur: Produkt anlegen, aktivieren, verschieben; axe findet nichts", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await page.goto(SPEISEKARTE_ADMIN);
    await waitForHydration(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Neues Produkt" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Neues Produkt" });
    await expect(dialog.getByLabel("Name *")).toBeFocused();
    await page.keyboard.type("Affogato");
    await page.keyboard.press("Tab"); // description
    await page.keyboard.press("Tab"); // price
    await page.keyboard.type("4.90");
    await page.keyboard.press("Tab"); // category
    await page.keyboard.press("Tab"); // product code
    await page.keyboard.press("Tab"); // first allergen
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab"); // C Eier
    await page.keyboard.press("Space");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    const card = masterCard(page, "Affogato");
    await expect(card.getByText("4,90 €")).toBeVisible();
    await expect(card).toContainText("Kennzeichnung: C");

    const add = card.getByRole("button", { name: "Affogato zur aktiven Karte hinzufügen" });
    await add.focus();
    await page.keyboard.press("Enter");
    await expect(activeList(page).last()).toContainText("Affogato");
    // The button now says the dish is active and keeps the focus, so the keyboard goes on from there.
    await expect(card.getByRole("button", { name: "Affogato ist aktiv" })).toBeFocused();
    const up = activeList(page)
      .filter({ hasText: "Affogato" })
      .getByRole("button", { name: "Affogato nach oben verschieben" });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(activeList(page).nth(-2)).toContainText("Affogato");
    await expect(up).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(activeList(page).nth(-3)).toContainText("Affogato");
    await expect(up).toBeFocused();
    // Taken off the card with the keyboard, too.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(
      activeList(page)
        .filter({ hasText: "Affogato" })
        .getByRole("button", { name: "Affogato von der aktiven Karte entfernen" }),
    ).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(activeList(page).filter({ hasText: "Affogato" })).toHaveCount(0);

    // Deleted with the keyboard: focus goes to the list's heading, not lost.
    await card.getByRole("button", { name: "Affogato löschen" }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Produkt löschen?" });
    await confirm.getByRole("button", { name: "Löschen" }).focus();
    await page.keyboard.press("Enter");
    await expect(confirm).toBeHidden();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Alle Produkte (Master-Liste)" })).toBeFocused();

    await page.getByRole("button", { name: "Kategorien verwalten" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Kategorien verwalten" })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Kategorien verwalten" })).toBeFocused();
  });

  test("eine Kategorie mit Produkten löschen: die Warnung der Spezifikation, die Produkte bleiben", async ({
    page,
    signIn,
    site,
  }) => {
    await signIn(page);
    await page.goto(SPEISEKARTE_ADMIN);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Kategorien verwalten" }).click();
    const manager = page.getByRole("dialog", { name: "Kategorien verwalten" });
    await manager.getByRole("button", { name: "Kategorie Dolci löschen" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Kategorie „Dolci“ löschen?" });
    await expect(
      confirm.getByText(
        "Sind Sie sicher, dass Sie diese Kategorie löschen möchten? Produkte in dieser Kategorie werden nicht automatisch neu zugewiesen.",
      ),
    ).toBeVisible();
    await confirm.getByRole("button", { name: "Löschen" }).click();
    await expect(
      toastRegion(page).getByText("2 Produkte stehen jetzt unter 'Ohne Kategorie'."),
    ).toBeVisible();
    await manager.getByRole("button", { name: "Dialog schließen" }).click();
    const rest = page.getByRole("region", { name: "Ohne Kategorie" });
    await expect(rest.getByRole("article", { name: "40. Tiramisù della Casa" })).toBeVisible();
    const dishes = await site.db
      .selectFrom("menu_items")
      .select("name")
      .where("category_id", "is", null)
      .execute();
    expect(dishes.map((dish) => dish.name).sort()).toEqual(["Panna Cotta", "Tiramisù della Casa"]);
  });
});

test.describe("Wochenkarte verwalten", () => {
  test.use({ ownSite: true });

  test("ein Wochengericht anlegen, aktivieren, bearbeiten und löschen; es erscheint auf /wochenkarte", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await page.goto("/admin/wochenkarte");
    await waitForHydration(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Neues Wochengericht" }).click();
    const dialog = page.getByRole("dialog", { name: "Neues Wochengericht" });
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog.getByText("Name und Preis sind erforderlich.").first()).toBeVisible();
    await dialog.getByLabel("Name *").fill("Vitello alla Griglia");
    await dialog.getByLabel("Preis in Euro *").fill("abc");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog.getByText("Bitte geben Sie einen gültigen Preis ein.")).toBeVisible();
    await dialog.getByLabel("Preis in Euro *").fill("19.90");
    await dialog.getByRole("checkbox", { name: "J Senf" }).check();
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog).toBeHidden();

    const weekly = page.getByRole("region", { name: "Alle Wochengerichte" });
    const card = weekly.getByRole("article", { name: "Vitello alla Griglia" });
    await card.getByRole("button", { name: "Vitello alla Griglia zur aktiven Karte hinzufügen" }).click();
    const active = page.getByRole("region", { name: "Aktive Wochenkarte" }).getByRole("listitem");
    await expect(active.last()).toContainText("Vitello alla Griglia");

    await page.goto("/wochenkarte");
    const row = page.getByRole("listitem").filter({ hasText: "Vitello alla Griglia" });
    await expect(row).toContainText("19,90 €");
    await expect(row.locator("sup")).toHaveText("J");
    await expect(page.getByText("J Senf")).toBeVisible();

    await page.goto("/admin/wochenkarte");
    await waitForHydration(page);
    await card.getByRole("button", { name: "Vitello alla Griglia bearbeiten" }).click();
    const edit = page.getByRole("dialog", { name: "Wochengericht bearbeiten" });
    await expect(edit.getByLabel("Preis in Euro *")).toHaveValue("19,90");
    await expect(edit.getByRole("checkbox", { name: "J Senf" })).toBeChecked();
    await edit.getByLabel("Preis in Euro *").fill("21");
    await edit.getByRole("button", { name: "Speichern" }).click();
    await expect(edit).toBeHidden();
    await expect(card.getByText("21,00 €")).toBeVisible();

    await card.getByRole("button", { name: "Vitello alla Griglia löschen" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Wochengericht löschen?" });
    await confirm.getByRole("button", { name: "Löschen" }).click();
    await expect(toastRegion(page).getByText("Wochengericht gelöscht")).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(active.filter({ hasText: "Vitello alla Griglia" })).toHaveCount(0);
    await page.goto("/wochenkarte");
    await expect(page.getByText("Vitello alla Griglia")).toHaveCount(0);
  });
});

test.describe("Menu Items Management und das Karussell der Startseite", () => {
  test.use({ ownSite: true });

  const showcase = (page: Page) => page.getByRole("region", { name: "Gerichte aus unserer Küche" });
  const visibleSlide = (page: Page) => showcase(page).locator('[aria-roledescription="slide"]:not([inert])');

  test("Reiter und Karussell bleiben im Takt; ein versteckter Eintrag verschwindet von der Startseite", async ({
    page,
    signIn,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const tabs = page.getByRole("group", { name: "Gerichte nach Kategorie" });
    await expect(visibleSlide(page)).toContainText("Bruschetta Classica");
    await expect(tabs.getByRole("button", { name: "Vorspeisen" })).toHaveAttribute("aria-pressed", "true");
    await tabs.getByRole("button", { name: "Pizza" }).click();
    await expect(visibleSlide(page)).toContainText("Pizza Margherita");
    await expect(tabs.getByRole("button", { name: "Pizza" })).toHaveAttribute("aria-pressed", "true");
    // Forward from the last pasta dish to the pizza: the tab follows the carousel.
    await tabs.getByRole("button", { name: "Pasta" }).click();
    await showcase(page).getByRole("button", { name: "Nächste" }).click();
    await expect(visibleSlide(page)).toContainText("Tagliatelle al Ragù");
    await showcase(page).getByRole("button", { name: "Nächste" }).click();
    await expect(tabs.getByRole("button", { name: "Pizza" })).toHaveAttribute("aria-pressed", "true");
    // The hidden demo item is not on the page at all.
    await expect(page.getByText("Pizza Tartufo")).toHaveCount(0);

    await signIn(page);
    await page.goto("/admin/menu-items");
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Pizza (2)" }).click();
    const margherita = page.getByRole("article", { name: "Pizza Margherita" });
    await margherita.getByRole("button", { name: "Hide Pizza Margherita" }).click();
    await expect(margherita.getByText("Hidden")).toBeVisible();
    await expect(toastRegion(page).getByText("Menu item hidden")).toBeVisible();

    await page.goto("/");
    await expect(page.getByText("Pizza Margherita")).toHaveCount(0);
    await expect(
      page.getByRole("group", { name: "Gerichte nach Kategorie" }).getByRole("button", { name: "Pizza" }),
    ).toHaveCount(0);
  });

  test("einen Eintrag anlegen: Pflichtfelder auf Englisch, neu ans Ende seiner Kategorie, auf der Startseite", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await page.goto("/admin/menu-items");
    await waitForHydration(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Add New Menu Item" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Menu Item" });
    await expect(dialog.getByLabel("Price *")).toHaveAttribute("placeholder", "€12,50");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Name, price and description are required.").first()).toBeVisible();
    await dialog.getByLabel("Name *").fill("Cannoli Siciliani");
    await dialog.getByLabel("Description *").fill("Mit Ricotta und kandierten Früchten");
    await dialog.getByLabel("Price *").fill("5,50");
    await dialog.getByLabel("Category *").selectOption({ label: "Desserts" });
    await dialog.getByLabel("Image").fill("/bilder/gerichte/dolci.webp");
    await dialog.getByRole("checkbox", { name: "A Glutenhaltiges Getreide" }).check();
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("tab", { name: "Desserts (3)" }).click();
    const cannoli = page.getByRole("article", { name: "Cannoli Siciliani" });
    await expect(cannoli.getByText("Sort order: 3")).toBeVisible();
    await expect(cannoli.getByText("Active")).toBeVisible();

    await page.goto("/");
    await waitForHydration(page);
    await page
      .getByRole("group", { name: "Gerichte nach Kategorie" })
      .getByRole("button", { name: "Desserts" })
      .click();
    await showcase(page).getByRole("button", { name: "Nächste" }).click();
    await showcase(page).getByRole("button", { name: "Nächste" }).click();
    await expect(visibleSlide(page)).toContainText("Cannoli Siciliani");
    await expect(visibleSlide(page)).toContainText("5,50 €");
  });
});

test.describe("Wochenkarte und Menu Items nur mit der Tastatur", () => {
  test.use({ ownSite: true });

  test("Wochengericht auf die Karte und wieder herunter; Menu Item verstecken und zeigen; der Fokus bleibt", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await page.goto("/admin/wochenkarte");
    await waitForHydration(page);
    const weekly = page.getByRole("region", { name: "Alle Wochengerichte" });
    const active = page.getByRole("region", { name: "Aktive Wochenkarte" }).getByRole("listitem");
    const ossobuco = weekly.getByRole("article", { name: "Ossobuco alla Milanese" });
    const takeOff = ossobuco.getByRole("button", {
      name: "Ossobuco alla Milanese von der aktiven Karte entfernen",
    });
    await takeOff.focus();
    await page.keyboard.press("Enter");
    await expect(active.filter({ hasText: "Ossobuco" })).toHaveCount(0);
    await expect(takeOff).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(
      ossobuco.getByRole("button", { name: "Ossobuco alla Milanese zur aktiven Karte hinzufügen" }),
    ).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(active.last()).toContainText("Ossobuco");
    // Up with the keyboard from the end of the card.
    const up = active
      .filter({ hasText: "Ossobuco" })
      .getByRole("button", { name: "Ossobuco alla Milanese nach oben verschieben" });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(active.nth(-2)).toContainText("Ossobuco");
    await expect(up).toBeFocused();

    await page.goto("/admin/menu-items");
    await waitForHydration(page);
    const tab = page.getByRole("tab", { name: "Vorspeisen (2)" });
    await tab.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Pasta (2)" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Pasta (2)" })).toHaveAttribute("data-state", "active");
    const carbonara = page.getByRole("article", { name: "Spaghetti Carbonara" });
    const hide = carbonara.getByRole("button", { name: "Hide Spaghetti Carbonara" });
    await hide.focus();
    await page.keyboard.press("Enter");
    await expect(carbonara.getByText("Hidden")).toBeVisible();
    const show = carbonara.getByRole("button", { name: "Show Spaghetti Carbonara" });
    await expect(show).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(carbonara.getByText("Active")).toBeVisible();
    await expect(carbonara.getByRole("button", { name: "Hide Spaghetti Carbonara" })).toBeFocused();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

test.describe("Speisekarte verwalten: Zugriff", () => {
  test("ohne Anmeldung kein Zugriff; ein POST ohne Sitzung ändert nichts", async ({
    page,
    request,
    sameOrigin,
    site,
  }) => {
    await page.goto(SPEISEKARTE_ADMIN);
    await expect(page).toHaveURL(/\/login$/);
    const before = await site.db.selectFrom("menu_items").select("id").execute();
    const response = await request.post(SPEISEKARTE_ADMIN, {
      headers: sameOrigin,
      form: { intent: "product-delete", id: String(before[0]?.id ?? 1) },
      maxRedirects: 0,
    });
    expect([302, 303, 204]).toContain(response.status());
    expect(await site.db.selectFrom("menu_items").select("id").execute()).toHaveLength(before.length);
  });
});
