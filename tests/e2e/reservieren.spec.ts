import type { Locator, Page } from "@playwright/test";
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.types.ts";
import { demoFullDate, demoReservationSettings } from "../../app/demo/reservations.ts";
import { saveReservationSettings } from "../../app/features/reservations/settings/settings-store.server.ts";
import { formatDate } from "../../app/lib/format.ts";
import { addDays, berlinNow, weekdayOf } from "../../app/lib/calendar.ts";
import { accessibilityViolations, expect, test, toastRegion, waitForHydration } from "./fixtures.ts";
import { removeFloorPlan } from "../support/tables.ts";

/**
 * `/reservieren`, the reservation form as a page of its own (decision 0031), and the waitlist as a
 * guest meets it on the demo content's fully booked evening. Each test has a site of its own: they
 * store reservations on dates other tests read.
 */
test.use({ ownSite: true });

const formArea = (page: Page) => page.locator("#reservation-form-area");

/** Sends the form with 'Auf die Warteliste setzen' and checks the guest is told so and stored so. */
async function joinWaitlist(
  page: Page,
  area: Locator,
  site: { db: Kysely<Database> },
  name: string,
  time: string,
) {
  await area.getByRole("button", { name: "Auf die Warteliste setzen" }).click();
  await expect(page.getByText("Sie stehen auf der Warteliste.")).toBeVisible();
  const stored = await site.db
    .selectFrom("reservations")
    .select(["reservation_time", "status"])
    .where("customer_name", "=", name)
    .execute();
  expect(stored).toEqual([{ reservation_time: time, status: "WAITLIST" }]);
}

