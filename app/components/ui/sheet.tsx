import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

/** A drawer that slides in from a side: the mobile menus. Same focus and Escape handling as Dialog. */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

const sides = {
  left: "inset-y-0 left-0 h-full w-72 max-w-[85vw] data-[state=open]:animate-[sheet-in-left_200ms_ease-out]",
  right:
    "inset-y-0 right-0 h-full w-72 max-w-[85vw] data-[state=open]:animate-[sheet-in-right_200ms_ease-out]",
  full: "inset-0 h-full w-full data-[state=open]:animate-[sheet-in-right_250ms_ease-out]",
} as const;

export function SheetContent({
  className,
  children,
  side = "left",
  closeLabel = "Menü schließen",
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { side?: keyof typeof sides; closeLabel?: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        className={cn(
          "fixed z-50 flex flex-col bg-white shadow-xl focus:outline-none motion-reduce:animate-none",
          sides[side],
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute top-3 right-3 rounded-md p-2 text-muted hover:bg-stone-100 hover:text-ink"
          aria-label={closeLabel}
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
