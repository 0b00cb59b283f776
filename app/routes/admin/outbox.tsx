import { AdminPage, AdminScreenError } from "../../features/admin-shell/index.ts";
import { signedInStaff } from "../../features/auth/index.server.ts";
import { OutboxScreen, outboxFailure } from "../../features/outbox/index.ts";
import { handleOutboxAction, loadOutbox } from "../../features/outbox/index.server.ts";
import { services } from "../../common/app-context.ts";
import { readForm } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import type { Route } from "./+types/outbox";
import { answerOrFailure } from "../../lib/action-failures.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: "E-Mail-Ausgang", noindex: true });

/** The outbox (decision 0017): every e-mail the site wrote, whether it went out, and why not. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { database, mailer } = services(context);
  return loadOutbox(database.db, mailer, url);
}

/** 'Erneut senden': the message is due again now and sent at once. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = signedInStaff(context);
  const { database, logger, mailer } = services(context);
  const answer = await handleOutboxAction(await readForm(request), {
    db: database.db,
    logger,
    mailer,
    username: staff.username,
  });
  return staffActionResponse(answer);
}

/** 'Erneut senden' without an answer of the action's own says so in the page (decision 0028). */
export const clientAction = (args: Route.ClientActionArgs) => answerOrFailure(args, outboxFailure);

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="E-Mail-Ausgang"
      description="Jede E-Mail der Website: ob sie gesendet wurde und warum nicht."
    >
      <OutboxScreen data={loaderData} result={actionData} />
    </AdminPage>
  );
}
