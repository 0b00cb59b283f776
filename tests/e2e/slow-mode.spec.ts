import fs from "node:fs";
import { SLOW } from "../support/slow-mode.ts";
import { expect, isThrottled, test } from "./fixtures.ts";

/**
 * Slow mode (`npm run test:e2e -- --slow`, decision 0045) holds for every page a test can open and
 * for the servers; in the normal mode nothing is throttled.
 */
test("Langsamer Modus: jede Seite gedrosselt, der Server auf einem Kern", async ({
  page,
  context,
  browser,
  site,
}) => {
  if (!SLOW) {
    expect(await isThrottled(page)).toBe(false);
    return;
  }
  // The server's process (and every process it starts) may run on core 0 alone.
  expect(site.pid).toBeDefined();
  const status = fs.readFileSync(`/proc/${site.pid}/status`, "utf8");
  expect(status).toMatch(/^Cpus_allowed_list:\s*0$/m);

  expect(await isThrottled(page)).toBe(true);
  const second = await context.newPage();
  await expect.poll(() => isThrottled(second)).toBe(true);

  await page.goto("/");
  const opening = page.waitForEvent("popup");
  await page.evaluate(() => window.open("/impressum"));
  const popup = await opening;
  await expect.poll(() => isThrottled(popup)).toBe(true);

  const own = await browser.newContext({ baseURL: site.origin });
  const lone = await browser.newPage();
  try {
    const ownPage = await own.newPage();
    await expect.poll(() => isThrottled(ownPage)).toBe(true);
    await expect.poll(() => isThrottled(lone)).toBe(true);
  } finally {
    await own.close();
    await lone.close();
  }
});
