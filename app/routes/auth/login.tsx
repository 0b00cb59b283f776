import { redirect, type ShouldRevalidateFunction } from "react-router";
import type { LoginResult } from "../../features/auth/index.ts";
import {
  cookieSettingsOf,
  optionalStaffSession,
  handleLoginAction,
  loadLogin,
  sessionChanged,
} from "../../features/auth/index.server.ts";
import { LoginForm } from "../../features/auth/index.ts";
import { services } from "../../common/app-context.ts";
import { readForm } from "../../lib/forms.ts";
import { siteMeta } from "../../lib/meta.ts";
import { staffActionResponse } from "../../lib/staff-actions.server.ts";
import type { Route } from "./+types/login";
import { toastsHandle } from "../../lib/toasts.ts";

/** Staff screens confirm saves with toasts. */
export const handle = toastsHandle;

export const meta: Route.MetaFunction = () => siteMeta({ title: "Mitarbeiter Login", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await optionalStaffSession(request, context)) throw redirect("/admin");
  return loadLogin(services(context).database.db, request, cookieSettingsOf(context));
}

/** Document responses carry the action's Retry-After (429); the sign-in page is never cached. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/**
 * After a successful sign-in the loader would see the new session and redirect at once; the success
 * toast is shown on this page and the dashboard follows 1 s later, so the loader is not re-run.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as LoginResult | undefined)?.step === "signed-in" ? false : defaultShouldRevalidate;

export async function action({ request, context }: Route.ActionArgs) {
  const { database, clientAddress, logger } = services(context);
  const answer = await handleLoginAction(await readForm(request), {
    db: database.db,
    logger,
    clientAddress,
    request,
    settings: cookieSettingsOf(context),
  });
  // A sign-in ends the session the browser came with: the loader after it must not see that one.
  sessionChanged(context);
  return staffActionResponse(answer);
}

export default function Login({ actionData, loaderData }: Route.ComponentProps) {
  return <LoginForm result={actionData} secondStepOpen={loaderData.secondStep} />;
}
