import type { RouterContextProvider } from "react-router";
import { signedInStaff } from "../../features/auth/index.server.ts";
import { hoursAndContactOf } from "../../features/content/index.server.ts";
import { readSettingsOrDefaults } from "../../features/reservations/settings/index.server.ts";
import { services } from "../../common/app-context.ts";

/**
 * What the reservation screens' actions ('Reservierungen einsehen', 'Service') hand their handlers:
 * the database, logger, mailer, the e-mails' contact details, the signed-in staff member and the
 * reservation settings — read the same way for both.
 */
export async function reservationActionContext(context: Readonly<RouterContextProvider>) {
  const staff = signedInStaff(context);
  const { database, logger, mailer, config, siteOrigin } = services(context);
  const [{ contact }, settings] = await Promise.all([
    hoursAndContactOf(context),
    readSettingsOrDefaults(database.db, logger),
  ]);
  return {
    db: database.db,
    logger,
    mailer,
    mail: { contact, notifyEmail: config.notifyEmail, siteOrigin },
    username: staff.username,
    settings,
  };
}
