import { Check, CircleAlert, LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "../ui/button.tsx";

/** Where a submission stands, as its button shows it. */
export type SubmitStatus = "idle" | "pending" | "success" | "error";

/**
 * A submit button that shows where its submission stands (decision 0010). While pending it says so
 * ('Speichere...'), cannot be pressed twice and is marked busy; a polite live region next to it says
 * the same to screen readers, which do not announce a button's label changing. Success and error show
 * an icon; their text comes from the screen's toast or notice, or from `statusText`.
 */
export function StatusButton({
  status = "idle",
  pendingText,
  statusText,
  icon,
  children,
  disabled,
  ...props
}: Omit<ButtonProps, "asChild"> & {
  status?: SubmitStatus;
  /** The label while pending, e.g. 'Speichere...'. */
  pendingText: string;
  /** Said to screen readers on success or error, when no toast or notice says it. */
  statusText?: Partial<Record<"success" | "error", string>>;
  /** The icon before the label when idle. */
  icon?: ReactNode;
}) {
  const pending = status === "pending";
  const stateIcon = {
    idle: icon,
    pending: <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />,
    success: <Check aria-hidden="true" />,
    error: <CircleAlert aria-hidden="true" />,
  }[status];
  const announcement = pending ? pendingText : status === "idle" ? "" : (statusText?.[status] ?? "");
  return (
    <>
      <Button
        type="submit"
        {...props}
        disabled={disabled || pending}
        aria-busy={pending || undefined}
        data-status={status}
      >
        {stateIcon}
        {pending ? pendingText : children}
      </Button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
