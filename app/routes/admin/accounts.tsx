import { accountAdminTarget, accountFormFailure, AccountAdminScreen } from "../../features/auth/index.ts";
import type { AccountAdminTarget, AccountFormResult } from "../../features/auth/index.ts";
import { AdminPage, AdminScreenError } from "../../features/admin-shell/index.ts";
import {
  handleAccountAdminAction,
  loadAccountAdmin,
  ownersOnly,
  signedInStaff,
} from "../../features/auth/index.server.ts";
import { services } from "../../common/app-context.ts";
import { readForm } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import type { Route } from "./+types/accounts";
import { answerOrFailure } from "../../lib/action-failures.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Konten", noindex: true });

/**
 * The accounts (decision 0025): only owners see and change them, staff get 403 — checked here as
 * middleware; the staff check itself is the admin layout's (decision 0030).
 */
export const middleware: Route.MiddlewareFunction[] = [ownersOnly];

export async function loader({ context }: Route.LoaderArgs) {
  const owner = signedInStaff(context);
  return loadAccountAdmin(services(context).database.db, owner);
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = signedInStaff(context);
  const { database, logger } = services(context);
  const answer = await handleAccountAdminAction(await readForm(request), { db: database.db, logger, owner });
  return staffActionResponse(answer);
}

/**
 * A change without an answer of the action's own says so where it was asked for (decision 0028);
 * a refusal (403, no longer an owner) still goes to the error boundary.
 */
export const clientAction = (args: Route.ClientActionArgs) =>
  answerOrFailure<AccountFormResult<AccountAdminTarget>>(args, accountFormFailure(accountAdminTarget));

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

export default function Accounts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Konten"
      description="Wer sich in der Verwaltung anmelden darf. Inhaber verwalten die Konten, Mitarbeiter nur ihr eigenes."
    >
      <AccountAdminScreen data={loaderData} result={actionData} />
    </AdminPage>
  );
}
