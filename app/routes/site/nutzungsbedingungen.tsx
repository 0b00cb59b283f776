import { Nutzungsbedingungen } from "../../features/legal/index.ts";
import { useSiteFrame } from "../../features/site-frame/index.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/nutzungsbedingungen";

export const meta: Route.MetaFunction = () =>
  siteMeta({ title: "Nutzungsbedingungen", description: "Nutzungsbedingungen von Ristorante Tavola." });

export default function NutzungsbedingungenPage() {
  return <Nutzungsbedingungen contact={useSiteFrame()["global.contact"]} />;
}
