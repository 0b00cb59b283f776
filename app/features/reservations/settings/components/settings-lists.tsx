import { Plus, Trash2 } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { ErrorList, Field } from "../../../../components/forms/field.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { cn } from "../../../../lib/utils.ts";
import { INTENT_FIELD, type FieldErrors } from "../../../../lib/forms.ts";
import { listEditIntent, type ListEdit, type SettingsList } from "../settings-form.ts";
import { MAX_LIST_ROWS, MAX_NOTE_LENGTH, settingsLabels as L } from "../settings-schema.ts";

/**
 * 'Schließtage' and 'Ausnahmen': rows to add and remove. The buttons are submit buttons, so without
 * JavaScript the action edits the rows (`settings-form.ts`); once the scripts run, the screen edits
 * them itself (`onEdit`) and nothing is sent until 'Speichern'.
 */

export const listButtonId = (list: SettingsList, kind: "add" | "remove", index = 0) =>
  kind === "add" ? `${list}-add` : `${list}-${index}-remove`;
export const rowFieldId = (list: SettingsList, index: number, field: string) => `${list}-${index}-${field}`;

interface Column {
  field: string;
  label: string;
  type: "date" | "time" | "text";
  placeholder?: string;
}

/** What each list shows: its texts and a row's fields, the first one taking the keyboard after an add. */
const lists = {
  closures: {
    title: L.closures,
    description:
      "Zeiträume, in denen keine Anfragen angenommen werden, z. B. Betriebsferien. Der Hinweis wird Gästen gezeigt, die einen dieser Tage wählen.",
    empty: "Keine Schließtage eingetragen.",
    add: "Zeitraum hinzufügen",
    row: "Zeitraum",
    columns: [
      { field: "from", label: "Erster Tag", type: "date" },
      { field: "to", label: "Letzter Tag", type: "date" },
      { field: "note", label: "Hinweis für Gäste", type: "text", placeholder: "z. B. Betriebsferien" },
    ],
  },
  exceptions: {
    title: L.exceptions,
    description:
      "Einzelne Tage mit eigenen Öffnungszeiten statt der üblichen, z. B. am 24.12. nur 17:00–21:00.",
    empty: "Keine Ausnahmen eingetragen.",
    add: "Ausnahme hinzufügen",
    row: "Ausnahme",
    columns: [
      { field: "date", label: "Datum", type: "date" },
      { field: "opens", label: "Öffnet", type: "time" },
      { field: "closes", label: "Schließt", type: "time" },
      { field: "note", label: "Hinweis für Gäste", type: "text", placeholder: "z. B. Heiligabend" },
    ],
  },
} satisfies Record<SettingsList, { columns: Column[] } & Record<string, unknown>>;

/** The field that takes the keyboard in a new row. */
export const firstFieldOf = (list: SettingsList) => lists[list].columns[0]?.field ?? "";

function ListButton({
  edit,
  onEdit,
  label,
  children,
}: {
  edit: ListEdit;
  onEdit: ((edit: ListEdit) => void) | undefined;
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

export function SettingsRows({
  list,
  rows,
  errors,
  canChange,
  onEdit,
  onChange,
}: {
  list: SettingsList;
  rows: ReadonlyArray<Readonly<Record<string, string>>>;
  errors: FieldErrors;
  canChange: boolean;
  /** Set once the scripts run: the screen edits the rows itself. */
  onEdit: ((edit: ListEdit) => void) | undefined;
  onChange: (list: SettingsList, index: number, field: string, value: string) => void;
}) {
  const texts = lists[list];
  const titleId = `${list}-title`;
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div>
        <h3 id={titleId} className="font-sans text-base font-semibold">
          {texts.title}
        </h3>
        <p className="mt-1 text-sm text-muted">{texts.description}</p>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm italic text-muted">{texts.empty}</p>
      ) : (
        <ol className="space-y-3">
          {rows.map((row, index) => (
            <li key={index}>
              <fieldset
                className={cn(
                  "grid gap-3 rounded-md border border-stone-200 bg-stone-50 p-3 sm:grid-cols-2 lg:items-start",
                  list === "closures" ? "lg:grid-cols-4" : "lg:grid-cols-5",
                )}
              >
                <legend className="sr-only">
                  {texts.row} {index + 1}
                </legend>
                {texts.columns.map((column: Column) => {
                  const name = `${list}.${index}.${column.field}`;
                  return (
                    <Field
                      key={column.field}
                      label={column.label}
                      optional={column.type === "text"}
                      id={rowFieldId(list, index, column.field)}
                      errors={errors[name]}
                      inputProps={{
                        type: column.type,
                        name,
                        value: row[column.field] ?? "",
                        placeholder: column.placeholder,
                        ...(column.type === "text" ? { maxLength: MAX_NOTE_LENGTH } : {}),
                        onChange: (event) => onChange(list, index, column.field, event.target.value),
                      }}
                    />
                  );
                })}
                {canChange ? (
                  <div className="lg:pt-8">
                    <ListButton
                      edit={{ kind: "remove", list, index }}
                      onEdit={onEdit}
                      label={`${texts.row} ${index + 1} entfernen`}
                    >
                      <Trash2 aria-hidden="true" />
                      Entfernen
                    </ListButton>
                  </div>
                ) : null}
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      <ErrorList id={`${list}-error`} errors={errors[list]} />
      {canChange && rows.length < MAX_LIST_ROWS ? (
        <ListButton edit={{ kind: "add", list, index: rows.length }} onEdit={onEdit}>
          <Plus aria-hidden="true" />
          {texts.add}
        </ListButton>
      ) : null}
    </section>
  );
}
