import type { Browser, Page } from "@playwright/test";
import { issueGuestToken } from "../../app/features/reservations/book/guest-links.server.ts";
import type { ParsedMail } from "mailparser";
import { saveReservationSettings } from "../../app/features/reservations/settings/settings-store.server.ts";
import { DEFAULT_SETTINGS } from "../../app/features/reservations/book/reservation-settings.ts";
import { addDays, berlinNow, formatLongDate } from "../../app/lib/calendar.ts";
import { formatDate } from "../../app/lib/format.ts";
import { insertReservation } from "../support/reservations.ts";
import {
  accessibilityViolations,
  expect,
  test,
  waitForHydration,
  type Mailbox,
  type Site,
} from "./fixtures.ts";
import { openDayAhead } from "./support/reservations.ts";
import { removeFloorPlan } from "../support/tables.ts";

/**
 * The guest's own link (decision 0033): every e-mail to a guest carries it; it shows the visit and
 * lets the guest cancel (only the POST of 'Ja, stornieren' does), change under the availability rule
 * and say 'Ich komme'. The e-mails go through a real SMTP server; each test has a site of its own.
 */
test.use({ ownSite: true, withMailbox: true });
// The seats rule of a restaurant without tables: the demo's plan would decide instead.
test.beforeEach(async ({ site }) => removeFloorPlan(site.db));

/** A date the demo content's reservations were cleared from. */
async function clearedDay(site: Site, from: number) {
  const date = openDayAhead(from);
  await site.db.deleteFrom("reservations").where("reservation_date", "=", date).execute();
  return date;
}

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("fixture missing: test.use({ withMailbox: true })");
  return value;
}

const GUEST_LINK = /https?:\/\/[^\s]+\/reservierung\/[A-Za-z0-9_-]{32}/;

/** The guest's link in an e-mail: in the text and, the same, behind the HTML's link. */
function linkIn(mail: ParsedMail): string {
  const inText = GUEST_LINK.exec(mail.text ?? "")?.[0];
  if (!inText) throw new Error(`no guest link in '${mail.subject ?? ""}'`);
  expect(mail.html || "").toContain(`href="${inText}"`);
  return new URL(inText).pathname;
}

