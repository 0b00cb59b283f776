import type { Page } from "@playwright/test";
import { fixPlace } from "../../app/features/reservations/tables/index.server.ts";
import { berlinNow, minutesOfClock } from "../../app/lib/calendar.ts";
import { drawArea, removeFloorPlan } from "../support/tables.ts";
import { accessibilityViolations, expect, test, toastRegion, waitForHydration, within } from "./fixtures.ts";
import { insertReservation } from "./support/reservations.ts";
import type { Site } from "./support/site.ts";

/**
 * The evening on the plan (decision 0057, docs/product/service.md): the host stand's plan view at
 * the real clock — parties due at their tables are seated, a walk-in sits at the table proposed for
 * it, a couple at the door waits until a table frees up and is seated there, everyone leaves — and
 * 'Statistik' counts the evening as it was. The parties are booked minutes from now, so the test
 * needs half an hour of the day left.
 */
test.use({ ownSite: true });
test.describe.configure({ timeout: 120_000 });

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** A room of its own: 'Saal' with the two-tops 1 and 2 and the four-top 4; today's demo parties gone. */
async function evening(site: Site) {
  const today = berlinNow().date;
  await site.db.deleteFrom("reservations").where("reservation_date", "=", today).execute();
  await removeFloorPlan(site.db);
  const { tables } = await drawArea(site.db, "Saal", [
    ["1", 2, 100],
    ["2", 2, 400],
    ["4", 4, 700],
  ]);
  const now = minutesOfClock(berlinNow().time) ?? 0;
  const book = async (name: string, partySize: number, inMinutes: number, table: string) => {
    const id = await insertReservation(site, {
      name,
      date: today,
      time: clock(now + inMinutes),
      partySize,
      status: "CONFIRMED",
    });
    await fixPlace(site.db, id, `t${tables.get(table) ?? 0}`);
  };
  await book("Rossi", 2, 10, "1");
  await book("Bianchi", 4, 20, "4");
  return { today };
}

const tableRow = (page: Page, name: string) => page.locator(`[data-floor-table="${name}"]`);
const doorEntry = (page: Page, name: string) => page.locator(`[data-door-entry="${name}"]`);
const toast = (page: Page, text: string | RegExp) => toastRegion(page).getByText(text).first();

