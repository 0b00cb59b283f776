import { data } from "react-router";
import { useIsPending } from "../../components/forms/use-is-pending.ts";
import { AdminPage } from "../../features/admin-shell/admin-page.tsx";
import {
  listAllAnnouncements,
  saveAnnouncements,
  type Announcement,
} from "../../features/announcements/announcements.server.ts";
import { AnnouncementsEditor } from "../../features/announcements/components/announcements-editor.tsx";
import type { EditableAnnouncement, SaveResult } from "../../features/announcements/drafts.ts";
import { validateAnnouncementList } from "../../features/announcements/schema.ts";
import { signedInStaff } from "../../features/auth/auth.server.ts";
import { services } from "../../shared/app-context.ts";
import { berlinToday } from "../../lib/format.ts";
import { readForm, saveMessages } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/mitteilungen";
import { AdminScreenError } from "../../features/admin-shell/screen-error.tsx";
import { answerOrFailure } from "../../lib/action-failures.ts";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Mitteilungen verwalten", noindex: true });

const editable = (announcement: Announcement): EditableAnnouncement => ({
  id: announcement.id,
  title: announcement.title,
  content: announcement.content,
  type: announcement.type,
  priority: announcement.priority,
  is_active: announcement.is_active,
  valid_until: announcement.valid_until ?? "",
  created_at: announcement.created_at,
});

export async function loader({ context }: Route.LoaderArgs) {
  const announcements = await listAllAnnouncements(services(context).database.db);
  return { announcements: announcements.map(editable), today: berlinToday() };
}

function readList(form: FormData): unknown {
  const json = form.get("announcements");
  if (typeof json !== "string") return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** Saves the whole list, re-validated here: one invalid entry and nothing is saved. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = signedInStaff(context);
  const { database, logger } = services(context);
  const validation = validateAnnouncementList(readList(await readForm(request)));
  if (!validation.success) {
    return data<SaveResult>(
      {
        status: "invalid",
        fieldErrors: validation.fieldErrors,
        formError: validation.formError ?? saveMessages.fixMarked,
      },
      { status: 400 },
    );
  }
  try {
    const saved = await saveAnnouncements(database.db, validation.data);
    logger.info("announcements saved", { username: staff.username, count: saved.length });
    return data<SaveResult>({ status: "saved", announcements: saved.map(editable) });
  } catch (error) {
    logger.error("announcements save failed", { error });
    return data<SaveResult>({ status: "error" }, { status: 500 });
  }
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
