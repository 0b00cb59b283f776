import { Toaster as Sonner, toast } from "sonner";

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
