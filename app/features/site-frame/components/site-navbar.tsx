import { Menu } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from "../../../components/ui/sheet.tsx";
import { cn } from "../../../lib/utils.ts";
import type { NavbarContent } from "../../../lib/content/schemas.ts";

export const SCROLL_THRESHOLD_PX = 20;

/** `#about` on the home page, `/#about` elsewhere, so the links work from every page. */
export const anchorHref = (id: string, onHome: boolean) => (onHome ? `#${id}` : `/#${id}`);

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
 * The navigation bar: brand, in-page anchors, contact button, 'Reservieren'. Transparent over the
 * home page's hero until the page has scrolled more than 20 px; a full-screen menu below 768 px.
 */
export function SiteNavbar({
  navbar,
  onHome,
  onContact,
}: {
  navbar: NavbarContent;
  onHome: boolean;
  onContact: () => void;
}) {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const solid = scrolled || !onHome;
  const [menuOpen, setMenuOpen] = useState(false);
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
            <button
              type="button"
              onClick={onContact}
              className="text-sm font-medium underline-offset-8 hover:underline"
            >
              {navbar.contact_label}
            </button>
          </li>
          <li>
            <Button asChild size="sm">
              <a href={reserveHref}>{navbar.reserve_label}</a>
            </Button>
          </li>
        </ul>
        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className={cn("md:hidden", !solid && "text-white hover:bg-white/10")}
              aria-label="Menü öffnen"
            >
              <Menu className="size-6" aria-hidden="true" />
            </Button>
          </SheetTrigger>
          <SheetContent side="full" className="bg-ink text-white">
            <SheetTitle className="px-6 pt-5 font-serif text-2xl font-bold">{navbar.brand}</SheetTitle>
            <SheetDescription className="sr-only">Navigation</SheetDescription>
            <ul className="mt-10 flex flex-col gap-2 px-6 text-2xl">
              {navbar.links.map((link) => (
                <li key={link.id}>
                  <SheetClose asChild>
                    <a href={anchorHref(link.id, onHome)} className="block py-3 font-serif">
                      {link.label}
                    </a>
                  </SheetClose>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  className="block py-3 text-left font-serif"
                  onClick={() => {
                    setMenuOpen(false);
                    onContact();
                  }}
                >
                  {navbar.contact_label}
                </button>
              </li>
            </ul>
            <div className="mt-auto p-6">
              <SheetClose asChild>
                <Button asChild size="lg" className="w-full">
                  <a href={reserveHref}>{navbar.reserve_label}</a>
                </Button>
              </SheetClose>
            </div>
          </SheetContent>
        </Sheet>
      </nav>
    </header>
  );
}
