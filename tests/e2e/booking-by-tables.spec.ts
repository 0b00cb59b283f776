import type { Browser, Page } from "@playwright/test";
import { accessibilityViolations, expect, test, waitForHydration } from "./fixtures.ts";
import { guestFormArea, openDayAhead, sendGuestRequest } from "./support/reservations.ts";
import { drawSmallPlan } from "../support/tables.ts";

/**
 * Booking by tables (decision 0053), as guests and staff meet it: once tables are drawn, the form
 * offers a party of six a time only while the combination 4 + 5 is free, every request is given the
 * best-fitting table, the staff list says which, and 'Tisch ändern' puts a party elsewhere — asked
 * first when that table is taken. Each test has a site of its own.
 */
test.use({ ownSite: true });

const formArea = guestFormArea;

async function request(page: Page, name: string, date: string, party: string, time: string) {
  await sendGuestRequest(page, name, date, party, time);
  await expect(page.getByText("Reservierungsanfrage gesendet!").first()).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole("article", { name });

for (const width of [1280, 390]) {
  test(`guests get the table that fits and staff move a party at ${width} px`, async ({
    browser,
    site,
    signIn,
  }) => {
    const date = openDayAhead(9);
    await drawSmallPlan(site.db);
    const guest = await (browser as Browser).newContext({
      baseURL: site.origin,
      viewport: { width, height: 900 },
    });
    const page = await guest.newPage();
    await request(page, "Sara Sechs", date, "6 Personen", "19:00 Uhr");
    await request(page, "Zeno Zwei", date, "2 Personen", "19:00 Uhr");

    // The combination is the only place for six: 19:00 is no longer offered to another six.
    await page.goto("/#reservation-form-area");
    await waitForHydration(page);
    const area = formArea(page);
    await area.getByLabel("Datum").fill(date);
    await area.getByLabel("Personenanzahl").selectOption({ label: "6 Personen" });
    await expect(area.getByLabel("Uhrzeit").locator("option", { hasText: "12:00 Uhr" })).toHaveCount(1);
    await expect(area.getByLabel("Uhrzeit").locator("option", { hasText: "19:00 Uhr" })).toHaveCount(0);
    await guest.close();

    const staff = await (browser as Browser).newContext({
      baseURL: site.origin,
      viewport: { width, height: 900 },
    });
    await signIn(staff);
    const admin = await staff.newPage();
    await admin.goto(`/admin/reservations?date=${date}`);
    await waitForHydration(admin);
    await expect(card(admin, "Sara Sechs").getByText("Tisch 4 + 5", { exact: true })).toBeVisible();
    await expect(card(admin, "Zeno Zwei").getByText("Tisch 1", { exact: true })).toBeVisible();
    expect(await accessibilityViolations(admin)).toEqual([]);

    // 'Tisch ändern': Zeno to table 4, which Sara's party holds — asked first, then done.
    const zeno = card(admin, "Zeno Zwei");
    await zeno.getByText("Tisch ändern").click();
    await zeno
      .getByLabel("Tisch für Zeno Zwei")
      .selectOption({ label: "Tisch 4 · Innenraum · 2–4 Personen" });
    await zeno.getByRole("button", { name: "Zuweisen" }).click();
    const question = admin.getByRole("alertdialog", { name: "Tisch belegt" });
    await expect(question.getByText("Tisch 4 ist um 19:00 belegt. Trotzdem zuweisen?")).toBeVisible();
    expect(await accessibilityViolations(admin)).toEqual([]);
    await question.getByRole("button", { name: "Trotzdem zuweisen" }).click();
    await expect(admin.getByText("Tisch 4 ist jetzt für Zeno Zwei reserviert.")).toBeVisible();
    await admin.keyboard.press("Escape");
    await expect(card(admin, "Zeno Zwei").getByText("Tisch 4", { exact: true })).toBeVisible();
    // Sara's six have no other place: they are left without a table, for staff to see.
    await expect(card(admin, "Sara Sechs").getByText("Kein Tisch")).toBeVisible();
    await admin.screenshot({ path: test.info().outputPath(`tables-list-${width}.png`), fullPage: true });
    // 'Plätze gesamt' is the tables' seats now: said, not asked.
    await admin.goto("/admin/reservations/einstellungen");
    await expect(admin.getByText(/^Die Plätze ergeben sich aus den Tischen im Tischplan/)).toBeVisible();
    await expect(admin.getByLabel("Plätze gesamt")).toHaveCount(0);
    await expect(admin.getByText("12 Plätze, davon 12 online")).toBeVisible();
    expect(await accessibilityViolations(admin)).toEqual([]);
    // The service view shows the tables too.
    await admin.goto(`/admin/service?datum=${date}`);
    await expect(
      admin.getByRole("listitem").filter({ hasText: "Zeno Zwei" }).getByText("Tisch 4"),
    ).toBeVisible();
    await admin.screenshot({ path: test.info().outputPath(`tables-service-${width}.png`), fullPage: true });
    await staff.close();
  });
}

test("'Tisch ändern' works before the page's scripts, as a plain form", async ({ browser, site, signIn }) => {
  const date = openDayAhead(9);
  await drawSmallPlan(site.db);
  const guest = await (browser as Browser).newContext({ baseURL: site.origin });
  await request(await guest.newPage(), "Zeno Zwei", date, "2 Personen", "19:00 Uhr");
  await guest.close();
  const staff = await (browser as Browser).newContext({ baseURL: site.origin, javaScriptEnabled: false });
  await signIn(staff);
  const admin = await staff.newPage();
  await admin.goto(`/admin/reservations?date=${date}`);
  const zeno = card(admin, "Zeno Zwei");
  await expect(zeno.getByText("Tisch 1", { exact: true })).toBeVisible();
  await zeno.getByText("Tisch ändern").click();
  await zeno.getByLabel("Tisch für Zeno Zwei").selectOption({ label: "Tisch 2 · Innenraum · 1–2 Personen" });
  await zeno.getByRole("button", { name: "Zuweisen" }).click();
  await expect(admin.getByText("Tisch 2 ist jetzt für Zeno Zwei reserviert.")).toBeVisible();
  await expect(card(admin, "Zeno Zwei").getByText("Tisch 2", { exact: true })).toBeVisible();
  await staff.close();
});
