import { Menu } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { DialogLink } from "../../../components/ui/dialog-link.tsx";
import { cn } from "../../../lib/utils.ts";
import type { NavbarContent } from "../../../common/content/schemas.ts";
import { anchorHref } from "../site-frame.ts";

export const SCROLL_THRESHOLD_PX = 20;

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

/**
 * The mobile menu (a Radix dialog) loads when a guest points at, touches or focuses its button, or
 * with the click itself — not with the page (decision 0008).
 */
const loadMobileMenu = () => import("./mobile-menu.tsx");
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));
// Only a head start: a failed download is tried again when the menu opens.
const prefetchMobileMenu = () => void loadMobileMenu().catch(() => undefined);

/**
 * The navigation bar: brand, in-page anchors, contact button, 'Reservieren'. Transparent over the
 * home page's hero until the page has scrolled more than 20 px; a full-screen menu below 768 px.
 */
export function SiteNavbar({
  navbar,
  onHome,
  onContact,
  onContactIntent,
}: {
  navbar: NavbarContent;
  onHome: boolean;
  onContact: () => void;
  /** A guest reaches for the contact button: time to fetch the dialog's code. */
  onContactIntent?: () => void;
}) {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const solid = scrolled || !onHome;
  const [menuOpen, setMenuOpen] = useState(false);
  // The menu stays mounted once opened, so it can close with its animation.
  const [menuMounted, setMenuMounted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const reserveHref = anchorHref("reservations", onHome);

  return (
    <header
      data-scrolled={solid ? "true" : "false"}
      className={cn(
        "fixed inset-x-0 top-0 z-40 transition-colors duration-300",
        solid
          ? "bg-white/95 text-ink shadow-sm backdrop-blur"
          : "bg-linear-to-b from-black/60 to-transparent text-white",
      )}
    >
      <nav
        aria-label="Hauptnavigation"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4"
      >
        <a
          href={anchorHref("home", onHome)}
          className="font-serif text-xl font-bold tracking-wide md:text-2xl"
        >
          {navbar.brand}
        </a>
        <ul className="hidden items-center gap-6 md:flex">
          {navbar.links.map((link) => (
            <li key={link.id}>
              <a
                href={anchorHref(link.id, onHome)}
                className="text-sm font-medium underline-offset-8 hover:underline"
              >
                {link.label}
              </a>
            </li>
          ))}
          <li>
            {/* Without scripts it leads to the footer's contact details; a press before the page
                has hydrated is kept for the dialog. */}
            <DialogLink
              href="#contact"
              keepPress
              onOpen={onContact}
              onPointerOver={onContactIntent}
              onFocus={onContactIntent}
              className="text-sm font-medium underline-offset-8 hover:underline"
            >
              {navbar.contact_label}
            </DialogLink>
          </li>
          <li>
            <Button asChild size="sm">
              <a href={reserveHref}>{navbar.reserve_label}</a>
            </Button>
          </li>
        </ul>
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className={cn("md:hidden", !solid && "text-white hover:bg-white/10")}
          aria-label="Menü öffnen"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onPointerOver={prefetchMobileMenu}
          onTouchStart={prefetchMobileMenu}
          onFocus={prefetchMobileMenu}
          onClick={() => {
            setMenuMounted(true);
            setMenuOpen(true);
          }}
        >
          <Menu className="size-6" aria-hidden="true" />
        </Button>
        {menuMounted ? (
          <Suspense fallback={null}>
            <MobileMenu
              navbar={navbar}
              onHome={onHome}
              open={menuOpen}
              onOpenChange={setMenuOpen}
              onContact={() => {
                onContactIntent?.();
                onContact();
              }}
              opener={menuButton}
            />
          </Suspense>
        ) : null}
      </nav>
    </header>
  );
}
