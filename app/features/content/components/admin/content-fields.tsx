import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import type { ChangeEvent, MouseEvent, ReactNode } from "react";
import {
  descriptionIdOf,
  ErrorList,
  errorIdOf,
  Field,
  fieldWiring,
  TextareaField,
} from "../../../../components/forms/field.tsx";
import { PictureField } from "../../../../common/pictures/admin/picture-field.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import type { FieldErrors } from "../../../../lib/forms.ts";
import {
  getAt,
  INTENT_FIELD,
  listIntent,
  type Draft,
  type DraftObject,
  type ListAction,
} from "../../content-form.ts";
import type { FieldSpec, ListFieldSpec, TextFieldSpec } from "./tab-fields.ts";

/** What the fields of one tab's form share: the value as typed, its messages, and how to change it. */
export interface FormModel {
  tab: string;
  draft: DraftObject;
  errors: FieldErrors;
  setField(path: string, value: string): void;
  /** Runs a list button in the browser (without JavaScript the button submits instead). */
  runListAction(action: ListAction): void;
  listMax(list: string): number;
}

/** Element ids from field paths: `hero-background_image_url`, `navigation-links-1-label`. */
export const fieldId = (tab: string, path: string) => `${tab}-${path.replaceAll(".", "-")}`;
export const listButtonId = (tab: string, list: string, kind: ListAction["kind"], index?: number) =>
  `${fieldId(tab, list)}-${kind}${index === undefined ? "" : `-${index}`}`;

export function ContentField({ model, spec }: { model: FormModel; spec: FieldSpec }) {
  if (spec.kind === "list") return <ListField model={model} spec={spec} />;
  return (
    <TextField
      model={model}
      spec={spec}
      path={spec.name}
      className={spec.wide ? "md:col-span-2" : undefined}
    />
  );
}

function TextField({
  model,
  spec,
  path,
  label,
  className,
}: {
  model: FormModel;
  spec: Pick<TextFieldSpec, "kind" | "label" | "hint" | "optional" | "uploadTarget">;
  path: string;
  /** Replaces `spec.label`, the field's own label (list items name their position). */
  label?: ReactNode;
  className?: string;
}) {
  const value = getAt(model.draft, path);
  const frame = {
    id: fieldId(model.tab, path),
    label: label ?? spec.label,
    description: spec.hint,
    errors: model.errors[path],
    optional: spec.optional,
    className,
  };
  const control = {
    name: path,
    value: typeof value === "string" ? value : "",
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      model.setField(path, event.currentTarget.value),
  };
  if (spec.kind === "textarea") return <TextareaField {...frame} textareaProps={{ rows: 3, ...control }} />;
  if (spec.kind === "picture")
    return (
      <PictureField
        {...frame}
        description={spec.hint}
        name={path}
        value={control.value}
        onChange={(address) => model.setField(path, address)}
        target={spec.uploadTarget ?? "inhalt"}
      />
    );
  return (
    <Field
      {...frame}
      inputProps={{
        type: spec.kind === "email" || spec.kind === "tel" ? spec.kind : "text",
        inputMode: spec.kind === "url" ? "url" : undefined,
        spellCheck: spec.kind === "url" || spec.kind === "email" ? false : undefined,
        autoComplete: "off",
        ...control,
      }}
    />
  );
}

/**
 * A list with 'hinzufügen', move up/down and remove. The buttons are submit buttons whose value names
 * the operation, so they work without JavaScript; in the browser they change the list in place.
 */
function ListField({ model, spec }: { model: FormModel; spec: ListFieldSpec }) {
  const list = spec.name;
  const id = fieldId(model.tab, list);
  const current = getAt(model.draft, list);
  const items: Draft[] = Array.isArray(current) ? current : [];
  const max = model.listMax(list);
  const error = model.errors[list];
  // The list as a whole is described like a field; its message leads the keyboard to 'hinzufügen'.
  const { "aria-describedby": listDescribedBy } = fieldWiring(id, {
    description: Boolean(spec.hint),
    errors: error,
  });

  const button = (action: ListAction) => ({
    type: "submit" as const,
    name: INTENT_FIELD,
    value: listIntent(action),
    id: listButtonId(model.tab, list, action.kind, action.kind === "add" ? undefined : action.index),
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      event.preventDefault();
      model.runListAction(action);
    },
  });

  return (
    <fieldset className="space-y-3 md:col-span-2" aria-describedby={listDescribedBy}>
      <legend className="text-sm font-medium text-ink">{spec.label}</legend>
      {spec.hint ? (
        <p id={descriptionIdOf(id)} className="text-sm text-muted">
          {spec.hint}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ol className="space-y-3">
          {items.map((_, index) => {
            const name = `${spec.itemLabel} ${index + 1}`;
            const itemPath = `${list}.${index}`;
            return (
              // Items have no identity of their own; their position is their name ('Absatz 2').
              <li key={index} className="rounded-md border border-stone-200 bg-stone-50 p-3 md:p-4">
                <div className="flex items-start gap-3">
                  <div className="grid min-w-0 flex-1 gap-4 md:grid-cols-2">
                    {spec.item.kind === "group" ? (
                      <>
                        <p className="text-sm font-semibold text-ink md:col-span-2">{name}</p>
                        {spec.item.fields.map((field) => (
                          <TextField
                            key={field.name}
                            model={model}
                            spec={field}
                            path={`${itemPath}.${field.name}`}
                            label={
                              <>
                                {field.label}
                                <span className="sr-only"> ({name})</span>
                              </>
                            }
                          />
                        ))}
                      </>
                    ) : (
                      <TextField
                        model={model}
                        spec={{ kind: spec.item.kind, label: name }}
                        path={itemPath}
                        className="md:col-span-2"
                      />
                    )}
                  </div>
                  <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={`${name} nach oben`}
                      disabled={index === 0}
                      {...button({ kind: "up", list, index })}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={`${name} nach unten`}
                      disabled={index === items.length - 1}
                      {...button({ kind: "down", list, index })}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={`${name} entfernen`}
                      className="text-brand-700 hover:bg-brand-50"
                      {...button({ kind: "remove", list, index })}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="rounded-md border border-dashed border-stone-300 p-3 text-sm text-muted">
          Noch keine Einträge.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          disabled={items.length >= max}
          data-invalid={error ? true : undefined}
          {...button({ kind: "add", list, index: items.length })}
        >
          <Plus aria-hidden="true" />
          {spec.itemLabel} hinzufügen
        </Button>
        {items.length >= max ? <p className="text-sm text-muted">Höchstens {max} Einträge.</p> : null}
      </div>
      <ErrorList id={errorIdOf(id)} errors={error} />
    </fieldset>
  );
}
