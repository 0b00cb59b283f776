import { data } from "react-router";
import { hoursAndContactOf, readContentBlocks } from "../../features/content/index.server.ts";
import { ReservationsSection } from "../../features/home/index.ts";
import { ReservationRequestForm } from "../../features/reservations/booking/index.ts";
import {
  answerGuestRequest,
  knownDay,
  prefillOf,
  readGuestFormSetup,
} from "../../features/reservations/booking/index.server.ts";
import { readSettingsOrDefaults } from "../../features/reservations/settings/index.server.ts";
import { useSiteFrame } from "../../features/site-frame/index.ts";
import { siteMeta } from "../../lib/meta.ts";
import { services } from "../../common/app-context.ts";
import type { Route } from "./+types/reservieren";

export const meta: Route.MetaFunction = () =>
  siteMeta({
    title: "Tisch reservieren",
    description:
      "Reservieren Sie Ihren Tisch bei Ristorante Tavola online: Datum, Uhrzeit und Personenzahl wählen, Anfrage senden.",
  });

/** The page's address: where its form posts, and the link restaurants hand out. */
const PAGE = "/reservieren";

/**
 * The reservation form as a page of its own: the link for the restaurant's Google Business Profile,
 * e-mails and flyers (decision 0031). `?datum=YYYY-MM-DD&personen=N` chooses both, and the page then
 * comes with that date's free times — also for a browser without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, logger } = services(context);
  const [blocks, settings] = await Promise.all([
    readContentBlocks(database.db, logger, ["home.reservations", "global.opening_hours"]),
    readSettingsOrDefaults(database.db, logger),
  ]);
  const setup = await readGuestFormSetup(database.db, logger, settings);
  const prefill = prefillOf(new URL(request.url).searchParams, setup);
  let initialDay;
  if (prefill.date !== undefined && prefill.partySize !== undefined) {
    try {
      const hours = blocks["global.opening_hours"];
      initialDay = await knownDay(database.db, settings, hours, {
        date: prefill.date,
        party: Number(prefill.partySize),
        ...(prefill.area === undefined ? {} : { area: prefill.area }),
      });
    } catch (error) {
      // Without the day's times the form offers the opening hours; the request's answer decides.
      logger.error("availability for /reservieren could not be read", { error });
    }
  }
  return { section: blocks["home.reservations"], reservation: setup, prefill, initialDay };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = services(context);
  const answer = await answerGuestRequest(request, app, hoursAndContactOf(context));
  return data(answer.result, { status: answer.status, headers: answer.headers });
}

export default function ReservierenPage({ loaderData, actionData }: Route.ComponentProps) {
  const frame = useSiteFrame();
  const { section, reservation, prefill, initialDay } = loaderData;
  return (
    <ReservationsSection
      section={section}
      contact={frame["global.contact"]}
      hours={frame["global.opening_hours"]}
      headingLevel={1}
      form={
        <ReservationRequestForm
          hours={frame["global.opening_hours"]}
          window={reservation.window}
          largestParty={reservation.largestParty}
          horizonMonths={reservation.horizonMonths}
          exceptionDates={reservation.exceptionDates}
          areas={reservation.areas}
          phone={frame["global.contact"].phone}
          action={PAGE}
          prefill={prefill}
          initialDay={initialDay}
          result={actionData}
          submitText={section.form_submit_text}
          submittingText={section.form_submitting_text}
        />
      }
    />
  );
}
