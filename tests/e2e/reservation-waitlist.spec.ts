import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { saveReservationSettings } from "../../app/features/reservations/settings/settings-store.server.ts";
import { DEFAULT_SETTINGS } from "../../app/features/reservations/book/reservation-settings.ts";
import { addDays, berlinNow, weekdayOf } from "../../app/lib/calendar.ts";
import { insertReservation, type TestReservation } from "../support/reservations.ts";
import { accessibilityViolations, expect, test, waitForHydration, type Site } from "./fixtures.ts";
import { removeFloorPlan } from "../support/tables.ts";

/**
 * The staff side of the seats (decision 0031, docs/product/reservations.md#staff-screen): the day
 * view shows the seats held per time against the online seats and marks overbooked times, a waitlist
 * request whose time has room again is flagged 'Platz frei' and confirmed with one click, and a staff
 * save that would overbook is asked about first. Each test has a site of its own: they change the
 * settings.
 */
test.use({ ownSite: true, withMailbox: true });
// The seats rule of a restaurant without tables: the demo's plan would decide instead.
test.beforeEach(async ({ site }) => removeFloorPlan(site.db));

const ADMIN_PATH = "/admin/reservations";

/** The first day at least `from` days ahead that is not a Monday (the demo's closed day). */
function openDay(from: number): string {
  let date = addDays(berlinNow().date, from);
  while (weekdayOf(date) === "monday") date = addDays(date, 1);
  return date;
}

/** A reservation straight into the database, on a date the demo content's reservations were cleared from. */
const reservation = (site: Site, values: TestReservation) => insertReservation(site.db, values);

/** A date of its own: the demo content's reservations on it would hold seats too. */
async function clearedDay(site: Site, from: number) {
  const date = openDay(from);
  await site.db.deleteFrom("reservations").where("reservation_date", "=", date).execute();
  return date;
}

const card = (page: Page, name: string) => page.getByRole("article", { name });
const summary = (page: Page) => page.getByRole("complementary", { name: "Gäste pro Uhrzeit" });

test("an owner sets online seats; a waitlist request shows 'Platz frei' after a cancellation and one click confirms it", async ({
  page,
  site,
  signIn,
  mailbox,
}) => {
  const date = await clearedDay(site, 4);
  await reservation(site, { name: "Volle Runde", date, time: "19:00", partySize: 6, status: "CONFIRMED" });
  await reservation(site, { name: "Wanda Warten", date, time: "19:00", partySize: 2, status: "WAITLIST" });

  await signIn(page);
  await page.goto(`${ADMIN_PATH}/einstellungen`);
  await waitForHydration(page);
  await page.getByLabel("Plätze gesamt").fill("10");
  await page.getByLabel("Davon online buchbar").fill("6");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Einstellungen gespeichert").first()).toBeVisible();

  await page.goto(`${ADMIN_PATH}?date=${date}`);
  await waitForHydration(page);
  const wanda = card(page, "Wanda Warten");
  await expect(wanda.getByLabel("Status für Wanda Warten")).toHaveValue("WAITLIST");
  await expect(wanda.getByLabel("Status für Wanda Warten").locator("option:checked")).toHaveText(
    "Warteliste",
  );
  await expect(wanda.getByText("Platz frei")).toHaveCount(0);
  await expect(summary(page).getByRole("row", { name: /19:00 Uhr/ })).toContainText("6 / 6 Plätze");
  await expect(summary(page).getByText("1 auf der Warteliste (2 Gäste)")).toBeVisible();

  await card(page, "Volle Runde").getByLabel("Status für Volle Runde").selectOption("CANCELLED");
  await expect(page.getByRole("dialog", { name: "Erfolg" })).toBeVisible();
  await page.getByRole("button", { name: "OK" }).click();

  await expect(wanda.getByText("Platz frei")).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await wanda.getByRole("button", { name: "Bestätigen" }).click();
  await expect(
    page
      .getByRole("dialog", { name: "Erfolg" })
      .getByText("Status für Wanda Warten aktualisiert und Bestätigungs-E-Mail gesendet."),
  ).toBeVisible();
  await page.getByRole("button", { name: "OK" }).click();
  await expect(wanda.getByLabel("Status für Wanda Warten")).toHaveValue("CONFIRMED");
  await expect(wanda.getByRole("button", { name: "Bestätigen" })).toHaveCount(0);
  if (!mailbox) throw new Error("fixture missing: test.use({ withMailbox: true })");
  const confirmation = await mailbox.waitFor((mail) => /^Reservierung bestätigt: /.test(mail.subject ?? ""));
  expect(confirmation.to && "text" in confirmation.to ? confirmation.to.text : "").toMatch(
    /wanda\.warten@example\.de/,
  );
});

