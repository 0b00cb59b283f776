import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { PUBLIC_PICTURES_META, setPublicPicturesUrl } from "./common/pictures/uploaded-pictures.ts";
import { startKeepingLinks } from "./lib/early-input.ts";

// From here until the page has hydrated, a press of a link is kept rather than loaded by the browser:
// hydration would cancel that load (app/lib/early-input.ts, decision 0029).
startKeepingLinks();

// Pictures are linked as the server linked them (S3_PUBLIC_URL, decision 0038), or hydration would differ.
setPublicPicturesUrl(
  document.querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_PICTURES_META}"]`)?.content || undefined,
);

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
