import { Datenschutz } from "../../features/legal/components/datenschutz.tsx";
import { useSiteFrame } from "../../features/site-frame/site-frame.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/datenschutz";

export const meta: Route.MetaFunction = () =>
  siteMeta({ title: "Datenschutzerklärung", description: "Datenschutzerklärung von Ristorante Tavola." });

export default function DatenschutzPage() {
  return <Datenschutz contact={useSiteFrame()["global.contact"]} />;
}
