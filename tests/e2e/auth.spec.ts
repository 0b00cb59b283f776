import { type Page } from "@playwright/test";
import {
  ADMIN_NAVIGATION,
  ADMIN_PAGES,
  E2E_ADMIN,
  atPath,
  expect,
  PASSWORD_CHECK,
  test,
  toastRegion,
  waitForHydration,
  within,
} from "./fixtures.ts";

/*
 * The sign-in form itself is tested here through the form; every other staff test signs in with a
 * session made directly in the database (the `signIn` fixture). Failed sign-ins count towards the
 * throttle, so the tests that make them run on a site of their own.
 */

const usernameField = (page: Page) => page.getByLabel("Benutzername");
const passwordField = (page: Page) => page.getByLabel("Passwort", { exact: true });
const submitButton = (page: Page) => page.getByRole("button", { name: "Anmelden" });
const adminNavigation = (page: Page) => page.getByRole("navigation", { name: "Verwaltung" });

test.describe("Login-Seite", () => {
  test("zeigt Überschrift, Felder, Passwort-Umschalter und den Weg zu 'Passwort vergessen?'", async ({
    page,
  }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Mitarbeiter Login" })).toBeVisible();
    await expect(usernameField(page)).toBeVisible();
    await expect(passwordField(page)).toBeVisible();
    await expect(passwordField(page)).toHaveAttribute("type", "password");

    await waitForHydration(page);
    const show = page.getByRole("button", { name: "Passwort anzeigen" });
    await expect(show).toBeVisible();
    await show.click();
    await expect(passwordField(page)).toHaveAttribute("type", "text");
    await expect(page.getByRole("button", { name: "Passwort verbergen" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Passwort anzeigen" })).toHaveCount(0);

    await page.getByRole("link", { name: "Passwort vergessen?" }).click();
    await expect(page).toHaveURL(atPath("/passwort-vergessen"));
    await expect(page.getByRole("heading", { level: 1, name: "Passwort vergessen?" })).toBeVisible();
    await expect(page.getByText("npm run staff -- set-password")).toBeVisible();
  });

  test("leeres Absenden zeigt beide Feldfehler und bleibt auf /login", async ({ page }) => {
    await page.goto("/login");
    await waitForHydration(page);
    await submitButton(page).click();
    await expect(page.getByText("Bitte geben Sie einen Benutzernamen ein")).toBeVisible();
    await expect(page.getByText("Bitte geben Sie ein Passwort ein")).toBeVisible();
    await expect(usernameField(page)).toHaveAttribute("aria-invalid", "true");
    await expect(passwordField(page)).toHaveAttribute("aria-invalid", "true");
    // The messages are read with their fields, and the keyboard starts at the first one.
    await expect(usernameField(page)).toHaveAccessibleDescription("Bitte geben Sie einen Benutzernamen ein");
    await expect(passwordField(page)).toHaveAccessibleDescription("Bitte geben Sie ein Passwort ein");
    await expect(usernameField(page)).toBeFocused();
    await expect(page).toHaveURL(atPath("/login"));
  });

  test("erfolgreiche Anmeldung: Toast, dann das Dashboard mit den drei Infokarten", async ({
    page,
    context,
    site,
  }) => {
    await page.goto("/login");
    await waitForHydration(page);
    await usernameField(page).fill(E2E_ADMIN.username);
    await passwordField(page).fill(E2E_ADMIN.password);
    await submitButton(page).click();

    const toasts = toastRegion(page);
    await expect(toasts.getByText("Anmeldung erfolgreich")).toBeVisible();
    await expect(toasts.getByText("Sie werden weitergeleitet...")).toBeVisible();

    await expect(page).toHaveURL(atPath("/admin"), within(5_000));
    await expect(
      page.getByRole("heading", { level: 1, name: `Willkommen, ${E2E_ADMIN.username}!` }),
    ).toBeVisible();

    const main = page.getByRole("main");
    const pending = await site.db
      .selectFrom("reservations")
      .select("id")
      .where("status", "=", "PENDING")
      .execute();
    expect(pending.length).toBeGreaterThan(0);
    const cards = [
      { heading: "Speisekarte", figure: "12 Gerichte" },
      { heading: "Wochenkarte", figure: "3 Gerichte" },
      { heading: "Reservierungen", figure: `${pending.length} Anfragen` },
    ];
    for (const { heading, figure } of cards) {
      const card = main.locator("section").filter({
        has: page.getByRole("heading", { level: 2, name: heading, exact: true }),
      });
      await expect(card).toHaveCount(1);
      await expect(card.getByText(figure, { exact: true })).toBeVisible();
    }

    // The cookie the form's sign-in set: out of reach of scripts, not sent with cross-site posts.
    const sessionCookie = (await context.cookies()).find((cookie) => cookie.name === site.sessionCookie);
    expect(sessionCookie?.httpOnly).toBe(true);
    expect(sessionCookie?.sameSite).toBe("Lax");
  });

  test("der Erfolgs-Toast erscheint auf /login, das Dashboard folgt etwa eine Sekunde später", async ({
    page,
  }) => {
    // Both moments are taken in the page itself (performance.now), so the measurement does not depend
    // on how fast the test runner polls: when the toast text first appears in the DOM, and when the
    // address first becomes /admin.
    await page.addInitScript(() => {
      const marks: { toast?: number; admin?: number } = {};
      Object.assign(window, { __e2eSignInMarks: marks });
      const check = () => {
        if (marks.toast === undefined && document.body?.textContent?.includes("Anmeldung erfolgreich"))
          marks.toast = performance.now();
        if (marks.admin === undefined && location.pathname === "/admin") marks.admin = performance.now();
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto("/login");
    await waitForHydration(page);
    await usernameField(page).fill(E2E_ADMIN.username);
    await passwordField(page).fill(E2E_ADMIN.password);
    await submitButton(page).click();
    await expect(page).toHaveURL(atPath("/admin"), PASSWORD_CHECK);

    const marks = await page.evaluate(
      () => (window as unknown as { __e2eSignInMarks: { toast?: number; admin?: number } }).__e2eSignInMarks,
    );
    expect(marks.toast, "Zeitpunkt des Toasts").toBeDefined();
    expect(marks.admin, "Zeitpunkt der Weiterleitung").toBeDefined();
    // About one second between toast and dashboard (docs/product/staff.md#sign-in); 800 ms leaves room for
    // timer jitter.
    expect((marks.admin ?? 0) - (marks.toast ?? 0)).toBeGreaterThanOrEqual(800);
  });

  test("eine angemeldete Person wird von /login zum Dashboard weitergeleitet", async ({ page, signIn }) => {
    await signIn(page);
    await page.goto("/login");
    await expect(page).toHaveURL(atPath("/admin"));
    await expect(page.getByRole("heading", { level: 1, name: /^Willkommen, / })).toBeVisible();
  });
});

test.describe("Falsche Zugangsdaten", () => {
  // They count towards the sign-in throttle: a site of their own, so no other test meets a lock.
  test.use({ ownSite: true });

  test("falsche Zugangsdaten zeigen einen Fehler-Toast und öffnen den Verwaltungsbereich nicht", async ({
    page,
  }) => {
    await page.goto("/login");
    await waitForHydration(page);
    await usernameField(page).fill("unbekannt");
    await passwordField(page).fill("falsches-passwort");
    await submitButton(page).click();

    const toasts = toastRegion(page);
    await expect(toasts.getByText("Anmeldung fehlgeschlagen")).toBeVisible();
    await expect(toasts.getByText("Benutzername oder Passwort ist falsch")).toBeVisible();
    await expect(page).toHaveURL(atPath("/login"));
    // The username stays in the field; the password does not come back from the server.
    await expect(usernameField(page)).toHaveValue("unbekannt");

    await page.goto("/admin");
    await expect(page).toHaveURL(atPath("/login"));
    await expect(page.getByRole("heading", { level: 1, name: "Mitarbeiter Login" })).toBeVisible();
  });

  test("ohne JavaScript zeigt ein falsches Passwort den Fehler im Formular", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/login");
      await usernameField(page).fill("unbekannt-ohne-js");
      await passwordField(page).fill("falsches-passwort");
      await submitButton(page).click();

      const alert = page.getByRole("alert");
      await expect(alert).toContainText("Anmeldung fehlgeschlagen");
      await expect(alert).toContainText("Benutzername oder Passwort ist falsch");
      await expect(page).toHaveURL(atPath("/login"));
      await expect(usernameField(page)).toHaveValue("unbekannt-ohne-js");
    } finally {
      await context.close();
    }
  });
});

test.describe("Zugriffsschutz", () => {
  test("ohne Sitzung führt /admin/reservations zu /login, und der Verlauf wird ersetzt", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL });
    try {
      const page = await context.newPage();
      await page.goto("/admin/reservations");
      await expect(page).toHaveURL(atPath("/login"));
      await expect(page.getByRole("heading", { level: 1, name: "Mitarbeiter Login" })).toBeVisible();

      await page.goto("/");
      await page.goto("/admin");
      await expect(page).toHaveURL(atPath("/login"));
      await page.goBack();
      await expect(page).toHaveURL(atPath("/"));
    } finally {
      await context.close();
    }
  });

  test("jede Unterseite des Verwaltungsbereichs führt ohne Sitzung zu /login", async ({ page }) => {
    for (const { path } of ADMIN_PAGES) {
      await page.goto(path);
      await expect(page, `${path} ohne Sitzung`).toHaveURL(atPath("/login"));
    }
  });

  test("mit Sitzung zeigt jede Unterseite ihre Überschrift", async ({ page, signIn }) => {
    await signIn(page);
    for (const { path, heading } of ADMIN_PAGES) {
      await page.goto(path);
      await expect(page, `${path} mit Sitzung`).toHaveURL(atPath(path));
      await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
    }
  });
});

test.describe("Verwaltungsbereich", () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn(page);
    await page.goto("/admin");
  });

  test("die Seitenleiste 'Verwaltung' enthält die acht Einträge, ein Klick navigiert", async ({ page }) => {
    await page.goto("/admin/content");
    const nav = adminNavigation(page);
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link")).toHaveText(ADMIN_NAVIGATION.map(({ label }) => label));
    for (const { label, path } of ADMIN_NAVIGATION) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", path);
    }
    await expect(nav.getByRole("link", { name: "Website-Inhalte", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await waitForHydration(page);
    await nav.getByRole("link", { name: "Dashboard", exact: true }).click();
    await expect(page).toHaveURL(atPath("/admin"));
    await expect(page.getByRole("heading", { level: 1, name: /^Willkommen, / })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("ein Klick in der Seitenleiste öffnet jede Unterseite mit ihrer Überschrift", async ({ page }) => {
    await waitForHydration(page);
    const nav = adminNavigation(page);
    for (const { label, path } of ADMIN_NAVIGATION.slice(1)) {
      const heading = ADMIN_PAGES.find((screen) => screen.path === path)?.heading ?? "";
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page, `Klick auf ${label}`).toHaveURL(atPath(path));
      await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
    }
  });

  test("Logout beendet die Sitzung und entfernt das Cookie", async ({ page, context, site }) => {
    const sessionCookie = (await context.cookies()).find((cookie) => cookie.name === site.sessionCookie);
    expect(sessionCookie, "Sitzungscookie nach der Anmeldung").toBeDefined();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(atPath("/login"));
    await expect(page.getByRole("heading", { level: 1, name: "Mitarbeiter Login" })).toBeVisible();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(site.sessionCookie);

    await page.goto("/admin");
    await expect(page).toHaveURL(atPath("/login"));

    // The session ended on the server too: the old cookie value no longer opens the staff area.
    if (sessionCookie) await context.addCookies([sessionCookie]);
    await page.goto("/admin");
    await expect(page).toHaveURL(atPath("/login"));
  });
});

test.describe("Verwaltungsbereich auf dem Handy", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("die Seitenleiste ist verborgen; 'Menü öffnen' zeigt sie als Schublade", async ({ page, signIn }) => {
    await signIn(page);
    await page.goto("/admin/mitteilungen");
    await expect(page.getByRole("heading", { level: 1, name: "Mitteilungen verwalten" })).toBeVisible();
    await waitForHydration(page);
    await expect(adminNavigation(page)).toBeHidden();

    await page.getByRole("button", { name: "Menü öffnen" }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer).toBeVisible();
    const nav = drawer.getByRole("navigation", { name: "Verwaltung" });
    await expect(nav.getByRole("link")).toHaveText(ADMIN_NAVIGATION.map(({ label }) => label));

    await nav.getByRole("link", { name: "Dashboard", exact: true }).click();
    await expect(page).toHaveURL(atPath("/admin"));
    await expect(page.getByRole("heading", { level: 1, name: /^Willkommen, / })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(adminNavigation(page)).toBeHidden();
  });
});

test.describe("Anmeldung ohne JavaScript", () => {
  test("richtige Zugangsdaten melden an und leiten per Meta-Refresh weiter", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/login");
      await usernameField(page).fill(E2E_ADMIN.username);
      await passwordField(page).fill(E2E_ADMIN.password);
      await submitButton(page).click();

      await expect(page.getByRole("status").filter({ hasText: "Anmeldung erfolgreich" })).toBeVisible();
      await expect(page.getByText("Sie werden weitergeleitet...")).toBeVisible();
      await expect(page).toHaveURL(atPath("/admin"), within(3_000));
      await expect(
        page.getByRole("heading", { level: 1, name: `Willkommen, ${E2E_ADMIN.username}!` }),
      ).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
