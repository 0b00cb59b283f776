import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import { AdminPage, AdminScreenError } from "../../features/admin-shell/index.ts";
import { handleAdminAction, loadList, viewOf } from "../../features/reservations/booking/index.server.ts";
import { readSettingsOn } from "../../features/reservations/settings/index.server.ts";
import { ReservationsScreen, adminFailureResult } from "../../features/reservations/booking/index.ts";
import { services } from "../../common/app-context.ts";
import { LiveUpdates } from "../../common/live/live-updates.tsx";
import { berlinToday } from "../../lib/format.ts";
import { readForm } from "../../lib/forms.ts";
import { countOutbox } from "../../common/mail/outbox.server.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/reservations";
import { answerOrFailure } from "../../lib/action-failures.ts";
import { reservationActionContext } from "./reservation-action-context.server.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Reservierungen einsehen", noindex: true });

export async function loader({ url, context }: Route.LoaderArgs) {
  const { database, logger } = services(context);
  const today = berlinToday();
  const view = viewOf(url, today);
  const settings = await readSettingsOn(database.db, logger, view.mode === "date" ? view.date : today);
  const capacity = {
    onlineSeats: settings.onlineSeats,
    arrivalsPerSlot: settings.arrivalsPerSlot,
    stayMinutes: settings.stayMinutes,
  };
  const [list, outbox] = await Promise.all([
    loadList(database.db, view, logger, capacity),
    countOutbox(database.db).catch(() => ({ pending: 0, failed: 0, sent: 0 })),
  ]);
  return { view, today, list, capacity, mailsWaiting: outbox.pending + outbox.failed };
}

export async function action({ request, context }: Route.ActionArgs) {
  const answer = await handleAdminAction(await readForm(request), await reservationActionContext(context));
  return staffActionResponse(answer);
}

/** A request that fails below the action ends in the info dialog 'Fehler', as the action's own failures do (decision 0028). */
export const clientAction = (args: Route.ClientActionArgs) => answerOrFailure(args, adminFailureResult);

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

export default function Reservations({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Reservierungen einsehen"
      description="Reservierungsanfragen ansehen, bestätigen und bearbeiten."
    >
      <LiveUpdates />
      <ReservationsScreen {...loaderData} result={actionData} />
    </AdminPage>
  );
}
