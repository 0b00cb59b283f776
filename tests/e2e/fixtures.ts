import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from "@playwright/test";
import { createSession } from "../../app/features/auth/session.server.ts";
import { startMailbox, type Mailbox } from "../support/mailbox.ts";
import { CPU_THROTTLING_RATE, SLOW, SLOW_TIMEOUT_FACTOR } from "../support/slow-mode.ts";
import { E2E_ADMIN, startSite, type Site } from "./support/site.ts";

export { E2E_ADMIN, expect, type Mailbox, type Site };

interface TestFixtures {
  /** Slow mode (tests/support/slow-mode.ts): the test's time limit scaled; set up for every test. */
  slowMode: undefined;
  /**
   * A fresh site (server and database) for this test alone, instead of the worker's: for tests that
   * change what other tests read (texts, announcements, sign-in throttling). `test.use({ ownSite: true })`.
   */
  ownSite: boolean;
  /** Environment for this test's own site (implies `ownSite`), e.g. `{ RESERVATION_RATE_LIMIT: "2" }`. */
  siteEnv: Record<string, string>;
  /**
   * A real SMTP server for this test, and a site of its own that sends to it (retrying after 1 s):
   * `test.use({ withMailbox: true })`, then the `mailbox` fixture.
   */
  withMailbox: boolean;
  mailbox: Mailbox | undefined;
  /** The site this test talks to; `baseURL` points at it. */
  site: Site;
  /** Signs the staff account in without the form: a session in the site's database, its cookie in the context. */
  signIn: (target: Page | BrowserContext) => Promise<void>;
  /** Headers that make a request from Playwright's APIRequestContext same-origin, as a browser's form post is. */
  sameOrigin: { Origin: string };
}

interface WorkerFixtures {
  /** Slow mode: every page of every context the worker's browser opens gets its CPU throttled. */
  throttledBrowser: undefined;
  /** The worker's site, started on first use and stopped when the worker ends. */
  workerSite: { get(): Promise<Site> };
}

// Each fixture hands its value to the tests through `provide` (Playwright's `use`, renamed so that
// the React hooks lint rule does not take it for React's `use`).
export const test = base.extend<TestFixtures, WorkerFixtures>({
  throttledBrowser: [
    async ({ browser }, provide) => {
      if (SLOW) throttleEveryContext(browser);
      await provide(undefined);
    },
    { scope: "worker", auto: true },
  ],
  slowMode: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, provide, testInfo) => {
      // Scales whatever limit the test has by now (the configuration's or its describe block's).
      if (SLOW) testInfo.setTimeout(testInfo.timeout * SLOW_TIMEOUT_FACTOR);
      await provide(undefined);
    },
    { auto: true },
  ],
  context: async ({ context }, provide) => {
    if (SLOW) throttlePages(context);
    await provide(context);
  },
  page: async ({ page }, provide) => {
    // The page fixture's page is throttled before the test's first navigation.
    if (SLOW) await throttled(page);
    await provide(page);
  },
  workerSite: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, provide) => {
      let started: Promise<Site> | undefined;
      await provide({ get: () => (started ??= startSite()) });
      if (started) await (await started).stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  ownSite: [false, { option: true }],
  siteEnv: [{}, { option: true }],
  withMailbox: [false, { option: true }],
  mailbox: async ({ withMailbox }, provide) => {
    if (!withMailbox) return provide(undefined);
    const mailbox = await startMailbox();
    try {
      await provide(mailbox);
    } finally {
      await mailbox.stop();
    }
  },
  site: [
    async ({ ownSite, siteEnv, mailbox, workerSite }, provide) => {
      const env = { ...siteEnv, ...(mailbox ? { SMTP_URL: mailbox.url, MAIL_RETRY_SECONDS: "1" } : {}) };
      if (!ownSite && Object.keys(env).length === 0) return provide(await workerSite.get());
      const site = await startSite(env);
      try {
        await provide(site);
      } finally {
        await site.stop();
      }
    },
    { timeout: 90_000 },
  ],
  baseURL: async ({ site }, provide) => provide(site.origin),
  signIn: async ({ site }, provide) => {
    await provide(async (target) => {
      const context = "context" in target ? target.context() : target;
      const account = await site.db
        .selectFrom("staff_users")
        .select("id")
        .where("username", "=", E2E_ADMIN.username)
        .executeTakeFirstOrThrow();
      const token = await createSession(site.db, account.id, "Playwright");
      await context.addCookies([
        { name: site.sessionCookie, value: token, url: site.origin, httpOnly: true, sameSite: "Lax" },
      ]);
    });
  },
  sameOrigin: async ({ site }, provide) => provide({ Origin: site.origin }),
});

const throttling = new WeakMap<Page, Promise<void>>();
const watchedContexts = new WeakSet<BrowserContext>();

/**
 * Throttles the page's CPU through its own DevTools session. The session stays attached for the
 * page's life: detaching it would end the throttling. Chromium keeps the rate across the page's
 * navigations (the session follows the page into a new renderer process).
 */
export function throttled(page: Page): Promise<void> {
  let done = throttling.get(page);
  if (!done) {
    done = page
      .context()
      .newCDPSession(page)
      .then((session) => session.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLING_RATE }))
      .then(() => undefined);
    throttling.set(page, done);
  }
  return done;
}

