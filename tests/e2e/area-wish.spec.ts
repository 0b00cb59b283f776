import type { Browser, Page } from "@playwright/test";
import { seatTheDay } from "../../app/features/reservations/availability/table-seating.server.ts";
import { DEFAULT_SETTINGS } from "../../app/features/reservations/book/reservation-settings.ts";
import { drawArea, drawSmallPlan } from "../support/tables.ts";
import { accessibilityViolations, expect, test, toastRegion, waitForHydration } from "./fixtures.ts";
import { chooseGuestDay, insertReservation, openDayAhead } from "./support/reservations.ts";
import type { Site } from "./support/site.ts";

/**
 * 'Bereichswunsch' (decision 0054) as an owner, guests and staff meet it: off, the form asks for no
 * area; an owner turns it on, the form offers 'Innenraum' and 'Terrasse', its times follow the choice
 * (with and without the page's scripts), and staff see the guest's wish on the card. Each test has a
 * site of its own.
 */
test.use({ ownSite: true });

/** The small plan inside, and the terrace's two tables held at 19:00 by parties who chose it. */
async function fullTerrace(site: Site, date: string) {
  await drawSmallPlan(site.db);
  const terrace = await drawArea(site.db, "Terrasse", [
    ["T1", 2, 100],
    ["T2", 4, 400],
  ]);
  for (const name of ["Tara Terrasse", "Theo Terrasse"]) {
    const id = await insertReservation(site, {
      name,
      date,
      time: "19:00",
      partySize: 2,
      status: "CONFIRMED",
    });
    await site.db
      .updateTable("reservations")
      .set({ area_wish_id: terrace.areaId })
      .where("id", "=", id)
      .execute();
  }
  await site.db.transaction().execute((trx) => seatTheDay(trx, DEFAULT_SETTINGS, date));
  return terrace.areaId;
}

/** The owner turns 'Bereichswunsch' on in 'Reservierungseinstellungen'. */
async function turnOn(page: Page) {
  await page.goto("/admin/reservations/einstellungen");
  await waitForHydration(page);
  await page.getByLabel("Bereichswunsch").selectOption({ label: "An" });
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(toastRegion(page).getByText("Einstellungen gespeichert")).toBeVisible();
}

const timeOption = (page: Page, time: string) =>
  page.locator("#reservation-form-area").getByLabel("Uhrzeit").locator("option", { hasText: time });

for (const width of [1280, 390]) {
  test(`a guest chooses the terrace, its times follow, and staff see the wish at ${width} px`, async ({
    browser,
    site,
    signIn,
  }) => {
    const date = openDayAhead(9);
    await fullTerrace(site, date);
    const guest = await (browser as Browser).newContext({
      baseURL: site.origin,
      viewport: { width, height: 900 },
    });
    const page = await guest.newPage();
    // Off, as on a fresh installation: no choice on the form.
    await chooseGuestDay(page, "Gina Garten", date, "2 Personen");
    await expect(page.locator("#reservation-form-area").getByLabel("Bereich")).toHaveCount(0);

    const owner = await (browser as Browser).newContext({
      baseURL: site.origin,
      viewport: { width, height: 900 },
    });
    await signIn(owner);
    const admin = await owner.newPage();
    await turnOn(admin);

    // A new visit (the same address with its anchor would only scroll).
    await page.goto("about:blank");
    const form = await chooseGuestDay(page, "Gina Garten", date, "2 Personen");
    const areaChoice = form.getByLabel("Bereich");
    await expect(areaChoice.locator("option")).toHaveText(["Kein Wunsch", "Innenraum", "Terrasse"]);
    await expect(timeOption(page, "19:00 Uhr")).toHaveCount(1);
    // The terrace is full at 19:00: the list no longer offers it there, and offers it again inside.
    await areaChoice.selectOption({ label: "Terrasse" });
    await expect(timeOption(page, "19:00 Uhr")).toHaveCount(0);
    await expect(timeOption(page, "20:30 Uhr")).toHaveCount(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page
      .locator("#reservation-form-area")
      .screenshot({ path: test.info().outputPath(`area-wish-form-${width}.png`) });
    await form.getByLabel("Uhrzeit").selectOption({ label: "20:30 Uhr" });
    await form.getByRole("button", { name: "Reservierung anfragen" }).click();
    await expect(page.getByText("Reservierungsanfrage gesendet!").first()).toBeVisible();
    await guest.close();

    await admin.goto(`/admin/reservations?date=${date}`);
    await waitForHydration(admin);
    const gina = admin.getByRole("article", { name: "Gina Garten" });
    await expect(gina.getByText("Bereichswunsch")).toBeVisible();
    await expect(gina.getByText("Terrasse", { exact: true })).toBeVisible();
    await expect(gina.getByText("Tisch T1", { exact: true })).toBeVisible();
    expect(await accessibilityViolations(admin)).toEqual([]);
    await gina.screenshot({ path: test.info().outputPath(`area-wish-card-${width}.png`) });
    await owner.close();
  });
}

test("without scripts the page shows the chosen area's times and sends the wish", async ({
  browser,
  site,
  signIn,
}) => {
  const date = openDayAhead(9);
  const terrace = await fullTerrace(site, date);
  const owner = await (browser as Browser).newContext({ baseURL: site.origin });
  await signIn(owner);
  await turnOn(await owner.newPage());
  await owner.close();

  const guest = await (browser as Browser).newContext({ baseURL: site.origin, javaScriptEnabled: false });
  const page = await guest.newPage();
  // The link a restaurant hands out may name the area too.
  await page.goto(`/reservieren?datum=${date}&personen=2&bereich=${terrace}`);
  const form = page.locator("#reservation-form-area");
  await expect(form.getByLabel("Bereich")).toHaveValue(String(terrace));
  await expect(timeOption(page, "19:00 Uhr")).toHaveCount(0);
  // 'Zeiten anzeigen' after choosing no area: inside has room at 19:00.
  await form.getByLabel("Bereich").selectOption({ label: "Kein Wunsch" });
  await form.getByRole("button", { name: "Zeiten anzeigen" }).click();
  await expect(timeOption(page, "19:00 Uhr")).toHaveCount(1);
  // Back to the terrace, sent at 20:30.
  await form.getByLabel("Bereich").selectOption({ label: "Terrasse" });
  await form.getByRole("button", { name: "Zeiten anzeigen" }).click();
  await expect(timeOption(page, "19:00 Uhr")).toHaveCount(0);
  await form.getByLabel("Name").fill("Nora Ohne");
  await form.getByLabel("E-Mail").fill("nora@example.de");
  await form.getByLabel("Uhrzeit").selectOption({ label: "20:30 Uhr" });
  await form.getByRole("button", { name: "Reservierung anfragen" }).click();
  await expect(page.getByText("Reservierungsanfrage gesendet!").first()).toBeVisible();
  const stored = await site.db
    .selectFrom("reservations")
    .select("area_wish_id")
    .where("customer_name", "=", "Nora Ohne")
    .executeTakeFirstOrThrow();
  expect(stored.area_wish_id).toBe(terrace);
  await guest.close();
});
