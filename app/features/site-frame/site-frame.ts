import { useRouteLoaderData } from "react-router";
import type { ContentValues } from "../../common/content/blocks.ts";

/** The content blocks that the public frame (navbar, footer, contact dialog) shows on every page. */
export const siteFrameKeys = ["navbar", "global.contact", "global.opening_hours", "home.footer"] as const;
export type SiteFrameData = ContentValues<(typeof siteFrameKeys)[number]>;

/** `#about` on the home page, `/#about` elsewhere, so the links work from every page. */
export const anchorHref = (id: string, onHome: boolean) => (onHome ? `#${id}` : `/#${id}`);

export const SITE_LAYOUT_ROUTE_ID = "routes/site/layout";

/** The frame's content for pages inside the public layout (e.g. the legal pages name the contact details). */
export function useSiteFrame(): SiteFrameData {
  const data = useRouteLoaderData(SITE_LAYOUT_ROUTE_ID) as SiteFrameData | undefined;
  if (!data) throw new Error("useSiteFrame outside the public site layout");
  return data;
}