/** Whether slow mode has throttled this page (tests/e2e/slow-mode.spec.ts checks every kind of page). */
export async function isThrottled(page: Page): Promise<boolean> {
  const done = throttling.get(page);
  if (!done) return false;
  await done;
  return true;
}

/** Throttles every page the context has and opens (popups and `context.newPage()` included). */
function throttlePages(context: BrowserContext) {
  if (watchedContexts.has(context)) return;
  watchedContexts.add(context);
  // A page that closes before its session is attached needs no throttling.
  const throttle = (page: Page) => void throttled(page).catch(() => undefined);
  context.pages().forEach(throttle);
  context.on("page", throttle);
}

/** Contexts the tests open themselves with `browser.newContext()` (or `browser.newPage()`) too. */
function throttleEveryContext(browser: Browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
    const context = await newContext(...args);
    throttlePages(context);
    return context;
  };
}

/**
 * A time limit for what the product makes slow on purpose or by a fixed delay, scaled in slow mode:
 * `expect(x).toBeVisible(within(3_000))`.
 */
export const within = (ms: number) => ({ timeout: scaledTime(ms) });

/** A time limit set in a test (`test.setTimeout(scaledTime(120_000))`): four times as long in slow mode. */
export const scaledTime = (ms: number) => (SLOW ? ms * SLOW_TIMEOUT_FACTOR : ms);

/**
 * The time limit for an answer that waits on password hashes (scrypt with 128 MiB each, decision
 * 0002): about a second of a core each, and on a busy machine sign-ins queue behind each other.
 */
export const PASSWORD_CHECK = within(30_000);

/** Signs in through the real form, as staff do (the tests of the form itself use this). */
export async function signInWithForm(page: Page, credentials = E2E_ADMIN) {
  await page.goto("/login");
  // The sign-in page loads its scripts after the page (decision 0008); a person typing starts them
  // at the first key, `fill` does not. Sent before, the form takes the no-JavaScript way (no toast).
  await waitForHydration(page);
  await page.getByLabel("Benutzername").fill(credentials.username);
  await page.getByLabel("Passwort", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/admin$/, PASSWORD_CHECK);
}

/** axe with the WCAG 2.x A and AA rules; returns the violations for a readable failure. */
export async function accessibilityViolations(page: Page) {
  // A toast or dialog fading in would be judged at a contrast it only has for a moment.
  await animationsDone(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(" ")),
  }));
}
/**
 * Resolves when the CSS transitions and finite animations under way (a toast fading in, the
 * navigation bar's colour) have ended. One in a part of the page the browser does not render yet
 * (`content-visibility: auto`) may never advance, so the wait is bounded; a cancelled one counts as ended.
 */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}

/**
 * Resolves once React has started hydrating the document (hydrateRoot attaches its event listeners
 * to the document). From then on React handles clicks itself — it hydrates synchronously if needed —,
 * so clicks on JavaScript-only controls (dialogs, toggles) are not lost to the server-rendered HTML.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("_reactListening")));
}

/**
 * Resolves once the page has hydrated and run the effects that follow (the root's, which run last,
 * carry out what came before: app/lib/early-input.ts), so what the page does on coming to life is done.
 */
export async function hydrationSettled(page: Page) {
  await page.waitForFunction(() => window.__tavolaEarly?.carriedOut === true);
}

/** Resolves once the browser has rendered two more frames (all that a change asked a frame for ran). */
export async function framesRendered(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** The toast area (sonner): a region named 'Benachrichtigungen' (plus the keyboard hint). */
export const toastRegion = (page: Page) => page.getByRole("region", { name: /^Benachrichtigungen/ });

/** The eight sidebar entries of the staff area: label and target, in order. */
export const ADMIN_NAVIGATION = [
  { label: "Dashboard", path: "/admin" },
  { label: "Speisekarte", path: "/admin/speisekarte" },
  { label: "Wochenkarte", path: "/admin/wochenkarte" },
  { label: "Reservations", path: "/admin/reservations" },
  { label: "Galerie", path: "/admin/gallery" },
  { label: "Menu Items", path: "/admin/menu-items" },
  { label: "Mitteilungen", path: "/admin/mitteilungen" },
  { label: "Website-Inhalte", path: "/admin/content" },
] as const;

/** Every admin child route and its page heading. */
export const ADMIN_PAGES = [
  { path: "/admin/speisekarte", heading: "Speisekarte verwalten" },
  { path: "/admin/wochenkarte", heading: "Wochenkarte verwalten" },
  { path: "/admin/reservations", heading: "Reservierungen einsehen" },
  { path: "/admin/gallery", heading: "Galerie verwalten" },
  { path: "/admin/menu-items", heading: "Menu Items Management" },
  { path: "/admin/mitteilungen", heading: "Mitteilungen verwalten" },
  { path: "/admin/content", heading: "Website-Inhalte verwalten" },
] as const;

/** A URL matcher for exactly this path on the test server (no query, no hash). */
export const atPath = (path: string) =>
  new RegExp(`^https?://[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

/** Console messages of type 'error' (a failed hydration among them), collected from now on. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}
