import { Impressum } from "../../features/legal/index.ts";
import { useSiteFrame } from "../../features/site-frame/index.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/impressum";

export const meta: Route.MetaFunction = () =>
  siteMeta({ title: "Impressum", description: "Impressum von Ristorante Tavola." });

export default function ImpressumPage() {
  return <Impressum contact={useSiteFrame()["global.contact"]} />;
}
