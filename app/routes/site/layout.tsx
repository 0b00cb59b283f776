import { useState } from "react";
import { Outlet, useLocation } from "react-router";
import { ContactDialog } from "../../features/content/components/contact-dialog.tsx";
import { SiteFooter } from "../../features/content/components/site-footer.tsx";
import { SiteNavbar } from "../../features/content/components/site-navbar.tsx";
import { readContentBlocks } from "../../features/content/content.server.ts";
import { siteFrameKeys } from "../../features/content/site-frame.ts";
import { services } from "../../lib/app-context.ts";
import type { Route } from "./+types/layout";

/** The public frame: navigation bar, contact dialog and footer around every public page. */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, logger } = services(context);
  return readContentBlocks(database.db, logger, siteFrameKeys);
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const onHome = useLocation().pathname === "/";
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Zum Inhalt springen
      </a>
      <SiteNavbar navbar={loaderData.navbar} onHome={onHome} onContact={() => setContactOpen(true)} />
      <main id="main" className={onHome ? undefined : "pt-16"}>
        <Outlet />
      </main>
      <SiteFooter
        footer={loaderData["home.footer"]}
        contact={loaderData["global.contact"]}
        hours={loaderData["global.opening_hours"]}
        onHome={onHome}
      />
      <ContactDialog
        open={contactOpen}
        onOpenChange={setContactOpen}
        contact={loaderData["global.contact"]}
        hours={loaderData["global.opening_hours"]}
      />
    </>
  );
}
