import type { ReactNode } from "react";
import type { FetcherWithComponents } from "react-router";
import { FormActions } from "../forms/form-actions.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { INTENT_FIELD, type StaffActionResult } from "../../lib/forms.ts";

/** 'Wirklich löschen?': an alert dialog whose confirm button sends the action through `fetcher`. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = "Abbrechen",
  pendingText = "Wird gelöscht...",
  intent,
  id,
  action,
  fetcher,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  pendingText?: string;
  intent: string;
  id: number | undefined;
  action: string;
  fetcher: FetcherWithComponents<StaffActionResult>;
  /** Where focus goes when the deleted thing's button is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" role="alertdialog" returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" action={action} className="mt-2">
          <input type="hidden" name={INTENT_FIELD} value={intent} />
          <input type="hidden" name="id" value={id ?? ""} />
          <FormActions
            onCancel={() => onOpenChange(false)}
            cancelLabel={cancelLabel}
            pending={fetcher.state !== "idle"}
            pendingText={pendingText}
          >
            {confirmLabel}
          </FormActions>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
