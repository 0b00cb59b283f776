import {
  readReservationSettings,
  saveReservationSettings,
} from "../../app/features/reservations/settings/settings-store.server.ts";
import { DEFAULT_SETTINGS } from "../../app/features/reservations/book/reservation-settings.ts";
import { addDays, berlinNow } from "../../app/lib/calendar.ts";
import { accessibilityViolations, atPath, expect, test, toastRegion, waitForHydration } from "./fixtures.ts";
import { signInAsStaff } from "./support/staff.ts";
import { removeFloorPlan } from "../support/tables.ts";

/**
 * Reservierungseinstellungen (README): owners change them, every staff member sees them. Each test
 * has a site of its own: they change the settings.
 */
test.use({ ownSite: true });
// The seats rule of a restaurant without tables: the demo's plan would decide instead.
test.beforeEach(async ({ site }) => removeFloorPlan(site.db));

// The demo content sets seats and a closure (README, 'Demo-Inhalte'); these tests start from an
// installation without settings, as one without demo content has.
test.beforeEach(async ({ site }) => saveReservationSettings(site.db, DEFAULT_SETTINGS, "e2e-setup"));

const PATH = "/admin/reservations/einstellungen";
const later = (days: number) => addDays(berlinNow().date, days);

test("an owner sets seats, auto-confirmation and a closure; they are there after a reload", async ({
  page,
  signIn,
  site,
}) => {
  await signIn(page);
  await page.goto("/admin");
  await expect(page.getByRole("link", { name: "Noch keine Plätze festgelegt" })).toBeVisible();
  await page.goto("/admin/reservations");
  await page.getByRole("link", { name: "Einstellungen" }).click();
  await expect(page).toHaveURL(atPath(PATH));
  await waitForHydration(page);
  await expect(page.getByText("Noch keine Plätze festgelegt – jede Anfrage wird angenommen")).toBeVisible();

  await page.getByLabel("Plätze gesamt").fill("10");
  await page.getByLabel("Davon online buchbar").fill("6");
  await page.getByLabel("Automatisch bestätigen").selectOption({ label: "bis 2 Personen" });
  await page.getByRole("button", { name: "Zeitraum hinzufügen" }).click();
  const closure = page.getByRole("group", { name: "Zeitraum 1" });
  await expect(closure.getByLabel("Erster Tag")).toBeFocused();
  await closure.getByLabel("Erster Tag").fill(later(20));
  await closure.getByLabel("Letzter Tag").fill(later(34));
  await closure.getByLabel("Hinweis für Gäste").fill("Betriebsferien");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(toastRegion(page).getByText("Einstellungen gespeichert")).toBeVisible();

  await page.reload();
  await expect(page.getByText("10 Plätze, davon 6 online")).toBeVisible();
  await expect(page.getByLabel("Plätze gesamt")).toHaveValue("10");
  await expect(page.getByLabel("Davon online buchbar")).toHaveValue("6");
  await expect(page.getByLabel("Automatisch bestätigen")).toHaveValue("2");
  await expect(closure.getByLabel("Erster Tag")).toHaveValue(later(20));
  await expect(closure.getByLabel("Letzter Tag")).toHaveValue(later(34));
  await expect(closure.getByLabel("Hinweis für Gäste")).toHaveValue("Betriebsferien");
  expect(await accessibilityViolations(page)).toEqual([]);

  // A phone's width: nothing sticks out sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("einstellungen-390.png"), fullPage: true });

  await page.goto("/admin");
  await expect(page.getByText("10 Plätze, davon 6 online")).toBeVisible();
  expect((await readReservationSettings(site.db)).closures).toEqual([
    { from: later(20), to: later(34), note: "Betriebsferien" },
  ]);
});

test("a refused value shows its message and changes nothing", async ({ page, signIn, site }) => {
  await signIn(page);
  await page.goto(PATH);
  await waitForHydration(page);
  await page.getByLabel("Plätze gesamt").fill("10");
  await page.getByLabel("Davon online buchbar").fill("11");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(
    page.getByText("Online buchbar können höchstens so viele Plätze sein wie insgesamt (10)."),
  ).toBeVisible();
  await expect(page.getByLabel("Davon online buchbar")).toBeFocused();
  await expect(toastRegion(page).getByText("Fehler beim Speichern")).toBeVisible();

  await page.getByLabel("Davon online buchbar").fill("6");
  await page.getByRole("button", { name: "Ausnahme hinzufügen" }).click();
  const exception = page.getByRole("group", { name: "Ausnahme 1" });
  await exception.getByLabel("Datum").fill(later(-1));
  await exception.getByLabel("Öffnet").fill("17:00");
  await exception.getByLabel("Schließt").fill("21:00");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(exception.getByText("Das Datum liegt in der Vergangenheit.")).toBeVisible();

  // The action checks again: a form sent past the browser's check is refused the same way.
  const forged = await page.request.post(PATH, {
    headers: { Origin: site.origin },
    form: { intent: "save", totalSeats: "10", onlineSeats: "11", largestOnlineParty: "8" },
  });
  expect(forged.status()).toBe(400);
  expect(await readReservationSettings(site.db)).toEqual(DEFAULT_SETTINGS);
});

test("without JavaScript: rows are added and removed, a refusal and a save show in the page", async ({
  browser,
  site,
  signIn,
}) => {
  const context = await browser.newContext({ baseURL: site.origin, javaScriptEnabled: false });
  await signIn(context);
  const page = await context.newPage();
  await page.goto(PATH);
  await page.getByRole("button", { name: "Zeitraum hinzufügen" }).click();
  const closure = page.getByRole("group", { name: "Zeitraum 1" });
  await closure.getByLabel("Erster Tag").fill(later(5));
  await closure.getByLabel("Letzter Tag").fill(later(4));
  await page.getByLabel("Plätze gesamt").fill("0");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Fehler beim Speichern")).toBeVisible();
  await expect(closure.getByText("Der letzte Tag liegt vor dem ersten.")).toBeVisible();
  await expect(page.getByText("Es muss mindestens 1 Platz sein")).toBeVisible();
  expect(await readReservationSettings(site.db)).toEqual(DEFAULT_SETTINGS);

  await closure.getByLabel("Letzter Tag").fill(later(6));
  await page.getByLabel("Plätze gesamt").fill("30");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Einstellungen gespeichert")).toBeVisible();
  expect(await readReservationSettings(site.db)).toMatchObject({
    totalSeats: 30,
    closures: [{ from: later(5), to: later(6), note: "" }],
  });
  await page.getByRole("button", { name: "Zeitraum 1 entfernen" }).click();
  await expect(page.getByRole("group", { name: "Zeitraum 1" })).toHaveCount(0);
  await context.close();
});

test("a staff member who is no owner sees the settings and cannot change them", async ({ page, site }) => {
  await signInAsStaff(site, page.context());
  await page.goto(PATH);
  await expect(page.getByText("Nur Inhaber können die Einstellungen ändern.")).toBeVisible();
  await expect(page.getByLabel("Größte Gruppe online")).toHaveValue("8");
  await expect(page.getByLabel("Größte Gruppe online")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Speichern" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Zeitraum hinzufügen" })).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);

  // A form sent anyway, as a page and as a data request: refused, nothing changed.
  for (const address of [PATH, `${PATH}.data`]) {
    const post = await page.request.post(address, {
      headers: { Origin: site.origin },
      form: { intent: "save", totalSeats: "10", onlineSeats: "6", largestOnlineParty: "8" },
    });
    expect(post.status()).toBe(403);
  }
  expect(await readReservationSettings(site.db)).toEqual(DEFAULT_SETTINGS);
});
