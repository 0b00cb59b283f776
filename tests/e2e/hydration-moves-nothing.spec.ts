import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { holdScripts } from "./support/hold-scripts.ts";
import { movedPressables, notePressablePositions } from "./support/pressables-moved.ts";
import { guestPages, staffScreens } from "./support/screens.ts";

/**
 * A press aimed at a control while the page hydrates lands where the control was painted: nothing a
 * person can press may move when React takes over, on any page of app/routes.ts (decision 0029). A
 * button shown only without scripts that hydration removed moved 'Ausstehend' away under the press.
 */

async function pressablesMovedByHydration(page: Page, path: string): Promise<string[]> {
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForFunction(() => document.readyState !== "loading");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  expect(await notePressablePositions(page)).toBeGreaterThan(0);
  release();
  await page.waitForFunction(() => window.__tavolaEarly?.carriedOut === true, undefined, { timeout: 20_000 });
  return movedPressables(page);
}

test("every page of app/routes.ts is checked here", () => {
  expect(staffScreens()).toEqual(expect.arrayContaining(["/admin", "/admin/reservations"]));
  expect(staffScreens()).not.toContain("/admin/statistik/csv");
  expect(guestPages()).toEqual(expect.arrayContaining(["/", "/reservieren", "/login"]));
});

// A phone whose owner asked for less motion: what the server cannot know (the preference) must not
// move anything either when the browser's render learns it.
for (const [screen, viewport, reducedMotion] of [
  ["a desktop", { width: 1280, height: 720 }, "no-preference"],
  ["a phone that reduces motion", { width: 390, height: 844 }, "reduce"],
] as const) {
  test.describe(`on ${screen}`, () => {
    test.use({ viewport, reducedMotion });
    for (const path of guestPages()) {
      test(`${path}: nothing a guest can press moves when the page hydrates`, async ({ page }) => {
        expect(await pressablesMovedByHydration(page, path)).toEqual([]);
      });
    }

    for (const path of staffScreens()) {
      test(`${path}: nothing staff can press moves when the screen hydrates`, async ({ page, signIn }) => {
        await signIn(page);
        expect(await pressablesMovedByHydration(page, path)).toEqual([]);
      });
    }
  });
}
