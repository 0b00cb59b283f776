import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";

export { E2E_ADMIN };

/** Signs in through the real form (the session cookie is httpOnly and made by the server only). */
export async function signIn(page: Page, credentials = E2E_ADMIN) {
  await page.goto("/login");
  await page.getByLabel("Benutzername").fill(credentials.username);
  await page.getByLabel("Passwort", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 10_000 });
}

/** axe with the WCAG 2.x A and AA rules; returns the violations for a readable failure. */
export async function accessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

/**
 * Resolves once React has started hydrating the document (hydrateRoot attaches its event listeners
 * to the document). From then on React handles clicks itself — it hydrates synchronously if needed —,
 * so clicks on JavaScript-only controls (dialogs, toggles) are not lost to the server-rendered HTML.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("_reactListening")));
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
