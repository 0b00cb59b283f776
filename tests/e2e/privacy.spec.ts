import { expect, test, waitForHydration } from "./fixtures.ts";

/**
 * Guest data kept no longer than needed (decision 0033): the periods are settings, and the
 * Datenschutzerklärung states the ones configured — changing a setting changes the page.
 */
test.use({ ownSite: true });

test("the Datenschutzerklärung states the periods an owner sets under 'Reservierungseinstellungen'", async ({
  page,
  signIn,
}) => {
  await page.goto("/datenschutz");
  const periods = page.getByRole("listitem").filter({ hasText: /nach dem Reservierungstermin/ });
  await expect(periods.filter({ hasText: "Besondere Wünsche" })).toContainText(
    "einen Tag nach dem Reservierungstermin",
  );
  await expect(periods.filter({ hasText: "anonymisieren" })).toContainText(
    "12 Monate nach dem Reservierungstermin",
  );
  await expect(page.getByText("30 Tage nach dem Versand")).toBeVisible();
  await expect(page.getByText("Am Tag vor Ihrem Besuch erinnern wir Sie")).toBeVisible();

  await signIn(page);
  await page.goto("/admin/reservations/einstellungen");
  await waitForHydration(page);
  await page.getByLabel("Besondere Wünsche löschen nach").selectOption({ label: "3 Tage" });
  await page.getByLabel("Reservierungen anonymisieren nach").selectOption({ label: "6 Monate" });
  await page.getByLabel("Erinnerung an Gäste").selectOption({ label: "Aus" });
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Einstellungen gespeichert")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Besondere Wünsche löschen nach")).toHaveValue("3");
  await expect(page.getByLabel("Reservierungen anonymisieren nach")).toHaveValue("6");

  // A guest's view of the page (no staff session: the page as kept for guests).
  const guest = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin });
  if (!guest) throw new Error("no browser");
  const guestPage = await guest.newPage();
  await guestPage.goto("/datenschutz");
  const guestPeriods = guestPage.getByRole("listitem").filter({ hasText: /nach dem Reservierungstermin/ });
  await expect(guestPeriods.filter({ hasText: "Besondere Wünsche" })).toContainText(
    "3 Tage nach dem Reservierungstermin",
  );
  await expect(guestPeriods.filter({ hasText: "anonymisieren" })).toContainText(
    "6 Monate nach dem Reservierungstermin",
  );
  await expect(guestPage.getByText("Am Tag vor Ihrem Besuch erinnern wir Sie")).toHaveCount(0);
  await guest.close();
});
