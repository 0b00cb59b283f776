import type { Browser, BrowserContext, Page } from "@playwright/test";
import { seatTheDay } from "../../app/features/reservations/availability/table-seating.server.ts";
import { DEFAULT_SETTINGS } from "../../app/features/reservations/book/reservation-settings.ts";
import { drawSmallPlan } from "../support/tables.ts";
import { accessibilityViolations, expect, test, toastRegion, waitForHydration } from "./fixtures.ts";
import { insertReservation, openDayAhead } from "./support/reservations.ts";
import type { Site } from "./support/site.ts";
import { signInAsStaff } from "./support/staff.ts";

/**
 * The day on the plan (docs/product/tables.md): staff see at `/admin/tischplan?datum=&zeit=` which
 * party holds which table — in words, not by colour alone — drag a party to another table with the
 * mouse or a finger, use 'Tisch ändern' with the keyboard or without scripts, and see another
 * screen's change arrive live. Each test has a site of its own.
 */
test.use({ ownSite: true });

/** The small plan; Zeno's two at Tisch 1 and Sara's six at Tisch 4 + 5 from 19:00; Lena's two at Tisch 1 from 21:30. */
async function bookedEvening(site: Site, date: string) {
  const tables = await drawSmallPlan(site.db);
  for (const [name, time, partySize] of [
    ["Zeno Zwei", "19:00", 2],
    ["Sara Sechs", "19:00", 6],
    ["Lena Spät", "21:30", 2],
  ] as const)
    await insertReservation(site, { name, date, time, partySize, status: "CONFIRMED" });
  await site.db.transaction().execute((trx) => seatTheDay(trx, DEFAULT_SETTINGS, date));
  return tables;
}

const onPlan = (page: Page, table: string) => page.locator(`[data-plan-table="${table}"]`);
const row = (page: Page, table: string) => page.locator(`[data-plan-row="${table}"]`);

/** Drags the party at table `from` onto table `to`: with the mouse, or a finger through touch events. */
async function drag(page: Page, context: BrowserContext, from: string, to: string, finger: boolean) {
  const start = await onPlan(page, from).boundingBox();
  const end = await onPlan(page, to).boundingBox();
  if (!start || !end) throw new Error("the tables are not drawn");
  const along = (share: number) => ({
    x: start.x + start.width / 2 + (end.x + end.width / 2 - start.x - start.width / 2) * share,
    y: start.y + start.height / 2 + (end.y + end.height / 2 - start.y - start.height / 2) * share,
  });
  const steps = [0, 0.2, 0.5, 0.8, 1].map(along);
  if (finger) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [steps[0] ?? start] });
    for (const point of steps.slice(1))
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [point] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    return;
  }
  await page.mouse.move(steps[0]?.x ?? 0, steps[0]?.y ?? 0);
  await page.mouse.down();
  for (const point of steps.slice(1)) await page.mouse.move(point.x, point.y);
  await page.mouse.up();
}

for (const [width, finger] of [
  [1280, false],
  [390, true],
] as const) {
  test(`a waiter sees the evening on the plan and moves a party at ${width} px`, async ({
    browser,
    site,
  }) => {
    const date = openDayAhead(8);
    await bookedEvening(site, date);
    const context = await (browser as Browser).newContext({
      baseURL: site.origin,
      viewport: { width, height: 900 },
      ...(finger ? { hasTouch: true, isMobile: true } : {}),
    });
    // Not an owner: moving parties is the book's work, not the plan's.
    await signInAsStaff(site, context);
    const page = await context.newPage();
    await page.goto(`/admin/tischplan?datum=${date}&zeit=19:30`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 2, name: /19:30 Uhr$/ })).toBeVisible();
    await expect(page.getByText("3 von 4 Tischen belegt, 8 Personen.")).toBeVisible();
    // Each table says who holds it, or that it is free and when its next party comes.
    await expect(onPlan(page, "1")).toContainText("Zeno Zwei");
    await expect(onPlan(page, "1")).toContainText("Bestätigt");
    await expect(onPlan(page, "4")).toContainText("Sara Sechs");
    await expect(onPlan(page, "5")).toContainText("Sara Sechs");
    await expect(row(page, "2")).toHaveText("Tisch 2: frei");
    await expect(row(page, "4")).toContainText("Tisch 4 + 5, Sara Sechs 6 Personen, 19:00 Uhr Bestätigt");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`plan-day-${width}.png`), fullPage: true });

    // Zeno's two dragged to the free Tisch 2.
    await drag(page, context, "1", "2", finger);
    await expect(toastRegion(page).getByText("Tisch 2 ist jetzt für Zeno Zwei reserviert.")).toBeVisible();
    await expect(onPlan(page, "2")).toContainText("Zeno Zwei");
    // Lena's two come to Tisch 1 at 21:30, after Zeno's would have left.
    await expect(row(page, "1")).toHaveText("Tisch 1: frei, reserviert ab 21:30 Uhr");

    // Onto Sara's table: asked first; 'Abbrechen' leaves everything as it was.
    await drag(page, context, "2", "4", finger);
    const question = page.getByRole("alertdialog", { name: "Tisch belegt" });
    await expect(question.getByText("Tisch 4 ist um 19:00 belegt. Trotzdem zuweisen?")).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await question.getByRole("button", { name: "Abbrechen" }).click();
    await expect(question).toHaveCount(0);
    await expect(onPlan(page, "2")).toContainText("Zeno Zwei");
    await expect(onPlan(page, "4")).toContainText("Sara Sechs");
    await context.close();
  });
}

