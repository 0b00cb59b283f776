import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { AdminPage, AdminScreenError } from "../../features/admin-shell/index.ts";
import { serviceFailureNotices, serviceMessages as S } from "../../features/reservations/book/index.ts";
import { ServiceScreen } from "../../features/reservations/service/index.ts";
import {
  handleServiceAction,
  loadServiceDay,
  serviceViewOf,
  walkInSizeAsked,
} from "../../features/reservations/service/index.server.ts";
import { handleTableChange } from "../../features/reservations/booking/index.server.ts";
import { readSettingsOn } from "../../features/reservations/settings/index.server.ts";
import { services } from "../../common/app-context.ts";
import { LiveUpdates } from "../../common/live/live-updates.tsx";
import { rowActionFailure, answerOrFailure } from "../../lib/action-failures.ts";
import { isCalendarDate } from "../../lib/calendar.ts";
import { berlinToday } from "../../lib/format.ts";
import { errorNotice, INTENT_FIELD, readForm } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import type { Route } from "./+types/service";
import { reservationActionContext } from "./reservation-action-context.server.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: S.title, noindex: true });

/**
 * `?datum=2026-11-28` shows that day; without one (or with a malformed one), today. `?ansicht=plan|liste`
 * chooses the view, remembered on this device (decision 0057).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { database, logger } = services(context);
  const asked = url.searchParams.get("datum") ?? "";
  const date = isCalendarDate(asked) ? asked : berlinToday();
  const settings = await readSettingsOn(database.db, logger, date);
  const readAt = new Date();
  const { view, headers } = serviceViewOf(request);
  return data(
    {
      day: await loadServiceDay(database.db, date, settings, readAt, logger),
      readAt: readAt.toISOString(),
      // A new one with every reading: the walk-in form sent twice stores one walk-in.
      walkInKey: randomUUID(),
      view,
      walkInSize: walkInSizeAsked(url),
    },
    headers ? { headers } : undefined,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const deps = await reservationActionContext(context);
  // 'Tisch wechseln' on the plan is the book's 'Tisch ändern' (decision 0057).
  const answer =
    form.get(INTENT_FIELD) === "table"
      ? await handleTableChange(form, deps)
      : await handleServiceAction(form, deps);
  return staffActionResponse(answer);
}

const failure = rowActionFailure(serviceFailureNotices, (sent) => errorNotice(sent.detail));

/** A request that fails below the action shows its reason in the toast (decision 0028). */
export const clientAction = (args: Route.ClientActionArgs) => answerOrFailure(args, failure);

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

export default function Service({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage title={S.title} description={S.description}>
      {/* Another screen's tap, a guest's request or cancellation for this day shows here at once (decision 0035). */}
      <LiveUpdates
        concerns={(event) => event.date === loaderData.day.date || event.previousDate === loaderData.day.date}
      />
      <ServiceScreen {...loaderData} result={actionData} />
    </AdminPage>
  );
}
