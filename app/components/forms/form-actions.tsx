import type { ReactNode } from "react";
import { cn } from "../../lib/utils.ts";
import { Button } from "../ui/button.tsx";
import { StatusButton } from "./status-button.tsx";

/**
 * The end of a dialog's form: 'Abbrechen' (when there is something to cancel) and the submit button
 * with its pending state, side by side on wide screens, submit on top on phones.
 */
export function FormActions({
  onCancel,
  cancelLabel = "Abbrechen",
  pending,
  pendingText,
  className,
  children,
}: {
  onCancel?: () => void;
  cancelLabel?: string;
  pending: boolean;
  pendingText: string;
  className?: string;
  /** The submit button's label. */
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>
      {onCancel ? (
        <Button type="button" variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
      ) : null}
      <StatusButton status={pending ? "pending" : "idle"} pendingText={pendingText}>
        {children}
      </StatusButton>
    </div>
  );
}
