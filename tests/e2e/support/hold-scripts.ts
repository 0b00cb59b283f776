import type { Page } from "@playwright/test";

/**
 * Holds every script of the build back until `release` is called, as a slow line would: the page is
 * painted and usable, but not hydrated (decision 0029). The first-paint tests of the guests' pages and
 * of the staff screens act in that moment.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}
