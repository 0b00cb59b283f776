import type { Browser, Locator, Page } from "@playwright/test";
import type { Site } from "./fixtures.ts";
import { stepAt, STEP_SECONDS, totpCode } from "../../app/features/auth/totp.server.ts";
import { setStaffPassword } from "../../app/features/auth/staff.server.ts";
import {
  accessibilityViolations,
  atPath,
  E2E_ADMIN,
  expect,
  PASSWORD_CHECK,
  signInWithForm,
  test,
  waitForHydration,
} from "./fixtures.ts";

/**
 * Staff accounts that staff manage (decision 0025, docs/product/staff.md#accounts): Mein Konto (password,
 * second factor, devices) and the owners' Konten. Each test has a site of its own: they change accounts.
 */
test.use({ ownSite: true });
// Each flow signs in several times, each a password check with scrypt: on a busy machine it takes a while.
test.describe.configure({ timeout: 90_000 });

/**
 * The test's clock for one-time codes: it says for which moment a code is made (now, a minute ago),
 * so the server's answers to old, current and repeated codes are the test's to choose.
 */
const codeAt = (secret: string, time: number) => totpCode(secret.replace(/\s+/g, ""), stepAt(time));

async function typeSignIn(page: Page, username: string, password: string) {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Benutzername").fill(username);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
}

async function newPage(browser: Browser, baseURL: string, userAgent?: string) {
  const context = await browser.newContext({ baseURL, ...(userAgent ? { userAgent } : {}) });
  return context.newPage();
}

async function openAccount(page: Page) {
  await page.goto("/admin/konto");
  await waitForHydration(page);
}

/** Konten's 'Neues Konto' form, with the page opened. */
async function openNewAccountForm(page: Page) {
  await page.goto("/admin/konten");
  await waitForHydration(page);
  return page.getByRole("region", { name: "Neues Konto" });
}

async function submitNewAccount(create: Locator, username: string, password: string) {
  await create.getByLabel("Benutzername").fill(username);
  await create.getByLabel("Passwort").fill(password);
  await create.getByRole("button", { name: "Konto anlegen" }).click();
}

async function changeOwnPasswordOnPage(page: Page, current: string, next: string) {
  await openAccount(page);
  const form = page.getByRole("region", { name: "Passwort ändern" });
  await form.getByLabel("Aktuelles Passwort").fill(current);
  await form.getByLabel("Neues Passwort", { exact: true }).fill(next);
  await form.getByLabel("Neues Passwort wiederholen").fill(next);
  await form.getByRole("button", { name: "Passwort ändern" }).click();
  // Two password hashes (scrypt): slow on a busy machine.
  await expect(form.getByText("Passwort geändert")).toBeVisible(PASSWORD_CHECK);
}

/**
 * Held on Mein Konto (decision 0027): the page says what to do, the sidebar offers nothing else,
 * other screens lead back here, and a form sent straight to another screen's action changes nothing.
 */
