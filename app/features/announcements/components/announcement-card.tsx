import { Check, Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { FieldError, Label } from "../../../components/ui/label.tsx";
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

const fieldClasses =
  "w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-ink focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-brand-700 md:text-sm";

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
        <div className="flex shrink-0 flex-wrap gap-2">
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
  const invalid = (field: AnnouncementField, extra?: string) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby":
      [errors[field] ? id(`${field}-error`) : undefined, extra].filter(Boolean).join(" ") || undefined,
  });
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Field
        className="md:col-span-3"
        label="Titel"
        htmlFor={id("title")}
        error={errors.title}
        errorId={id("title-error")}
      >
        <Input
          id={id("title")}
          value={draft.title}
          onChange={(event) => onChange({ title: event.target.value })}
          {...invalid("title")}
        />
      </Field>
      <Field
        className="md:col-span-3"
        label="Inhalt"
        htmlFor={id("content")}
        error={errors.content}
        errorId={id("content-error")}
      >
        <textarea
          id={id("content")}
          value={draft.content}
          rows={5}
          onChange={(event) => onChange({ content: event.target.value })}
          className={cn(fieldClasses, "min-h-28 resize-y")}
          {...invalid("content")}
        />
      </Field>
      <Field label="Typ" htmlFor={id("type")} error={errors.type} errorId={id("type-error")}>
        <select
          id={id("type")}
          value={draft.type}
          onChange={(event) => onChange({ type: event.target.value as AnnouncementValues["type"] })}
          className={cn(fieldClasses, "h-10 py-0")}
          {...invalid("type")}
        >
          {announcementTypes.map((type) => (
            <option key={type} value={type}>
              {typeLabels[type]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Priorität"
        htmlFor={id("priority")}
        error={errors.priority}
        errorId={id("priority-error")}
      >
        <select
          id={id("priority")}
          value={draft.priority}
          onChange={(event) => onChange({ priority: event.target.value as AnnouncementPriority })}
          className={cn(fieldClasses, "h-10 py-0")}
          {...invalid("priority")}
        >
          {announcementPriorities.map((priority) => (
            <option key={priority} value={priority}>
              {priorityLabels[priority]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Gültig bis"
        htmlFor={id("valid_until")}
        error={errors.valid_until}
        errorId={id("valid_until-error")}
      >
        <Input
          id={id("valid_until")}
          type="date"
          value={draft.valid_until}
          onChange={(event) => onChange({ valid_until: event.target.value })}
          {...invalid("valid_until", id("valid_until-hint"))}
        />
        <p id={id("valid_until-hint")} className="text-xs text-muted">
          Leer lassen, wenn die Mitteilung unbegrenzt gilt. Am angegebenen Tag wird sie noch angezeigt.
        </p>
      </Field>
    </div>
  );
}

function Field({
  label,
  htmlFor,
  error,
  errorId,
  className,
  children,
}: {
  label: string;
  htmlFor: string;
  error: string | undefined;
  errorId: string;
  className?: string;
  children: ComponentProps<"div">["children"];
}) {
  return (
    <div className={cn("space-y-2", className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
