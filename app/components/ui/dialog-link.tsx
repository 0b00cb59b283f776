import type { ComponentProps, KeyboardEvent, MouseEvent } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";

/**
 * A control that opens a dialog, written as a link to a page (or place) with the same content: until
 * the page has hydrated — and in a new tab, or without scripts — it leads there, so a first tap is
 * never lost; once hydrated it is a button that opens the dialog in place (docs/decisions/0029).
 * `keepPress` keeps a press made before hydration for the dialog instead (app/lib/early-input.ts):
 * for a link whose place is only a fallback for a browser without scripts, such as the footer's
 * contact details. Such a control is a button from the first paint, since that is what it does.
 */
export function DialogLink({
  onOpen,
  keepPress = false,
  onClick,
  onKeyDown,
  ...props
}: ComponentProps<"a"> & { href: string; onOpen: () => void; keepPress?: boolean }) {
  const hydrated = useHydrated();
  return (
    <a
      {...props}
      role={hydrated || keepPress ? "button" : undefined}
      aria-haspopup={hydrated || keepPress ? "dialog" : undefined}
      data-keep-press={keepPress ? "" : undefined}
      // `defaultPrevented` says nothing here: the script that keeps early presses prevents a kept
      // link's default itself (app/lib/early-input.ts), also when React handles the press at once.
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLAnchorElement>) => {
        onKeyDown?.(event);
        // A button opens with the space bar too (a link only with Enter, which clicks it).
        if (event.key !== " ") return;
        event.preventDefault();
        onOpen();
      }}
    />
  );
}
