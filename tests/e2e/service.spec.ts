import type { Page } from "@playwright/test";
import { demoFullDate } from "../../app/demo/reservations.ts";
import { addDays, berlinNow } from "../../app/lib/calendar.ts";
import { insertReservation } from "../support/reservations.ts";
import {
  accessibilityViolations,
  expect,
  test,
  toastRegion,
  waitForHydration,
  type Site,
} from "./fixtures.ts";

/**
 * 'Service' (decision 0034), the host stand's screen, on a site of its own with the demo content: the
 * next open day's evening is fully booked online (60 seats in two sittings), so a party that leaves
 * frees seats a guest can then book.
 */
test.use({ ownSite: true });

const today = () => berlinNow().date;

/** What the guests' availability API says about `time` on `date` for two people. */
async function freeAt(page: Page, date: string, time: string): Promise<boolean | undefined> {
  const response = await page.request.get(`/api/verfuegbarkeit?datum=${date}&personen=2`);
  const answer = (await response.json()) as { zeiten: Array<{ zeit: string; frei: boolean }> };
  return answer.zeiten.find((entry) => entry.zeit === time)?.frei;
}

const statusOf = async (site: Site, name: string) =>
  (
    await site.db
      .selectFrom("reservations")
      .select("status")
      .where("customer_name", "=", name)
      // The latest, where a guest has been before.
      .orderBy("reservation_date", "desc")
      .executeTakeFirstOrThrow()
  ).status;

const row = (page: Page, name: string) => page.getByRole("listitem").filter({ hasText: name });

