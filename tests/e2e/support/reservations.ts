import type { Page } from "@playwright/test";
import { addDays, berlinNow, weekdayOf } from "../../../app/lib/calendar.ts";
import { insertReservation as insertInto, type TestReservation } from "../../support/reservations.ts";
import { waitForHydration } from "../fixtures.ts";
import type { Site } from "./site.ts";

/** A reservation straight into the site's database, as if a guest had sent it (PENDING unless said). */
export const insertReservation = (site: Site, values: TestReservation & { name: string }) =>
  insertInto(site.db, { email: "gast@example.de", ...values });

/** The home page's reservation form. */
export const guestFormArea = (page: Page) => page.locator("#reservation-form-area");

/** Fills in the guest's form up to the date and party size ('4 Personen'); the times offered then follow them. */
export async function chooseGuestDay(page: Page, name: string, date: string, party: string) {
  await page.goto("/#reservation-form-area");
  await waitForHydration(page);
  const area = guestFormArea(page);
  await area.getByLabel("Name").fill(name);
  await area.getByLabel("E-Mail").fill(`${name.toLowerCase().replace(/\W+/g, ".")}@example.de`);
  await area.getByLabel("Telefon").fill("0151 1234567");
  await area.getByLabel("Datum").fill(date);
  await area.getByLabel("Personenanzahl").selectOption({ label: party });
  return area;
}

/** Sends the guest's form for `party` ('2 Personen') at `time` ('19:00 Uhr'). */
export async function sendGuestRequest(page: Page, name: string, date: string, party: string, time: string) {
  const area = await chooseGuestDay(page, name, date, party);
  await area.getByLabel("Uhrzeit").selectOption({ label: time });
  await area.getByRole("button", { name: "Reservierung anfragen" }).click();
}

/** The first day at least `days` ahead that is not a Monday (the demo's closed day, with no bookings of its own). */
export function openDayAhead(days: number): string {
  let date = addDays(berlinNow().date, days);
  while (weekdayOf(date) === "monday") date = addDays(date, 1);
  return date;
}
