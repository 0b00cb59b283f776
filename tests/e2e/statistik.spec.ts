import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { statisticsMessages as M } from "../../app/features/statistics/schema.ts";
import { addDays, berlinNow } from "../../app/lib/calendar.ts";
import { accessibilityViolations, expect, test, waitForHydration, type Site } from "./fixtures.ts";

/**
 * 'Statistik' (decision 0036) over the demo data (app/demo/reservations.ts: the seven days before
 * the first start with completed, no-show, cancelled and one arrived visit, walk-ins, sources set):
 * the key figures as the rules count them — worked out here from the stored rows, not from the
 * screen's own code —, the CSV with the same numbers, a refused period, and axe at 390 and 1024 px.
 * Each test has a site of its own, so no other test's reservations change the figures.
 */
test.use({ ownSite: true });
test.describe.configure({ timeout: 90_000 });

const count = (value: number) => new Intl.NumberFormat("de-DE").format(value);
const share = (part: number, whole: number) =>
  whole === 0
    ? "–"
    : new Intl.NumberFormat("de-DE", { style: "percent", maximumFractionDigits: 1 }).format(part / whole);

/** The figures of `from`–`to` by the rules of 'So wird gezählt', straight from the database. */
async function expectedFigures(site: Site, from: string, to: string) {
  const now = berlinNow();
  const rows = await site.db
    .selectFrom("reservations")
    .select([
      "reservation_date",
      "reservation_time",
      "status",
      "source",
      "guest_action",
      "party_size",
      "auto_confirmed",
    ])
    .where("reservation_date", ">=", from)
    .where("reservation_date", "<=", to)
    .execute();
  const guestStatuses = ["PENDING", "CONFIRMED", "ARRIVED", "COMPLETED"];
  const counted = rows.filter((row) => guestStatuses.includes(row.status));
  const reserved = rows.filter((row) => row.source !== "walk-in" && row.status !== "WAITLIST");
  const past = reserved.filter(
    (row) =>
      row.status !== "CANCELLED" &&
      (row.reservation_date < now.date ||
        (row.reservation_date === now.date && row.reservation_time <= now.time)),
  );
  const noShows = past.filter((row) => row.status === "NO_SHOW").length;
  const byGuest = reserved.filter(
    (row) => row.status === "CANCELLED" && row.guest_action === "cancelled",
  ).length;
  const byStaff = reserved.filter((row) => row.status === "CANCELLED").length - byGuest;
  const online = rows.filter((row) => row.source === "online");
  return {
    entries: rows.length,
    figures: {
      Reservierungen: count(counted.length),
      Gäste: count(counted.reduce((sum, row) => sum + row.party_size, 0)),
      "Nicht erschienen": share(noShows, past.length),
      "Vom Gast storniert": share(byGuest, reserved.length),
      "Vom Restaurant storniert": share(byStaff, reserved.length),
      "Automatisch bestätigt": share(online.filter((row) => row.auto_confirmed === 1).length, online.length),
    },
    noShows,
    walkIns: rows.filter((row) => row.source === "walk-in" && row.status !== "WAITLIST").length,
  };
}

const figureOf = (page: Page, label: string) => page.locator(`dd[data-figure="${label}"]`);

test("zeigt die Zahlen der Demo-Daten, und die CSV-Datei hat dieselben", async ({ page, signIn, site }) => {
  const today = berlinNow().date;
  const from = addDays(today, -7);
  const to = addDays(today, 7);
  const expected = await expectedFigures(site, from, to);
  // The demo has something to count in each of these.
  expect(expected.noShows).toBeGreaterThan(0);
  expect(expected.walkIns).toBeGreaterThan(0);

  await signIn(page);
  await page.goto("/admin/statistik");
  await expect(page.getByRole("heading", { level: 1, name: "Statistik" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Dieser Monat" })).toBeChecked();

  // The period through the form, as staff choose it.
  await waitForHydration(page);
  await page.getByRole("radio", { name: "Zeitraum", exact: true }).check();
  await page.getByLabel("Von", { exact: true }).fill(from);
  await page.getByLabel("Bis", { exact: true }).fill(to);
  await page.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page).toHaveURL(new RegExp(`zeitraum=eigener&von=${from}&bis=${to}$`));
  await expect(page.getByRole("radio", { name: "Zeitraum", exact: true })).toBeChecked();
  await expect(page.getByText(`${count(expected.entries)} Einträge im Zeitraum`)).toBeVisible();
  for (const [label, value] of Object.entries(expected.figures))
    await expect(figureOf(page, label)).toHaveText(value);

  // Charts: images with names, and every number in a table.
  for (const name of ["Reservierungen und Gäste je Tag", "Nach Wochentag", "Nach Uhrzeit"])
    await expect(page.getByRole("img", { name: new RegExp(`^${name}`) })).toBeVisible();
  await page.getByText("Als Tabelle").first().click();
  const dayTable = page.getByRole("table", { name: "Reservierungen und Gäste je Tag" });
  await expect(dayTable.getByRole("row")).toHaveCount(15 + 1);
  // The seats' utilisation per service, and per area of the demo's Tischplan.
  const utilisation = page.getByRole("table", { name: /^Auslastung der Plätze/ });
  await expect(utilisation.getByRole("rowheader")).toHaveText([
    "Mittags",
    "Abends",
    "Bereich Innenraum",
    "Bereich Terrasse",
  ]);
  await expect(
    utilisation
      .getByRole("row", { name: /^Abends/ })
      .getByRole("cell")
      .last(),
  ).toHaveText(/^\d+(,\d)?\s%$/);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Als CSV herunterladen" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`statistik-${from}-bis-${to}.csv`);
  const bytes = await fs.readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split("\r\n");
  for (const [label, value] of Object.entries(expected.figures))
    expect(lines.find((line) => line.startsWith(`${label};`))?.split(";")[1], label).toBe(value);
  expect(lines).toContain(`Einträge insgesamt;${count(expected.entries)}`);
  // The day table on the page and its block in the file, row by row.
  const pageRows = await dayTable
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent.trim()).join(";")),
    );
  const start = lines.indexOf("Tag;Reservierungen;Gäste");
  expect(lines.slice(start + 1, start + 1 + pageRows.length)).toEqual(pageRows);
});

