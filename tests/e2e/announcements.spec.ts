import type { Page } from "@playwright/test";
import type { Insertable } from "kysely";
import type { AnnouncementsTable } from "../../db/database.types.ts";
import { demoAnnouncements } from "../../app/demo/announcements.ts";
import {
  accessibilityViolations,
  expect,
  hydrationSettled,
  test,
  toastRegion,
  waitForHydration,
  type Site,
} from "./fixtures.ts";

/**
 * Mitteilungen: the staff screen and the public dialog. A test that needs announcements of its own
 * (titled 'E2E …') or saves any runs on a site of its own and writes them straight into that site's
 * database; the others only read the demo announcements of the worker's site.
 */

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
  // Once the page has come to life, one press opens the dialog (before, the hero's 'Mitteilungen'
  // is a link to the page of the same name).
  await hydrationSettled(page);
  const dialog = page.getByRole("dialog", { name: "Mitteilungen" });
  await page.locator("#home").getByRole("button", { name: "Mitteilungen" }).click();
  await expect(dialog).toBeVisible();
  return dialog;
}

type Seed = Pick<Insertable<AnnouncementsTable>, "title" | "content"> &
  Partial<Pick<Insertable<AnnouncementsTable>, "type" | "priority" | "valid_until">> & { active?: boolean };

/** Adds announcements to the site's database as if saved just now, the first one newest. */
async function addToDatabase(site: Site, seeds: Seed[]) {
  const now = Date.now();
  await site.db
    .insertInto("announcements")
    .values(
      seeds.map(({ active = true, ...seed }, index) => {
        const saved = new Date(now - index * 1000).toISOString();
        return {
          type: "info",
          priority: "medium",
          ...seed,
          is_active: active ? 1 : 0,
          created_at: saved,
          updated_at: saved,
        };
      }),
    )
    .execute();
}

const E2E = {
  high: {
    title: "E2E Hoch",
    content: "Zeile eins\nZeile zwei",
    type: "warning",
    priority: "high",
    valid_until: berlinDate().iso,
  },
  low: { title: "E2E Niedrig", content: "Klein gedruckt", type: "success", priority: "low" },
  expired: { title: "E2E Abgelaufen", content: "Gestern zu Ende", valid_until: berlinDate(-1).iso },
  inactive: { title: "E2E Inaktiv", content: "Noch nicht freigegeben", active: false },
} satisfies Record<string, Seed>;

/** A demo announcement that guests see. */
const visibleDemo = demoAnnouncements.find((announcement) => announcement.is_active);
if (!visibleDemo) throw new Error("The demo content has no active announcement");

test.describe("with announcements of its own", () => {
  test.use({ ownSite: true });

  test("'Neue Mitteilung' starts as info, medium, active; staff create, deactivate, delete and save", async ({
    page,
    signIn,
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
    // Saved in the order of docs/product/announcements.md#order: high first, the new high one before the
    // older demo ones.
    await expect(cards(page).first()).toHaveAccessibleName("E2E Hoch");
  });

  test("inline editing with 'Bearbeiten' / 'Fertig' is saved", async ({ page, site, signIn }) => {
    await addToDatabase(site, [E2E.low]);
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

  test("invalid input shows the messages on the card and saves nothing", async ({
    page,
    site,
    signIn,
    sameOrigin,
  }) => {
    await addToDatabase(site, [E2E.high]);
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
      headers: sameOrigin,
      form: { announcements: JSON.stringify([{ title: "", content: "x", type: "info", priority: "low" }]) },
    });
    expect(response.status()).toBe(400);
    const broken = await page.request.post(ADMIN_PATH, {
      headers: sameOrigin,
      form: { announcements: "{kein json" },
    });
    expect(broken.status()).toBe(400);

    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await waitForHydration(page);
    expect(await cards(page).getByRole("heading").allTextContents()).toEqual(before);
    await expect(card(page, "E2E Hoch").getByText("Zeile eins")).toBeVisible();
  });

  test("leaving with unsaved changes asks first", async ({ page, site, signIn }) => {
    await addToDatabase(site, [E2E.high]);
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

  test("the public dialog shows only visible announcements, high priority first, with badges", async ({
    page,
    site,
  }) => {
    await addToDatabase(site, [E2E.high, E2E.low, E2E.expired, E2E.inactive]);
    const dialog = await openPublicDialog(page);
    const articles = dialog.getByRole("article");
    await expect(articles.first()).toBeVisible();

    const titles = await articles.getByRole("heading").allTextContents();
    expect(titles.filter((title) => title.startsWith(PREFIX))).toEqual(["E2E Hoch", "E2E Niedrig"]);
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
    const low = dialog.getByRole("article", { name: "E2E Niedrig" });
    await expect(low.getByText("Info", { exact: true })).toBeVisible();
    await expect(low).toHaveAttribute("data-type", "success");
    await expect(low.getByText(/Gültig bis/)).toHaveCount(0);

    await expect(dialog.getByText("Ristorante Tavola", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test("with nothing visible the dialog shows the empty state", async ({ page, site }) => {
    // Announcements exist, but none that guests may see: all inactive or past their last day.
    await site.db.updateTable("announcements").set({ is_active: 0 }).execute();
    await addToDatabase(site, [E2E.expired]);

    const dialog = await openPublicDialog(page);
    await expect(dialog.getByRole("heading", { name: "Keine aktuellen Mitteilungen" })).toBeVisible();
    await expect(
      dialog.getByText("Derzeit gibt es keine neuen Informationen oder Ankündigungen."),
    ).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

test("server refusals and failed saves keep what was typed", async ({ page, signIn }) => {
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

test("an empty list says so, locally, before anything is saved", async ({ page, signIn }) => {
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
  await expect(dialog.getByRole("article", { name: visibleDemo.title })).toBeVisible();
});

test("GET /api/mitteilungen answers JSON that browsers ask for anew every time", async ({ request }) => {
  const response = await request.get("/api/mitteilungen");
  expect(response.status()).toBe(200);
  // Kept by the server (decision 0020): a browser may keep it, but revalidates it every time.
  expect(response.headers()["cache-control"]).toBe("no-cache");
  const etag = response.headers()["etag"] ?? "";
  expect(etag).not.toBe("");
  const again = await request.get("/api/mitteilungen", { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);
  const body = (await response.json()) as { announcements: Array<{ title: string }> };
  const titles = body.announcements.map((announcement) => announcement.title);
  for (const demo of demoAnnouncements)
    if (demo.is_active) expect(titles).toContain(demo.title);
    else expect(titles).not.toContain(demo.title);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the admin list is readable and says that editing needs JavaScript", async ({ page, signIn }) => {
    await signIn(page);
    await page.goto(ADMIN_PATH);
    await expect(page.getByText("Zum Bearbeiten der Mitteilungen wird JavaScript benötigt.")).toBeVisible();
    const [firstLine = ""] = visibleDemo.content.split("\n");
    await expect(card(page, visibleDemo.title).getByText(firstLine)).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
  });
});
