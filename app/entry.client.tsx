import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * Hydrate after the browser has painted the server's HTML once. On a fast connection the scripts
 * arrive before the first frame, and hydrating at once would hold the guest's first view back until
 * React is done; waiting one frame (requestAnimationFrame, then a task) shows the page first.
 */
function afterFirstPaint(callback: () => void) {
  requestAnimationFrame(() => setTimeout(callback, 0));
}

afterFirstPaint(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
