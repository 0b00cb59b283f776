import { Eye, EyeOff } from "lucide-react";
import type { FetcherWithComponents } from "react-router";
import type { StaffActionResult } from "../../lib/forms.ts";
import { cn } from "../../lib/utils.ts";
import { Button } from "../ui/button.tsx";
import { ActionForm } from "./row-controls.tsx";

/** The words of a row that guests see or do not: 'Sichtbar'/'Versteckt', 'Verstecken'/'Anzeigen'… */
export interface VisibilityLabels {
  visible: string;
  hidden: string;
  hide: string;
  show: string;
  /** The button's name for screen readers, with the row's name ('Pizza verstecken'). */
  toggleName: (rowName: string, visible: boolean) => string;
}

/** Whether guests see the row: green 'visible', grey 'hidden'. */
export function VisibilityBadge({
  visible,
  labels,
  className,
}: {
  visible: boolean;
  labels: VisibilityLabels;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "shrink-0 rounded-full border px-2 py-0.5 text-xs font-semibold",
        visible
          ? "border-green-700 bg-green-50 text-green-900"
          : "border-stone-400 bg-stone-100 text-stone-800",
        className,
      )}
    >
      {visible ? labels.visible : labels.hidden}
    </span>
  );
}

/** Hides or shows the row: one small form whose `field` says what it becomes. */
export function VisibilityToggle({
  fetcher,
  action,
  intent,
  id,
  field,
  visible,
  rowName,
  labels,
}: {
  fetcher: FetcherWithComponents<StaffActionResult>;
  action: string;
  intent: string;
  id: number;
  field: string;
  visible: boolean;
  rowName: string;
  labels: VisibilityLabels;
}) {
  return (
    <ActionForm
      fetcher={fetcher}
      action={action}
      intent={intent}
      id={id}
      fields={{ [field]: visible ? "false" : "true" }}
    >
      <Button type="submit" size="sm" variant="outline" aria-label={labels.toggleName(rowName, visible)}>
        {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        {visible ? labels.hide : labels.show}
      </Button>
    </ActionForm>
  );
}

/** The shown state while a toggle is on its way: as the server will have it once it answers. */
export function pendingVisibility(
  fetcher: FetcherWithComponents<StaffActionResult>,
  field: string,
  stored: boolean,
): boolean {
  const pending = fetcher.formData?.get(field);
  return typeof pending === "string" ? pending === "true" : stored;
}
