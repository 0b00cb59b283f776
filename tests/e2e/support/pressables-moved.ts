import type { Page } from "@playwright/test";

/**
 * Whether hydration moves what a person can press (docs/decisions/0029): a press aimed at a control
 * while the page hydrates lands wherever the control was, so a control that moves when React takes
 * over (a button shown only without scripts removed before it, a text swapped for a button) turns
 * that press into a press on something else, or on nothing.
 */

const PRESSABLE =
  "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab]";

declare global {
  interface Window {
    __pressablePositions?: Array<{ element: Element; left: number; top: number }>;
  }
}

/** Notes where every visible control is now (call it with the scripts held back). */
export async function notePressablePositions(page: Page): Promise<number> {
  return page.evaluate((selector) => {
    const positions = [...document.querySelectorAll(selector)].flatMap((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0
        ? [{ element, left: box.left + scrollX, top: box.top + scrollY }]
        : [];
    });
    window.__pressablePositions = positions;
    return positions.length;
  }, PRESSABLE);
}

/** The controls noted before that are still there but have moved, described for the failure message. */
export async function movedPressables(page: Page): Promise<string[]> {
  // Two frames: whatever hydration changed is laid out.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  return page.evaluate(() =>
    (window.__pressablePositions ?? []).flatMap(({ element, left, top }) => {
      if (!element.isConnected) return [];
      const box = element.getBoundingClientRect();
      const now = { left: box.left + scrollX, top: box.top + scrollY };
      if (box.width === 0 || (Math.abs(now.left - left) < 1 && Math.abs(now.top - top) < 1)) return [];
      const name =
        element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
      return [
        `<${element.tagName.toLowerCase()}> "${name}" from ${Math.round(left)},${Math.round(top)} to ${Math.round(now.left)},${Math.round(now.top)}`,
      ];
    }),
  );
}