test("a staff save that would overbook asks first, then saves; the day shows 'Überbucht'", async ({
  page,
  site,
  signIn,
}) => {
  await saveReservationSettings(site.db, { ...DEFAULT_SETTINGS, totalSeats: 10, onlineSeats: 6 }, "e2e-chef");
  const date = await clearedDay(site, 5);
  await reservation(site, { name: "Volle Runde", date, time: "19:00", partySize: 6, status: "CONFIRMED" });
  // A waitlist request at lunch, which is empty: it has room.
  await reservation(site, { name: "Mia Mittag", date, time: "12:30", partySize: 3, status: "WAITLIST" });

  await signIn(page);
  await page.goto(`${ADMIN_PATH}?date=${date}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "+ Neue Reservierung" }).click();
  const add = page.getByRole("dialog", { name: "Neue Reservierung" });
  await add.getByLabel("Name").fill("Telefon Gast");
  await add.getByLabel("Uhrzeit").fill("19:00");
  await add.getByRole("button", { name: "Reservierung hinzufügen" }).click();
  await expect(
    add.getByText("Überbucht: Um 19:00 wären 8 von 6 Plätzen belegt. Trotzdem speichern?"),
  ).toBeVisible();
  expect(
    await site.db
      .selectFrom("reservations")
      .select("id")
      .where("customer_name", "=", "Telefon Gast")
      .execute(),
  ).toEqual([]);
  await add.getByRole("button", { name: "Trotzdem speichern" }).click();
  await expect(
    page.getByRole("dialog", { name: "Erfolg" }).getByText("Neue Reservierung erfolgreich hinzugefügt!"),
  ).toBeVisible();
  await page.getByRole("button", { name: "OK" }).click();

  const overbooked = summary(page).getByRole("row", { name: /19:00 Uhr/ });
  await expect(overbooked).toContainText("8 / 6 Plätze");
  await expect(overbooked).toContainText("Überbucht");
  await expect(summary(page).getByText("Frei abends")).toBeVisible();
  await expect(card(page, "Mia Mittag").getByText("Platz frei")).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  const shots = path.resolve(".tmp");
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, "tagesansicht-ueberbucht.png"), fullPage: true });
});

test("without JavaScript the question shows in the page and its button saves", async ({
  browser,
  site,
  signIn,
}) => {
  await saveReservationSettings(site.db, { ...DEFAULT_SETTINGS, totalSeats: 10, onlineSeats: 6 }, "e2e-chef");
  const date = await clearedDay(site, 6);
  await reservation(site, { name: "Volle Runde", date, time: "19:00", partySize: 6, status: "CONFIRMED" });
  await reservation(site, { name: "Wanda Warten", date, time: "19:30", partySize: 2, status: "WAITLIST" });

  const context = await browser.newContext({ baseURL: site.origin, javaScriptEnabled: false });
  await signIn(context);
  const page = await context.newPage();
  await page.goto(`${ADMIN_PATH}?date=${date}`);
  const wanda = card(page, "Wanda Warten");
  await expect(wanda.getByText("Platz frei")).toHaveCount(0);
  await wanda.getByLabel("Status für Wanda Warten").selectOption("CONFIRMED");
  await wanda.getByRole("button", { name: "Status speichern" }).click();
  await expect(
    page.getByText("Überbucht: Um 19:30 wären 8 von 6 Plätzen belegt. Trotzdem speichern?"),
  ).toBeVisible();
  await expect(card(page, "Wanda Warten").getByLabel("Status für Wanda Warten")).toHaveValue("WAITLIST");
  await page.getByRole("button", { name: "Trotzdem speichern" }).click();
  await expect(
    page.getByText("Status für Wanda Warten aktualisiert und Bestätigungs-E-Mail gesendet."),
  ).toBeVisible();
  await expect(card(page, "Wanda Warten").getByLabel("Status für Wanda Warten")).toHaveValue("CONFIRMED");
  await context.close();
});

test("with JavaScript a status change that would overbook asks in a dialog; 'Abbrechen' keeps the status", async ({
  page,
  site,
  signIn,
}) => {
  await saveReservationSettings(site.db, { ...DEFAULT_SETTINGS, totalSeats: 10, onlineSeats: 6 }, "e2e-chef");
  const date = await clearedDay(site, 7);
  await reservation(site, { name: "Volle Runde", date, time: "19:00", partySize: 5, status: "CONFIRMED" });
  await reservation(site, { name: "Wanda Warten", date, time: "19:00", partySize: 2, status: "WAITLIST" });

  await signIn(page);
  await page.goto(`${ADMIN_PATH}?date=${date}`);
  await waitForHydration(page);
  const status = card(page, "Wanda Warten").getByLabel("Status für Wanda Warten");
  await status.selectOption("CONFIRMED");
  const question = page.getByRole("alertdialog", { name: "Überbucht" });
  await expect(
    question.getByText("Überbucht: Um 19:00 wären 7 von 6 Plätzen belegt. Trotzdem speichern?"),
  ).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await question.getByRole("button", { name: "Abbrechen" }).click();
  await expect(question).toBeHidden();
  await expect(status).toHaveValue("WAITLIST");

  await status.selectOption("CONFIRMED");
  await question.getByRole("button", { name: "Trotzdem speichern" }).click();
  await expect(
    page
      .getByRole("dialog", { name: "Erfolg" })
      .getByText("Status für Wanda Warten aktualisiert und Bestätigungs-E-Mail gesendet."),
  ).toBeVisible();
  await page.getByRole("button", { name: "OK" }).click();
  await expect(status).toHaveValue("CONFIRMED");
});
