import { AdminPage, AdminScreenError } from "../../features/admin-shell/index.ts";
import { ownersOnlyForChanges, signedInStaff } from "../../features/auth/index.server.ts";
import {
  FloorPlanScreen,
  planMessages,
  type PlanResult,
  type PlanSelection,
} from "../../features/reservations/tables/index.ts";
import { handlePlanAction, readFloorPlan } from "../../features/reservations/tables/index.server.ts";
import { noteFreeSeatsChanged } from "../../features/reservations/book/index.server.ts";
import { adminFailureResult } from "../../features/reservations/booking/index.ts";
import { handleTableChange } from "../../features/reservations/booking/index.server.ts";
import type { AdminResult } from "../../features/reservations/book/index.ts";
import { PlanMomentScreen } from "../../features/reservations/service/index.ts";
import { loadPlanMoment, momentAsked } from "../../features/reservations/service/index.server.ts";
import { readSettingsOrDefaults } from "../../features/reservations/settings/index.server.ts";
import { LiveUpdates } from "../../common/live/live-updates.tsx";
import { services } from "../../common/app-context.ts";
import { answerOrFailure } from "../../lib/action-failures.ts";
import { berlinToday } from "../../lib/format.ts";
import { readForm, saveFailedNotice } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import type { Route } from "./+types/tischplan";
import { reservationActionContext } from "./reservation-action-context.server.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Tischplan", noindex: true });

/**
 * `?datum=` asks for the day on the plan (docs/product/tables.md): who sits where at `&zeit=`. Its one
 * change is 'Tisch ändern', which every staff member may make, as on 'Reservierungen einsehen'.
 */
const isDayOnPlan = (url: URL) => url.searchParams.has("datum");

const ownersChangeThePlan = ownersOnlyForChanges(planMessages.ownersOnly);

/** Every staff member sees the plan and moves parties on the day's plan; only owners change the plan (decision 0052). */
export const middleware: Route.MiddlewareFunction[] = [
  (args, next) => (isDayOnPlan(new URL(args.request.url)) ? next() : ownersChangeThePlan(args, next)),
];

/** `?bereich=<id>|neu&tisch=<id>`; anything else chooses nothing. */
function selectionOf(url: URL): PlanSelection {
  const id = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined);
  const area = url.searchParams.get("bereich");
  return { area: area === "neu" ? "new" : id(area), table: id(url.searchParams.get("tisch")) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = signedInStaff(context);
  const url = new URL(request.url);
  if (isDayOnPlan(url)) {
    const { database, logger } = services(context);
    const settings = await readSettingsOrDefaults(database.db, logger);
    return {
      mode: "day" as const,
      moment: await loadPlanMoment(database.db, momentAsked(url), settings),
      area: selectionOf(url).area,
    };
  }
  return {
    mode: "plan" as const,
    plan: await readFloorPlan(services(context).database.db),
    selection: selectionOf(new URL(request.url)),
    canChange: staff.role === "owner",
    today: berlinToday(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (isDayOnPlan(new URL(request.url))) {
    const answer = await handleTableChange(await readForm(request), await reservationActionContext(context));
    return staffActionResponse(answer);
  }
  const { username } = signedInStaff(context);
  const { database, logger } = services(context);
  const answer = await handlePlanAction(await readForm(request), {
    db: database.db,
    logger,
    username,
    today: berlinToday(),
  });
  // The tables decide what is free (decision 0053): the availability API's kept answers are dropped.
  noteFreeSeatsChanged();
  return staffActionResponse(answer);
}

/** A change without an answer of the action's own says so in a toast; the plan stays as it was (decision 0028). */
export const clientAction = (args: Route.ClientActionArgs) =>
  isDayOnPlan(new URL(args.request.url))
    ? answerOrFailure(args, (form, failure) => {
        const result = adminFailureResult(form, failure);
        return { ...result, intent: result.intent === "table" ? ("table" as const) : ("unknown" as const) };
      })
    : answerOrFailure(args, (_form, failure): PlanResult => ({
        intent: "unknown",
        resultId: failure.id,
        outcome: "failed",
        notice: saveFailedNotice(failure.detail),
      }));

export const ErrorBoundary = AdminScreenError;

export default function Tischplan({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === "day") {
    const { date } = loaderData.moment;
    return (
      <AdminPage title="Tischplan" description="Wer wann an welchem Tisch sitzt.">
        {/* A change to this day's book, from any screen or a guest, shows here at once (decision 0035). */}
        <LiveUpdates concerns={(event) => event.date === date || event.previousDate === date} />
        <PlanMomentScreen
          moment={loaderData.moment}
          areaId={typeof loaderData.area === "number" ? loaderData.area : undefined}
          result={actionData as AdminResult | undefined}
        />
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title="Tischplan"
      description="Bereiche, Tische und welche Tische sich zusammenstellen lassen."
    >
      <FloorPlanScreen {...loaderData} result={actionData as PlanResult | undefined} />
    </AdminPage>
  );
}
