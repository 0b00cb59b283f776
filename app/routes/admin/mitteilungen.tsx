import { useIsPending } from "../../components/forms/use-is-pending.ts";
import { AdminPage, AdminScreenError } from "../../features/admin-shell/index.ts";
import {
  editable,
  handleAnnouncementsAction,
  listAllAnnouncements,
} from "../../features/announcements/index.server.ts";
import { AnnouncementsEditor } from "../../features/announcements/index.ts";
import type { SaveResult } from "../../features/announcements/index.ts";
import { signedInStaff } from "../../features/auth/index.server.ts";
import { services } from "../../common/app-context.ts";
import { berlinToday } from "../../lib/format.ts";
import { readForm } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import type { Route } from "./+types/mitteilungen";
import { answerOrFailure } from "../../lib/action-failures.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Mitteilungen verwalten", noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const announcements = await listAllAnnouncements(services(context).database.db);
  return { announcements: announcements.map(editable), today: berlinToday() };
}

/** Saves the whole list, re-validated here: one invalid entry and nothing is saved. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = signedInStaff(context);
  const { database, logger } = services(context);
  const answer = await handleAnnouncementsAction(await readForm(request), {
    db: database.db,
    logger,
    username: staff.username,
  });
  return staffActionResponse(answer);
}

/**
 * A save that gets no answer of the action's own (connection lost, a proxy's error page) would
 * otherwise end on the error page and take the unsaved edits with it; it becomes 'Fehler beim
 * Speichern' instead (decision 0028). Redirects (an expired session) still go through.
 */
export const clientAction = (args: Route.ClientActionArgs) =>
  answerOrFailure<SaveResult>(args, () => ({ status: "error" }));

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

export default function Mitteilungen({ loaderData, actionData }: Route.ComponentProps) {
  const saving = useIsPending();
  return (
    <AdminPage title="Mitteilungen verwalten" description="Hinweise und Neuigkeiten für Ihre Gäste.">
      <AnnouncementsEditor
        initial={loaderData.announcements}
        today={loaderData.today}
        result={actionData}
        saving={saving}
      />
    </AdminPage>
  );
}
