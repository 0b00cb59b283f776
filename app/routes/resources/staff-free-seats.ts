import { staffAccessOf } from "../../features/auth/index.server.ts";
import { hoursAndContactOf } from "../../features/content/index.server.ts";
import { readSettingsOn } from "../../features/reservations/settings/index.server.ts";
import { answerStaffSeats } from "../../features/reservations/availability/index.server.ts";
import { staffSeatsMessages } from "../../features/reservations/availability/index.ts";
import { services } from "../../common/app-context.ts";
import type { Route } from "./+types/staff-free-seats";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /admin/reservations/freie-plaetze?datum=&uhrzeit=&personen=[&ohne=]: the staff form's free
 * seats (decision 0037). JSON, read by the form's script as staff type. Like the picture upload it
 * sits outside the admin layout and answers its own refusals as JSON (401 signed out, 403 with steps
 * pending on Mein Konto), by the guard's own decision (`staffAccessOf`, decision 0030), rather than
 * the layout's redirect to the sign-in page, which a script reading JSON could not tell from an
 * answer. Bad parameters: 400 with a German message; never a 500.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, logger } = services(context);
  const access = await staffAccessOf(request, context);
  if ("refused" in access)
    return access.refused === "signed-out"
      ? Response.json({ fehler: staffSeatsMessages.signedOut }, { status: 401, headers: NO_STORE })
      : Response.json({ fehler: staffSeatsMessages.accountFirst }, { status: 403, headers: NO_STORE });
  try {
    const { status, body } = await answerStaffSeats(new URL(request.url).searchParams, async (date) => {
      const [{ hours }, settings] = await Promise.all([
        hoursAndContactOf(context),
        readSettingsOn(database.db, logger, date),
      ]);
      return { db: database.db, hours, settings };
    });
    return Response.json(body, { status, headers: NO_STORE });
  } catch (error) {
    logger.error("staff free seats failed", { error });
    return Response.json({ fehler: staffSeatsMessages.unavailable }, { status: 503, headers: NO_STORE });
  }
}
