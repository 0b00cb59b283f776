import type { RefObject } from "react";
import { Button } from "../../../components/ui/button.tsx";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetTitle,
} from "../../../components/ui/sheet.tsx";
import type { NavbarContent } from "../../../common/content/schemas.ts";
import { anchorHref } from "../site-frame.ts";

/**
 * The navigation bar's full-screen menu below 768 px. Its own module, loaded when a guest reaches for
 * the menu button (site-navbar.tsx), so the dialog library is not part of the pages' first load
 * (decision 0008). The button is not a Radix trigger, so focus goes back to it here on close, as it
 * did with one.
 */
export function MobileMenu({
  navbar,
  onHome,
  open,
  onOpenChange,
  onContact,
  opener,
}: {
  navbar: NavbarContent;
  onHome: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onContact: () => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="full"
        className="bg-ink text-white"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
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
                onOpenChange(false);
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
              <a href={anchorHref("reservations", onHome)}>{navbar.reserve_label}</a>
            </Button>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  );
}
