import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useRef, type ComponentProps, type ReactNode } from "react";
import { cn } from "../../lib/utils.ts";

/**
 * Modal dialog (Radix): focus stays inside, Escape and a click on the backdrop close it, page
 * scrolling is locked while it is open. The close button is labelled 'Dialog schließen'.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  className,
  children,
  footer,
  onOpenAutoFocus,
  onCloseAutoFocus,
  returnFocusTo,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  footer?: ReactNode;
  /** Where focus goes on close when what opened the dialog is gone (e.g. the card just deleted). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  // Radix gives focus back to a DialogTrigger only. Dialogs opened from a plain button (the home
  // page's actions, the navbar's contact button) give it back to whatever had it when they opened.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 data-[state=open]:animate-in" />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-2xl focus:outline-none",
          className,
        )}
        onOpenAutoFocus={(event) => {
          const focused = document.activeElement;
          opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const target = opener.current?.isConnected ? opener.current : returnFocusTo?.();
          if (!target) return;
          event.preventDefault();
          target.focus({ preventScroll: true });
        }}
        {...props}
      >
        <div className="overflow-y-auto p-6">{children}</div>
        {footer ? (
          <div className="border-t border-stone-200 px-6 py-3 text-center text-sm text-muted">{footer}</div>
        ) : null}
        <DialogPrimitive.Close
          className="absolute top-3 right-3 rounded-md p-1.5 text-muted hover:bg-stone-100 hover:text-ink"
          aria-label="Dialog schließen"
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mb-4 flex flex-col gap-1.5 pr-8", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn("font-serif text-2xl font-semibold text-ink", className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted", className)} {...props} />;
}