async function expectHeldOnAccount(page: Page, site: Site, step: RegExp) {
  await expect(page).toHaveURL(atPath("/admin/konto"), PASSWORD_CHECK);
  const first = page.getByRole("region", { name: "Bevor es weitergeht" });
  await expect(first.getByText(step)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Verwaltung" }).first().getByRole("link")).toHaveCount(0);
  await expect(page.getByRole("note").first()).toContainText("Zuerst „Mein Konto“");
  await expect(page.getByRole("link", { name: "Mein Konto" }).first()).toBeVisible();
  await page.goto("/admin/speisekarte");
  await expect(page).toHaveURL(atPath("/admin/konto"));
  const before = await site.db.selectFrom("announcements").select("id").execute();
  expect(before.length).toBeGreaterThan(0);
  const post = await page.request.post("/admin/mitteilungen", {
    headers: { Origin: site.origin },
    form: { announcements: "[]" },
    maxRedirects: 0,
  });
  expect([post.status(), post.headers().location]).toEqual([302, "/admin/konto"]);
  expect(await site.db.selectFrom("announcements").select("id").execute()).toEqual(before);
  const upload = await page.request.post("/admin/bilder/hochladen?ziel=galerie", {
    headers: { Origin: site.origin, "Content-Type": "image/png" },
    data: Buffer.from("kein Bild"),
  });
  expect(upload.status()).toBe(403);
}

test("Passwort ändern: das aktuelle ist nötig, häufige Passwörter werden abgelehnt, andere Geräte abgemeldet", async ({
  page,
  browser,
  site,
}) => {
  const other = await newPage(browser, site.origin);
  await signInWithForm(other);
  await signInWithForm(page);
  await openAccount(page);
  const form = page.getByRole("region", { name: "Passwort ändern" });

  await form.getByLabel("Aktuelles Passwort").fill("falsch-falsch-falsch");
  await form.getByLabel("Neues Passwort", { exact: true }).fill("Lasagne am Sonntag 2026");
  await form.getByLabel("Neues Passwort wiederholen").fill("Lasagne am Sonntag 2026");
  await form.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(form.getByText("Das aktuelle Passwort ist falsch.").first()).toBeVisible();

  await form.getByLabel("Aktuelles Passwort").fill(E2E_ADMIN.password);
  await form.getByLabel("Neues Passwort", { exact: true }).fill("1234567890");
  await form.getByLabel("Neues Passwort wiederholen").fill("1234567890");
  await form.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(form.getByText(/gehört zu den häufigsten/).first()).toBeVisible();

  await form.getByLabel("Aktuelles Passwort").fill(E2E_ADMIN.password);
  await form.getByLabel("Neues Passwort", { exact: true }).fill("kurz");
  await form.getByLabel("Neues Passwort wiederholen").fill("kurz");
  await form.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(form.getByText("Das Passwort muss mindestens 10 Zeichen lang sein.").first()).toBeVisible();

  await form.getByLabel("Aktuelles Passwort").fill(E2E_ADMIN.password);
  await form.getByLabel("Neues Passwort", { exact: true }).fill("Lasagne am Sonntag 2026");
  await form.getByLabel("Neues Passwort wiederholen").fill("Lasagne am Sonntag 2026");
  await form.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(form.getByText("Passwort geändert")).toBeVisible();
  // The passwords do not stay in the fields.
  await expect(form.getByLabel("Neues Passwort", { exact: true })).toHaveValue("");

  // This device stays signed in; the other one is signed out.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await other.goto("/admin");
  await expect(other).toHaveURL(/\/login$/);

  await typeSignIn(other, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(other.getByText("Benutzername oder Passwort ist falsch").first()).toBeVisible();
  await signInWithForm(other, { username: E2E_ADMIN.username, password: "Lasagne am Sonntag 2026" });
  await other.context().close();
});

test("Angemeldete Geräte: die Liste zeigt jedes Gerät, ein anderes lässt sich abmelden", async ({
  page,
  browser,
  site,
}) => {
  const phone = await newPage(
    browser,
    site.origin,
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  );
  await signInWithForm(phone);
  await signInWithForm(page);
  await openAccount(page);
  const devices = page.getByRole("region", { name: "Angemeldete Geräte" });
  await expect(devices.getByRole("listitem")).toHaveCount(2);
  await expect(devices.getByText("(dieses Gerät)")).toBeVisible();
  await expect(devices.getByText("Safari auf iOS", { exact: true })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await devices.getByRole("button", { name: /^Abmelden \(Safari auf iOS/ }).click();
  await expect(devices.getByText("Sitzung beendet")).toBeVisible();
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await phone.goto("/admin");
  await expect(phone).toHaveURL(/\/login$/);

  // 'Alle anderen Geräte abmelden' ends every other session at once.
  await signInWithForm(phone);
  await openAccount(page);
  await devices.getByRole("button", { name: "Alle anderen Geräte abmelden" }).click();
  await expect(devices.getByText("Ein Gerät ist abgemeldet.")).toBeVisible();
  await phone.goto("/admin");
  await expect(phone).toHaveURL(/\/login$/);
  await phone.context().close();
});

test("Zwei-Faktor-Anmeldung: einrichten mit QR-Code, danach Anmeldung nur mit Code; alte, wiederholte und falsche Codes werden abgelehnt; Wiederherstellungscodes gelten einmal", async ({
  page,
  site,
}) => {
  await signInWithForm(page);
  await openAccount(page);
  const factor = page.getByRole("region", { name: "Zwei-Faktor-Anmeldung" });
  await factor.getByRole("button", { name: "Zwei-Faktor-Anmeldung einrichten" }).click();
  await expect(factor.getByRole("img", { name: "QR-Code für die Authenticator-App" })).toBeVisible();
  const secret = (await factor.getByTestId("totp-secret").textContent()) ?? "";
  expect(secret.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot({ path: test.info().outputPath("konto-qr-code.png"), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  // A code from two minutes ago does not switch it on; the password is asked for too.
  await factor.getByLabel("Aktuelles Passwort (zur Bestätigung)").fill(E2E_ADMIN.password);
  await factor.getByLabel("Code aus der App").fill(codeAt(secret, Date.now() - 4 * STEP_SECONDS * 1000));
  await factor.getByRole("button", { name: "Aktivieren" }).click();
  await expect(factor.getByText(/Der Code passt nicht/).first()).toBeVisible();

  const now = Date.now();
  await factor.getByLabel("Aktuelles Passwort (zur Bestätigung)").fill(E2E_ADMIN.password);
  await factor.getByLabel("Code aus der App").fill(codeAt(secret, now));
  await factor.getByRole("button", { name: "Aktivieren" }).click();
  await expect(factor.getByText("Zwei-Faktor-Anmeldung aktiviert")).toBeVisible();
  const codes = await factor
    .getByRole("list", { name: "Wiederherstellungscodes" })
    .getByRole("listitem")
    .allTextContents();
  expect(codes).toHaveLength(10);
  await page.screenshot({ path: test.info().outputPath("konto-zwei-faktor.png"), fullPage: true });

  // Signing in: the password alone opens nothing.
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await typeSignIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const code = page.getByLabel("Code");
  await expect(code).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("anmeldung-code.png") });
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login$/);
  await expect(code).toBeVisible(); // the code form is still asked for after a reload

  // 'Abbrechen' ends the half-done sign-in: back to the password, nothing left open.
  await page.getByRole("button", { name: "Abbrechen und neu anmelden" }).click();
  await expect(page.getByLabel("Benutzername")).toBeVisible();
  expect(await site.db.selectFrom("staff_sign_in_challenges").select("id").execute()).toEqual([]);
  await typeSignIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(code).toBeVisible();

  // The code just used to switch it on, and a wrong one, are refused; five tries at most.
  await code.fill(codeAt(secret, now));
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(
    page.getByText(/Der Code ist falsch oder schon verwendet. Noch 4 Versuche./).first(),
  ).toBeVisible();
  await code.fill("000000" === codeAt(secret, Date.now()) ? "111111" : "000000");
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page.getByText(/Noch 3 Versuche/).first()).toBeVisible();

  // The next step's code (the test's clock 30 s ahead: one step of drift is allowed) signs in.
  await code.fill(codeAt(secret, Date.now() + STEP_SECONDS * 1000));
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page).toHaveURL(/\/admin$/, PASSWORD_CHECK);

  // A recovery code works once, and says so.
  await page.getByRole("button", { name: "Logout" }).first().click();
  await typeSignIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.getByLabel("Code").fill(codes[0] ?? "");
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page.getByText(/Wiederherstellungscode verwendet/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/, PASSWORD_CHECK);
  await page.getByRole("button", { name: "Logout" }).first().click();
  await typeSignIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.getByLabel("Code").fill(codes[0] ?? "");
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page.getByText(/Der Code ist falsch oder schon verwendet/).first()).toBeVisible();
  await page.getByLabel("Code").fill(codes[1] ?? "");
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page).toHaveURL(/\/admin$/, PASSWORD_CHECK);

  // Switching it off needs the password and a code: the password alone is refused.
  await openAccount(page);
  await factor.getByLabel("Aktuelles Passwort (zur Bestätigung)").fill(E2E_ADMIN.password);
  await factor.getByRole("button", { name: "Zwei-Faktor-Anmeldung ausschalten" }).click();
  await expect(factor.getByText("Bitte geben Sie den Code ein.").first()).toBeVisible();
  await factor.getByLabel("Aktuelles Passwort (zur Bestätigung)").fill(E2E_ADMIN.password);
  await factor.getByLabel("Code aus der App oder ein Wiederherstellungscode").fill(codes[2] ?? "");
  await factor.getByRole("button", { name: "Zwei-Faktor-Anmeldung ausschalten" }).click();
  await expect(factor.getByText("Zwei-Faktor-Anmeldung ausgeschaltet")).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).first().click();
  await signInWithForm(page);
});

