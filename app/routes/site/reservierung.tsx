import { data, useSearchParams } from "react-router";
import { hoursAndContactOf } from "../../features/content/index.server.ts";
import {
  GuestReservationPage,
  type GuestPageMode,
} from "../../features/reservations/guest-self-service/index.ts";
import {
  answerGuestPage,
  GUEST_PAGE_HEADERS,
  loadGuestPage,
} from "../../features/reservations/guest-self-service/index.server.ts";
import { guestLinkPath } from "../../features/reservations/book/index.ts";
import { services } from "../../common/app-context.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/reservierung";

/**
 * A guest's own link to a reservation, from their e-mails (decision 0033). Never kept in the page
 * cache (it is no public page), never indexed, and the token leaves the page with no link.
 */
export const meta: Route.MetaFunction = () => siteMeta({ title: "Ihre Reservierung", noindex: true });

export const headers: Route.HeadersFunction = () => GUEST_PAGE_HEADERS;

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = services(context);
  const { contact } = await hoursAndContactOf(context);
  const page = await loadGuestPage(app, params.token, contact);
  return data(page.data, { status: page.status, headers: GUEST_PAGE_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = services(context);
  const answer = await answerGuestPage(request, app, params.token, hoursAndContactOf(context));
  return data(answer.result, { status: answer.status, headers: GUEST_PAGE_HEADERS });
}

const modeOf = (search: URLSearchParams): GuestPageMode =>
  search.has("stornieren") ? "cancel" : search.has("aendern") ? "change" : "show";

export default function GuestReservation({ loaderData, actionData, params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  return (
    <GuestReservationPage
      data={loaderData}
      mode={modeOf(search)}
      result={actionData}
      path={guestLinkPath(params.token)}
    />
  );
}
