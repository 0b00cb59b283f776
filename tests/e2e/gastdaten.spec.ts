import fs from "node:fs/promises";
import type { BrowserContext, Page } from "@playwright/test";
import { enqueueMail } from "../../app/common/mail/outbox.server.ts";
import { guestDataMessages as M } from "../../app/features/guest-data/schema.ts";
import { addDays, berlinNow } from "../../app/lib/calendar.ts";
import { insertReservation } from "../support/reservations.ts";
import { accessibilityViolations, atPath, expect, test, waitForHydration, type Site } from "./fixtures.ts";
import { signInAsStaff } from "./support/staff.ts";

/**
 * 'Gastdaten' (a guest's request for their data, Art. 15, 17 and 20 GDPR), owners only: search by
 * e-mail address or phone number, download the JSON, print, and delete everything after a
 * confirmation — with scripts (a dialog) and without (a page of its own), at 390 px too. Every form
 * is a POST: the term never stands in the address (decision 0041). Each test has a site of its own:
 * it deletes data.
 */
test.use({ ownSite: true });
// Each flow is a whole visit (search, file, print, delete) with several axe runs: slow on a busy machine.
test.describe.configure({ timeout: 90_000 });

const GRETA = { name: "Greta Gastdaten", email: "Greta.Gastdaten@example.de", phone: "0171 2345678" };
const OTTO = { name: "Otto Ohnesorg", email: "otto.ohnesorg@example.de", phone: "0171 2345679" };

/** Greta booked twice (her address and number written differently each time); Otto once. */
async function seedGuests(site: Site) {
  const today = berlinNow().date;
  const first = await insertReservation(site.db, {
    ...GRETA,
    date: addDays(today, 10),
    time: "19:00",
    partySize: 4,
    status: "CONFIRMED",
  });
  const second = await insertReservation(site.db, {
    ...GRETA,
    email: "greta.gastdaten@EXAMPLE.de",
    phone: "+49 (171) 234-56-78",
    date: addDays(today, 20),
  });
  const otto = await insertReservation(site.db, { ...OTTO, date: addDays(today, 10) });
  await enqueueMail(site.db, {
    kind: "reservation-confirmation",
    recipient: GRETA.email,
    subject: "Reservierung bestätigt: Ristorante Tavola",
    text: "Guten Tag Greta Gastdaten, wir freuen uns auf Sie.",
    sender: "info@ristorante-tavola.de",
    reservationId: first,
  });
  await enqueueMail(site.db, {
    kind: "reservation-notice",
    recipient: "info@ristorante-tavola.de",
    subject: "Neue Reservierung: Greta Gastdaten",
    text: "Name: Greta Gastdaten",
    replyTo: GRETA.email,
    sender: "info@ristorante-tavola.de",
    reservationId: second,
  });
  await enqueueMail(site.db, {
    kind: "reservation-confirmation",
    recipient: OTTO.email,
    subject: "Reservierung bestätigt: Ristorante Tavola",
    text: "Guten Tag Otto Ohnesorg",
    sender: "info@ristorante-tavola.de",
    reservationId: otto,
  });
  await site.db
    .insertInto("reservation_links")
    .values([
      { token_hash: "g".repeat(64), reservation_id: first, created_at: new Date().toISOString() },
      { token_hash: "o".repeat(64), reservation_id: otto, created_at: new Date().toISOString() },
    ])
    .execute();
  return { greta: [first, second], otto };
}

/** What is left of both guests in the database. */
async function stored(site: Site, ids: { greta: number[]; otto: number }) {
  const reservations = await site.db
    .selectFrom("reservations")
    .select("id")
    .where("id", "in", [...ids.greta, ids.otto])
    .execute();
  const mails = await site.db
    .selectFrom("mail_outbox")
    .select("id")
    .where((eb) => eb.or([eb("text_body", "like", "%Greta%"), eb("text_body", "like", "%Otto Ohnesorg%")]))
    .execute();
  const links = await site.db.selectFrom("reservation_links").select("reservation_id").execute();
  return {
    reservations: reservations.map((row) => row.id).sort((a, b) => a - b),
    mails: mails.length,
    links: links.map((row) => row.reservation_id),
  };
}

