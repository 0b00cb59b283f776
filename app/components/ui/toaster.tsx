import { Toaster as Sonner, toast } from "sonner";

/** Toasts (sonner): announced politely to screen readers, bottom right, German close label. */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      richColors
      closeButton
      toastOptions={{ closeButton: true }}
      containerAriaLabel="Benachrichtigungen"
    />
  );
}

export { toast };
