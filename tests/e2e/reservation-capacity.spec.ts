import {
  readReservationSettings,
  saveReservationSettings,
} from "../../app/features/reservations/settings/settings-store.server.ts";
import { DEFAULT_SETTINGS } from "../../app/features/reservations/book/reservation-settings.ts";
import { addDays } from "../../app/lib/calendar.ts";
import { expect, test, toastRegion, waitForHydration } from "./fixtures.ts";
import { chooseGuestDay, guestFormArea, openDayAhead, sendGuestRequest } from "./support/reservations.ts";
import { removeFloorPlan } from "../support/tables.ts";

/**
 * The reservation book knows its seats (decision 0031): with the owner's settings a guest's request
 * is confirmed at once when automatic confirmation covers it, waits for staff when it does not, and a
 * time without room is refused with the German message. Each test has a site of its own.
 */
test.use({ ownSite: true, withMailbox: true });
// The seats rule of a restaurant without tables: the demo's plan would decide instead.
test.beforeEach(async ({ site }) => removeFloorPlan(site.db));

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("fixture missing: test.use({ withMailbox: true })");
  return value;
}

const formArea = guestFormArea;
const chooseDay = chooseGuestDay;
const request = sendGuestRequest;

test("6 online seats, auto-confirmation up to 2: confirmed at once, then waiting, then full", async ({
  browser,
  page,
  site,
  mailbox,
  signIn,
}) => {
  // The owner sets them on 'Reservierungseinstellungen'.
  const owner = await browser.newContext({ baseURL: site.origin });
  await signIn(owner);
  const settings = await owner.newPage();
  await settings.goto("/admin/reservations/einstellungen");
  await waitForHydration(settings);
  await settings.getByLabel("Plätze gesamt").fill("10");
  await settings.getByLabel("Davon online buchbar").fill("6");
  await settings.getByLabel("Automatisch bestätigen").selectOption({ label: "bis 2 Personen" });
  await settings.getByRole("button", { name: "Speichern" }).click();
  await expect(toastRegion(settings).getByText("Einstellungen gespeichert")).toBeVisible();
  await owner.close();
  expect(await readReservationSettings(site.db)).toMatchObject({ onlineSeats: 6, autoConfirmUpTo: 2 });

  const date = openDayAhead(3);
  // The demo content's reservations on that day would hold seats too.
  await site.db.deleteFrom("reservations").where("reservation_date", "=", date).execute();

  await request(page, "Anna Zwei", date, "2 Personen", "19:00 Uhr");
  await expect(toastRegion(page).getByText("Ihre Reservierung ist bestätigt.")).toBeVisible();
  const confirmation = await need(mailbox).waitFor((mail) =>
    /anna\.zwei@example\.de/.test(mail.to && "text" in mail.to ? mail.to.text : ""),
  );
  expect(confirmation.subject).toMatch(/bestätigt/);
  expect(confirmation.attachments.some((file) => file.contentType.startsWith("text/calendar"))).toBe(true);

  await request(page, "Bruno Drei", date, "3 Personen", "18:00 Uhr");
  await expect(toastRegion(page).getByText("Reservierungsanfrage gesendet!")).toBeVisible();

  // 2 + 3 of 6 seats are held at 19:00: a party of 4 is no longer offered 19:00, a party of 1 is.
  const area = await chooseDay(page, "Carla Vier", date, "4 Personen");
  const times = area.getByLabel("Uhrzeit");
  await expect(times.locator("option", { hasText: "21:00 Uhr" })).toHaveCount(1);
  await expect(times.locator("option", { hasText: "19:00 Uhr" })).toHaveCount(0);
  await area.getByLabel("Personenanzahl").selectOption({ label: "1 Person" });
  await expect(times.locator("option", { hasText: "19:00 Uhr" })).toHaveCount(1);

  // Sent anyway, past the form: the server refuses it and names what is still free.
  const forged = await page.request.post("/?index", {
    form: { name: "Carla Vier", email: "carla@example.de", date, time: "19:00", party_size: "4" },
    headers: { Origin: site.origin },
  });
  expect(forged.status()).toBe(409);
  // The last time depends on the weekday (the demo's Sundays close at 21:30, other days at 22:00).
  expect(await forged.text()).toMatch(
    /Diese Uhrzeit ist gerade ausgebucht\. Noch frei: [^.]*\b21:00\b[^.]* Uhr\./,
  );

  const stored = await site.db
    .selectFrom("reservations")
    .select(["customer_name", "status"])
    .where("reservation_date", "=", date)
    .orderBy("customer_name")
    .execute();
  expect(stored).toEqual([
    { customer_name: "Anna Zwei", status: "CONFIRMED" },
    { customer_name: "Bruno Drei", status: "PENDING" },
  ]);
});

test("a closure refuses its dates with its note", async ({ page, site }) => {
  const date = openDayAhead(10);
  await saveReservationSettings(
    site.db,
    { ...DEFAULT_SETTINGS, closures: [{ from: date, to: addDays(date, 2), note: "Betriebsferien" }] },
    "e2e-chef",
  );
  const area = await chooseDay(page, "Dora Ferien", date, "2 Personen");
  await expect(
    area.getByText("Geschlossen: Betriebsferien – bitte wählen Sie einen anderen Tag."),
  ).toBeVisible();
  await expect(area.getByLabel("Uhrzeit")).toBeDisabled();
  // Sent anyway: refused with the note.
  const forged = await page.request.post("/?index", {
    form: { name: "Dora Ferien", email: "dora@example.de", date, time: "19:00", party_size: "2" },
    headers: { Origin: site.origin },
  });
  expect(forged.status()).toBe(409);
  expect(await forged.text()).toMatch(/Betriebsferien/);
  expect(
    await site.db.selectFrom("reservations").select("id").where("reservation_date", "=", date).execute(),
  ).toEqual([]);
});

test("the largest online group ends the party sizes, with the phone number for larger groups", async ({
  page,
  site,
}) => {
  await saveReservationSettings(site.db, { ...DEFAULT_SETTINGS, largestOnlineParty: 4 }, "e2e-chef");
  await page.goto("/#reservation-form-area");
  const sizes = formArea(page).getByLabel("Personenanzahl");
  await expect(sizes.locator("option")).toHaveText(["1 Person", "2 Personen", "3 Personen", "4+ Personen"]);
  await expect(
    formArea(page).getByText("Größere Gruppen: bitte rufen Sie uns an unter 07071 123456."),
  ).toBeVisible();

  // The server refuses a larger party sent anyway.
  const date = openDayAhead(5);
  const response = await page.request.post("/?index", {
    form: { name: "Emil Fünf", email: "emil@example.de", date, time: "19:00", party_size: "5" },
    headers: { Origin: site.origin },
  });
  expect(response.status()).toBe(400);
  expect(
    await site.db.selectFrom("reservations").select("id").where("customer_name", "=", "Emil Fünf").execute(),
  ).toEqual([]);
});
