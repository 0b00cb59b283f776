import { useState } from "react";
import { AnnouncementsDialog } from "../../features/announcements/components/announcements-dialog.tsx";
import { About } from "../../features/content/components/home/about.tsx";
import { GallerySection } from "../../features/content/components/home/gallery-section.tsx";
import { Hero, type HomeDialog } from "../../features/content/components/home/hero.tsx";
import { MenuSection } from "../../features/content/components/home/menu-section.tsx";
import { ReservationsSection } from "../../features/content/components/home/reservations-section.tsx";
import { Testimonials } from "../../features/content/components/home/testimonials.tsx";
import { readContentBlocks } from "../../features/content/content.server.ts";
import { useSiteFrame } from "../../features/content/site-frame.ts";
import { MenuDialog } from "../../features/menu/components/menu-dialog.tsx";
import { services } from "../../lib/app-context.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => siteMeta({});

const homeKeys = [
  "home.hero",
  "home.about",
  "home.menu_section",
  "home.gallery_section",
  "home.reservations",
] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const { database, logger } = services(context);
  return readContentBlocks(database.db, logger, homeKeys);
}

/**
 * The one-page home: hero, about, menu, gallery, testimonials, reservations (the navigation bar and
 * the footer with `#contact` come from the public layout). It holds which dialog is open.
 */
export default function Home({ loaderData }: Route.ComponentProps) {
  const frame = useSiteFrame();
  const contact = frame["global.contact"];
  const [dialog, setDialog] = useState<HomeDialog | null>(null);
  const dialogProps = (kind: HomeDialog) => ({
    open: dialog === kind,
    onOpenChange: (open: boolean) => setDialog(open ? kind : null),
    restaurantName: contact.name,
  });

  return (
    <>
      <Hero hero={loaderData["home.hero"]} onOpen={setDialog} />
      <About about={loaderData["home.about"]} />
      <MenuSection
        section={loaderData["home.menu_section"]}
        onOpenSpeisekarte={() => setDialog("speisekarte")}
        onOpenWochenkarte={() => setDialog("wochenkarte")}
      />
      <GallerySection section={loaderData["home.gallery_section"]} />
      <Testimonials contact={contact} />
      <ReservationsSection
        section={loaderData["home.reservations"]}
        contact={contact}
        hours={frame["global.opening_hours"]}
      />

      <MenuDialog kind="speisekarte" {...dialogProps("speisekarte")} />
      <MenuDialog kind="wochenkarte" {...dialogProps("wochenkarte")} />
      <AnnouncementsDialog {...dialogProps("mitteilungen")} />
    </>
  );
}
