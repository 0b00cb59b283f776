import type { Page } from "@playwright/test";
import { addDays, berlinNow, formatLongDate, weekdayOf } from "../../app/lib/calendar.ts";
import { formatDate } from "../../app/lib/format.ts";
import { demoFullDate } from "../../app/demo/reservations.ts";
import {
  accessibilityViolations,
  collectConsoleErrors,
  expect,
  test,
  toastRegion,
  waitForHydration,
} from "./fixtures.ts";
import { insertReservation } from "./support/reservations.ts";

/**
 * Reservations end to end: the guest's request on the home page, 'Reservierungen einsehen', and
 * the e-mails through a real SMTP server. Tests that change reservations run on a site of their own.
 */

const ADMIN_PATH = "/admin/reservations";

/**
 * The first day at least `from` days ahead that is not a Monday (the demo's closed day): after the
 * demo's fully booked evening, one or two days ahead.
 */
function openDay(from = 3): string {
  let date = addDays(berlinNow().date, from);
  while (weekdayOf(date) === "monday") date = addDays(date, 1);
  return date;
}

function nextMonday(): string {
  let date = addDays(berlinNow().date, 1);
  while (weekdayOf(date) !== "monday") date = addDays(date, 1);
  return date;
}

const formArea = (page: Page) => page.locator("#reservation-form-area");

async function fillRequest(
  page: Page,
  {
    name,
    email = "gast@example.de",
    date = openDay(),
    time = "19:00 Uhr",
    party = "4 Personen",
    notes = "",
  }: {
    name: string;
    email?: string;
    date?: string;
    time?: string;
    party?: string;
    notes?: string;
  },
) {
  const area = formArea(page);
  await area.getByLabel("Name").fill(name);
  await area.getByLabel("E-Mail").fill(email);
  await area.getByLabel("Telefon").fill("0151 1234567");
  await area.getByLabel("Datum").fill(date);
  await area.getByLabel("Personenanzahl").selectOption({ label: party });
  await area.getByLabel("Uhrzeit").selectOption({ label: time });
  if (notes) await area.getByLabel("Besondere Wünsche").fill(notes);
}

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("fixture missing: test.use({ withMailbox: true })");
  return value;
}

const card = (page: Page, name: string) => page.getByRole("article", { name });