/** A guest's request through /reservieren, without JavaScript's help needed. */
async function sendRequest(
  page: Page,
  { name, date, time = "19:00", party = "2" }: { name: string; date: string; time?: string; party?: string },
  { scripts = true } = {},
) {
  await page.goto("/reservieren");
  if (scripts) await waitForHydration(page);
  const form = page.getByRole("form", { name: "Reservierungsanfrage" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("E-Mail").fill("gast@example.de");
  await form.getByLabel("Datum").fill(date);
  await form.getByLabel("Personenanzahl").selectOption(party);
  await form.getByLabel("Uhrzeit").selectOption(time);
  await form.getByRole("button", { name: "Reservierung anfragen" }).click();
}

const mailTo = (mailbox: Mailbox, subject: RegExp, recipient: string) =>
  mailbox.waitFor(
    (mail) =>
      subject.test(mail.subject ?? "") &&
      (mail.to && "text" in mail.to ? mail.to.text : "").includes(recipient),
  );

test("a request sends the receipt with the link; the link shows the visit; only 'Ja, stornieren' cancels, with both e-mails and the staff card's note", async ({
  page,
  site,
  mailbox,
  signIn,
  browser,
}) => {
  const box = need(mailbox);
  const date = await clearedDay(site, 4);
  await sendRequest(page, { name: "Greta Gastlich", date });
  const receipt = await mailTo(box, /^Ihre Reservierungsanfrage bei Ristorante Tavola: /, "gast@example.de");
  expect(receipt.subject).toBe(
    `Ihre Reservierungsanfrage bei Ristorante Tavola: ${formatDate(date)} um 19:00 Uhr`,
  );
  expect(receipt.text).toContain("Reservierung ansehen, ändern oder stornieren");
  expect(receipt.text).toContain("bestätigen Ihre Reservierung per E-Mail");
  const link = linkIn(receipt);
  // The outbox never held the token: only its hash is stored.
  const token = link.split("/").at(-1) ?? "";
  const stored = await site.db.selectFrom("mail_outbox").select("text_body").execute();
  expect(stored.some((row) => row.text_body.includes(token))).toBe(false);

  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["cache-control"]).toBe("no-store");
  expect(headers["x-robots-tag"]).toContain("noindex");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  // The address is the token: the page does not hand it to link previews (no canonical, no og:url).
  await expect(page.locator('link[rel="canonical"], meta[property="og:url"]')).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Ihre Reservierung" })).toBeVisible();
  await expect(page.getByText("Greta Gastlich")).toBeVisible();
  await expect(page.getByText(formatLongDate(date))).toBeVisible();
  await expect(page.getByText("Ausstehend")).toBeVisible();
  // Nothing else of the guest's data.
  await expect(page.getByText("gast@example.de")).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);

  // A GET of the cancel address (a virus scanner opening the e-mail's links) changes nothing.
  await page.goto(`${link}?stornieren`);
  await expect(page.getByRole("button", { name: "Ja, stornieren" })).toBeVisible();
  const still = await site.db
    .selectFrom("reservations")
    .select("status")
    .where("customer_name", "=", "Greta Gastlich")
    .executeTakeFirstOrThrow();
  expect(still.status).toBe("PENDING");

  await page.goto(link);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Reservierung stornieren" }).click();
  await page.getByRole("button", { name: "Ja, stornieren" }).click();
  await expect(page.getByText("Ihre Reservierung ist storniert.")).toBeVisible();
  await expect(page.getByText("Storniert", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ja, stornieren" })).toHaveCount(0);

  const cancellation = await mailTo(box, /^Reservierung storniert: /, "gast@example.de");
  expect(cancellation.text).toContain(formatDate(date));
  const notice = await mailTo(box, /^Vom Gast storniert: Greta Gastlich/, "info@ristorante-tavola.de");
  expect(notice.text).toContain("storniert");

  // Sent twice (a reload of the answer), the cancel changes nothing and sends nothing more: every
  // e-mail goes through the outbox, which has nothing new once the answer is there.
  const outbox = () => site.db.selectFrom("mail_outbox").select(["id", "subject"]).orderBy("id").execute();
  const before = await outbox();
  const again = await page.request.post(link, {
    form: { intent: "cancel" },
    headers: { Origin: site.origin },
  });
  expect(again.status()).toBe(409);
  expect(await outbox()).toEqual(before);

  await signIn(page);
  await page.goto(`/admin/reservations?date=${date}`);
  const card = page.getByRole("article", { name: "Greta Gastlich" });
  await expect(card.getByText(/^Vom Gast storniert am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr$/)).toBeVisible();
  await expect(card.getByLabel("Status für Greta Gastlich")).toHaveValue("CANCELLED");

  // The page after the visit's time, or cancelled, offers nothing to change.
  await checkWithoutJavaScript(browser, site, link);
});

async function checkWithoutJavaScript(browser: Browser, site: Site, link: string) {
  const context = await browser.newContext({
    baseURL: site.origin,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByText("Diese Reservierung ist storniert.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Reservierung ändern" })).toHaveCount(0);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
  await context.close();
}

test("without JavaScript, at 390 px: a change to a full time is refused and to a free one kept; 'Ich komme' is noted", async ({
  browser,
  site,
  mailbox,
  signIn,
  page,
}) => {
  const box = need(mailbox);
  await saveReservationSettings(
    site.db,
    { ...DEFAULT_SETTINGS, totalSeats: 10, onlineSeats: 6, autoConfirmUpTo: 4 },
    "e2e-chef",
  );
  const date = await clearedDay(site, 5);
  await insertReservation(site.db, {
    name: "Volle Runde",
    date,
    time: "19:00",
    partySize: 6,
    status: "CONFIRMED",
  });

  const context = await browser.newContext({
    baseURL: site.origin,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const guest = await context.newPage();
  await sendRequest(guest, { name: "Carla Change", date, time: "12:30" }, { scripts: false });
  const confirmation = await mailTo(box, /^Reservierung bestätigt: /, "gast@example.de");
  expect(confirmation.attachments.map((attachment) => attachment.filename)).toEqual(["reservierung.ics"]);
  // Confirmed at once: one e-mail, the confirmation, not a receipt as well.
  expect(box.messages.filter((mail) => /^Ihre Reservierungsanfrage/.test(mail.subject ?? ""))).toHaveLength(
    0,
  );
  const link = linkIn(confirmation);

  await guest.goto(link);
  await expect(guest.getByText("Bestätigt", { exact: true })).toBeVisible();
  await guest.getByRole("button", { name: "Ich komme" }).click();
  await expect(guest.getByText("Schön, dass Sie kommen")).toBeVisible();

  await guest.getByRole("link", { name: "Reservierung ändern" }).click();
  await guest.getByLabel("Uhrzeit").selectOption("19:00");
  await guest.getByRole("button", { name: "Änderung speichern" }).click();
  await expect(guest.getByRole("alert")).toContainText("ausgebucht");
  // Refused: the form keeps the choice, and nothing changed.
  await expect(guest.getByLabel("Uhrzeit")).toHaveValue("19:00");
  const kept = await site.db
    .selectFrom("reservations")
    .select(["reservation_time", "status"])
    .where("customer_name", "=", "Carla Change")
    .executeTakeFirstOrThrow();
  expect(kept).toEqual({ reservation_time: "12:30", status: "CONFIRMED" });

  await guest.getByLabel("Uhrzeit").selectOption("13:00");
  await guest.getByLabel("Personen").selectOption("4");
  await guest.getByRole("button", { name: "Änderung speichern" }).click();
  await expect(guest.getByText("Ihre Reservierung wurde geändert und ist bestätigt.")).toBeVisible();
  await expect(guest.getByText("13:00 Uhr")).toBeVisible();
  await expect(guest.getByText("4 Personen")).toBeVisible();
  const widths = await guest.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);

  const changed = await mailTo(box, /^Reservierung geändert: /, "gast@example.de");
  expect(changed.text).toContain("13:00 Uhr");
  expect(linkIn(changed)).toMatch(/^\/reservierung\//);
  const notice = await mailTo(box, /^Vom Gast geändert: Carla Change/, "info@ristorante-tavola.de");
  expect(notice.text).toContain("Vorher");
  await context.close();

  await signIn(page);
  await page.goto(`/admin/reservations?date=${date}`);
  const card = page.getByRole("article", { name: "Carla Change" });
  await expect(card.getByText(/^Vom Gast geändert am /)).toBeVisible();
});

test("a forged or malformed token gets the German 404 page; a POST without the page's Origin changes nothing", async ({
  page,
  site,
}) => {
  for (const token of ["A".repeat(32), "kurz", "x".repeat(300), "%00%27--", "ÄÖÜäöüß".repeat(5)]) {
    const response = await page.goto(`/reservierung/${token}`);
    expect(response?.status(), token).toBe(404);
    await expect(page.getByRole("heading", { name: "Reservierung nicht gefunden" })).toBeVisible();
    expect(response?.headers()["cache-control"]).toBe("no-store");
  }
  const date = await clearedDay(site, 6);
  const id = await insertReservation(site.db, {
    name: "Olga Origin",
    date,
    time: "18:00",
    partySize: 2,
    status: "CONFIRMED",
  });
  const token = await issueGuestToken(site.db, id);
  const noOrigin = await page.request.post(`/reservierung/${token}`, { form: { intent: "cancel" } });
  expect(noOrigin.status()).toBe(403);
  const row = await site.db
    .selectFrom("reservations")
    .select("status")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe("CONFIRMED");
  await page.goto(`/reservierung/${token}`);
  await waitForHydration(page);
  await expect(page.getByText("Olga Origin")).toBeVisible();

  // A visit staff arranged off the form's choices (19:15, ten people) is changed by phone, never
  // silently turned into the form's first choice.
  const arranged = await insertReservation(site.db, {
    name: "Gruppe Zehn",
    date,
    time: "19:15",
    partySize: 10,
    status: "CONFIRMED",
  });
  await page.goto(`/reservierung/${await issueGuestToken(site.db, arranged)}`);
  await expect(page.getByText("Diese Reservierung können Sie online nicht ändern")).toBeVisible();
  await expect(page.getByRole("link", { name: "Reservierung ändern" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Reservierung stornieren" })).toBeVisible();
});

test.describe("the reminder, with two server processes", () => {
  test.use({ siteEnv: { WORKERS: "2", REMINDER_CHECK_SECONDS: "1" } });

  test("an owner sets the hour; tomorrow's confirmed guest is reminded once, and 'Ich komme' shows on the card", async ({
    page,
    site,
    mailbox,
    signIn,
  }) => {
    const box = need(mailbox);
    // Booked days ago for tomorrow: due as soon as the hour has come — midnight, whatever the test's time.
    const tomorrow = addDays(berlinNow().date, 1);
    await site.db.deleteFrom("reservations").where("reservation_date", "=", tomorrow).execute();
    await insertReservation(site.db, {
      name: "Rosa Reminder",
      date: tomorrow,
      time: "19:30",
      status: "CONFIRMED",
      createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString(),
    });
    await signIn(page);
    await page.goto("/admin/reservations/einstellungen");
    await waitForHydration(page);
    const reminder = page.getByLabel("Erinnerung an Gäste");
    await expect(reminder).toHaveValue("10");
    await reminder.selectOption({ label: "am Vortag um 00:00 Uhr" });
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Einstellungen gespeichert")).toBeVisible();

    const sent = await mailTo(box, /^Erinnerung an Ihre Reservierung: /, "rosa.reminder@example.de");
    expect(sent.text).toContain("19:30 Uhr");
    expect(sent.attachments.map((attachment) => attachment.filename)).toEqual(["reservierung.ics"]);
    // Both processes look every second: two more guests due after her, each reminded in a later
    // round, and still one reminder for her. (Only hers are counted: after 10:00 the demo's guests of
    // tomorrow were reminded at the start, by the default.)
    for (const name of ["Erik Later", "Zora Later"]) {
      const email = `${name.toLowerCase().replace(" ", ".")}@example.de`;
      await insertReservation(site.db, {
        name,
        email,
        date: tomorrow,
        time: "19:30",
        status: "CONFIRMED",
        createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString(),
      });
      await mailTo(box, /^Erinnerung an Ihre Reservierung: /, email);
    }
    expect(
      box.messages.filter(
        (mail) =>
          /^Erinnerung an Ihre Reservierung/.test(mail.subject ?? "") &&
          (mail.to && "text" in mail.to ? mail.to.text : "").includes("rosa.reminder@example.de"),
      ),
    ).toHaveLength(1);

    await page.goto(linkIn(sent));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Ich komme" }).click();
    await expect(page.getByText("Schön, dass Sie kommen")).toBeVisible();
    await expect(page.getByText("Sie haben zugesagt")).toBeVisible();

    await page.goto(`/admin/reservations?date=${tomorrow}`);
    const card = page.getByRole("article", { name: "Rosa Reminder" });
    await expect(card.getByText(/^Vom Gast bestätigt am /)).toBeVisible();
  });
});
