import type { Page } from "@playwright/test";
import { expect, test, toastRegion, waitForHydration } from "./fixtures.ts";

/**
 * Guests' pages are kept in memory (decision 0020): after each kind of change staff make, the next
 * guest sees it at once. Every case first makes sure the page is kept (visited twice), then changes
 * it through the staff screen, then looks as a guest again.
 */
test.use({ ownSite: true });

async function visitAsGuest(guest: Page, path: string) {
  await guest.goto(path);
  await guest.goto(path);
}

test("Inhalte, Speisekarte, Menu Items, Galerie und Mitteilungen: die nächste Gästeseite zeigt die Änderung", async ({
  page,
  browser,
  signIn,
  site,
}) => {
  test.slow(); // five staff screens, each change checked as a guest
  const guestContext = await browser.newContext({ baseURL: site.origin });
  const guest = await guestContext.newPage();
  await signIn(page);

  // A content block: the hero's eyebrow.
  await visitAsGuest(guest, "/");
  await expect(guest.locator("#home")).toContainText("Authentische Italienische Küche");
  await page.goto("/admin/content");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Hero", exact: true }).click();
  await page.getByRole("tabpanel").getByLabel("Überzeile").fill("Frisch aus dem Cache");
  await page.getByRole("tabpanel").getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(toastRegion(page).getByText("Inhalt gespeichert")).toBeVisible();
  await guest.goto("/");
  await expect(guest.locator("#home")).toContainText("Frisch aus dem Cache");

  // The Speisekarte: a dish taken off the card.
  await visitAsGuest(guest, "/speisekarte");
  await expect(guest.getByRole("main")).toContainText("Panna Cotta");
  await page.goto("/admin/speisekarte");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Panna Cotta von der aktiven Karte entfernen" }).first().click();
  await expect(toastRegion(page).getByText("Von der aktiven Speisekarte entfernt")).toBeVisible();
  await guest.goto("/speisekarte");
  await expect(guest.getByRole("main")).not.toContainText("Panna Cotta");

  // A showcase item hidden.
  await visitAsGuest(guest, "/");
  await expect(guest.locator("#menu")).toContainText("Bruschetta Classica");
  await page.goto("/admin/menu-items");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Hide Bruschetta Classica" }).click();
  await expect(page.getByRole("article", { name: "Bruschetta Classica" })).toContainText("Hidden");
  await guest.goto("/");
  await expect(guest.locator("#menu")).not.toContainText("Bruschetta Classica");

  // A gallery picture hidden.
  await expect(
    guest.locator("#gallery").getByRole("img", { name: "Die Terrasse am Abend unter Lichterketten" }),
  ).toHaveCount(1);
  await page.goto("/admin/gallery");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sommerabende auf der Terrasse verstecken" }).click();
  await expect(page.getByRole("article", { name: "Sommerabende auf der Terrasse" })).toContainText(
    "Versteckt",
  );
  await guest.goto("/");
  await expect(
    guest.locator("#gallery").getByRole("img", { name: "Die Terrasse am Abend unter Lichterketten" }),
  ).toHaveCount(0);

  // An announcement added: the dialog's data (kept like the pages) has it at once.
  const announcements = async () =>
    JSON.stringify(await (await guestContext.request.get("/api/mitteilungen")).json());
  await announcements();
  expect(await announcements()).not.toContain("Heute frische Trüffel");
  await page.goto("/admin/mitteilungen");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Neue Mitteilung" }).click();
  await page.getByLabel("Titel").first().fill("Heute frische Trüffel");
  const fresh = page.getByRole("article", { name: "Heute frische Trüffel", exact: true });
  await fresh.getByLabel("Inhalt").fill("Nur solange der Vorrat reicht.");
  await fresh.getByRole("button", { name: "Fertig" }).click();
  await page.getByRole("button", { name: "Alle Änderungen speichern" }).click();
  await expect(toastRegion(page).getByText("Mitteilungen gespeichert")).toBeVisible();
  expect(await announcements()).toContain("Heute frische Trüffel");

  await guestContext.close();
});
