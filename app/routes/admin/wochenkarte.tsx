import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import { AdminPage, AdminScreenError } from "../../features/admin-shell/index.ts";
import { signedInStaff } from "../../features/auth/index.server.ts";
import { WochenkarteAdmin, menuActionMessages, menuFailureNotices } from "../../features/menu/index.ts";
import { handleWochenkarteAction, listActiveIds, listWeeklyMeals } from "../../features/menu/index.server.ts";
import { services } from "../../common/app-context.ts";
import { errorNotice, readForm } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/wochenkarte";
import { answerOrFailure, rowActionFailure } from "../../lib/action-failures.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Wochenkarte verwalten", noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context).database;
  const [meals, activeIds] = await Promise.all([listWeeklyMeals(db), listActiveIds(db, "WOCHENKARTE")]);
  return { meals, activeIds };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = signedInStaff(context);
  const { database, logger } = services(context);
  const answer = await handleWochenkarteAction(await readForm(request), {
    db: database.db,
    logger,
    username: staff.username,
  });
  return staffActionResponse(answer);
}

const failure = rowActionFailure(menuFailureNotices, () => errorNotice(menuActionMessages.unexpected));

/** A request that fails below the action rolls the screen's change back with its message for that change (decision 0028). */
export const clientAction = (args: Route.ClientActionArgs) => answerOrFailure(args, failure);

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

export default function Wochenkarte({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Wochenkarte verwalten" description="Wochengerichte und die aktive Wochenkarte.">
      <WochenkarteAdmin {...loaderData} />
    </AdminPage>
  );
}
