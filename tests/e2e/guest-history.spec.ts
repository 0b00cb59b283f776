import type { Page } from "@playwright/test";
import { saveReservationSettings } from "../../app/features/reservations/settings/settings-store.server.ts";
import { DEFAULT_SETTINGS } from "../../app/features/reservations/book/reservation-settings.ts";
import { addDays, berlinNow } from "../../app/lib/calendar.ts";
import { insertReservation } from "../support/reservations.ts";
import { accessibilityViolations, expect, test, waitForHydration, type Site } from "./fixtures.ts";
import { openDayAhead } from "./support/reservations.ts";
import { removeFloorPlan } from "../support/tables.ts";

/**
 * Decision 0037 in the browser: a guest's earlier visits and the reservation's source on its card
 * (printed too), and the staff form's free seats as staff type — the nearest free times when the
 * party does not fit, and an edited reservation's own seats left out. A site of its own: the tests
 * set the seats.
 */
test.use({ ownSite: true });
// The seats rule of a restaurant without tables: the demo's plan would decide instead.
test.beforeEach(async ({ site }) => removeFloorPlan(site.db));
test.describe.configure({ timeout: 60_000 });

const DATE = openDayAhead(10);
const NORA = { name: "Nora Nichtda", email: "nora.nichtda@example.de", phone: "0171 7654321" };

async function seed(site: Site) {
  await saveReservationSettings(
    site.db,
    { ...DEFAULT_SETTINGS, totalSeats: 24, onlineSeats: 20 },
    "e2e-chef",
  );
  const today = berlinNow().date;
  // Earlier: one visit (by her number, written otherwise) and one no-show (her address in capitals).
  await insertReservation(site.db, {
    ...NORA,
    email: null,
    phone: "+49 171 7654321",
    date: addDays(today, -60),
    status: "COMPLETED",
  });
  await insertReservation(site.db, {
    ...NORA,
    email: NORA.email.toUpperCase(),
    date: addDays(today, -30),
    status: "NO_SHOW",
  });
  return insertReservation(site.db, {
    ...NORA,
    date: DATE,
    time: "19:00",
    partySize: 4,
    status: "CONFIRMED",
    source: "online",
  });
}

const card = (page: Page) => page.getByRole("article", { name: NORA.name });
const seatsNote = (page: Page) => page.locator("[data-staff-seats]");

test("the card shows the guest's earlier visits and the source, on screen and in print", async ({
  page,
  site,
  signIn,
}) => {
  await seed(site);
  await signIn(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/reservations?date=${DATE}`);
    await expect(card(page)).toContainText("1 Besuch · 1 × nicht erschienen");
    await expect(card(page)).toContainText("Quelle: Online");
    await card(page).screenshot({ path: test.info().outputPath(`card-${width}.png`) });
  }
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.emulateMedia({ media: "print" });
  await expect(card(page).getByText("1 Besuch · 1 × nicht erschienen")).toBeVisible();
  await expect(card(page).getByText("Quelle: Online")).toBeVisible();
  // The status in words instead of the drop-down.
  await expect(card(page).locator("p").getByText("Bestätigt", { exact: true })).toBeVisible();
  await expect(card(page).getByLabel(`Status für ${NORA.name}`)).toBeHidden();
  await page.screenshot({ path: test.info().outputPath("print-390.png"), fullPage: true });
});

test("the staff form shows the free seats as one types, and the nearest free times when full", async ({
  page,
  site,
  signIn,
}) => {
  const nora = await seed(site);
  await signIn(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/reservations?date=${DATE}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "+ Neue Reservierung" }).click();
    const dialog = page.getByRole("dialog", { name: "Neue Reservierung" });
    await dialog.getByLabel("Uhrzeit *").fill("19:00");
    await dialog.getByLabel("Personen *").fill("4");
    await expect(seatsNote(page)).toHaveText("Noch 16 von 20 Plätzen frei um 19:00 Uhr.");
    await expect(seatsNote(page)).toHaveAttribute("aria-live", "polite");

    await dialog.getByLabel("Personen *").fill("18");
    await expect(seatsNote(page)).toContainText(/Ausgebucht – nächste freie Zeiten: \d\d:\d\d, 21:00/);
    await dialog.screenshot({ path: test.info().outputPath(`form-full-${width}.png`) });
    if (width === 1280) expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
  }

  // Editing Nora's table: her own four seats are not counted against her.
  await page.setViewportSize({ width: 1280, height: 900 });
  await card(page)
    .getByRole("button", { name: `Reservierung von ${NORA.name} bearbeiten` })
    .click();
  const edit = page.getByRole("dialog", { name: "Reservierung Bearbeiten" });
  await expect(seatsNote(page)).toHaveText("Noch 20 von 20 Plätzen frei um 19:00 Uhr.");
  await edit.getByLabel("Personen *").fill("20");
  await expect(seatsNote(page)).toHaveText("Noch 20 von 20 Plätzen frei um 19:00 Uhr.");
  await edit.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByRole("dialog", { name: "Erfolg" })).toBeVisible();
  const stored = await site.db
    .selectFrom("reservations")
    .select("party_size")
    .where("id", "=", nora)
    .executeTakeFirstOrThrow();
  expect(stored.party_size).toBe(20);
});
