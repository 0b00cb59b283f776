import { ownersOnlyBecause, signedInStaff } from "../../features/auth/index.server.ts";
import { guestDataDownload } from "../../features/guest-data/index.server.ts";
import { guestDataMessages } from "../../features/guest-data/index.ts";
import { guestActionLabels, statusLabels } from "../../features/reservations/book/index.ts";
import { services } from "../../common/app-context.ts";
import { readForm } from "../../lib/forms.ts";
import type { Route } from "./+types/gastdaten-json";

/**
 * 'Als JSON herunterladen' on 'Gastdaten' (Art. 15 and 20 GDPR): a file with everything the term
 * finds. Below the admin layout, so its staff check runs first; owners only, as the screen.
 */
export const middleware: Route.MiddlewareFunction[] = [ownersOnlyBecause(guestDataMessages.ownersOnly)];

/** A form's POST with the term in its body: never in the address (decision 0041). */
export async function action({ context, request }: Route.ActionArgs) {
  const owner = signedInStaff(context);
  const { database, logger } = services(context);
  return guestDataDownload({ database, logger, username: owner.username }, await readForm(request), {
    status: statusLabels,
    guestAction: guestActionLabels,
  });
}
