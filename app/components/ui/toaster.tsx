import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import { toastAreaMounted } from "../../lib/toasts.ts";

/**
 * Toasts (sonner), announced to screen readers. Our own colours instead of sonner's `richColors`,
 * whose green and red text miss the WCAG AA contrast ratio.
 */
const toastClasses = {
  toast: "!border !shadow-lg",
  title: "!font-semibold",
  description: "!text-inherit",
  success: "!border-green-700/30 !bg-green-50 !text-green-900",
  error: "!border-brand-700/30 !bg-brand-50 !text-brand-800",
  warning: "!border-amber-700/30 !bg-amber-50 !text-amber-900",
  info: "!border-stone-300 !bg-white !text-ink",
};

export function Toaster() {
  // After the library's own effect (a child's effects run first): it listens by now.
  useEffect(toastAreaMounted, []);
  return (
    <Sonner
      position="bottom-right"
      closeButton
      toastOptions={{ classNames: toastClasses }}
      containerAriaLabel="Benachrichtigungen"
    />
  );
}

export { toast };
