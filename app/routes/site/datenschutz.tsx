import { Datenschutz } from "../../features/legal/index.ts";
import { FAILED_MAIL_DAYS, SENT_MAIL_DAYS } from "../../features/reservations/retention/index.server.ts";
import { readSettingsOrDefaults } from "../../features/reservations/settings/index.server.ts";
import { useSiteFrame } from "../../features/site-frame/index.ts";
import { services } from "../../common/app-context.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/datenschutz";

export const meta: Route.MetaFunction = () =>
  siteMeta({ title: "Datenschutzerklärung", description: "Datenschutzerklärung von Ristorante Tavola." });

/**
 * The periods the page states are the ones 'Reservierungseinstellungen' set (decision 0033); saving
 * them counts the page version up, so the kept page is rendered anew.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, logger, config } = services(context);
  const settings = await readSettingsOrDefaults(database.db, logger);
  return {
    periods: {
      notesEraseDays: settings.notesEraseDays,
      anonymiseAfterMonths: settings.anonymiseAfterMonths,
      reminder: settings.reminderHour !== null,
      sentMailDays: SENT_MAIL_DAYS,
      failedMailDays: FAILED_MAIL_DAYS,
      backupDays: config.backupRetentionDays,
    },
  };
}

export default function DatenschutzPage({ loaderData }: Route.ComponentProps) {
  return <Datenschutz contact={useSiteFrame()["global.contact"]} periods={loaderData.periods} />;
}