test("Rollen: Inhaber legen Konten an, setzen Passwörter zurück und entfernen Konten; Mitarbeiter können das nicht", async ({
  page,
  browser,
  site,
}) => {
  await signInWithForm(page);
  const create = await openNewAccountForm(page);
  await submitNewAccount(create, "maria", "password123");
  await expect(create.getByText(/gehört zu den häufigsten/).first()).toBeVisible();
  await create.getByLabel("Passwort").fill("Tiramisu mit Espresso");
  await create.getByRole("button", { name: "Konto anlegen" }).click();
  await expect(create.getByText("Konto angelegt")).toBeVisible();
  await expect(create.getByLabel("Passwort")).toHaveValue("");
  const accountItem = (name: string) =>
    page
      .getByRole("region", { name: "Alle Konten" })
      .getByRole("listitem")
      .filter({ has: page.getByText(name, { exact: true }) });
  const maria = accountItem("maria");
  await expect(maria).toContainText("Mitarbeiter");
  await page.screenshot({ path: test.info().outputPath("konten.png"), fullPage: true });
  // Owners cannot remove or reset themselves here.
  await expect(accountItem(E2E_ADMIN.username)).toHaveCount(1);
  await expect(accountItem(E2E_ADMIN.username).getByRole("button")).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);

  // Staff: no 'Konten' in the sidebar, 403 on the screen and on its action — once maria has
  // replaced the password the owner gave her (decision 0027).
  const staff = await newPage(browser, site.origin);
  await typeSignIn(staff, "maria", "Tiramisu mit Espresso");
  await expect(staff).toHaveURL(atPath("/admin/konto"), PASSWORD_CHECK);
  await changeOwnPasswordOnPage(staff, "Tiramisu mit Espresso", "Cannoli aus Palermo");
  await staff.goto("/admin");
  await expect(staff).toHaveURL(atPath("/admin"));
  await expect(staff.getByRole("link", { name: "Mein Konto" }).first()).toBeVisible();
  await expect(staff.getByRole("link", { name: "Konten", exact: true })).toHaveCount(0);
  const forbidden = await staff.goto("/admin/konten");
  expect(forbidden?.status()).toBe(403);
  await expect(staff.getByRole("heading", { name: "Kein Zugriff" })).toBeVisible();
  const ownerId = await site.db
    .selectFrom("staff_users")
    .select("id")
    .where("username", "=", E2E_ADMIN.username)
    .executeTakeFirstOrThrow();
  const post = await staff.request.post("/admin/konten.data", {
    headers: { Origin: site.origin },
    form: { intent: "remove", id: String(ownerId.id) },
  });
  expect(post.status()).toBe(403);
  expect(
    await site.db.selectFrom("staff_users").select("id").where("id", "=", ownerId.id).execute(),
  ).toHaveLength(1);

  // The owner resets maria's password: her session ends, the new password works.
  await maria.getByLabel("Neues Passwort für maria").fill("Panna cotta zum Dessert");
  await maria.getByRole("button", { name: "Passwort zurücksetzen" }).click();
  await expect(maria.getByText("Passwort zurückgesetzt")).toBeVisible();
  await expect(maria.getByLabel("Neues Passwort für maria")).toHaveValue("");
  await staff.goto("/admin");
  await expect(staff).toHaveURL(/\/login$/);
  await typeSignIn(staff, "maria", "Panna cotta zum Dessert");
  await expect(staff).toHaveURL(atPath("/admin/konto"), PASSWORD_CHECK);

  // Removed: signed out and unable to sign in again.
  await maria.getByText("Konto maria entfernen…").click();
  await maria.getByRole("button", { name: "Ja, maria entfernen" }).click();
  await expect(page.getByText("Konto entfernt")).toBeVisible();
  await expect(maria).toHaveCount(0);
  await staff.goto("/admin");
  await expect(staff).toHaveURL(/\/login$/);
  await typeSignIn(staff, "maria", "Panna cotta zum Dessert");
  await expect(staff.getByText("Benutzername oder Passwort ist falsch").first()).toBeVisible();
  await staff.context().close();
});

