import { lazy, Suspense, useState } from "react";
import {
  About,
  GallerySection,
  Hero,
  MenuSection,
  ReservationsSection,
  Testimonials,
  useAnchorLanding,
} from "../../features/home/index.ts";
import type { HomeDialog } from "../../features/home/index.ts";
import { hoursAndContactOf, readContentBlocks } from "../../features/content/index.server.ts";
import { loadShowcase } from "../../features/menu/index.server.ts";
import { PublicGallery } from "../../features/gallery/index.ts";
import { loadAnnouncementsDialog } from "../../features/announcements/index.ts";
import { loadPublicGallery } from "../../features/gallery/index.server.ts";
import { loadMenuDialog, ShowcaseCarousel } from "../../features/menu/index.ts";
import { ReservationRequestForm } from "../../features/reservations/booking/index.ts";
import { answerGuestRequest, readGuestFormSetup } from "../../features/reservations/booking/index.server.ts";
import { readSettingsOrDefaults } from "../../features/reservations/settings/index.server.ts";
import { data } from "react-router";
import { useSiteFrame } from "../../features/site-frame/index.ts";
import { services } from "../../common/app-context.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => siteMeta({});

/**
 * The browser paints nothing until the hero has been parsed whole (the section after it has begun):
 * a busy phone otherwise paints the first screen from part of the HTML, and the hero's centred
 * content jumps as its buttons arrive (a layout shift of 0.06, decision 0008). Browsers that do not
 * know `blocking` ignore it.
 */
export const links: Route.LinksFunction = () => [{ rel: "expect", href: "#about", blocking: "render" }];

const homeKeys = [
  "home.hero",
  "home.about",
  "home.menu_section",
  "home.gallery_section",
  "home.reservations",
] as const;

/**
 * The dialogs' code (with their data views and schemas) loads when a visitor first reaches for one —
 * pointer over or focus on a button that opens one, or the click itself — not with the page, whose
 * first load stays small.
 */
const MenuDialog = lazy(() => loadMenuDialog().then((module) => ({ default: module.MenuDialog })));
const AnnouncementsDialog = lazy(() =>
  loadAnnouncementsDialog().then((module) => ({ default: module.AnnouncementsDialog })),
);
const prefetchDialogs = () => {
  // Only a head start: a failed download is tried again when the dialog opens.
  loadMenuDialog().catch(() => undefined);
  loadAnnouncementsDialog().catch(() => undefined);
};

export async function loader({ context }: Route.LoaderArgs) {
  const { database, logger } = services(context);
  const [blocks, showcase, gallery, reservation] = await Promise.all([
    readContentBlocks(database.db, logger, homeKeys),
    loadShowcase(database.db, logger),
    loadPublicGallery(database.db, logger),
    readSettingsOrDefaults(database.db, logger).then((settings) =>
      readGuestFormSetup(database.db, logger, settings),
    ),
  ]);
  return { ...blocks, showcase, gallery, reservation };
}

/** A guest's reservation request: with JavaScript from the form's fetcher, without it as a page. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = services(context);
  const answer = await answerGuestRequest(request, app, hoursAndContactOf(context));
  return data(answer.result, { status: answer.status, headers: answer.headers });
}

/**
 * The one-page home: hero, about, menu, gallery, testimonials, reservations (the navigation bar and
 * the footer with `#contact` come from the public layout). It holds which dialog is open.
 */
export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const frame = useSiteFrame();
  useAnchorLanding();
  const contact = frame["global.contact"];
  const [dialog, setDialog] = useState<HomeDialog | null>(null);
  // A dialog stays mounted once opened, so it can close with its animation and keep its data.
  const [mounted, setMounted] = useState<ReadonlySet<HomeDialog>>(() => new Set());
  const open = (kind: HomeDialog) => {
    setMounted((current) => (current.has(kind) ? current : new Set(current).add(kind)));
    setDialog(kind);
  };
  const dialogProps = (kind: HomeDialog) => ({
    open: dialog === kind,
    onOpenChange: (isOpen: boolean) => setDialog(isOpen ? kind : null),
    restaurantName: contact.name,
  });

  return (
    <>
      <Hero hero={loaderData["home.hero"]} onOpen={open} onIntent={prefetchDialogs} />
      <About about={loaderData["home.about"]} />
      <MenuSection
        section={loaderData["home.menu_section"]}
        showcase={(onDark) => <ShowcaseCarousel showcase={loaderData.showcase} onDark={onDark} />}
        onOpenSpeisekarte={() => open("speisekarte")}
        onOpenWochenkarte={() => open("wochenkarte")}
        onIntent={prefetchDialogs}
      />
      <GallerySection
        section={loaderData["home.gallery_section"]}
        pictures={<PublicGallery pictures={loaderData.gallery} />}
      />
      <Testimonials contact={contact} />
      <ReservationsSection
        section={loaderData["home.reservations"]}
        contact={contact}
        hours={frame["global.opening_hours"]}
        form={
          <ReservationRequestForm
            hours={frame["global.opening_hours"]}
            window={loaderData.reservation.window}
            largestParty={loaderData.reservation.largestParty}
            horizonMonths={loaderData.reservation.horizonMonths}
            exceptionDates={loaderData.reservation.exceptionDates}
            areas={loaderData.reservation.areas}
            phone={contact.phone}
            result={actionData}
            submitText={loaderData["home.reservations"].form_submit_text}
            submittingText={loaderData["home.reservations"].form_submitting_text}
          />
        }
      />

      {mounted.has("speisekarte") ? (
        <Suspense fallback={null}>
          <MenuDialog kind="speisekarte" {...dialogProps("speisekarte")} />
        </Suspense>
      ) : null}
      {mounted.has("wochenkarte") ? (
        <Suspense fallback={null}>
          <MenuDialog kind="wochenkarte" {...dialogProps("wochenkarte")} />
        </Suspense>
      ) : null}
      {mounted.has("mitteilungen") ? (
        <Suspense fallback={null}>
          <AnnouncementsDialog {...dialogProps("mitteilungen")} />
        </Suspense>
      ) : null}
    </>
  );
}
