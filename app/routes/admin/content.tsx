import { ExternalLink } from "lucide-react";
import type { ShouldRevalidateFunction } from "react-router";
import { AdminPage, adminScreenAt, AdminScreenError } from "../../features/admin-shell/index.ts";
import { signedInStaff } from "../../features/auth/index.server.ts";
import { contentKeys } from "../../common/content/blocks.ts";
import { ContentEditor } from "../../features/content/index.ts";
import { handleContentAction, readContentBlocks } from "../../features/content/index.server.ts";
import type { ContentSubmission } from "../../features/content/index.ts";
import { services } from "../../common/app-context.ts";
import { readForm } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import type { Route } from "./+types/content";
import { answerOrFailure } from "../../lib/action-failures.ts";

const PATH = "/admin/content";
const screen = adminScreenAt(PATH);
const TITLE = screen?.title ?? "Website-Inhalte verwalten";

export const meta: Route.MetaFunction = () => siteMeta({ title: TITLE, noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { database, logger } = services(context);
  return { blocks: await readContentBlocks(database.db, logger, contentKeys) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = signedInStaff(context);
  const { database, logger } = services(context);
  const answer = await handleContentAction(await readForm(request), {
    db: database.db,
    logger,
    username: staff.username,
  });
  return staffActionResponse(answer);
}

/**
 * In the browser: a save that gets no answer of the action's own (network down, a proxy's error
 * page) becomes a result the form shows as a toast, instead of the route's error page (decision 0028).
 */
export const clientAction = (args: Route.ClientActionArgs) =>
  answerOrFailure<ContentSubmission>(args, () => ({ status: "unexpected" }));

/** Only a save changes what the page shows; a refused submission keeps the page's data as it is. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && (actionResult as ContentSubmission).status !== "saved" ? false : defaultShouldRevalidate;

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

export default function ContentAdmin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage title={TITLE} description={screen?.description}>
      <p className="-mt-4 mb-6">
        <a
          href="/"
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          Auf der Website ansehen
          <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">(öffnet in neuem Tab)</span>
        </a>
      </p>
      <ContentEditor blocks={loaderData.blocks} actionResult={actionData} action={PATH} />
    </AdminPage>
  );
}