test("Erstes Passwort: ein vom Inhaber vergebenes Passwort öffnet nur „Mein Konto“, bis die Person ein eigenes gewählt hat", async ({
  page,
  browser,
  site,
  signIn,
}) => {
  await signIn(page);
  const create = await openNewAccountForm(page);
  await submitNewAccount(create, "paola", "Tiramisu mit Espresso");
  await expect(create.getByText("Konto angelegt")).toBeVisible(PASSWORD_CHECK);
  // A look-alike of an existing name, in Cyrillic letters, is refused.
  await submitNewAccount(create, "раola", "Tiramisu mit Espresso");
  await expect(create.getByText(/zum Verwechseln ähnlich/).first()).toBeVisible(PASSWORD_CHECK);

  const paola = await newPage(browser, site.origin);
  await typeSignIn(paola, "paola", "Tiramisu mit Espresso");
  await expectHeldOnAccount(paola, site, /Bitte ändern Sie jetzt Ihr Passwort/);
  await openAccount(paola);
  expect(await accessibilityViolations(paola)).toEqual([]);
  await paola.screenshot({ path: test.info().outputPath("konto-erstes-passwort.png"), fullPage: true });

  // The same password again is no change; her own one frees the account.
  const form = paola.getByRole("region", { name: "Passwort ändern" });
  await form.getByLabel("Aktuelles Passwort").fill("Tiramisu mit Espresso");
  await form.getByLabel("Neues Passwort", { exact: true }).fill("Tiramisu mit Espresso");
  await form.getByLabel("Neues Passwort wiederholen").fill("Tiramisu mit Espresso");
  await form.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(
    form.getByText("Das neue Passwort muss sich vom aktuellen unterscheiden.").first(),
  ).toBeVisible();
  await changeOwnPasswordOnPage(paola, "Tiramisu mit Espresso", "Cannoli aus Palermo");
  await expect(paola.getByRole("region", { name: "Bevor es weitergeht" })).toHaveCount(0);
  await expect(paola.getByRole("link", { name: "Speisekarte" }).first()).toBeVisible();
  await paola.goto("/admin/speisekarte");
  await expect(paola).toHaveURL(atPath("/admin/speisekarte"));
  await paola.context().close();
});

