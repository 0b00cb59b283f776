import {
  ANSWER_SECONDS,
  answerAvailability,
  availabilityApiMessages,
  mayAsk,
} from "../../features/reservations/availability/index.server.ts";
import { readKeptReservationSettings } from "../../features/reservations/settings/index.server.ts";
import { hoursAndContactOf } from "../../features/content/index.server.ts";
import { services } from "../../common/app-context.ts";
import type { Route } from "./+types/availability";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /api/verfuegbarkeit?datum=YYYY-MM-DD&personen=N, or ?von=…&bis=…&personen=N: free times of a
 * date, or which dates of a span have one (decision 0031). JSON with German messages; never a 500.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, logger, clientAddress } = services(context);
  if (!mayAsk(clientAddress))
    return Response.json(
      { fehler: availabilityApiMessages.tooMany },
      { status: 429, headers: { ...NO_STORE, "Retry-After": "60" } },
    );
  try {
    const { status, body } = await answerAvailability(new URL(request.url).searchParams, async () => {
      const [{ hours }, settings] = await Promise.all([
        hoursAndContactOf(context),
        readKeptReservationSettings(database.db),
      ]);
      return { db: database.db, hours, settings };
    });
    const headers = status === 200 ? { "Cache-Control": `public, max-age=${ANSWER_SECONDS}` } : NO_STORE;
    return Response.json(body, { status, headers });
  } catch (error) {
    logger.error("availability read failed", { error });
    return Response.json({ fehler: availabilityApiMessages.unavailable }, { status: 503, headers: NO_STORE });
  }
}
