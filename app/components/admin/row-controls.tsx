import { ArrowDown, ArrowUp, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import type { FetcherWithComponents } from "react-router";
import { Button } from "../ui/button.tsx";
import { INTENT_FIELD, type StaffActionResult } from "../../lib/forms.ts";
import { blocked } from "./blocked.ts";

/** One action on one row (move, put on the card, hide…): a small form with the intent, the id and any other fields. */
export function ActionForm({
  fetcher,
  action,
  intent,
  id,
  fields = {},
  children,
}: {
  fetcher: FetcherWithComponents<StaffActionResult>;
  action: string;
  intent: string;
  id: number;
  fields?: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </fetcher.Form>
  );
}

/** The pencil and the bin of a row, named for screen readers ('Pizza bearbeiten'). */
export function EditDeleteButtons({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button type="button" variant="ghost" size="icon" aria-label={editLabel} onClick={onEdit}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="text-brand-700"
        aria-label={deleteLabel}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </>
  );
}

/** One place up or down: an arrow that keeps the focus even when it cannot move any further. */
export function MoveButton({
  fetcher,
  action,
  intent,
  id,
  direction,
  isBlocked,
  label,
}: {
  fetcher: FetcherWithComponents<StaffActionResult>;
  action: string;
  intent: string;
  id: number;
  direction: "up" | "down";
  isBlocked: boolean;
  label: string;
}) {
  return (
    <ActionForm fetcher={fetcher} action={action} intent={intent} id={id} fields={{ direction }}>
      <Button type="submit" variant="ghost" size="icon" {...blocked(isBlocked)} aria-label={label}>
        {direction === "up" ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />}
      </Button>
    </ActionForm>
  );
}