test.describe("Reservierungsanfrage auf der Startseite", () => {
  test.use({ withMailbox: true });

  test("eine Anfrage erscheint als 'Ausstehend' unter ihrem Datum, und das Restaurant bekommt die E-Mail", async ({
    page,
    mailbox,
    signIn,
  }) => {
    const date = openDay(3);
    await page.goto("/#reservation-form-area");
    await waitForHydration(page);
    await fillRequest(page, { name: "Jürgen Ämsig", date, notes: "Fensterplatz, bitte" });
    const submit = formArea(page).getByRole("button", { name: "Reservierung anfragen" });
    await submit.click();
    await expect(toastRegion(page).getByText("Reservierungsanfrage gesendet!")).toBeVisible();
    // Said once, by the toast: no second copy in the form for screen readers to read out again.
    await expect(formArea(page).getByText(/Vielen Dank! Wir haben Ihre Anfrage erhalten/)).toHaveCount(0);
    // The form is cleared.
    await expect(formArea(page).getByLabel("Name")).toHaveValue("");
    await expect(formArea(page).getByLabel("Datum")).toHaveValue("");

    const notice = await need(mailbox).waitFor((mail) => /Jürgen Ämsig/.test(mail.subject ?? ""));
    expect(notice.to && "text" in notice.to ? notice.to.text : "").toContain("info@ristorante-tavola.de");
    expect(notice.text).toContain("Fensterplatz, bitte");
    expect(notice.text).toContain(formatDate(date));
    expect(notice.replyTo?.text).toContain("gast@example.de");

    await signIn(page);
    await page.goto(`${ADMIN_PATH}?date=${date}`);
    const day = page.getByRole("region", { name: new RegExp(formatLongDate(date)) });
    await expect(day).toBeVisible();
    const entry = day.getByRole("article", { name: "Jürgen Ämsig" });
    await expect(entry.getByLabel("Status für Jürgen Ämsig")).toHaveValue("PENDING");
    await expect(entry.getByText("19:00 Uhr")).toBeVisible();
    await expect(entry.getByText("Fensterplatz, bitte")).toBeVisible();
  });

  test("fehlende Angaben: 'Fehlende Angaben' mit dem Text der Spezifikation, nichts wird gesendet", async ({
    page,
    site,
  }) => {
    await page.goto("/#reservation-form-area");
    await waitForHydration(page);
    await formArea(page).getByRole("button", { name: "Reservierung anfragen" }).click();
    await expect(toastRegion(page).getByText("Fehlende Angaben")).toBeVisible();
    await expect(
      toastRegion(page).getByText(
        "Bitte füllen Sie alle erforderlichen Felder aus (Name, E-Mail, Datum, Uhrzeit, Personenanzahl)",
      ),
    ).toBeVisible();
    await expect(formArea(page).getByLabel("Name")).toBeFocused();
    expect(
      await site.db.selectFrom("reservations").select("id").where("customer_name", "=", "").execute(),
    ).toEqual([]);
  });

  test("the first toast waits for the toast area: with its code slow to arrive, 'Fehlende Angaben' still shows", async ({
    page,
  }) => {
    // The toast area's code (and the toast library with it) arrives a second and a half late, as on a
    // busy phone: the area is mounted on the guest's first touch of the form (decision 0008), and its
    // first toast must still be shown once it is there (app/lib/toasts.ts).
    let delayed = 0;
    await page.route("**/*toaster*", async (route) => {
      delayed += 1;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto("/#reservation-form-area");
    await waitForHydration(page);
    await formArea(page).getByRole("button", { name: "Reservierung anfragen" }).click();
    await expect(toastRegion(page).getByText("Fehlende Angaben")).toBeVisible({ timeout: 10_000 });
    expect(delayed).toBeGreaterThan(0);
  });
});

test.describe("Regeln für Datum und Uhrzeit", () => {
  test("ein Ruhetag sagt es sofort und bietet keine Uhrzeit; das Datumsfeld beginnt heute", async ({
    page,
  }) => {
    await page.goto("/#reservation-form-area");
    await waitForHydration(page);
    const area = formArea(page);
    await expect(area.getByLabel("Datum")).toHaveAttribute("min", berlinNow().date);
    // A value filled in while React is still hydrating the form can be lost to it: fill again then.
    await expect(async () => {
      await area.getByLabel("Datum").fill(nextMonday());
      await expect(
        area.getByText("Am Montag haben wir Ruhetag. Bitte wählen Sie einen anderen Tag."),
      ).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(area.getByLabel("Uhrzeit")).toBeDisabled();
    await area.getByLabel("Datum").fill(openDay());
    await expect(area.getByLabel("Uhrzeit")).toBeEnabled();
    const sunday = (() => {
      let date = openDay();
      while (weekdayOf(date) !== "sunday") date = addDays(date, 1);
      return date;
    })();
    await area.getByLabel("Datum").fill(sunday);
    // Sunday closes at 21:30: the last slot offered is 21:00.
    await expect(area.getByLabel("Uhrzeit").locator("option").last()).toHaveText("21:00 Uhr");
  });

  test("der Server lehnt ein vergangenes Datum und einen Ruhetag ab, auf Deutsch", async ({
    request,
    site,
    sameOrigin,
  }) => {
    const post = (date: string) =>
      request.post("/?index", {
        headers: sameOrigin,
        form: { name: "Frühbucher", email: "f@example.de", date, time: "18:00", party_size: "2" },
      });
    const past = await post(addDays(berlinNow().date, -1));
    expect(past.status()).toBe(400);
    expect(await past.text()).toContain("Das Datum liegt in der Vergangenheit.");
    const monday = await post(nextMonday());
    expect(monday.status()).toBe(400);
    expect(await monday.text()).toContain("Am Montag haben wir Ruhetag.");
    const json = await request.post("/?index", { headers: sameOrigin, data: { name: "x" } });
    expect(json.status()).toBe(400);
    expect(await json.text()).toContain("Fehlende Angaben");
    expect(
      await site.db
        .selectFrom("reservations")
        .select("id")
        .where("customer_name", "=", "Frühbucher")
        .execute(),
    ).toEqual([]);
  });
});

test.describe("ohne JavaScript", () => {
  test.use({ javaScriptEnabled: false, ownSite: true });

  test("die Anfrage funktioniert als gewöhnliches Formular und landet wieder beim Formular", async ({
    page,
    site,
  }) => {
    await page.goto("/#reservation-form-area");
    await fillRequest(page, { name: "Ohne Skript", party: "8+ Personen", time: "12:00 Uhr" });
    await formArea(page).getByRole("button", { name: "Reservierung anfragen" }).click();
    await expect(page).toHaveURL(/#reservation-form-area$/);
    await expect(formArea(page).getByText("Reservierungsanfrage gesendet!")).toBeVisible();
    await expect(formArea(page).getByLabel("Name")).toHaveValue("");
    const stored = await site.db
      .selectFrom("reservations")
      .select(["status", "party_size", "reservation_time"])
      .where("customer_name", "=", "Ohne Skript")
      .execute();
    expect(stored).toEqual([{ status: "PENDING", party_size: 8, reservation_time: "12:00" }]);

    // Invalid input keeps what was typed and names the problem.
    await page.goto("/#reservation-form-area");
    await fillRequest(page, {
      name: "Ohne Skript 2",
      email: "kaputt@",
      date: nextMonday(),
      time: "12:00 Uhr",
    });
    await formArea(page)
      .getByLabel("E-Mail")
      .evaluate((input) => input.setAttribute("type", "text"));
    await formArea(page).getByRole("button", { name: "Reservierung anfragen" }).click();
    await expect(
      formArea(page).getByText("Am Montag haben wir Ruhetag.", { exact: false }).first(),
    ).toBeVisible();
    await expect(formArea(page).getByLabel("Name")).toHaveValue("Ohne Skript 2");
  });
});

test.describe("Zu viele Anfragen", () => {
  test.use({ siteEnv: { RESERVATION_RATE_LIMIT: "2" } });

  test("die dritte Anfrage einer Adresse in 10 Minuten bekommt 429 und eine deutsche Meldung", async ({
    request,
    sameOrigin,
  }) => {
    const statuses = [];
    for (let n = 0; n < 3; n += 1) {
      const response = await request.post("/?index", {
        headers: sameOrigin,
        form: { name: `Gast ${n}`, email: "g@example.de", date: openDay(), time: "18:00", party_size: "2" },
      });
      statuses.push(response.status());
      if (response.status() === 429) expect(await response.text()).toContain("Zu viele Anfragen");
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

test.describe("Reservierungen einsehen", () => {
  test.use({ withMailbox: true });

  test("'Bestätigt' schickt dem Gast die Bestätigung mit gültigem Kalendereintrag", async ({
    page,
    site,
    mailbox,
    signIn,
  }) => {
    const date = openDay(4);
    await insertReservation(site, { name: "Bea Bestätigt", date, time: "19:30", email: "bea@example.de" });
    await signIn(page);
    await page.goto(`${ADMIN_PATH}?date=${date}`);
    await waitForHydration(page);
    await card(page, "Bea Bestätigt").getByLabel("Status für Bea Bestätigt").selectOption("CONFIRMED");
    const dialog = page.getByRole("dialog", { name: "Erfolg" });
    await expect(
      dialog.getByText("Status für Bea Bestätigt aktualisiert und Bestätigungs-E-Mail gesendet."),
    ).toBeVisible();
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();

    const confirmation = await need(mailbox).waitFor(
      (mail) => mail.to !== undefined && JSON.stringify(mail.to).includes("bea@example.de"),
    );
    expect(confirmation.subject).toContain("Reservierung bestätigt");
    expect(confirmation.text).toContain(formatDate(date));
    expect(confirmation.text).toContain("19:30 Uhr");
    expect(confirmation.text).toContain("Marktplatz 12");
    expect(confirmation.text).toContain("07071 123456");
    const ics = confirmation.attachments.find((attachment) => attachment.filename === "reservierung.ics");
    expect(ics?.contentType).toBe("text/calendar");
    const calendar = ics?.content.toString("utf8") ?? "";
    expect(calendar).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(calendar).toContain(`DTSTART;TZID=Europe/Berlin:${date.replaceAll("-", "")}T193000`);
    expect(calendar).toContain("BEGIN:VEVENT");
    expect(calendar.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
    // Saving the confirmed reservation again sends nothing more.
    await card(page, "Bea Bestätigt")
      .getByRole("button", { name: "Reservierung von Bea Bestätigt bearbeiten" })
      .click();
    await page
      .getByRole("dialog", { name: "Reservierung Bearbeiten" })
      .getByRole("button", { name: "Änderungen speichern" })
      .click();
    await expect(
      page.getByRole("dialog", { name: "Erfolg" }).getByText("Reservierung erfolgreich aktualisiert!"),
    ).toBeVisible();
    expect(
      need(mailbox).messages.filter((mail) => JSON.stringify(mail.to).includes("bea@example.de")),
    ).toHaveLength(1);
  });

  test("ist der Mailserver weg, erscheint 'E-Mail Fehler'; die E-Mail kommt an, sobald er wieder da ist", async ({
    page,
    site,
    mailbox,
    signIn,
  }) => {
    const date = openDay(5);
    await insertReservation(site, { name: "Otto Offline", date, email: "otto@example.de" });
    await need(mailbox).stop();
    await signIn(page);
    await page.goto(`${ADMIN_PATH}?date=${date}`);
    await waitForHydration(page);
    await card(page, "Otto Offline").getByLabel("Status für Otto Offline").selectOption("CONFIRMED");
    const dialog = page.getByRole("alertdialog", { name: "E-Mail Fehler" });
    await expect(
      dialog.getByText(
        /^Status aktualisiert, aber Bestätigungs-E-Mail für Otto Offline konnte nicht gesendet werden: /,
      ),
    ).toBeVisible();
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(card(page, "Otto Offline").getByLabel("Status für Otto Offline")).toHaveValue("CONFIRMED");

    await page.goto(`${ADMIN_PATH}/e-mails?filter=waiting`);
    await expect(page.getByText(/Letzter Fehler: /)).toBeVisible();
    // An outage counts no attempt against the e-mail; the outbox says what it waits for.
    await expect(page.getByText(/E-Mail-Server nicht erreichbar, wird automatisch gesendet/)).toBeVisible();

    await need(mailbox).start();
    const delivered = await need(mailbox).waitFor(
      (mail) => JSON.stringify(mail.to).includes("otto@example.de"),
      15_000,
    );
    expect(delivered.subject).toContain("Reservierung bestätigt");
    await page.goto(`${ADMIN_PATH}/e-mails?filter=sent`);
    await expect(page.getByText(/Reservierung bestätigt: .*/).first()).toBeVisible();
  });

  test("bearbeiten, löschen und neu anlegen", async ({ page, site, signIn }) => {
    const date = openDay(6);
    await insertReservation(site, { name: "Erna Ändern", date });
    await insertReservation(site, { name: "Luis Löschen", date, time: "20:00" });
    await signIn(page);
    await page.goto(`${ADMIN_PATH}?date=${date}`);
    await waitForHydration(page);

    await card(page, "Erna Ändern")
      .getByRole("button", { name: "Reservierung von Erna Ändern bearbeiten" })
      .click();
    const edit = page.getByRole("dialog", { name: "Reservierung Bearbeiten" });
    await edit.getByLabel("Personen").fill("0");
    await edit.getByRole("button", { name: "Änderungen speichern" }).click();
    await expect(edit.getByText("Die Personenanzahl muss eine ganze Zahl von 1 bis 100 sein.")).toBeVisible();
    await edit.getByLabel("Personen").fill("5");
    await edit.getByLabel("Anmerkungen").fill("Hochzeitstag");
    await edit.getByRole("button", { name: "Änderungen speichern" }).click();
    await expect(
      page.getByRole("dialog", { name: "Erfolg" }).getByText("Reservierung erfolgreich aktualisiert!"),
    ).toBeVisible();
    await page.getByRole("button", { name: "OK" }).click();
    await expect(card(page, "Erna Ändern").getByText("Hochzeitstag")).toBeVisible();

    await card(page, "Luis Löschen")
      .getByRole("button", { name: "Reservierung von Luis Löschen löschen" })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Reservierung löschen bestätigen" });
    await expect(
      confirm.getByText(`Luis Löschen am ${formatDate(date)} um 20:00 Uhr`, { exact: false }),
    ).toBeVisible();
    await expect(confirm.getByText(/nicht rückgängig/)).toBeVisible();
    await confirm.getByRole("button", { name: "Endgültig löschen" }).click();
    await expect(confirm).toBeHidden();
    await expect(card(page, "Erna Ändern")).toBeVisible();
    await expect(card(page, "Luis Löschen")).toHaveCount(0);
    expect(
      await site.db
        .selectFrom("reservations")
        .select("id")
        .where("customer_name", "=", "Luis Löschen")
        .execute(),
    ).toEqual([]);

    await page.getByRole("button", { name: "+ Neue Reservierung" }).click();
    const add = page.getByRole("dialog", { name: "Neue Reservierung" });
    await expect(add.getByLabel("Datum")).toHaveValue(date);
    await expect(add.getByLabel("Uhrzeit")).toHaveValue("18:00");
    await expect(add.getByLabel("Personen")).toHaveValue("2");
    await expect(add.getByLabel("Status")).toHaveValue("CONFIRMED");
    await add.getByLabel("Name").fill("Telefon Gast");
    await add.getByRole("button", { name: "Reservierung hinzufügen" }).click();
    await expect(
      page.getByRole("dialog", { name: "Erfolg" }).getByText("Neue Reservierung erfolgreich hinzugefügt!"),
    ).toBeVisible();
    await page.getByRole("button", { name: "OK" }).click();
    await expect(card(page, "Telefon Gast").getByLabel("Status für Telefon Gast")).toHaveValue("CONFIRMED");
  });
});

test.describe("Reservierungen einsehen: Ansichten", () => {
  test("Suche nach Namen mit Umlauten, 'Ausstehend' und 'Heute'", async ({ page, signIn }) => {
    await signIn(page);
    await page.goto(ADMIN_PATH);
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: "Heute" })).toHaveAttribute("aria-current", "true");
    // Today's reservations, or on the demo's rest day (Monday) none.
    await expect(
      page
        .getByRole("region", { name: new RegExp(formatLongDate(berlinNow().date)) })
        .or(page.getByText("Keine Reservierungen", { exact: true })),
    ).toBeVisible();

    await page.getByLabel("Nach Name suchen").fill("MÜLL");
    await expect(page).toHaveURL(/\?q=M%C3%9CLL$/);
    await expect(page.getByText("Suchergebnisse für „MÜLL“")).toBeVisible();
    await expect(page.getByRole("article").first()).toBeVisible();
    const names = await page.getByRole("article").locator("h3").allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set(["Anna Müller"]));
    await expect(page.getByRole("link", { name: "Heute" })).not.toHaveAttribute("aria-current", "true");

    await page.getByLabel("Nach Name suchen").fill("");
    await page.getByRole("link", { name: "Ausstehend" }).click();
    await expect(page).toHaveURL(/view=pending/);
    await expect(page.getByText("Alle ausstehenden Anfragen")).toBeVisible();
    await expect(page.getByRole("article").first()).toBeVisible();
    const statuses = await page
      .getByRole("article")
      .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-status")));
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(["PENDING"]));

    await page.getByRole("link", { name: "Heute" }).click();
    await expect(page).toHaveURL(new RegExp(`date=${berlinNow().date}`));
    await expect(
      page
        .getByRole("heading", { name: "Gäste pro Uhrzeit" })
        .or(page.getByText("Keine Reservierungen", { exact: true })),
    ).toBeVisible();
  });

  test("ein Tag ohne Reservierungen zeigt 'Keine Reservierungen'; axe findet keine Verstöße", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await page.goto(`${ADMIN_PATH}?date=${addDays(berlinNow().date, 60)}`);
    await expect(page.getByText("Keine Reservierungen", { exact: true })).toBeVisible();
    await expect(page.getByText("Aktuell sind keine Reservierungen vorhanden")).toBeVisible();
    // A day with demo reservations (the next open day; today may be the rest day): it hydrates
    // without a mismatch (nothing differs between the server's HTML and the browser's first render).
    const consoleErrors = collectConsoleErrors(page);
    await page.goto(`${ADMIN_PATH}?date=${demoFullDate(berlinNow().date)}`);
    await waitForHydration(page);
    await expect(page.getByRole("article").first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test("ohne Anmeldung kein Zugriff; ein POST ohne Sitzung ändert nichts", async ({
    page,
    request,
    sameOrigin,
    site,
  }) => {
    await page.goto(ADMIN_PATH);
    await expect(page).toHaveURL(/\/login$/);
    const before = await site.db.selectFrom("reservations").select("id").execute();
    const response = await request.post(`${ADMIN_PATH}?index`, {
      headers: sameOrigin,
      form: { intent: "delete", id: String(before[0]?.id ?? 1) },
      maxRedirects: 0,
    });
    expect([302, 303, 204]).toContain(response.status());
    expect(await site.db.selectFrom("reservations").select("id").execute()).toHaveLength(before.length);
  });
});