test("Zwei-Faktor-Anmeldung Pflicht: ohne zweiten Faktor nur „Mein Konto“, nach der Einrichtung alles; ausschalten lässt er sich nicht", async ({
  page,
  browser,
  site,
  signIn,
}) => {
  await signIn(page);
  await page.goto("/admin/konten");
  await waitForHydration(page);
  const rule = page.getByRole("region", { name: "Zwei-Faktor-Anmeldung Pflicht" });
  await rule.getByLabel("Zwei-Faktor-Anmeldung Pflicht").selectOption({ label: "Pflicht für alle Konten" });
  await rule.getByRole("button", { name: "Einstellung speichern" }).click();
  // The owner who sets it needs a second factor first, or the rule would hold them here at once.
  await expect(rule.getByText(/Richten Sie zuerst unter „Mein Konto“/).first()).toBeVisible();
  await site.db
    .updateTable("staff_users")
    .set({ totp_secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", totp_enabled_at: new Date().toISOString() })
    .where("username", "=", E2E_ADMIN.username)
    .execute();
  await setStaffPassword(site.db, "marco", "Zabaione am Abend");
  await page.reload();
  await waitForHydration(page);
  await rule.getByLabel("Zwei-Faktor-Anmeldung Pflicht").selectOption({ label: "Pflicht für alle Konten" });
  await rule.getByRole("button", { name: "Einstellung speichern" }).click();
  await expect(rule.getByText("Einstellung gespeichert")).toBeVisible();
  await expect(rule.getByText(/Noch ohne zweiten Faktor.*marco/)).toBeVisible();

  const marco = await newPage(browser, site.origin);
  await typeSignIn(marco, "marco", "Zabaione am Abend");
  await expectHeldOnAccount(marco, site, /Bitte richten Sie jetzt die Zwei-Faktor-Anmeldung ein/);

  await openAccount(marco);
  const factor = marco.getByRole("region", { name: "Zwei-Faktor-Anmeldung" });
  await factor.getByRole("button", { name: "Zwei-Faktor-Anmeldung einrichten" }).click();
  const secret = (await factor.getByTestId("totp-secret").textContent()) ?? "";
  await factor.getByLabel("Aktuelles Passwort (zur Bestätigung)").fill("Zabaione am Abend");
  await factor.getByLabel("Code aus der App").fill(codeAt(secret, Date.now()));
  await factor.getByRole("button", { name: "Aktivieren" }).click();
  await expect(factor.getByText("Zwei-Faktor-Anmeldung aktiviert")).toBeVisible(PASSWORD_CHECK);
  const codes = await factor
    .getByRole("list", { name: "Wiederherstellungscodes" })
    .getByRole("listitem")
    .allTextContents();
  for (const code of codes) expect(code).toMatch(/^([0-9a-z]{4}-){5}[0-9a-z]{4}$/);

  // Everything opens; the second factor stays on while the rule holds.
  await expect(marco.getByRole("region", { name: "Bevor es weitergeht" })).toHaveCount(0);
  await expect(marco.getByRole("link", { name: "Speisekarte" }).first()).toBeVisible();
  await expect(factor.getByRole("button", { name: "Zwei-Faktor-Anmeldung ausschalten" })).toHaveCount(0);
  await expect(factor.getByText(/bleibt\s+eingeschaltet/)).toBeVisible();
  const off = await marco.request.post("/admin/konto", {
    headers: { Origin: site.origin },
    form: { intent: "totp-disable", current: "Zabaione am Abend", code: codes[0] ?? "" },
  });
  expect(off.status()).toBe(409);
  expect(await off.text()).toContain("lässt sich nicht ausschalten");
  await marco.goto("/admin/reservations");
  await expect(marco).toHaveURL(atPath("/admin/reservations"));
  await marco.context().close();
});
