import { Plus, Trash2 } from "lucide-react";
import type { ChangeEvent, MouseEvent, ReactNode } from "react";
import { ErrorList, Field } from "../../../../components/forms/field.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { INTENT_FIELD, type FieldErrors } from "../../../../lib/forms.ts";
import { listEditIntent, type ListEdit, type SettingsList } from "../../settings-form.ts";
import {
  MAX_LIST_ROWS,
  MAX_NOTE_LENGTH,
  settingsLabels as L,
  type ClosureDraft,
  type ExceptionDraft,
} from "../../settings-schema.ts";

/**
 * 'Schließtage' and 'Ausnahmen': rows to add and remove. The buttons are submit buttons, so without
 * JavaScript the action edits the rows (`settings-form.ts`); once the scripts run, the screen edits
 * them itself (`onEdit`) and nothing is sent until 'Speichern'.
 */

export const listButtonId = (list: SettingsList, kind: "add" | "remove", index = 0) =>
  kind === "add" ? `${list}-add` : `${list}-${index}-remove`;
export const rowFieldId = (list: SettingsList, index: number, field: string) => `${list}-${index}-${field}`;

interface ListProps<Row> {
  rows: Row[];
  errors: FieldErrors;
  canChange: boolean;
  /** Set once the scripts run: the screen edits the rows itself. */
  onEdit: ((edit: ListEdit) => void) | undefined;
  onChange: (index: number, field: keyof Row & string, value: string) => void;
}

function ListButton({
  edit,
  onEdit,
  label,
  children,
}: {
  edit: ListEdit;
  onEdit: ListProps<unknown>["onEdit"];
  label?: string;
  children: ReactNode;
}) {
  const click = onEdit
    ? (event: MouseEvent) => {
        event.preventDefault();
        onEdit(edit);
      }
    : undefined;
  return (
    <Button
      type="submit"
      id={listButtonId(edit.list, edit.kind, edit.index)}
      name={INTENT_FIELD}
      value={listEditIntent(edit)}
      variant="outline"
      size="sm"
      aria-label={label}
      onClick={click}
    >
      {children}
    </Button>
  );
}

function ListFrame({
  list,
  title,
  description,
  empty,
  addLabel,
  count,
  errors,
  canChange,
  onEdit,
  children,
}: {
  list: SettingsList;
  title: string;
  description: string;
  empty: string;
  addLabel: string;
  count: number;
  errors: FieldErrors;
  canChange: boolean;
  onEdit: ListProps<unknown>["onEdit"];
  children: ReactNode;
}) {
  const titleId = `${list}-title`;
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div>
        <h3 id={titleId} className="font-sans text-base font-semibold">
          {title}
        </h3>
        <p className="mt-1 text-sm text-muted">{description}</p>
      </div>
      {count === 0 ? (
        <p className="text-sm italic text-muted">{empty}</p>
      ) : (
        <ol className="space-y-3">{children}</ol>
      )}
      <ErrorList id={`${list}-error`} errors={errors[list]} />
      {canChange && count < MAX_LIST_ROWS ? (
        <ListButton edit={{ kind: "add", list, index: count }} onEdit={onEdit}>
          <Plus aria-hidden="true" />
          {addLabel}
        </ListButton>
      ) : null}
    </section>
  );
}

const rowClasses =
  "grid gap-3 rounded-md border border-stone-200 bg-stone-50 p-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-start";