test("?datum=&personen= fill in the form, and without JavaScript the page offers that date's free times", async ({
  browser,
  site,
}) => {
  const context = await browser.newContext({ baseURL: site.origin, javaScriptEnabled: false });
  const page = await context.newPage();
  const full = demoFullDate(berlinNow().date);
  await page.goto(`/reservieren?datum=${full}&personen=2`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const area = formArea(page);
  await expect(area.getByLabel("Datum")).toHaveValue(full);
  await expect(area.getByLabel("Personenanzahl")).toHaveValue("2");
  // The demo's evening is fully booked online: the page offers the lunch times only.
  const times = area.getByLabel("Uhrzeit");
  await expect(times.locator("option", { hasText: "12:00 Uhr" })).toHaveCount(1);
  await expect(times.locator("option", { hasText: "19:00 Uhr" })).toHaveCount(0);

  // A request for a free time is stored, and the answer is the page again.
  await area.getByLabel("Name").fill("Ohne Skript");
  await area.getByLabel("E-Mail").fill("ohne.skript@example.de");
  await times.selectOption({ label: "12:00 Uhr" });
  await area.getByRole("button", { name: "Reservierung anfragen" }).click();
  await expect(page.getByText("Reservierungsanfrage gesendet!")).toBeVisible();
  await expect(page).toHaveURL(/\/reservieren/);
  const stored = await site.db
    .selectFrom("reservations")
    .select(["reservation_date", "reservation_time", "party_size", "status"])
    .where("customer_name", "=", "Ohne Skript")
    .execute();
  expect(stored).toEqual([
    { reservation_date: full, reservation_time: "12:00", party_size: 2, status: "PENDING" },
  ]);
  await context.close();
});

test("without JavaScript 'Zeiten anzeigen' shows the newly chosen date's times and sends nothing", async ({
  browser,
  site,
}) => {
  const context = await browser.newContext({ baseURL: site.origin, javaScriptEnabled: false });
  const page = await context.newPage();
  const full = demoFullDate(berlinNow().date);
  const later = addDays(full, 7);
  await page.goto(`/reservieren?datum=${full}&personen=2`);
  const area = formArea(page);
  const times = area.getByLabel("Uhrzeit");
  await expect(times.locator("option", { hasText: "19:00 Uhr" })).toHaveCount(0);
  await area.getByLabel("Name").fill("Karl Umplaner");
  await area.getByLabel("Datum").fill(later);
  await area.getByLabel("Personenanzahl").selectOption("4");
  await area.getByRole("button", { name: "Zeiten anzeigen" }).click();

  await expect(
    area.getByText(`Die Uhrzeiten in der Liste gelten für den ${formatDate(later)} und 4 Personen.`),
  ).toBeVisible();
  await expect(area.getByLabel("Datum")).toHaveValue(later);
  await expect(area.getByLabel("Personenanzahl")).toHaveValue("4");
  await expect(area.getByLabel("Name")).toHaveValue("Karl Umplaner");
  // That date's evening has room: its times are offered now.
  await expect(times.locator("option", { hasText: "19:00 Uhr" })).toHaveCount(1);
  const stored = await site.db
    .selectFrom("reservations")
    .select("id")
    .where("customer_name", "=", "Karl Umplaner")
    .execute();
  expect(stored).toEqual([]);

  // And the request sent from there is stored for that date.
  await area.getByLabel("E-Mail").fill("karl@example.de");
  await times.selectOption({ label: "19:00 Uhr" });
  await area.getByRole("button", { name: "Reservierung anfragen" }).click();
  await expect(page.getByText("Reservierungsanfrage gesendet!")).toBeVisible();
  const sent = await site.db
    .selectFrom("reservations")
    .select(["reservation_date", "reservation_time", "party_size"])
    .where("customer_name", "=", "Karl Umplaner")
    .execute();
  expect(sent).toEqual([{ reservation_date: later, reservation_time: "19:00", party_size: 4 }]);
  await context.close();
});

test("an address that makes no sense leaves the fields for the guest to choose", async ({ page }) => {
  for (const query of [
    "datum=2026-02-30&personen=2.5",
    "datum=morgen&personen=1000",
    "personen=-1",
    "datum=1999-01-01&personen=0",
  ]) {
    const response = await page.goto(`/reservieren?${query}`);
    expect(response?.status(), query).toBe(200);
    await expect(formArea(page).getByLabel("Datum")).toHaveValue("");
    await expect(formArea(page).getByLabel("Personenanzahl")).toHaveValue("2");
  }
});

test("without JavaScript a time taken meanwhile is answered with the free times, and may go on the waitlist", async ({
  browser,
  site,
}) => {
  const context = await browser.newContext({ baseURL: site.origin, javaScriptEnabled: false });
  const page = await context.newPage();
  const full = demoFullDate(berlinNow().date);
  // The page without a date offers the opening hours; the evening is full by the time it is sent.
  await page.goto("/reservieren");
  const area = formArea(page);
  await area.getByLabel("Name").fill("Gerda Spät");
  await area.getByLabel("E-Mail").fill("gerda@example.de");
  await area.getByLabel("Datum").fill(full);
  await area.getByLabel("Personenanzahl").selectOption("2");
  await area.getByLabel("Uhrzeit").selectOption("19:00");
  await area.getByRole("button", { name: "Reservierung anfragen" }).click();
  await expect(
    area
      .getByText(/Diese Uhrzeit ist gerade ausgebucht\. Noch frei: 11:30, 12:00, 12:30, 13:00, 13:30 Uhr\./)
      .first(),
  ).toBeVisible();
  await expect(area.getByLabel("Name")).toHaveValue("Gerda Spät");
  // The list is the day's as it is now: the free lunch times, and the refused time marked for the
  // waitlist — not the opening hours' evening times that filled up meanwhile.
  const options = await area.getByLabel("Uhrzeit").locator("option").allTextContents();
  expect(options).toEqual([
    "Bitte wählen",
    "11:30 Uhr",
    "12:00 Uhr",
    "12:30 Uhr",
    "13:00 Uhr",
    "13:30 Uhr",
    "19:00 Uhr (ausgebucht)",
  ]);

  await joinWaitlist(page, area, site, "Gerda Spät", "19:00");
  await context.close();
});

test("a fully booked evening: the form names the next dates with room, and the guest may choose the waitlist", async ({
  page,
  site,
}) => {
  const full = demoFullDate(berlinNow().date);
  await page.goto(`/reservieren?datum=${full}&personen=4`);
  await waitForHydration(page);
  const area = formArea(page);
  const times = area.getByLabel("Uhrzeit");
  await expect(times.locator("option", { hasText: "19:00 Uhr" })).toHaveCount(0);
  await expect(
    area.getByRole("button", { name: "Ausgebuchte Zeiten für die Warteliste zeigen" }),
  ).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await area.getByRole("button", { name: "Ausgebuchte Zeiten für die Warteliste zeigen" }).click();
  await expect(times.locator("option", { hasText: "19:00 Uhr" })).toHaveCount(1);
  await area.getByLabel("Name").fill("Hanna Warten");
  await area.getByLabel("E-Mail").fill("hanna@example.de");
  await times.selectOption({ label: "19:00 Uhr" });
  await area.getByRole("button", { name: "Auf die Warteliste setzen" }).click();
  await expect(toastRegion(page).getByText("Sie stehen auf der Warteliste.")).toBeVisible();
  const stored = await site.db
    .selectFrom("reservations")
    .select(["reservation_time", "party_size", "status"])
    .where("customer_name", "=", "Hanna Warten")
    .execute();
  expect(stored).toEqual([{ reservation_time: "19:00", party_size: 4, status: "WAITLIST" }]);
  await page.screenshot({ path: test.info().outputPath("warteliste.png"), fullPage: false });
});

test("a day without any free time says so with the next dates and the phone number", async ({
  page,
  site,
}) => {
  // The demo's full day opens only for its evening: no time of that day has room.
  const today = berlinNow().date;
  const full = demoFullDate(today);
  await saveReservationSettings(
    site.db,
    {
      ...demoReservationSettings(today),
      exceptions: [{ date: full, opens: "17:00", closes: "22:00", note: "" }],
    },
    "e2e-chef",
  );
  await page.goto("/reservieren");
  await waitForHydration(page);
  const area = formArea(page);
  await area.getByLabel("Datum").fill(full);
  let next = addDays(full, 1);
  while (weekdayOf(next) === "monday") next = addDays(next, 1);
  await expect(
    area.getByText(/^An diesem Tag sind online keine Plätze mehr frei\. Noch Plätze frei am /),
  ).toContainText(`${formatDate(next)}, `);
  await expect(area.getByText(/Oder rufen Sie uns an: 07071 123456\./)).toBeVisible();
  await expect(area.getByLabel("Uhrzeit")).toBeDisabled();
  await expect(
    area.getByRole("button", { name: "Ausgebuchte Zeiten für die Warteliste zeigen" }),
  ).toBeVisible();
});

test("without JavaScript a fully booked day offers its full times for the waitlist straight away", async ({
  browser,
  site,
}) => {
  const today = berlinNow().date;
  const full = demoFullDate(today);
  // Only the demo's full evening is open that day: no time has room.
  await saveReservationSettings(
    site.db,
    {
      ...demoReservationSettings(today),
      exceptions: [{ date: full, opens: "17:00", closes: "22:00", note: "" }],
    },
    "e2e-chef",
  );
  const context = await browser.newContext({ baseURL: site.origin, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/reservieren?datum=${full}&personen=2`);
  const area = formArea(page);
  await expect(area.getByText(/^An diesem Tag sind online keine Plätze mehr frei\./)).toBeVisible();
  const times = area.getByLabel("Uhrzeit");
  await expect(times).toBeEnabled();
  await area.getByLabel("Name").fill("Ida Ohne");
  await area.getByLabel("E-Mail").fill("ida@example.de");
  await times.selectOption({ label: "20:00 Uhr" });
  await joinWaitlist(page, area, site, "Ida Ohne", "20:00");
  await context.close();
});

test("after a booking the form asks again: the time just taken is no longer offered", async ({
  page,
  site,
}) => {
  const date = addDays(demoFullDate(berlinNow().date), 7);
  // Two online seats decide, not the demo's tables.
  await removeFloorPlan(site.db);
  await site.db.deleteFrom("reservations").where("reservation_date", "=", date).execute();
  await saveReservationSettings(
    site.db,
    { ...demoReservationSettings(berlinNow().date), onlineSeats: 2 },
    "e2e-chef",
  );
  await page.goto(`/reservieren?datum=${date}&personen=2`);
  await waitForHydration(page);
  const area = formArea(page);
  const times = area.getByLabel("Uhrzeit");
  await area.getByLabel("Name").fill("Jana Letzte");
  await area.getByLabel("E-Mail").fill("jana@example.de");
  await times.selectOption({ label: "19:00 Uhr" });
  await area.getByRole("button", { name: "Reservierung anfragen" }).click();
  await expect(toastRegion(page).getByText("Reservierungsanfrage gesendet!")).toBeVisible();

  // The same date and party again, in the same page: 19:00 now holds the only two seats.
  await area.getByLabel("Datum").fill(date);
  await area.getByLabel("Personenanzahl").selectOption({ label: "2 Personen" });
  await expect(times.locator("option", { hasText: "21:00 Uhr" })).toHaveCount(1);
  await expect(times.locator("option", { hasText: "19:00 Uhr" })).toHaveCount(0);
});
