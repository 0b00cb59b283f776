import { lazy, Suspense, useState } from "react";
import { Outlet, useLocation, useMatches } from "react-router";
import { HERO_PICTURE } from "../../common/content/pictures.ts";
import {
  loadContactDialog,
  SiteFooter,
  SiteNavbar,
  siteFrameKeys,
  jsonLdText,
  restaurantStructuredData,
} from "../../features/site-frame/index.ts";
import { hoursAndContactOf, readContentBlocks } from "../../features/content/index.server.ts";
import { services } from "../../common/app-context.ts";
import { canonicalUrl } from "../../lib/meta.ts";
import type { Route } from "./+types/layout";

/**
 * The public frame: navigation bar, contact dialog and footer around every public page, plus what
 * the page's <head> needs for search engines. The structured data is built here, on the server, so
 * its parsing code never reaches the browser; only a full load of the home page carries it, which
 * is what crawlers do.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, logger } = services(context);
  // The contact and the opening hours are the request's shared reading (decision 0049): the page's
  // own loader and the reservation form ask for them too.
  const [frame, { contact, hours }] = await Promise.all([
    readContentBlocks(database.db, logger, frameBlockKeys),
    hoursAndContactOf(context),
  ]);
  const blocks = { ...frame, "global.contact": contact, "global.opening_hours": hours };
  const origin = services(context).siteOrigin;
  const structuredData =
    new URL(request.url).pathname === "/"
      ? jsonLdText(restaurantStructuredData({ contact, hours, origin, image: HERO_PICTURE.src }))
      : undefined;
  return { ...blocks, seo: { origin, image: canonicalUrl(origin, HERO_PICTURE.src), structuredData } };
}

/** The frame's blocks other than the contact and the opening hours. */
const frameBlockKeys = siteFrameKeys.filter(
  (key): key is Exclude<(typeof siteFrameKeys)[number], "global.contact" | "global.opening_hours"> =>
    key !== "global.contact" && key !== "global.opening_hours",
);

/**
 * The contact dialog's code (with the dialog library) loads when a guest reaches for a button that
 * opens it — pointer over or focus, or the click itself — not with the page (decision 0008).
 */
const ContactDialog = lazy(() => loadContactDialog().then((module) => ({ default: module.ContactDialog })));
// Only a head start: a failed download is tried again when the dialog opens.
const prefetchContactDialog = () => void loadContactDialog().catch(() => undefined);

/** The not-found page is `noindex`: it must not name itself as the canonical address of anything. */
const NOT_FOUND_ROUTE_ID = "routes/site/not-found";
/** Nor does a guest's own link, whose address is its token (decision 0033). */
const GUEST_LINK_ROUTE_ID = "routes/site/reservierung";

/**
 * Canonical link and the sharing tags that need an absolute address, for the page being shown.
 * React 19 hoists these into <head> and updates them on client-side navigation.
 */
function PageAddressTags({
  origin,
  image,
  pathname,
  name,
}: {
  origin: string;
  image: string;
  pathname: string;
  name: string;
}) {
  const url = canonicalUrl(origin, pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);
  return (
    <>
      <link rel="canonical" href={url} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:alt" content={name} />
    </>
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const onHome = pathname === "/";
  const matches = useMatches();
  const notFound = matches.some((match) => match.id === NOT_FOUND_ROUTE_ID);
  const unnamed = notFound || matches.some((match) => match.id === GUEST_LINK_ROUTE_ID);
  const [contactOpen, setContactOpen] = useState(false);
  // Mounted once opened, so it can close with its animation.
  const [contactMounted, setContactMounted] = useState(false);
  const openContact = () => {
    setContactMounted(true);
    setContactOpen(true);
  };
  const contact = loaderData["global.contact"];
  const hours = loaderData["global.opening_hours"];
  const { seo } = loaderData;
  return (
    <>
      {unnamed ? null : (
        <PageAddressTags origin={seo.origin} image={seo.image} pathname={pathname} name={contact.name} />
      )}
      {onHome && seo.structuredData ? (
        // A data block, never executed (the CSP does not apply to it); jsonLdText escaped every '<'.
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: seo.structuredData }} />
      ) : null}
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Zum Inhalt springen
      </a>
      <SiteNavbar
        navbar={loaderData.navbar}
        onHome={onHome}
        onContact={openContact}
        onContactIntent={prefetchContactDialog}
      />
      <main id="main" className={onHome ? undefined : "pt-16"}>
        <Outlet />
      </main>
      <SiteFooter footer={loaderData["home.footer"]} contact={contact} hours={hours} onHome={onHome} />
      {contactMounted ? (
        <Suspense fallback={null}>
          <ContactDialog open={contactOpen} onOpenChange={setContactOpen} contact={contact} hours={hours} />
        </Suspense>
      ) : null}
    </>
  );
}
