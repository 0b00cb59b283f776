import type { AccountFormResult, MyAccountTarget } from "../../features/auth/index.ts";
import { accountFormFailure, myAccountTarget, MyAccountScreen } from "../../features/auth/index.ts";
import { AdminPage, AdminScreenError } from "../../features/admin-shell/index.ts";
import {
  cookieSettingsOf,
  signedInStaff,
  handleMyAccountAction,
  loadMyAccount,
} from "../../features/auth/index.server.ts";
import { services } from "../../common/app-context.ts";
import { readForm } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import type { Route } from "./+types/account";
import { answerOrFailure } from "../../lib/action-failures.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Mein Konto", noindex: true });

/**
 * Mein Konto (decision 0025), the one screen an account reaches while it must first change its
 * password or set up its second factor (decision 0027).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = signedInStaff(context);
  return loadMyAccount(services(context).database.db, staff);
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = signedInStaff(context);
  const { database, logger } = services(context);
  const answer = await handleMyAccountAction(await readForm(request), {
    db: database.db,
    logger,
    staff,
    userAgent: request.headers.get("user-agent"),
    cookieSettings: cookieSettingsOf(context),
  });
  return staffActionResponse(answer);
}

/** A change without an answer of the action's own says so in its section (decision 0028). */
export const clientAction = (args: Route.ClientActionArgs) =>
  answerOrFailure<AccountFormResult<MyAccountTarget>>(args, accountFormFailure(myAccountTarget));

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { username, role } = loaderData;
  return (
    <AdminPage
      title="Mein Konto"
      description={`Angemeldet als ${username} (${role === "owner" ? "Inhaber" : "Mitarbeiter"}).`}
    >
      <MyAccountScreen data={loaderData} result={actionData} />
    </AdminPage>
  );
}
