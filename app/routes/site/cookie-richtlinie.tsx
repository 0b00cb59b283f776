import { CookieRichtlinie } from "../../features/legal/index.ts";
import { useSiteFrame } from "../../features/site-frame/index.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/cookie-richtlinie";

export const meta: Route.MetaFunction = () =>
  siteMeta({ title: "Cookie-Richtlinie", description: "Cookie-Richtlinie von Ristorante Tavola." });

export default function CookieRichtliniePage() {
  return <CookieRichtlinie contact={useSiteFrame()["global.contact"]} />;
}
