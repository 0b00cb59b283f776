import { useState } from "react";
import { AdminPage, AdminScreenError } from "../../features/admin-shell/index.ts";
import { ownersOnlyBecause, signedInStaff } from "../../features/auth/index.server.ts";
import { GuestDataScreen, guestDataMessages } from "../../features/guest-data/index.ts";
import {
  guestDataFailure,
  type GuestDataResult,
  type GuestDataView,
} from "../../features/guest-data/index.ts";
import { handleGuestDataAction } from "../../features/guest-data/index.server.ts";
import { statusLabels } from "../../features/reservations/book/index.ts";
import { services } from "../../common/app-context.ts";
import { answerOrFailure } from "../../lib/action-failures.ts";
import { readForm } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import type { Route } from "./+types/gastdaten";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Gastdaten", noindex: true });

/**
 * A guest's request for their data (Art. 15, 17, 20 GDPR): owners only, checked as middleware
 * before the loader and the action; the staff check itself is the admin layout's (decision 0030).
 */
export const middleware: Route.MiddlewareFunction[] = [ownersOnlyBecause(guestDataMessages.ownersOnly)];

/**
 * The empty search form. A term is never read from the address (`?suche=` of older links is
 * ignored): every search is a POST (decision 0041), so no proxy's log keeps a guest's address.
 */
export function loader(): GuestDataView {
  return { mode: "list", state: "start" };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** 'Suchen', 'Druckansicht', the confirmation's page and 'Endgültig löschen'. */
export async function action({ request, context }: Route.ActionArgs) {
  const owner = signedInStaff(context);
  const { database, logger } = services(context);
  const answer = await handleGuestDataAction(await readForm(request), {
    database,
    logger,
    username: owner.username,
  });
  return staffActionResponse(answer);
}

/** Deleting without an answer of the action's own says so in the page (decision 0028). */
export const clientAction = (args: Route.ClientActionArgs) =>
  answerOrFailure<GuestDataResult>(args, guestDataFailure);

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

export default function GuestData({ loaderData, actionData }: Route.ComponentProps) {
  // An answer without a view (a deletion whose answer was lost) keeps the view shown before.
  const [shown, setShown] = useState<GuestDataView>(loaderData);
  const answered = actionData?.view;
  if (answered && answered !== shown) setShown(answered);
  const view = answered ?? (actionData ? shown : loaderData);
  return (
    <AdminPage
      title="Gastdaten"
      description="Was zu einem Gast gespeichert ist: als Auskunft ausgeben, herunterladen oder löschen (Art. 15, 17 und 20 DSGVO)."
    >
      <GuestDataScreen view={view} result={actionData} statusLabels={statusLabels} />
    </AdminPage>
  );
}
