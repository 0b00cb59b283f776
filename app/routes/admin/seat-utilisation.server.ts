import type { RouterContextProvider } from "react-router";
import { hoursAndContactOf } from "../../features/content/index.server.ts";
import type { SeatUtilisation } from "../../features/reservations/availability/index.ts";
import { readSeatUtilisation } from "../../features/reservations/availability/index.server.ts";
import { readSettingsOrDefaults } from "../../features/reservations/settings/index.server.ts";
import { services } from "../../common/app-context.ts";

/**
 * The seats' utilisation of a period for 'Statistik' and its CSV (docs/product/tables.md), with the
 * opening hours and reservation settings the book uses. A failure to read it is logged and leaves it
 * out: the rest of the statistics is shown without it.
 */
export async function seatUtilisationOf(
  context: Readonly<RouterContextProvider>,
  period: { from: string; to: string },
): Promise<SeatUtilisation | undefined> {
  const { database, logger } = services(context);
  try {
    const [{ hours }, settings] = await Promise.all([
      hoursAndContactOf(context),
      readSettingsOrDefaults(database.db, logger),
    ]);
    return await readSeatUtilisation(database.db, period, settings, hours);
  } catch (error) {
    logger.error("seat utilisation failed", { error });
    return undefined;
  }
}
