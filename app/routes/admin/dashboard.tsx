import { BookOpen, CalendarCheck, CalendarDays, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminPage, AdminScreenError } from "../../features/admin-shell/index.ts";
import { signedInStaff } from "../../features/auth/index.server.ts";
import { readDashboardFigures, type GuestCancellation } from "../../features/dashboard/index.server.ts";
import { guestActionLabels, personsLabel } from "../../features/reservations/book/index.ts";
import { seatsSummary, settingsMessages } from "../../features/reservations/settings/index.ts";
import {
  freeSeatsPerService,
  servicesOn,
  freeSeatsLine,
} from "../../features/reservations/availability/index.ts";
import { hoursAndContactOf } from "../../features/content/index.server.ts";
import { heldOn } from "../../features/reservations/availability/index.server.ts";
import { readSettingsOn } from "../../features/reservations/settings/index.server.ts";
import { services } from "../../common/app-context.ts";
import { LiveUpdates } from "../../common/live/live-updates.tsx";
import { berlinToday, formatBerlinDateTime } from "../../lib/format.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Dashboard", noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const staff = signedInStaff(context);
  const { database, logger } = services(context);
  const { db } = database;
  const today = berlinToday();
  // The settings never take the dashboard down: without them it shows what a fresh installation does.
  const [figures, settings, { hours }] = await Promise.all([
    readDashboardFigures(db, today),
    readSettingsOn(db, logger, today),
    hoursAndContactOf(context),
  ]);
  // 'Heute frei: mittags 40, abends 12 Plätze' by the availability rule (decision 0031), only when
  // online seats are set; a rest day, a closure or a service the day's hours leave out says closed.
  const open = servicesOn(today, settings, hours);
  const freeToday =
    settings.onlineSeats === null || "closed" in open
      ? freeSeatsLine({ lunch: null, evening: null }, open)
      : freeSeatsLine(freeSeatsPerService(settings, await heldOn(db, today)), open);
  return { username: staff.username, figures, seats: seatsSummary(settings), freeToday, today };
}

const countLabel = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function InfoCard({
  title,
  figure,
  text,
  to,
  linkLabel,
  icon: Icon,
  children,
}: {
  title: string;
  figure: string;
  text: string;
  to: string;
  linkLabel: string;
  icon: LucideIcon;
  /** More about the figure, under its text. */
  children?: ReactNode;
}) {
  return (
    <section className="flex flex-col rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
      <div className="flex items-center gap-3">
        <span className="rounded-md bg-brand-50 p-2 text-brand-700">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h2 className="font-sans text-lg font-semibold">{title}</h2>
      </div>
      <p className="mt-4 font-serif text-3xl font-bold">{figure}</p>
      <p className="mt-1 text-sm text-muted">{text}</p>
      <div className="flex-1">{children}</div>
      <Link to={to} className="mt-4 text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
        {linkLabel}
      </Link>
    </section>
  );
}

/** 'Vom Gast storniert' for today and tomorrow: the seats that came free, each linking to its day. */
function GuestCancellations({ cancellations, today }: { cancellations: GuestCancellation[]; today: string }) {
  if (cancellations.length === 0) return null;
  return (
    <div className="mt-4 border-t border-stone-200 pt-3">
      <h3 className="font-sans text-sm font-semibold">{guestActionLabels.cancelled} (heute und morgen)</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {cancellations.map((cancellation) => (
          <li key={cancellation.id}>
            <Link
              to={`/admin/reservations?date=${cancellation.date}`}
              className="text-brand-700 underline-offset-4 hover:underline"
            >
              {cancellation.date === today ? "Heute" : "Morgen"} {cancellation.time} Uhr · {cancellation.name}{" "}
              · {personsLabel(cancellation.partySize)}
            </Link>
            {cancellation.at ? (
              <span className="text-muted"> – storniert am {formatBerlinDateTime(cancellation.at)} Uhr</span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A screen that cannot load keeps the sidebar and offers 'Erneut versuchen' (decision 0028). */
export const ErrorBoundary = AdminScreenError;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { figures, username, seats, freeToday, today } = loaderData;
  return (
    <AdminPage
      title={`Willkommen, ${username}!`}
      description="Hier verwalten Sie Speisekarte, Wochenkarte, Reservierungen und die Inhalte der Website."
    >
      <LiveUpdates />
      <div className="grid gap-6 md:grid-cols-3">
        <InfoCard
          title="Speisekarte"
          icon={BookOpen}
          figure={countLabel(figures.speisekarteDishes, "Gericht", "Gerichte")}
          text="auf der aktiven Speisekarte"
          to="/admin/speisekarte"
          linkLabel="Speisekarte verwalten"
        />
        <InfoCard
          title="Wochenkarte"
          icon={CalendarDays}
          figure={countLabel(figures.wochenkarteDishes, "Gericht", "Gerichte")}
          text="auf der aktiven Wochenkarte"
          to="/admin/wochenkarte"
          linkLabel="Wochenkarte verwalten"
        />
        <InfoCard
          title="Reservierungen"
          icon={CalendarCheck}
          figure={countLabel(figures.pendingReservations, "Anfrage", "Anfragen")}
          text={`warten auf Bestätigung · heute ${countLabel(figures.todayReservations, "Reservierung", "Reservierungen")} mit ${countLabel(figures.todayGuests, "Gast", "Gästen")}`}
          to="/admin/reservations"
          linkLabel="Reservierungen einsehen"
        >
          <p className="mt-3 text-sm">
            {seats === settingsMessages.noSeats ? (
              <Link
                to="/admin/reservations/einstellungen"
                className="font-medium text-brand-700 underline underline-offset-4"
              >
                {seats}
              </Link>
            ) : (
              seats
            )}
          </p>
          {freeToday ? <p className="mt-1 text-sm font-medium">{freeToday}</p> : null}
          <p className="mt-1 text-sm">
            <Link to="/admin/service" className="font-medium text-brand-700 underline underline-offset-4">
              Zum Service heute
            </Link>
          </p>
          <GuestCancellations cancellations={figures.guestCancellations} today={today} />
        </InfoCard>
      </div>
    </AdminPage>
  );
}