test("ein falscher Zeitraum zeigt die Meldung, mit und ohne Skripte", async ({ page, signIn }) => {
  await signIn(page);
  const answer = await page.goto("/admin/statistik?zeitraum=eigener&von=2026-11-30&bis=2026-11-01");
  expect(answer?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText(M.endBeforeStart);
  await expect(page.getByLabel("Bis", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("link", { name: "Als CSV herunterladen" })).toHaveCount(0);

  await page.goto("/admin/statistik?zeitraum=eigener&von=2019-01-01&bis=2026-01-01");
  await expect(page.getByRole("alert")).toHaveText(M.tooLong);

  // With scripts the browser answers before sending.
  await page.goto("/admin/statistik");
  await waitForHydration(page);
  await page.getByRole("radio", { name: "Zeitraum", exact: true }).check();
  await page.getByLabel("Von", { exact: true }).fill("2026-05-10");
  await page.getByLabel("Bis", { exact: true }).fill("2026-05-01");
  await page.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page.getByRole("alert")).toHaveText(M.endBeforeStart);
  await expect(page).toHaveURL(/\/admin\/statistik$/);
});

test("Von und Bis getippt wählen „Zeitraum“, mit und ohne Skripte", async ({
  page,
  browser,
  signIn,
  site,
}) => {
  await signIn(page);
  await page.goto("/admin/statistik");
  await waitForHydration(page);
  await expect(page.getByRole("radio", { name: "Dieser Monat" })).toBeChecked();
  await page.getByLabel("Von", { exact: true }).fill("2026-01-01");
  await expect(page.getByRole("radio", { name: "Zeitraum", exact: true })).toBeChecked();
  await page.getByLabel("Bis", { exact: true }).fill("2026-01-31");
  await page.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page.getByText("Vom 01.01.2026 bis 31.01.2026")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Zeitraum", exact: true })).toBeChecked();

  // Without scripts the server takes the typed dates as 'Zeitraum'.
  const context = await browser.newContext({ baseURL: site.origin, javaScriptEnabled: false });
  await signIn(context);
  const plain = await context.newPage();
  await plain.goto("/admin/statistik");
  await expect(plain.getByRole("radio", { name: "Dieser Monat" })).toBeChecked();
  await plain.getByLabel("Von", { exact: true }).fill("2026-02-01");
  await plain.getByLabel("Bis", { exact: true }).fill("2026-02-28");
  await plain.getByRole("button", { name: "Anzeigen" }).click();
  await expect(plain.getByText("Vom 01.02.2026 bis 28.02.2026")).toBeVisible();
  await expect(plain.getByRole("radio", { name: "Zeitraum", exact: true })).toBeChecked();
  // A fixed choice sent with the dates as shown is that choice.
  await plain.getByRole("radio", { name: "Letzter Monat" }).check();
  await plain.getByRole("button", { name: "Anzeigen" }).click();
  await expect(plain.getByRole("radio", { name: "Letzter Monat" })).toBeChecked();
  await context.close();
});

for (const width of [390, 1024])
  test(`axe findet nichts bei ${width} px`, async ({ page, signIn }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    const today = berlinNow().date;
    await page.goto(`/admin/statistik?zeitraum=eigener&von=${addDays(today, -7)}&bis=${addDays(today, 7)}`);
    await expect(page.getByRole("img", { name: /^Nach Wochentag/ })).toBeVisible();
    for (const summary of await page.getByText("Als Tabelle").all()) await summary.click();
    expect(await accessibilityViolations(page)).toEqual([]);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`statistik-${width}.png`), fullPage: true });
    await page.goto("/admin/statistik?zeitraum=12-monate");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({
      path: test.info().outputPath(`statistik-12-monate-${width}.png`),
      fullPage: true,
    });
  });
