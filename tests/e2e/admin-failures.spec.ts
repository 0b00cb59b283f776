import type { Page, Route } from "@playwright/test";
import { createStaff, TEST_PASSWORD } from "../support/staff.ts";
import { E2E_ADMIN, expect, test, toastRegion, waitForHydration } from "./fixtures.ts";
import { insertReservation } from "./support/reservations.ts";

/**
 * Staff screens survive failed requests (decision 0028): a change whose request fails below the
 * action — a proxy's bare 500, a dropped or aborted connection — is rolled back with the screen's
 * message instead of replacing the admin with an error page; a screen whose data cannot be loaded
 * shows its error inside the admin layout and recovers with 'Erneut versuchen'.
 */

const BARE_500 = { status: 500, contentType: "text/html", body: "Internal Server Error" };

/**
 * Holds the next POST to a screen's action until the test lets it fail, so the optimistic change
 * can be seen first. Every other request to the screen goes through.
 */
async function failNextPost(page: Page, path: string, fail: (route: Route) => Promise<void>) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}.data*`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await released;
    await fail(route);
  });
  return release;
}

/** Neither the root's error page nor a screen's error boundary. */
async function expectNoErrorPage(page: Page, heading: string) {
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText("Es ist ein Fehler aufgetreten")).toHaveCount(0);
  await expect(page.getByText("Die Seite konnte nicht geladen werden")).toHaveCount(0);
}

const SPEISEKARTE_ADMIN = "/admin/speisekarte";
const activeList = (page: Page) =>
  page.getByRole("region", { name: "Aktive Speisekarte" }).getByRole("listitem");
const addButton = (page: Page, name: string) =>
  page
    .getByRole("region", { name: "Alle Produkte (Master-Liste)" })
    .getByRole("button", { name: `${name} zur aktiven Karte hinzufügen` });

test.describe("'Zur aktiven Karte' ohne Antwort der Aktion", () => {
  for (const [failure, fail] of [
    ["ein nackter 500 eines Proxys", (route: Route) => route.fulfill(BARE_500)],
    ["eine abgebrochene Verbindung", (route: Route) => route.abort("connectionreset")],
  ] as const) {
    test(`${failure}: das Gericht verschwindet wieder, mit der Meldung der Spezifikation`, async ({
      page,
      signIn,
    }) => {
      await signIn(page);
      await page.goto(SPEISEKARTE_ADMIN);
      await waitForHydration(page);
      await expect(activeList(page).filter({ hasText: "Ravioli di Ricotta" })).toHaveCount(0);
      const release = await failNextPost(page, SPEISEKARTE_ADMIN, fail);

      await addButton(page, "Ravioli di Ricotta").click();
      await expect(activeList(page).filter({ hasText: "Ravioli di Ricotta" })).toHaveCount(1);
      release();

      await expect(toastRegion(page).getByText("Fehler beim Hinzufügen zur aktiven Karte.")).toBeVisible();
      await expect(activeList(page).filter({ hasText: "Ravioli di Ricotta" })).toHaveCount(0);
      await expectNoErrorPage(page, "Speisekarte verwalten");
      await expect(addButton(page, "Ravioli di Ricotta")).toBeEnabled();
    });
  }
});

test.describe("Reservierungen: der Status ohne Antwort der Aktion", () => {
  test.use({ ownSite: true });

  test("ein nackter 500: 'Fehler' mit der Meldung, der Status bleibt 'Ausstehend'", async ({
    page,
    signIn,
    site,
  }) => {
    await insertReservation(site, { name: "Rita Rollback", date: "2099-06-02" });
    await signIn(page);
    await page.goto("/admin/reservations?q=Rita");
    await waitForHydration(page);
    const status = page
      .getByRole("article", { name: "Rita Rollback" })
      .getByLabel("Status für Rita Rollback");
    await expect(status).toHaveValue("PENDING");
    const release = await failNextPost(page, "/admin/reservations", (route) => route.fulfill(BARE_500));

    await status.selectOption("CONFIRMED");
    await expect(status).toHaveValue("CONFIRMED");
    release();

    const dialog = page.getByRole("alertdialog", { name: "Fehler" });
    await expect(
      dialog.getByText(
        "Fehler beim schnellen Aktualisieren des Status: Ein unerwarteter Fehler ist aufgetreten.",
      ),
    ).toBeVisible();
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(status).toHaveValue("PENDING");
    await expectNoErrorPage(page, "Reservierungen einsehen");
    const stored = await site.db
      .selectFrom("reservations")
      .select("status")
      .where("customer_name", "=", "Rita Rollback")
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe("PENDING");
  });
});

test("Galerie: 'Verstecken' ohne Verbindung zeigt das Bild wieder als sichtbar", async ({ page, signIn }) => {
  await signIn(page);
  await page.goto("/admin/gallery");
  await waitForHydration(page);
  const card = page.getByRole("main").getByRole("article").first();
  await expect(card).toContainText("Sichtbar");
  const release = await failNextPost(page, "/admin/gallery", (route) => route.abort("internetdisconnected"));

  await card.getByRole("button", { name: /verstecken$/ }).click();
  await expect(card).toContainText("Versteckt");
  release();

  await expect(toastRegion(page).getByText("Fehler beim Aktualisieren")).toBeVisible();
  await expect(toastRegion(page).getByText("Keine Verbindung zum Server.", { exact: false })).toBeVisible();
  await expect(card).toContainText("Sichtbar");
  await expect(card.getByRole("button", { name: /verstecken$/ })).toBeVisible();
  await expectNoErrorPage(page, "Galerie verwalten");
});

test("eine Navigation, deren Daten nicht laden, zeigt den Fehler in der Verwaltung; 'Erneut versuchen' hilft", async ({
  page,
  signIn,
}) => {
  await signIn(page);
  await page.goto("/admin");
  await waitForHydration(page);
  const dataRequests = `**${SPEISEKARTE_ADMIN}.data*`;
  await page.route(dataRequests, (route) => route.fulfill(BARE_500));

  await page
    .getByRole("navigation", { name: "Verwaltung" })
    .first()
    .getByRole("link", { name: "Speisekarte" })
    .click();

  const problem = page.getByRole("heading", { name: "Die Seite konnte nicht geladen werden" });
  await expect(problem).toBeVisible();
  await expect(problem).toBeFocused();
  await expect(page.getByRole("heading", { level: 1, name: "Speisekarte verwalten" })).toBeVisible();
  await expect(page.getByText("Es ist ein Fehler aufgetreten")).toHaveCount(0);
  // The admin layout stays: the sidebar with its entries.
  const sidebar = page.getByRole("navigation", { name: "Verwaltung" }).first();
  await expect(sidebar.getByRole("link", { name: "Wochenkarte" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("admin-error-navigation.png"), fullPage: true });

  // While the server still fails, trying again shows the same message.
  const retry = page.getByRole("link", { name: "Erneut versuchen" });
  const failedAgain = page.waitForResponse((response) => response.url().includes(".data"));
  await retry.click();
  expect((await failedAgain).status()).toBe(500);
  await expect(retry).toBeVisible();
  await expect(problem).toBeVisible();

  await page.unroute(dataRequests);
  await retry.click();
  await expect(page.getByRole("region", { name: "Aktive Speisekarte" })).toBeVisible();
  await expect(problem).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/speisekarte$/);
});

test.describe("ein Bildschirm, dessen Loader scheitert", () => {
  test.use({ ownSite: true });

  test("zeigt seinen Fehler schon im HTML des Servers, in der Verwaltung; 'Erneut versuchen' lädt neu", async ({
    page,
    signIn,
    site,
  }) => {
    // The screen's own query fails on the server; the frame's (the session) does not.
    await site.db.schema.alterTable("weekly_meals").renameTo("weekly_meals_away").execute();
    await signIn(page);
    const response = await page.goto("/admin/wochenkarte");
    expect(response?.status()).toBe(500);
    const problem = page.getByRole("heading", { name: "Die Seite konnte nicht geladen werden" });
    await expect(problem).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Wochenkarte verwalten" })).toBeVisible();
    const sidebar = page.getByRole("navigation", { name: "Verwaltung" }).first();
    await expect(sidebar.getByRole("link", { name: "Speisekarte" })).toBeVisible();
    // Without JavaScript the same control loads the page again.
    const retry = page.getByRole("link", { name: "Erneut versuchen" });
    await expect(retry).toHaveAttribute("href", "/admin/wochenkarte");
    await waitForHydration(page);
    await page.screenshot({ path: test.info().outputPath("admin-error-screen.png"), fullPage: true });

    await site.db.schema.alterTable("weekly_meals_away").renameTo("weekly_meals").execute();
    await retry.click();
    await expect(page.getByRole("region", { name: "Aktive Wochenkarte" })).toBeVisible();
    await expect(problem).toHaveCount(0);
  });
});

test("'Abmelden' ohne Antwort sagt es und lässt es erneut versuchen", async ({ page, signIn }) => {
  await signIn(page);
  await page.goto("/admin");
  await waitForHydration(page);
  await page.route("**/logout.data*", (route) => route.abort());
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Abmelden fehlgeschlagen" })).toBeVisible();
  await expect(page.getByText("Es ist ein Fehler aufgetreten")).toHaveCount(0);

  await page.unroute("**/logout.data*");
  await page.getByRole("button", { name: "Erneut abmelden" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe("nach einem Kontowechsel", () => {
  test.use({ ownSite: true });

  test("zeigt der Fehler der Verwaltung nie den Namen des vorigen Kontos", async ({ page, signIn, site }) => {
    await createStaff(site.db, "luca");
    await signIn(page);
    await page.goto("/admin");
    await waitForHydration(page);
    const previous = page.getByText(`Angemeldet als ${E2E_ADMIN.username}`);
    await expect(previous.first()).toBeVisible();
    await page.getByRole("button", { name: "Logout" }).first().click();
    await expect(page).toHaveURL(/\/login$/);

    // Another account signs in in the same tab, and the admin's first load fails.
    await page.route("**/admin.data*", (route) => route.fulfill(BARE_500));
    await waitForHydration(page);
    await page.getByLabel("Benutzername").fill("luca");
    await page.getByLabel("Passwort", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Anmelden" }).click();
    // The password check takes a while on a busy machine.
    await expect(page.getByRole("heading", { name: "Die Seite konnte nicht geladen werden" })).toBeVisible({
      timeout: 30_000,
    });
    await expect(previous).toHaveCount(0);
    await expect(page.getByText(/Angemeldet als/)).toHaveCount(0);

    await page.unroute("**/admin.data*");
    await page.getByRole("link", { name: "Erneut versuchen" }).click();
    await expect(page.getByText("Angemeldet als luca").first()).toBeVisible();
  });
});
