import { Check, Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import { Field, SelectField, TextareaField } from "../../../components/forms/field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import type { FieldErrors } from "../../../lib/forms.ts";
import { cn } from "../../../lib/utils.ts";
import type { Draft } from "../drafts.ts";
import {
  announcementPriorities,
  announcementTypes,
  createdOnText,
  priorityLabels,
  typeLabels,
  validUntilText,
  type AnnouncementField,
  type AnnouncementPriority,
  type AnnouncementValues,
} from "../schema.ts";
import { Badge, type BadgeTone } from "./badge.tsx";

const priorityTones: Record<AnnouncementPriority, BadgeTone> = {
  high: "red",
  medium: "amber",
  low: "stone",
};

const typeOptions = announcementTypes.map((type) => ({ value: type, label: typeLabels[type] }));
const priorityOptions = announcementPriorities.map((priority) => ({
  value: priority,
  label: priorityLabels[priority],
}));

export interface CardActions {
  onChange(changes: Partial<AnnouncementValues>): void;
  onToggleActive(): void;
  onToggleEdit(): void;
  onRemove(): void;
}

/** One announcement on 'Mitteilungen verwalten': read view, or inline editing after 'Bearbeiten'. */
export function AnnouncementCard({
  draft,
  editing,
  errors,
  today,
  disabled,
  actions,
}: {
  draft: Draft;
  editing: boolean;
  errors: FieldErrors<AnnouncementField>;
  today: string;
  disabled: boolean;
  actions: CardActions;
}) {
  const id = (field: string) => `${draft.key}-${field}`;
  const expired = draft.valid_until !== "" && draft.valid_until < today;
  return (
    <article
      id={id("card")}
      tabIndex={-1}
      aria-labelledby={id("heading")}
      className={cn(
        "rounded-lg border bg-white p-4 shadow-sm focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600 md:p-5",
        draft.is_active ? "border-stone-200" : "border-dashed border-stone-300 bg-stone-50",
      )}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={id("heading")} className="font-sans text-lg font-semibold break-words">
            {draft.title.trim() || "Neue Mitteilung"}
          </h2>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone={priorityTones[draft.priority]}>{priorityLabels[draft.priority]}</Badge>
            <Badge tone={draft.is_active ? "green" : "stone"}>{draft.is_active ? "Aktiv" : "Inaktiv"}</Badge>
            {expired ? <Badge tone="outline">Abgelaufen</Badge> : null}
            <span className="text-sm text-muted">
              {draft.created_at ? `Erstellt am ${createdOnText(draft.created_at)}` : "Noch nicht gespeichert"}
            </span>
          </div>
        </div>
        {/* Without scripts these do nothing: hidden there (by CSS, so that nothing moves at hydration). */}
        <div className="flex shrink-0 flex-wrap gap-2 noscript:hidden">
          <Button variant="outline" size="sm" disabled={disabled} onClick={actions.onToggleActive}>
            {draft.is_active ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {draft.is_active ? "Deaktivieren" : "Aktivieren"}
          </Button>
          <Button
            variant={editing ? "default" : "outline"}
            size="sm"
            disabled={disabled}
            aria-expanded={editing}
            aria-controls={id("body")}
            onClick={actions.onToggleEdit}
          >
            {editing ? <Check aria-hidden="true" /> : <Pencil aria-hidden="true" />}
            {editing ? "Fertig" : "Bearbeiten"}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-9 text-brand-700 hover:bg-brand-50 hover:text-brand-800"
            disabled={disabled}
            aria-label="Mitteilung löschen"
            onClick={actions.onRemove}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div id={id("body")} className="mt-4">
        {editing ? (
          <EditFields draft={draft} errors={errors} id={id} onChange={actions.onChange} />
        ) : (
          <>
            <p className="break-words whitespace-pre-line text-ink">{draft.content}</p>
            <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted">
              <div className="flex gap-1">
                <dt>Typ:</dt>
                <dd>{typeLabels[draft.type]}</dd>
              </div>
              <div className="flex gap-1">
                <dt className="sr-only">Gültigkeit:</dt>
                <dd>{draft.valid_until ? validUntilText(draft.valid_until) : "Ohne Ablaufdatum"}</dd>
              </div>
            </dl>
          </>
        )}
      </div>
    </article>
  );
}

function EditFields({
  draft,
  errors,
  id,
  onChange,
}: {
  draft: Draft;
  errors: FieldErrors<AnnouncementField>;
  id: (field: string) => string;
  onChange: CardActions["onChange"];
}) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Field
        className="md:col-span-3"
        id={id("title")}
        label="Titel"
        errors={errors.title}
        inputProps={{ value: draft.title, onChange: (event) => onChange({ title: event.target.value }) }}
      />
      <TextareaField
        className="md:col-span-3"
        id={id("content")}
        label="Inhalt"
        errors={errors.content}
        textareaProps={{
          value: draft.content,
          rows: 5,
          // A fixed height the staff member can drag, rather than one that grows with the text.
          className: "min-h-28 resize-y [field-sizing:fixed]",
          onChange: (event) => onChange({ content: event.target.value }),
        }}
      />
      <SelectField
        id={id("type")}
        label="Typ"
        errors={errors.type}
        options={typeOptions}
        selectProps={{
          value: draft.type,
          onChange: (event) => onChange({ type: event.target.value as AnnouncementValues["type"] }),
        }}
      />
      <SelectField
        id={id("priority")}
        label="Priorität"
        errors={errors.priority}
        options={priorityOptions}
        selectProps={{
          value: draft.priority,
          onChange: (event) => onChange({ priority: event.target.value as AnnouncementPriority }),
        }}
      />
      <Field
        id={id("valid_until")}
        label="Gültig bis"
        description="Leer lassen, wenn die Mitteilung unbegrenzt gilt. Am angegebenen Tag wird sie noch angezeigt."
        errors={errors.valid_until}
        inputProps={{
          type: "date",
          value: draft.valid_until,
          onChange: (event) => onChange({ valid_until: event.target.value }),
        }}
      />
    </div>
  );
}