const noSidewaysScrolling = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test("Inhaber suchen einen Gast, laden seine Daten als JSON, drucken sie und löschen sie nach Bestätigung", async ({
  page,
  site,
  signIn,
}) => {
  const ids = await seedGuests(site);
  await signIn(page);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Konto" }).getByRole("link", { name: "Gastdaten" }).click();
  await expect(page).toHaveURL(atPath("/admin/gastdaten"));
  await expect(page.getByRole("heading", { level: 1, name: "Gastdaten" })).toBeVisible();
  await waitForHydration(page);

  // Refused before anything is sent: empty, then neither an address nor a phone number.
  const field = page.getByLabel("E-Mail-Adresse oder Telefonnummer");
  const searchButton = page.getByRole("button", { name: "Suchen" });
  await searchButton.click();
  await expect(page.getByText(M.empty)).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill("Greta Gastdaten");
  await searchButton.click();
  await expect(page.getByText(M.malformed)).toBeVisible();
  await expect(page).toHaveURL(atPath("/admin/gastdaten"));

  // By address, in another case than either was stored in.
  await field.fill("GRETA.gastdaten@example.DE");
  await searchButton.click();
  await expect(
    page.getByRole("heading", { name: "Gespeichert zu „GRETA.gastdaten@example.DE“" }),
  ).toBeVisible();
  await expect(page.getByText("2 Reservierungen und 2 E-Mails.")).toBeVisible();
  // A proxy's access log and the browser's history keep the address: it names no guest.
  expect(new URL(page.url()).search).toBe("");
  await expect(page.getByRole("heading", { name: "Reservierungen (2)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "E-Mails (2)" })).toBeVisible();
  await expect(page.getByText("+49 (171) 234-56-78")).toBeVisible();
  await expect(page.getByText("Neue Reservierung: Greta Gastdaten")).toBeVisible();
  await expect(page.getByText(OTTO.name)).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);

  // 'Als JSON herunterladen': a file with every reservation and e-mail, texts included.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Als JSON herunterladen" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^gastdaten-\d{4}-\d\d-\d\d-\d{4}\.json$/);
  const file = JSON.parse(await fs.readFile(await download.path(), "utf8")) as {
    suche: string;
    reservierungen: Array<Record<string, unknown>>;
    emails: Array<Record<string, unknown>>;
  };
  expect(file.suche).toBe("GRETA.gastdaten@example.DE");
  expect(file.reservierungen).toEqual([
    expect.objectContaining({ name: GRETA.name, telefon: "+49 (171) 234-56-78", status: "Ausstehend" }),
    expect.objectContaining({ name: GRETA.name, email: GRETA.email, personen: 4, status: "Bestätigt" }),
  ]);
  expect(file.emails.map((mail) => mail.text).sort()).toEqual([
    "Guten Tag Greta Gastdaten, wir freuen uns auf Sie.",
    "Name: Greta Gastdaten",
  ]);
  expect(JSON.stringify(file)).not.toContain(OTTO.name);

  // The print view: the same data, without the controls and the sidebar on paper.
  await page.getByRole("button", { name: "Druckansicht" }).click();
  await expect(
    page.getByRole("heading", { name: "Auskunft über gespeicherte Daten (Art. 15 DSGVO)" }),
  ).toBeVisible();
  await expect(page.getByText("Gespeichert sind 2 Reservierungen und 2 E-Mails.")).toBeVisible();
  expect(new URL(page.url()).search).toBe("");
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole("button", { name: "Jetzt drucken" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Jetzt drucken" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Verwaltung" })).toBeHidden();
  await expect(page.getByText("Neue Reservierung: Greta Gastdaten")).toBeVisible();
  await page.emulateMedia({ media: "screen" });
  await page.getByRole("button", { name: "Zurück zur Suche" }).click();

  // Deleting names what goes; 'Abbrechen' keeps everything.
  const open = () => page.getByRole("button", { name: "Alle Daten dieses Gastes löschen" }).click();
  await open();
  const dialog = page.getByRole("alertdialog", { name: "Alle Daten dieses Gastes löschen?" });
  await expect(dialog).toContainText("Endgültig gelöscht werden 2 Reservierungen und 2 E-Mails");
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(dialog).toBeHidden();
  expect((await stored(site, ids)).reservations).toHaveLength(3);

  await open();
  await dialog.getByRole("button", { name: "Endgültig löschen" }).click();
  await expect(page.getByText("2 Reservierungen und 2 E-Mails wurden endgültig gelöscht.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Zu dieser Angabe ist nichts gespeichert.")).toBeVisible();
  expect(await stored(site, ids)).toEqual({ reservations: [ids.otto], mails: 1, links: [ids.otto] });
});

/**
 * axe runs as a script in the page: the same pages, at the same width, in a tab with scripts, signed
 * in with the same session — the result of the search, and the confirmation's own page as a browser
 * without scripts asks for it (its form sent by the browser itself, past React Router).
 */
async function judgeAt390(withoutScripts: BrowserContext, term: string) {
  const browser = withoutScripts.browser();
  if (!browser) throw new Error("no browser");
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies(await withoutScripts.cookies());
  const page = await context.newPage();
  await page.goto("/admin/gastdaten");
  await waitForHydration(page);
  await page.getByLabel("E-Mail-Adresse oder Telefonnummer").fill(term);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page.getByText("2 Reservierungen und 2 E-Mails.")).toBeVisible();
  await noSidewaysScrolling(page);
  expect(await accessibilityViolations(page), "result").toEqual([]);
  await Promise.all([
    page.waitForURL(atPath("/admin/gastdaten"), { waitUntil: "load" }),
    page
      .locator('form:has(input[name="intent"][value="confirm"])')
      .evaluate((form: HTMLFormElement) => form.submit()),
  ]);
  await expect(page.getByRole("region", { name: "Alle Daten dieses Gastes löschen?" })).toBeVisible();
  await waitForHydration(page);
  await noSidewaysScrolling(page);
  expect(await accessibilityViolations(page), "confirmation").toEqual([]);
  await context.close();
}