test("a whole evening: seated at their tables, a walk-in at the proposed table, the door's couple seated when a table frees up, everyone leaves; Statistik counts it", async ({
  page,
  browser,
  site,
  signIn,
}) => {
  test.skip(
    (minutesOfClock(berlinNow().time) ?? 0) > 23 * 60 + 25,
    "The parties are booked minutes from now.",
  );
  const { today } = await evening(site);
  await signIn(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto("/admin/service?ansicht=plan");
  await waitForHydration(page);
  await expect(tableRow(page, "1")).toContainText(/Reserviert \d\d:\d\d/);
  await expect(tableRow(page, "2")).toContainText("Frei");

  // A second screen at the bar, on the plan too (the device remembers the view): it follows live.
  const bar = await browser.newPage({ storageState: await page.context().storageState() });
  await bar.goto("/admin/service");
  await expect(bar.getByRole("link", { name: "Plan", exact: true })).toHaveAttribute("aria-current", "page");

  // Rossi arrives: a tap on table 1 of the drawing, 'Eingetroffen' in its dialog.
  const handle = page.locator('[data-floor-handle="1"]');
  const box = await handle.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await handle.click();
  const dialog = page.getByRole("dialog", { name: "Tisch 1" });
  await dialog.getByRole("button", { name: "Eingetroffen: Rossi, Tisch 1" }).click();
  await expect(toast(page, "Rossi: Eingetroffen")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(tableRow(page, "1")).toContainText(/Belegt seit \d\d:\d\d/);
  await expect(tableRow(bar, "1")).toContainText(/Belegt seit/, within(2000));

  // Bianchi's four arrive: the list's button, as the keyboard reaches it.
  await tableRow(page, "4").getByRole("button", { name: "Eingetroffen: Bianchi, Tisch 4" }).click();
  await expect(toast(page, "Bianchi: Eingetroffen")).toBeVisible();

  // A couple walks in: the walk-in form proposes table 2, free for the rest of the day.
  const walkIn = page.getByRole("region", { name: "Laufkundschaft" });
  await walkIn.getByLabel("Personen").fill("2");
  await walkIn.getByRole("button", { name: "Tisch 2 · frei für den Rest des Tages" }).click();
  await expect(toast(page, "Laufkundschaft an Tisch 2: 2 Personen.")).toBeVisible();
  await expect(tableRow(page, "2")).toContainText(/Belegt seit/);

  // Another couple at the door: every table taken, so they wait — about as long as a couple stays.
  const door = page.getByRole("region", { name: "Warteliste vor Ort" });
  await door.getByLabel("Gast", { exact: true }).fill("Gallo");
  await door.getByLabel("Gäste", { exact: true }).fill("2");
  await door.getByLabel("Telefon (optional)").fill("0171 5550123");
  await door.getByRole("button", { name: "Auf die Warteliste" }).click();
  await expect(toast(page, "Gallo (2 Personen) wartet auf einen Tisch.")).toBeVisible();
  await expect(doorEntry(page, "Gallo")).toContainText(/ca\. (85|90) Min\./);
  await expect(doorEntry(bar, "Gallo")).toBeVisible(within(2000));
  expect(await accessibilityViolations(page)).toEqual([]);

  // Rossi leave: table 1 is free, and the couple at the door is told it is ready for them.
  await tableRow(page, "1").getByRole("button", { name: "Tisch frei: Tisch 1, Rossi" }).click();
  await expect(toast(page, "Rossi: Abgeschlossen")).toBeVisible();
  await expect(doorEntry(page, "Gallo")).toContainText("Tisch bereit: Tisch 1");
  await doorEntry(page, "Gallo").getByRole("button", { name: "An Tisch 1 setzen" }).click();
  await expect(toast(page, "Laufkundschaft an Tisch 1: 2 Personen.")).toBeVisible();
  await expect(doorEntry(page, "Gallo")).toHaveCount(0);
  await expect(tableRow(page, "1")).toContainText("Gallo");
  await expect(doorEntry(bar, "Gallo")).toHaveCount(0, within(2000));

  // Everyone leaves.
  for (const [table, name] of [
    ["1", "Gallo"],
    ["2", "Laufkundschaft"],
    ["4", "Bianchi"],
  ] as const) {
    await tableRow(page, table)
      .getByRole("button", { name: `Tisch frei: Tisch ${table}, ${name}` })
      .click();
    await expect(tableRow(page, table)).toContainText("Frei");
  }
  await bar.close();

  // Statistik: four parties of ten guests tonight, all of them here.
  const stored = await site.db
    .selectFrom("reservations")
    .select(["status", "party_size", "arrived_at", "left_at"])
    .where("reservation_date", "=", today)
    .execute();
  expect(stored.map((row) => row.status)).toEqual(Array(4).fill("COMPLETED"));
  expect(stored.every((row) => row.arrived_at !== null && row.left_at !== null)).toBe(true);
  await page.goto(`/admin/statistik?zeitraum=eigener&von=${today}&bis=${today}`);
  await expect(page.locator('dd[data-figure="Reservierungen"]')).toHaveText("4");
  await expect(page.locator('dd[data-figure="Gäste"]')).toHaveText("10");
});

test("the plan at 390 px is a list by area, and its taps work before the scripts run", async ({
  browser,
  site,
  signIn,
  page,
}) => {
  test.skip(
    (minutesOfClock(berlinNow().time) ?? 0) > 23 * 60 + 25,
    "The parties are booked minutes from now.",
  );
  await evening(site);
  await signIn(page);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    storageState: await page.context().storageState(),
  });
  const phone = await context.newPage();
  await phone.goto("/admin/service?ansicht=plan");
  // The drawing is for wider screens; the list by area says and offers everything.
  await expect(phone.locator('[data-floor-handle="1"]')).toBeHidden();
  await expect(phone.getByRole("heading", { name: "Saal" })).toBeVisible();
  await expect(phone.getByRole("list", { name: "Tische Saal" }).getByRole("listitem")).toHaveCount(3);
  await tableRow(phone, "1").getByRole("button", { name: "Eingetroffen: Rossi, Tisch 1" }).click();
  await expect(phone.getByText("Rossi: Eingetroffen")).toBeVisible();
  await expect(tableRow(phone, "1")).toContainText(/Belegt seit/);
  // A walk-in at table 2 with its own form, then the door's list.
  await tableRow(phone, "2").getByLabel("Personen").fill("2");
  await tableRow(phone, "2").getByRole("button", { name: "Laufkundschaft hier: Tisch 2" }).click();
  await expect(phone.getByText("Laufkundschaft an Tisch 2: 2 Personen.")).toBeVisible();
  const door = phone.getByRole("region", { name: "Warteliste vor Ort" });
  await door.getByLabel("Gast", { exact: true }).fill("Conti");
  await door.getByLabel("Gäste", { exact: true }).fill("500");
  await door.getByRole("button", { name: "Auf die Warteliste" }).click();
  await expect(phone.getByText("Die Personenanzahl muss eine ganze Zahl von 1 bis 100 sein.")).toBeVisible();
  expect(await site.db.selectFrom("door_waitlist").select("id").execute()).toEqual([]);
  await context.close();
});
