import { useRef, useState } from "react";
import { Field, SelectField } from "../../../../components/forms/field.tsx";
import { FormActions } from "../../../../components/forms/form-actions.tsx";
import { useClientCheck } from "../../../../components/forms/use-client-check.ts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../../components/ui/dialog.tsx";
import { INTENT_FIELD, saveMessages, type FieldErrors } from "../../../../lib/forms.ts";
import { menuActionMessages as A, type CategoryRow } from "../../menu-model.ts";
import { categoryFields, categorySchema, menuLimits, validateMenuForm } from "../../schema.ts";
import { ConfirmDialog } from "../../../../components/admin/confirm-dialog.tsx";
import { EditDeleteButtons } from "../../../../components/admin/row-controls.tsx";
import { useRowAction } from "../../../../components/admin/use-row-action.ts";

type TreeEntry = CategoryRow & { level: 0 | 1 };

/**
 * 'Kategorien verwalten': add or edit a category (name, display order, optional parent — only main
 * categories can be parents), the main categories with their subcategories, delete with the
 * confirmation of docs/product/menu.md#categories. The server checks the tree rules again.
 */
export function CategoryManager({
  open,
  onOpenChange,
  tree,
  action,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tree: readonly TreeEntry[];
  action: string;
}) {
  const [editing, setEditing] = useState<TreeEntry | undefined>();
  const [deleting, setDeleting] = useState<TreeEntry | undefined>();
  const [formKey, setFormKey] = useState(0);
  const { clientErrors, setClientErrors, check } = useClientCheck((values) => {
    const result = validateMenuForm(categorySchema, categoryFields, values);
    return result.success ? undefined : result.fieldErrors;
  });
  const formRef = useRef<HTMLFormElement>(null);
  const nameField = () => formRef.current?.querySelector<HTMLInputElement>("input[name=name]");
  const resetForm = () => {
    setEditing(undefined);
    setClientErrors(undefined);
    setFormKey((key) => key + 1);
  };
  // After a save the form starts over, ready for the next category.
  const afterSave = () => {
    resetForm();
    requestAnimationFrame(() => nameField()?.focus());
  };
  const save = useRowAction({ onDone: afterSave });
  const remove = useRowAction({
    onDone: (result) => {
      setDeleting(undefined);
      if (editing?.id === result.targetId) resetForm();
    },
  });
  const errors: FieldErrors = clientErrors ?? save.fieldErrors ?? {};

  // Only main categories can be parents, and a category that has subcategories cannot get a parent.
  const hasChildren = (id: number) => tree.some((entry) => entry.parent_id === id);
  const parentOptions = [
    { value: "", label: "Keine (Hauptkategorie)" },
    ...tree
      .filter((entry) => entry.level === 0 && entry.id !== editing?.id)
      .map((entry) => ({ value: String(entry.id), label: entry.name })),
  ];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) resetForm();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Kategorien verwalten</DialogTitle>
          <DialogDescription>
            Hauptkategorien und ihre Unterkategorien. Nur Hauptkategorien können Oberkategorien sein.
          </DialogDescription>
        </DialogHeader>

        <save.fetcher.Form
          key={formKey}
          method="post"
          action={action}
          ref={formRef}
          noValidate
          onSubmit={check}
          aria-label={editing ? `Kategorie ${editing.name} bearbeiten` : "Neue Kategorie"}
          className="space-y-4 rounded-lg border border-stone-200 bg-stone-50 p-4"
        >
          <p className="font-semibold">
            {editing ? `Kategorie „${editing.name}“ bearbeiten` : "Neue Kategorie"}
          </p>
          <input type="hidden" name={INTENT_FIELD} value="category-save" />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <Field
              label="Name *"
              errors={errors.name}
              inputProps={{
                name: "name",
                defaultValue: editing?.name ?? "",
                maxLength: menuLimits.categoryName,
                required: true,
              }}
            />
            <Field
              label="Reihenfolge"
              optional
              description="Kleinere Zahlen zuerst; leer: ans Ende"
              errors={errors.display_order}
              inputProps={{
                name: "display_order",
                // Text, not number: a number field turns 'abc' into '' without a word; this way the
                // schema's message says what is wrong.
                inputMode: "numeric",
                maxLength: 4,
                defaultValue: editing?.display_order ?? "",
              }}
            />
          </div>
          <SelectField
            label="Oberkategorie"
            optional
            errors={errors.parent_id}
            description={
              editing && hasChildren(editing.id)
                ? "Diese Kategorie hat Unterkategorien und bleibt deshalb eine Hauptkategorie."
                : undefined
            }
            options={parentOptions}
            selectProps={{
              name: "parent_id",
              defaultValue: editing?.parent_id === null || !editing ? "" : String(editing.parent_id),
              disabled: editing !== undefined && hasChildren(editing.id),
            }}
          />
          <FormActions
            onCancel={editing ? resetForm : undefined}
            pending={save.pending}
            pendingText={saveMessages.saving}
          >
            {editing ? "Änderungen speichern" : "Kategorie hinzufügen"}
          </FormActions>
        </save.fetcher.Form>

        {tree.length === 0 ? (
          <p className="py-4 text-center text-muted">Noch keine Kategorien.</p>
        ) : (
          <ul aria-label="Kategorien" className="max-h-80 divide-y divide-stone-100 overflow-y-auto">
            {tree.map((entry) => (
              <li
                key={entry.id}
                className={
                  entry.level === 1 ? "flex items-center gap-2 py-2 pl-6" : "flex items-center gap-2 py-2"
                }
              >
                <span className="min-w-0 flex-1">
                  <span className={entry.level === 0 ? "font-semibold" : undefined}>{entry.name}</span>
                  {entry.level === 1 ? <span className="sr-only"> (Unterkategorie)</span> : null}
                  <span className="ml-2 text-sm text-muted">
                    {entry.display_order === null ? "ohne Reihenfolge" : `Reihenfolge ${entry.display_order}`}
                  </span>
                </span>
                <EditDeleteButtons
                  editLabel={`Kategorie ${entry.name} bearbeiten`}
                  deleteLabel={`Kategorie ${entry.name} löschen`}
                  onEdit={() => {
                    setClientErrors(undefined);
                    setEditing(entry);
                    setFormKey((key) => key + 1);
                    requestAnimationFrame(() => nameField()?.focus());
                  }}
                  onDelete={() => setDeleting(entry)}
                />
              </li>
            ))}
          </ul>
        )}

        <ConfirmDialog
          open={deleting !== undefined}
          onOpenChange={(next) => (next ? undefined : setDeleting(undefined))}
          title={deleting ? `Kategorie „${deleting.name}“ löschen?` : "Kategorie löschen?"}
          description={A.categoryDeleteConfirm}
          confirmLabel="Löschen"
          intent="category-delete"
          returnFocusTo={nameField}
          id={deleting?.id}
          action={action}
          fetcher={remove.fetcher}
        />
      </DialogContent>
    </Dialog>
  );
}
