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
import { services } from "../../common/app-context.ts";
import { answerOrFailure } from "../../lib/action-failures.ts";
import { berlinToday } from "../../lib/format.ts";
import { readForm, saveFailedNotice } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import type { Route } from "./+types/tischplan";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Tischplan", noindex: true });

/** Every staff member sees the plan; only owners change it (decision 0052). */
export const middleware: Route.MiddlewareFunction[] = [ownersOnlyForChanges(planMessages.ownersOnly)];

/** `?bereich=<id>|neu&tisch=<id>`; anything else chooses nothing. */
function selectionOf(url: URL): PlanSelection {
  const id = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined);
  const area = url.searchParams.get("bereich");
  return { area: area === "neu" ? "new" : id(area), table: id(url.searchParams.get("tisch")) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = signedInStaff(context);
  return {
    plan: await readFloorPlan(services(context).database.db),
    selection: selectionOf(new URL(request.url)),
    canChange: staff.role === "owner",
    today: berlinToday(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
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
  answerOrFailure(args, (_form, failure): PlanResult => ({
    intent: "unknown",
    resultId: failure.id,
    outcome: "failed",
    notice: saveFailedNotice(failure.detail),
  }));

export const ErrorBoundary = AdminScreenError;

export default function Tischplan({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Tischplan"
      description="Bereiche, Tische und welche Tische sich zusammenstellen lassen."
    >
      <FloorPlanScreen {...loaderData} result={actionData as PlanResult | undefined} />
    </AdminPage>
  );
}