test("ohne JavaScript, auf 390 px: Suche nach Telefonnummer, Bestätigung als eigene Seite, Löschen", async ({
  browser,
  site,
  signIn,
}) => {
  const ids = await seedGuests(site);
  const context = await browser.newContext({
    baseURL: site.origin,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  await signIn(context);
  const page = await context.newPage();

  // An address with a term (an older link) searches nothing.
  await page.goto(`/admin/gastdaten?suche=${encodeURIComponent(GRETA.email)}`);
  await expect(page.getByText(GRETA.name)).toHaveCount(0);

  const answered = (status: number) =>
    page.waitForResponse(
      (response) => response.request().method() === "POST" && response.status() === status,
    );
  const refused = answered(400);
  await page.getByRole("button", { name: "Suchen" }).click();
  await refused;
  await expect(page.getByText(M.empty)).toBeVisible();

  await page.getByLabel("E-Mail-Adresse oder Telefonnummer").fill("0171/234 56 78");
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page.getByText("2 Reservierungen und 2 E-Mails.")).toBeVisible();
  await expect(page).toHaveURL(atPath("/admin/gastdaten"));
  expect(new URL(page.url()).search).toBe("");
  await expect(page.getByText(OTTO.name)).toHaveCount(0);
  await noSidewaysScrolling(page);
  await page.screenshot({ path: test.info().outputPath("gastdaten-390.png"), fullPage: true });

  await page.getByRole("button", { name: "Alle Daten dieses Gastes löschen" }).click();
  expect(new URL(page.url()).search).toBe("");
  const confirmation = page.getByRole("region", { name: "Alle Daten dieses Gastes löschen?" });
  await expect(confirmation).toContainText("Endgültig gelöscht werden 2 Reservierungen und 2 E-Mails");
  await noSidewaysScrolling(page);
  await judgeAt390(context, "0171/234 56 78");
  await confirmation.getByRole("button", { name: "Endgültig löschen" }).click();
  await expect(page.getByText("2 Reservierungen und 2 E-Mails wurden endgültig gelöscht.")).toBeVisible();
  await expect(page.getByText("Zu dieser Angabe ist nichts gespeichert.")).toBeVisible();
  expect(await stored(site, ids)).toEqual({ reservations: [ids.otto], mails: 1, links: [ids.otto] });
  await context.close();
});

test("Mitarbeiter ohne Inhaberrechte sehen Gastdaten nicht und bekommen nichts heraus", async ({
  page,
  site,
}) => {
  await seedGuests(site);
  await signInAsStaff(site, page.context());
  await page.goto("/admin");
  await expect(page.getByRole("link", { name: "Mein Konto" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Gastdaten" })).toHaveCount(0);
  const screen = await page.goto(`/admin/gastdaten?suche=${encodeURIComponent(GRETA.email)}`);
  expect(screen?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Kein Zugriff" })).toBeVisible();
  await expect(page.getByText(M.ownersOnly)).toBeVisible();
  await expect(page.getByText(GRETA.name)).toHaveCount(0);
  const download = await page.request.post("/admin/gastdaten/json", {
    form: { suche: GRETA.email },
    headers: { origin: site.origin },
  });
  expect(download.status()).toBe(403);
  expect(await download.text()).not.toContain(GRETA.name);
});