test("'Eingetroffen' holds the seats, 'Abgeschlossen' frees them for guests at once; 'Nicht erschienen' only after the time", async ({
  page,
  site,
  signIn,
}) => {
  await signIn(page);
  const full = demoFullDate(today());
  expect(await freeAt(page, full, "17:00")).toBe(false);
  // The Rossis did not come three weeks ago: the host stand sees it at a glance.
  await insertReservation(site.db, {
    name: "Familie Rossi",
    email: "familie.rossi@example.de",
    date: addDays(today(), -21),
    time: "19:00",
    status: "NO_SHOW",
  });

  await page.goto(`/admin/service?datum=${full}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "17:00 Uhr" })).toBeVisible();
  const rossi = row(page, "Familie Rossi");
  // The evening lies ahead: no 'Nicht erschienen' yet, and the screen says from when.
  await expect(rossi.getByRole("button", { name: /^Nicht erschienen/ })).toHaveCount(0);
  await expect(rossi.getByText("Nicht erschienen ab 17:15 Uhr")).toBeVisible();
  await expect(rossi.getByText("1 × nicht erschienen")).toBeVisible();

  await rossi.getByRole("button", { name: /^Eingetroffen: Familie Rossi/ }).click();
  await expect(rossi.getByText("Status: Eingetroffen", { exact: true })).toBeVisible();
  expect(await statusOf(site, "Familie Rossi")).toBe("ARRIVED");
  expect(await freeAt(page, full, "17:00")).toBe(false);

  await rossi.getByRole("button", { name: /^Abgeschlossen: Familie Rossi/ }).click();
  await expect(rossi.getByText("Status: Abgeschlossen", { exact: true })).toBeVisible();
  expect(await statusOf(site, "Familie Rossi")).toBe("COMPLETED");
  // Eight seats free from 17:00: a pair may book that time again.
  expect(await freeAt(page, full, "17:00")).toBe(true);

  // Yesterday's party that never came may be marked so.
  await insertReservation(site.db, {
    name: "Gestern Gast",
    date: addDays(today(), -1),
    time: "19:00",
    status: "CONFIRMED",
  });
  await page.goto(`/admin/service?datum=${addDays(today(), -1)}`);
  await waitForHydration(page);
  await row(page, "Gestern Gast")
    .getByRole("button", { name: /^Nicht erschienen: Gestern Gast/ })
    .click();
  await expect(
    row(page, "Gestern Gast").getByText("Status: Nicht erschienen", { exact: true }),
  ).toBeVisible();
  expect(await statusOf(site, "Gestern Gast")).toBe("NO_SHOW");
});

test("a tap is undone from its toast; a walk-in is stored 'Eingetroffen' from 'Laufkundschaft' and holds seats", async ({
  page,
  site,
  signIn,
}) => {
  await signIn(page);
  const full = demoFullDate(today());
  await page.goto(`/admin/service?datum=${full}`);
  await waitForHydration(page);
  const lang = row(page, "Praxis Dr. Lang");
  await lang.getByRole("button", { name: /^Eingetroffen: Praxis Dr. Lang/ }).click();
  const toast = toastRegion(page).getByRole("listitem").filter({ hasText: "Praxis Dr. Lang: Eingetroffen" });
  await toast.getByRole("button", { name: "Rückgängig" }).click();
  await expect(
    toastRegion(page).getByText("Rückgängig gemacht: Praxis Dr. Lang ist wieder „Bestätigt“."),
  ).toBeVisible();
  await expect(lang.getByText("Status: Bestätigt", { exact: true })).toBeVisible();
  expect(await statusOf(site, "Praxis Dr. Lang")).toBe("CONFIRMED");

  await page.goto("/admin/service");
  await waitForHydration(page);
  await page.getByLabel("Personen").fill("3");
  await page.getByLabel("Name (optional)").fill("Tisch am Fenster");
  await page.getByRole("button", { name: "Laufkundschaft eintragen" }).click();
  await expect(
    toastRegion(page).getByText(/^Laufkundschaft eingetragen: 3 Personen um \d\d:\d\d Uhr\.$/),
  ).toBeVisible();
  const walkIn = await site.db
    .selectFrom("reservations")
    .select(["status", "source", "party_size", "reservation_date", "reservation_time"])
    .where("customer_name", "=", "Tisch am Fenster")
    .executeTakeFirstOrThrow();
  expect(walkIn).toMatchObject({
    status: "ARRIVED",
    source: "walk-in",
    party_size: 3,
    reservation_date: today(),
  });
  const walkInRow = row(page, "Tisch am Fenster");
  await expect(walkInRow.getByText("Laufkundschaft", { exact: true })).toBeVisible();
  await expect(walkInRow.getByRole("button", { name: /^Abgeschlossen: Tisch am Fenster/ })).toBeVisible();
  // Its time's bar counts its three seats.
  const slot = page.getByRole("region", { name: `${walkIn.reservation_time} Uhr` });
  // Of the seats at the tables open today (the demo's terrace closes for the winter).
  await expect(slot.getByText(/^\d+ von \d+ Plätzen belegt$/)).toBeVisible();
  const held = Number((await slot.getByText(/von \d+ Plätzen belegt/).textContent())?.split(" ")[0]);
  expect(held).toBeGreaterThanOrEqual(3);
  // The form is ready for the next guests.
  await expect(page.getByLabel("Name (optional)")).toHaveValue("");

  // Nothing for 0 or 500 people.
  for (const size of ["0", "500"]) {
    await page.getByLabel("Personen").fill(size);
    await page.getByRole("button", { name: "Laufkundschaft eintragen" }).click();
    await expect(page.getByText("Die Personenanzahl muss eine ganze Zahl von 1 bis 100 sein.")).toBeVisible();
  }
  expect(
    await site.db
      .selectFrom("reservations")
      .select("id")
      .where("source", "=", "walk-in")
      .where("reservation_date", "=", today())
      .execute(),
  ).toHaveLength(1);
});

test("works without JavaScript: a tap is a form, and its answer offers 'Rückgängig'", async ({
  browser,
  site,
  signIn,
}) => {
  const context = await browser.newContext({ baseURL: site.origin, javaScriptEnabled: false });
  await signIn(context);
  const page = await context.newPage();
  await page.goto(`/admin/service?datum=${demoFullDate(today())}`);
  await row(page, "Chor Cantabile")
    .getByRole("button", { name: /^Eingetroffen: Chor Cantabile/ })
    .click();
  await expect(page.getByText("Chor Cantabile: Eingetroffen")).toBeVisible();
  expect(await statusOf(site, "Chor Cantabile")).toBe("ARRIVED");
  await page.getByRole("button", { name: "Rückgängig" }).click();
  await expect(page.getByText("Rückgängig gemacht: Chor Cantabile ist wieder „Bestätigt“.")).toBeVisible();
  expect(await statusOf(site, "Chor Cantabile")).toBe("CONFIRMED");
  await context.close();
});

for (const width of [390, 1024]) {
  test(`axe finds nothing on 'Service' at ${width} px`, async ({ page, signIn }) => {
    await signIn(page);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/service?datum=${demoFullDate(today())}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Service", level: 1 })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto("/admin/service");
    await waitForHydration(page);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
}

test("a screen left open on today moves to the new day by itself after midnight", async ({
  page,
  site,
  signIn,
}) => {
  const day = today();
  const next = addDays(day, 1);
  await insertReservation(site.db, {
    name: "Frühe Gäste",
    email: "frueh@example.de",
    date: next,
    time: "12:00",
  });
  // The browser's clock at 23:59 Berlin on the server's today (the offset is one or two hours).
  const beforeMidnight = [1, 2]
    .map((hours) => new Date(Date.parse(`${day}T23:59:00Z`) - hours * 3_600_000))
    .find((instant) => berlinNow(instant).date === day && berlinNow(instant).time === "23:59");
  if (!beforeMidnight) throw new Error("no 23:59 in Berlin");
  await page.clock.install({ time: beforeMidnight });
  await signIn(page);
  await page.goto("/admin/service");
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Heute" })).toHaveAttribute("aria-current", "page");
  await expect(row(page, "Frühe Gäste")).toHaveCount(0);

  await page.clock.fastForward("02:00");
  await expect(page).toHaveURL(new RegExp(`/admin/service\\?datum=${next}$`));
  await expect(row(page, "Frühe Gäste")).toBeVisible();
});