export function ClosureList({ rows, errors, canChange, onEdit, onChange }: ListProps<ClosureDraft>) {
  return (
    <ListFrame
      list="closures"
      title={L.closures}
      description="Zeiträume, in denen keine Anfragen angenommen werden, z. B. Betriebsferien. Der Hinweis wird Gästen gezeigt, die einen dieser Tage wählen."
      empty="Keine Schließtage eingetragen."
      addLabel="Zeitraum hinzufügen"
      count={rows.length}
      errors={errors}
      canChange={canChange}
      onEdit={onEdit}
    >
      {rows.map((row, index) => {
        const name = (field: keyof ClosureDraft) => `closures.${index}.${field}`;
        const input = (field: keyof ClosureDraft) => ({
          name: name(field),
          value: row[field],
          onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(index, field, event.target.value),
        });
        return (
          <li key={index}>
            <fieldset className={rowClasses}>
              <legend className="sr-only">Zeitraum {index + 1}</legend>
              <Field
                label="Erster Tag"
                id={rowFieldId("closures", index, "from")}
                errors={errors[name("from")]}
                inputProps={{ type: "date", ...input("from") }}
              />
              <Field
                label="Letzter Tag"
                id={rowFieldId("closures", index, "to")}
                errors={errors[name("to")]}
                inputProps={{ type: "date", ...input("to") }}
              />
              <Field
                label="Hinweis für Gäste"
                optional
                id={rowFieldId("closures", index, "note")}
                errors={errors[name("note")]}
                inputProps={{
                  maxLength: MAX_NOTE_LENGTH,
                  placeholder: "z. B. Betriebsferien",
                  ...input("note"),
                }}
              />
              {canChange ? (
                <div className="lg:pt-8">
                  <ListButton
                    edit={{ kind: "remove", list: "closures", index }}
                    onEdit={onEdit}
                    label={`Zeitraum ${index + 1} entfernen`}
                  >
                    <Trash2 aria-hidden="true" />
                    Entfernen
                  </ListButton>
                </div>
              ) : null}
            </fieldset>
          </li>
        );
      })}
    </ListFrame>
  );
}

export function ExceptionList({ rows, errors, canChange, onEdit, onChange }: ListProps<ExceptionDraft>) {
  return (
    <ListFrame
      list="exceptions"
      title={L.exceptions}
      description="Einzelne Tage mit eigenen Öffnungszeiten statt der üblichen, z. B. am 24.12. nur 17:00–21:00."
      empty="Keine Ausnahmen eingetragen."
      addLabel="Ausnahme hinzufügen"
      count={rows.length}
      errors={errors}
      canChange={canChange}
      onEdit={onEdit}
    >
      {rows.map((row, index) => {
        const name = (field: keyof ExceptionDraft) => `exceptions.${index}.${field}`;
        const input = (field: keyof ExceptionDraft) => ({
          name: name(field),
          value: row[field],
          onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(index, field, event.target.value),
        });
        return (
          <li key={index}>
            <fieldset className={`${rowClasses} lg:grid-cols-5`}>
              <legend className="sr-only">Ausnahme {index + 1}</legend>
              <Field
                label="Datum"
                id={rowFieldId("exceptions", index, "date")}
                errors={errors[name("date")]}
                inputProps={{ type: "date", ...input("date") }}
              />
              <Field
                label="Öffnet"
                id={rowFieldId("exceptions", index, "opens")}
                errors={errors[name("opens")]}
                inputProps={{ type: "time", ...input("opens") }}
              />
              <Field
                label="Schließt"
                id={rowFieldId("exceptions", index, "closes")}
                errors={errors[name("closes")]}
                inputProps={{ type: "time", ...input("closes") }}
              />
              <Field
                label="Hinweis für Gäste"
                optional
                id={rowFieldId("exceptions", index, "note")}
                errors={errors[name("note")]}
                inputProps={{
                  maxLength: MAX_NOTE_LENGTH,
                  placeholder: "z. B. Heiligabend",
                  ...input("note"),
                }}
              />
              {canChange ? (
                <div className="lg:pt-8">
                  <ListButton
                    edit={{ kind: "remove", list: "exceptions", index }}
                    onEdit={onEdit}
                    label={`Ausnahme ${index + 1} entfernen`}
                  >
                    <Trash2 aria-hidden="true" />
                    Entfernen
                  </ListButton>
                </div>
              ) : null}
            </fieldset>
          </li>
        );
      })}
    </ListFrame>
  );
}
