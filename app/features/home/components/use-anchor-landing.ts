import { useEffect } from "react";

/** How long after following an in-page link a scroll that ends short is corrected. */
const SETTLE_MS = 3000;

/**
 * In-page links ('Tisch reservieren', 'Mehr entdecken') must land on their section. The sections
 * below the first screen are laid out only when near (`render-when-visible`, decision 0008): while
 * the page scrolls smoothly past them they take their real height, so the scroll the browser
 * computed at the start ends above or below the target. When that scroll ends, the target is put
 * in place once more, without animation.
 */
export function useAnchorLanding(): void {
  useEffect(() => {
    let target: HTMLElement | null = null;
    let until = 0;
    const onHashChange = () => {
      target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
      until = performance.now() + SETTLE_MS;
    };
    const onScrollEnd = () => {
      if (!target || performance.now() > until) return;
      const expected = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
      if (Math.abs(target.getBoundingClientRect().top - expected) > 2) {
        target.scrollIntoView({ behavior: "instant", block: "start" });
      }
    };
    window.addEventListener("hashchange", onHashChange);
    window.addEventListener("scrollend", onScrollEnd);
    return () => {
      window.removeEventListener("hashchange", onHashChange);
      window.removeEventListener("scrollend", onScrollEnd);
    };
  }, []);
}