test("the keyboard moves a party with 'Tisch ändern', and another screen's change arrives live", async ({
  browser,
  site,
  signIn,
}) => {
  const date = openDayAhead(8);
  await bookedEvening(site, date);
  const context = await (browser as Browser).newContext({ baseURL: site.origin });
  await signInAsStaff(site, context);
  const page = await context.newPage();
  await page.goto(`/admin/tischplan?datum=${date}&zeit=19:30`);
  await waitForHydration(page);

  const zeno = row(page, "1");
  await zeno.getByText("Tisch ändern").focus();
  await page.keyboard.press("Enter");
  await zeno.getByLabel("Tisch für Zeno Zwei").focus();
  await zeno.getByLabel("Tisch für Zeno Zwei").selectOption({ label: "Tisch 2 · Innenraum · 1–2 Personen" });
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(toastRegion(page).getByText("Tisch 2 ist jetzt für Zeno Zwei reserviert.")).toBeVisible();
  await expect(row(page, "2")).toContainText("Zeno Zwei");

  // The owner puts Zeno back on Tisch 1 from 'Reservierungen einsehen': the plan shows it without a reload.
  const owner = await (browser as Browser).newContext({ baseURL: site.origin });
  await signIn(owner);
  const list = await owner.newPage();
  await list.goto(`/admin/reservations?date=${date}`);
  await waitForHydration(list);
  const card = list.getByRole("article", { name: "Zeno Zwei" });
  await card.getByText("Tisch ändern").click();
  await card.getByLabel("Tisch für Zeno Zwei").selectOption({ label: "Tisch 1 · Innenraum · 1–2 Personen" });
  await card.getByRole("button", { name: "Zuweisen" }).click();
  await expect(list.getByText("Tisch 1 ist jetzt für Zeno Zwei reserviert.")).toBeVisible();
  await expect(onPlan(page, "1")).toContainText("Zeno Zwei");
  await expect(row(page, "2")).toHaveText("Tisch 2: frei");
  await owner.close();
  await context.close();
});

test("the day on the plan works without JavaScript, and the plan's changes stay an owner's", async ({
  browser,
  site,
}) => {
  const date = openDayAhead(8);
  const tables = await bookedEvening(site, date);
  const context = await (browser as Browser).newContext({ baseURL: site.origin, javaScriptEnabled: false });
  await signInAsStaff(site, context);
  const page = await context.newPage();
  await page.goto(`/admin/tischplan?datum=${date}`);
  // Without a time, another day shows when its first party comes.
  await expect(page.getByLabel("Uhrzeit")).toHaveValue("19:00");
  await page.getByLabel("Uhrzeit").fill("21:45");
  await page.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /21:45 Uhr$/ })).toBeVisible();
  await expect(onPlan(page, "1")).toContainText("Lena Spät");

  const lena = row(page, "1");
  await lena.getByText("Tisch ändern").click();
  await lena.getByLabel("Tisch für Lena Spät").selectOption({ label: "Tisch 4 · Innenraum · 2–4 Personen" });
  await lena.getByRole("button", { name: "Zuweisen" }).click();
  await expect(page.getByText("Tisch 4 ist jetzt für Lena Spät reserviert.")).toBeVisible();
  await expect(row(page, "4")).toContainText("Lena Spät");

  // A forged plan change through the day's address changes nothing.
  const forged = await page.request.post(`/admin/tischplan?datum=${date}`, {
    form: { intent: "table-delete", table_id: String(tables.get("1")) },
    headers: { Origin: site.origin },
  });
  expect(forged.status()).toBe(400);
  await page.goto(`/admin/tischplan?datum=${date}&zeit=21:45`);
  await expect(onPlan(page, "1")).toBeVisible();
  await context.close();
});
