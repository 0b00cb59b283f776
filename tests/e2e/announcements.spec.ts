import { expect, test, type Browser, type Page } from "@playwright/test";
import { accessibilityViolations, signIn, toastRegion, waitForHydration } from "./fixtures.ts";

/**
 * Mitteilungen: the staff screen and the public dialog. Everything this file creates is titled
 * 'E2E …' and removed at the end; demo announcements it deactivates are reactivated, so the other
 * spec files find the demo as it was.
 */
test.describe.configure({ mode: "serial" });

const ADMIN_PATH = "/admin/mitteilungen";
const PREFIX = "E2E ";

/** Berlin calendar date `offsetDays` from today, as YYYY-MM-DD and as dd.mm.yyyy. */
function berlinDate(offsetDays = 0) {
  const iso = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Berlin",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000));
  const [year, month, day] = iso.split("-");
  return { iso, german: `${day}.${month}.${year}` };
}

const cards = (page: Page) => page.getByRole("list", { name: "Mitteilungen" }).getByRole("article");
const card = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });
const unsavedLine = (page: Page) => page.getByText("Ungespeicherte Änderungen");
const saveButton = (page: Page) => page.getByRole("button", { name: "Alle Änderungen speichern" });

async function openAdmin(page: Page) {
  await page.goto(ADMIN_PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Mitteilungen verwalten" })).toBeVisible();
  await waitForHydration(page);
  await expect(saveButton(page)).toBeEnabled();
}

async function saveAll(page: Page) {
  await saveButton(page).click();
  await expect(toastRegion(page).getByText("Mitteilungen gespeichert")).toBeVisible();
  await expect(toastRegion(page).getByText("Die Änderungen wurden erfolgreich gespeichert.")).toBeVisible();
  await expect(unsavedLine(page)).toHaveCount(0);
}

/** 'Neue Mitteilung', filled in and closed with 'Fertig'. */
async function addAnnouncement(
  page: Page,
  values: { title: string; content: string; type?: string; priority?: string; validUntil?: string },
) {
  await page.getByRole("button", { name: "Neue Mitteilung" }).click();
  const fresh = cards(page).first();
  await expect(fresh.getByLabel("Titel")).toBeFocused();
  await fresh.getByLabel("Titel").fill(values.title);
  // The card's name follows its title from here on.
  const named = card(page, values.title);
  await named.getByLabel("Inhalt").fill(values.content);
  if (values.type) await named.getByLabel("Typ").selectOption({ label: values.type });
  if (values.priority) await named.getByLabel("Priorität").selectOption({ label: values.priority });
  if (values.validUntil) await named.getByLabel("Gültig bis").fill(values.validUntil);
  await named.getByRole("button", { name: "Fertig" }).click();
  await expect(named.getByRole("button", { name: "Bearbeiten" })).toBeVisible();
  return named;
}

async function openPublicDialog(page: Page) {
  await page.goto("/");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Mitteilungen" });
  // Clicked again only if it did not open (a click racing the page's start-up on a busy machine).
  await expect(async () => {
    if (!(await dialog.isVisible()))
      await page.locator("#home").getByRole("button", { name: "Mitteilungen" }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return dialog;
}

/** Staff-side clean-up in its own browser context: removes every 'E2E …' announcement. */
async function removeTestAnnouncements(browser: Browser) {
  // Explicitly with JavaScript: the last test of this file runs without it.
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await signIn(page);
  await openAdmin(page);
  const titles = await cards(page).getByRole("heading").allTextContents();
  const ours = titles.filter((title) => title.startsWith(PREFIX));
  for (const title of ours)
    await card(page, title).getByRole("button", { name: "Mitteilung löschen" }).click();
  if (ours.length > 0) await saveAll(page);
  await context.close();
}

test.afterAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(60_000);
  await removeTestAnnouncements(browser);
});

test("'Neue Mitteilung' starts with the spec's defaults; staff create, deactivate, delete and save", async ({
  page,
}) => {
  await signIn(page);
  await openAdmin(page);
  await expect(unsavedLine(page)).toHaveCount(0);

  await page.getByRole("button", { name: "Neue Mitteilung" }).click();
  const fresh = cards(page).first();
  await expect(fresh.getByRole("heading", { name: "Neue Mitteilung" })).toBeVisible();
  await expect(fresh.getByLabel("Titel")).toBeFocused();
  await expect(fresh.getByLabel("Titel")).toHaveValue("");
  await expect(fresh.getByLabel("Inhalt")).toHaveValue("");
  await expect(fresh.getByLabel("Typ")).toHaveValue("info");
  await expect(fresh.getByLabel("Priorität")).toHaveValue("medium");
  await expect(fresh.getByLabel("Gültig bis")).toHaveValue("");
  await expect(fresh.getByText("Aktiv", { exact: true })).toBeVisible();
  await expect(unsavedLine(page)).toBeVisible();
  await fresh.getByRole("button", { name: "Mitteilung löschen" }).click();
  await expect(unsavedLine(page)).toHaveCount(0);

  const today = berlinDate();
  await addAnnouncement(page, {
    title: "E2E Hoch",
    content: "Zeile eins\nZeile zwei",
    type: "Warnung",
    priority: "Hoch",
    validUntil: today.iso,
  });
  await addAnnouncement(page, {
    title: "E2E Niedrig",
    content: "Klein gedruckt",
    type: "Erfolg",
    priority: "Niedrig",
  });
  await addAnnouncement(page, {
    title: "E2E Abgelaufen",
    content: "Gestern zu Ende",
    validUntil: berlinDate(-1).iso,
  });
  const inactive = await addAnnouncement(page, { title: "E2E Inaktiv", content: "Noch nicht freigegeben" });
  await inactive.getByRole("button", { name: "Deaktivieren" }).click();
  await expect(inactive.getByText("Inaktiv", { exact: true })).toBeVisible();
  await expect(inactive.getByRole("button", { name: "Aktivieren" })).toBeVisible();
  const doomed = await addAnnouncement(page, { title: "E2E Löschen", content: "Wird gleich entfernt" });
  await doomed.getByRole("button", { name: "Mitteilung löschen" }).click();
  await expect(card(page, "E2E Löschen")).toHaveCount(0);
  await expect(unsavedLine(page)).toBeVisible();

  await saveAll(page);
  await page.reload();
  await waitForHydration(page);

  const high = card(page, "E2E Hoch");
  await expect(high.getByText("Hoch", { exact: true })).toBeVisible();
  await expect(high.getByText("Aktiv", { exact: true })).toBeVisible();
  await expect(high.getByText(`Erstellt am ${today.german}`)).toBeVisible();
  await expect(high.getByText(`Gültig bis ${today.german}`)).toBeVisible();
  await expect(high.getByText("Typ:")).toBeVisible();
  await expect(high.getByText("Warnung")).toBeVisible();
  await expect(card(page, "E2E Niedrig").getByText("Niedrig", { exact: true })).toBeVisible();
  await expect(card(page, "E2E Inaktiv").getByText("Inaktiv", { exact: true })).toBeVisible();
  await expect(card(page, "E2E Abgelaufen").getByText("Abgelaufen", { exact: true })).toBeVisible();
  await expect(card(page, "E2E Löschen")).toHaveCount(0);
  // Saved in the spec's order: high first, the new high one before the older demo ones.
  await expect(cards(page).first()).toHaveAccessibleName("E2E Hoch");
});

test("inline editing with 'Bearbeiten' / 'Fertig' is saved", async ({ page }) => {
  await signIn(page);
  await openAdmin(page);
  const low = card(page, "E2E Niedrig");
  await low.getByRole("button", { name: "Bearbeiten" }).click();
  await expect(low.getByLabel("Titel")).toHaveValue("E2E Niedrig");
  await expect(low.getByLabel("Typ")).toHaveValue("success");
  await expect(low.getByLabel("Priorität")).toHaveValue("low");
  await low.getByLabel("Titel").fill("E2E Niedrig geändert");
  const edited = card(page, "E2E Niedrig geändert");
  await edited.getByLabel("Inhalt").fill("Neuer Text");
  await edited.getByRole("button", { name: "Fertig" }).click();
  await expect(edited.getByText("Neuer Text")).toBeVisible();

  // While saving, the button says so and cannot be pressed twice.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/mitteilungen*", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await saveButton(page).click();
  await expect(page.getByRole("button", { name: "Speichere..." })).toBeDisabled();
  release();
  await expect(toastRegion(page).getByText("Mitteilungen gespeichert")).toBeVisible();
  await expect(unsavedLine(page)).toHaveCount(0);
  await expect(saveButton(page)).toBeEnabled();
  await page.unroute("**/admin/mitteilungen*");

  await page.reload();
  await expect(card(page, "E2E Niedrig geändert").getByText("Neuer Text")).toBeVisible();
  await expect(card(page, "E2E Niedrig")).toHaveCount(0);
});

test("invalid input shows the messages on the card and saves nothing", async ({ page }) => {
  await signIn(page);
  await openAdmin(page);
  const before = await cards(page).getByRole("heading").allTextContents();

  await page.getByRole("button", { name: "Neue Mitteilung" }).click();
  const fresh = cards(page).first();
  await fresh.getByRole("button", { name: "Fertig" }).click();
  await expect(fresh.getByText("Titel ist erforderlich")).toBeVisible();
  await expect(fresh.getByText("Inhalt ist erforderlich")).toBeVisible();
  await expect(fresh.getByLabel("Titel")).toBeFocused();
  await expect(fresh.getByLabel("Titel")).toHaveAttribute("aria-invalid", "true");

  // Another card with a cleared title: saving refuses the whole list.
  const high = card(page, "E2E Hoch");
  await high.getByRole("button", { name: "Bearbeiten" }).click();
  await high.getByLabel("Inhalt").fill("");
  await fresh.getByLabel("Inhalt").fill("Nur Inhalt, kein Titel");
  await expect(fresh.getByText("Inhalt ist erforderlich")).toHaveCount(0);
  await saveButton(page).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Bitte korrigieren Sie die markierten Angaben." }),
  ).toBeVisible();
  await expect(fresh.getByText("Titel ist erforderlich")).toBeVisible();
  await expect(high.getByText("Inhalt ist erforderlich")).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  // The server checks again: a list sent around the form is refused with 400 and changes nothing.
  const response = await page.request.post(ADMIN_PATH, {
    form: { announcements: JSON.stringify([{ title: "", content: "x", type: "info", priority: "low" }]) },
  });
  expect(response.status()).toBe(400);
  const broken = await page.request.post(ADMIN_PATH, { form: { announcements: "{kein json" } });
  expect(broken.status()).toBe(400);

  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await waitForHydration(page);
  expect(await cards(page).getByRole("heading").allTextContents()).toEqual(before);
  await expect(card(page, "E2E Hoch").getByText("Zeile eins")).toBeVisible();
});

test("server refusals and failed saves keep what was typed", async ({ page }) => {
  await signIn(page);
  await openAdmin(page);
  await addAnnouncement(page, { title: "E2E Server", content: "Vom Server abgelehnt" });
  // The browser's check passes; the request is altered on its way, as a stale or forged form would be.
  await page.route("**/admin/mitteilungen*", async (route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.continue();
    await route.continue({ postData: request.postData()?.replace('"title":"E2E Server"', '"title":""') });
  });
  await saveButton(page).click();

  const rejected = card(page, "E2E Server");
  await expect(rejected.getByText("Titel ist erforderlich")).toBeVisible();
  await expect(rejected.getByLabel("Titel")).toHaveValue("E2E Server");
  await expect(rejected.getByLabel("Inhalt")).toHaveValue("Vom Server abgelehnt");
  await expect(
    page.getByRole("alert").filter({ hasText: "Bitte korrigieren Sie die markierten Angaben." }),
  ).toBeVisible();
  await expect(unsavedLine(page)).toBeVisible();

  // A save that never arrives keeps the page and the edits, and says it failed.
  await page.unroute("**/admin/mitteilungen*");
  await page.route("**/admin/mitteilungen*", (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
  );
  await saveButton(page).click();
  await expect(toastRegion(page).getByText("Fehler beim Speichern")).toBeVisible();
  await expect(toastRegion(page).getByText("Die Änderungen konnten nicht gespeichert werden.")).toBeVisible();
  await expect(rejected.getByLabel("Inhalt")).toHaveValue("Vom Server abgelehnt");
  await expect(unsavedLine(page)).toBeVisible();

  await page.unroute("**/admin/mitteilungen*");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await waitForHydration(page);
  await expect(card(page, "E2E Server")).toHaveCount(0);
});

test("leaving with unsaved changes asks first", async ({ page }) => {
  await signIn(page);
  await openAdmin(page);
  const sidebar = page.getByRole("navigation", { name: "Verwaltung" });

  await card(page, "E2E Hoch").getByRole("button", { name: "Deaktivieren" }).click();
  await sidebar.getByRole("link", { name: "Dashboard" }).click();
  const prompt = page.getByRole("alertdialog", { name: "Änderungen verwerfen?" });
  await expect(prompt).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await prompt.getByRole("button", { name: "Auf Seite bleiben" }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/mitteilungen$/);
  await expect(card(page, "E2E Hoch").getByText("Inaktiv", { exact: true })).toBeVisible();

  // Reloading or closing the tab gets the browser's own question.
  const question = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const beforeUnload = await question;
  expect(beforeUnload.type()).toBe("beforeunload");
  await beforeUnload.dismiss();
  expect(page.isClosed()).toBe(false);

  await sidebar.getByRole("link", { name: "Dashboard" }).click();
  await prompt.getByRole("button", { name: "Verwerfen" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await sidebar.getByRole("link", { name: "Mitteilungen" }).click();
  await expect(card(page, "E2E Hoch").getByText("Aktiv", { exact: true })).toBeVisible();
  await expect(unsavedLine(page)).toHaveCount(0);
  // Without changes, navigating away needs no confirmation.
  await sidebar.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("an empty list says so, locally, before anything is saved", async ({ page }) => {
  await signIn(page);
  await openAdmin(page);
  expect(await accessibilityViolations(page)).toEqual([]);
  const count = await cards(page).count();
  for (let i = 0; i < count; i++)
    await cards(page).first().getByRole("button", { name: "Mitteilung löschen" }).click();
  await expect(page.getByText("Noch keine Mitteilungen vorhanden")).toBeVisible();
  await expect(page.getByRole("button", { name: "Neue Mitteilung" })).toBeFocused();
  // Discarded: nothing was saved.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await expect(cards(page)).toHaveCount(count);
});

test("the public dialog shows only visible announcements, in the spec's order, with badges", async ({
  page,
}) => {
  const dialog = await openPublicDialog(page);
  const articles = dialog.getByRole("article");
  await expect(articles.first()).toBeVisible();

  const titles = await articles.getByRole("heading").allTextContents();
  expect(titles.filter((title) => title.startsWith(PREFIX))).toEqual(["E2E Hoch", "E2E Niedrig geändert"]);
  expect(titles[0]).toBe("E2E Hoch");

  const rank: Record<string, number> = { Wichtig: 0, Normal: 1, Info: 2 };
  const badges = await articles.evaluateAll((nodes) =>
    nodes.map((node) => node.querySelector("h3 + span")?.textContent ?? ""),
  );
  expect(badges.every((badge) => badge in rank)).toBe(true);
  const ranks = badges.map((badge) => rank[badge] ?? 9);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

  const high = dialog.getByRole("article", { name: "E2E Hoch" });
  await expect(high.getByText("Wichtig", { exact: true })).toBeVisible();
  await expect(high.getByText(`Gültig bis ${berlinDate().german}`)).toBeVisible();
  await expect(high).toHaveAttribute("data-type", "warning");
  expect(await high.locator("p").first().innerText()).toBe("Zeile eins\nZeile zwei");
  const low = dialog.getByRole("article", { name: "E2E Niedrig geändert" });
  await expect(low.getByText("Info", { exact: true })).toBeVisible();
  await expect(low).toHaveAttribute("data-type", "success");
  await expect(low.getByText(/Gültig bis/)).toHaveCount(0);

  await expect(dialog.getByText("Ristorante Tavola", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  expect(await accessibilityViolations(page)).toEqual([]);
});

test("the dialog closes with Escape, a backdrop click and 'Dialog schließen'", async ({ page }) => {
  let dialog = await openPublicDialog(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  const opener = page.locator("#home").getByRole("button", { name: "Mitteilungen" });
  await opener.click();
  dialog = page.getByRole("dialog", { name: "Mitteilungen" });
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toHaveCount(0);

  await opener.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Dialog schließen" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("the dialog shows loading and error states and retries", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/mitteilungen", async (route) => {
    await held;
    await route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Proxy error</h1>" });
  });
  const dialog = await openPublicDialog(page);
  await expect(dialog.getByText("Lade Mitteilungen...")).toBeVisible();
  release();
  await expect(dialog.getByRole("alert")).toContainText("Die Mitteilungen konnten nicht geladen werden.");

  // Offline: still the dialog's error state, never the error page.
  await page.unroute("**/api/mitteilungen");
  await page.route("**/api/mitteilungen", (route) => route.abort("internetdisconnected"));
  await dialog.getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Die Mitteilungen konnten nicht geladen werden.");
  await expect(page.locator("#home")).toBeVisible();

  await page.unroute("**/api/mitteilungen");
  await dialog.getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(dialog.getByRole("article", { name: "E2E Hoch" })).toBeVisible();
});

test("with nothing visible the dialog shows the empty state", async ({ page }) => {
  await signIn(page);
  await openAdmin(page);
  const deactivated: string[] = [];
  try {
    for (const title of await cards(page).getByRole("heading").allTextContents()) {
      const button = card(page, title).getByRole("button", { name: "Deaktivieren" });
      if ((await button.count()) === 0) continue;
      await button.click();
      deactivated.push(title);
    }
    await saveAll(page);

    const dialog = await openPublicDialog(page);
    await expect(dialog.getByRole("heading", { name: "Keine aktuellen Mitteilungen" })).toBeVisible();
    await expect(
      dialog.getByText("Derzeit gibt es keine neuen Informationen oder Ankündigungen."),
    ).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await openAdmin(page);
    for (const title of deactivated)
      await card(page, title).getByRole("button", { name: "Aktivieren" }).click();
    if (deactivated.length > 0) await saveAll(page);
  }
});

test("GET /api/mitteilungen answers JSON that is never cached", async ({ request }) => {
  const response = await request.get("/api/mitteilungen");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const body = (await response.json()) as { announcements: Array<{ title: string }> };
  expect(body.announcements.map((a) => a.title)).toContain("E2E Hoch");
  expect(body.announcements.map((a) => a.title)).not.toContain("E2E Inaktiv");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the admin list is readable and says that editing needs JavaScript", async ({ page }) => {
    await signIn(page);
    await page.goto(ADMIN_PATH);
    await expect(page.getByText("Zum Bearbeiten der Mitteilungen wird JavaScript benötigt.")).toBeVisible();
    await expect(card(page, "E2E Hoch").getByText("Zeile eins")).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
  });
});
