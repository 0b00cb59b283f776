import { AdminPage, AdminScreenError } from "../../features/admin-shell/index.ts";
import { ownersOnlyForChanges, signedInStaff } from "../../features/auth/index.server.ts";
import {
  SettingsScreen,
  settingsFailure,
  seatsSummary,
  settingsDraftOf,
  settingsMessages,
  withoutPast,
} from "../../features/reservations/settings/index.ts";
import {
  handleSettingsAction,
  readReservationSettings,
} from "../../features/reservations/settings/index.server.ts";
import { observedStays } from "../../features/reservations/book/index.server.ts";
import { services } from "../../common/app-context.ts";
import { answerOrFailure } from "../../lib/action-failures.ts";
import { berlinToday } from "../../lib/format.ts";
import { readForm } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import type { Route } from "./+types/reservation-settings";

const TITLE = "Reservierungseinstellungen";

export const meta: Route.MetaFunction = () => siteMeta({ title: TITLE, noindex: true });

/** Every staff member sees the settings; only owners change them (README, 'Reservierungseinstellungen'). */
export const middleware: Route.MiddlewareFunction[] = [ownersOnlyForChanges(settingsMessages.ownersOnly)];

export async function loader({ context }: Route.LoaderArgs) {
  const staff = signedInStaff(context);
  const today = berlinToday();
  // Closures and exceptions that are over concern no one: the screen leaves them out, a save drops them.
  const { database } = services(context);
  const [stored, observed] = await Promise.all([
    readReservationSettings(database.db),
    // The turn times the evenings showed (decision 0057).
    observedStays(database.db, today),
  ]);
  const settings = withoutPast(stored, today);
  return {
    observed,
    saved: settingsDraftOf(settings),
    seats: seatsSummary(settings),
    seatsFromTables: settings.seatsFromTables === true,
    canChange: staff.role === "owner",
    today,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { username } = signedInStaff(context);
  const { database, logger } = services(context);
  const answer = await handleSettingsAction(await readForm(request), {
    db: database.db,
    logger,
    username,
    today: berlinToday(),
  });
  return staffActionResponse(answer);
}

/** A save without an answer of the action's own says so in a toast, the typed values stay (decision 0028). */
export const clientAction = (args: Route.ClientActionArgs) => answerOrFailure(args, settingsFailure);

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

export default function ReservationSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage
      // A soft hyphen: the compound is wider than a phone's screen in the heading's size.
      title={"Reservierungs\u00adeinstellungen"}
      description="Wie viele Plätze das Restaurant hat und wie Gäste online reservieren können."
    >
      <SettingsScreen {...loaderData} result={actionData} />
    </AdminPage>
  );
}
