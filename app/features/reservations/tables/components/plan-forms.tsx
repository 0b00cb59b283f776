import { Copy, RotateCw, Trash2 } from "lucide-react";
import { useEffect, useRef, type FormEvent } from "react";
import { Form, Link } from "react-router";
import { Panel } from "../../../../components/admin/panel.tsx";
import { Field, SelectField } from "../../../../components/forms/field.tsx";
import { IntentButton } from "../../../../components/forms/intent-button.tsx";
import { toastNotice } from "../../../../components/forms/toast-notice.ts";
import { useClientCheck } from "../../../../components/forms/use-client-check.ts";
import { saveFailedNotice, saveMessages, type FieldErrors } from "../../../../lib/forms.ts";
import { checkCombination, checkTable, type Checked } from "../plan-schemas.ts";
import {
  combinationLabel,
  planLimits,
  seatsLabel,
  shapeLabels,
  TABLE_SHAPES,
  type DiningTable,
  type FloorArea,
  type TableCombination,
} from "../floor-plan.ts";
import type { PlanIntent, PlanResult } from "../plan-result.ts";

/**
 * The forms of 'Tischplan': plain forms that post without JavaScript too. A form refused by the
 * server shows what was typed with the messages beside their fields (`answerFor`).
 */

/** The answer's messages and typed values, when the answer is about this form. */
export function answerFor(
  result: PlanResult | undefined,
  intents: readonly PlanIntent[],
  idField?: string,
  id?: number,
): { errors: FieldErrors; values: Record<string, string | string[]> | undefined } {
  const about =
    result !== undefined &&
    (intents as readonly string[]).includes(result.intent) &&
    result.outcome === "invalid" &&
    (idField === undefined || String(result.values?.[idField] ?? "") === String(id ?? ""));
  return about
    ? { errors: result.fieldErrors ?? {}, values: result.values }
    : { errors: {}, values: undefined };
}

const text = (
  values: Record<string, string | string[]> | undefined,
  name: string,
  fallback: string | number,
) => {
  const value = values?.[name];
  return typeof value === "string" ? value : String(fallback);
};
const ticked = (values: Record<string, string | string[]> | undefined, name: string, fallback: boolean) =>
  values === undefined ? fallback : values[name] === "on";

/**
 * The form's own schema before sending (decision 0010): on a problem the messages show beside their
 * fields, a toast says so, and nothing is sent. The server checks again.
 */
export function useCheckedForm<T>(check: (form: FormData) => Checked<T>, serverErrors: FieldErrors) {
  const { clientErrors, check: run } = useClientCheck((values: FormData) => {
    const checked = check(values);
    return checked.success ? undefined : checked.fieldErrors;
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!run(event)) toastNotice(saveFailedNotice(saveMessages.fixMarked));
  };
  return { errors: clientErrors ?? serverErrors, onSubmit };
}

export function Checkbox({
  name,
  label,
  defaultChecked,
  value,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
  value?: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        className="size-4 accent-brand-700"
      />
      {label}
    </label>
  );
}

export const numberInput = (name: string, defaultValue: string) => ({
  name,
  defaultValue,
  inputMode: "numeric" as const,
  autoComplete: "off",
});

/** 'Entfernen' for one row of a list: a form of its own, so it works without scripts. */
export function RemoveForm({
  label,
  field,
  id,
  intent,
}: {
  label: string;
  field: string;
  id: number;
  intent: PlanIntent;
}) {
  return (
    <Form method="post" preventScrollReset aria-label={label}>
      <input type="hidden" name={field} value={id} />
      <IntentButton intent={intent} pendingText="Entferne..." tone="danger" size="sm">
        Entfernen
      </IntentButton>
    </Form>
  );
}

/** A table's exact values: new in the area, or the selected one with 'Drehen', 'Duplizieren', 'Löschen'. */
export function TableForm({
  area,
  areas,
  table,
  result,
  canChange,
}: {
  area: FloorArea;
  areas: readonly FloorArea[];
  table: DiningTable | undefined;
  result: PlanResult | undefined;
  canChange: boolean;
}) {
  const answer = answerFor(result, ["table-save"], "table_id", table?.id);
  const { values } = answer;
  const { errors, onSubmit } = useCheckedForm(checkTable, answer.errors);
  const value = (name: string, fallback: string | number) => text(values, name, fallback);
  // A move on the plan changes the place in the form, and nothing else typed there.
  const formRef = useRef<HTMLFormElement>(null);
  const place = table ? `${table.x} ${table.y} ${table.rotation}` : "";
  const shownPlace = useRef(place);
  useEffect(() => {
    const form = formRef.current;
    if (!form || !table || shownPlace.current === place) return;
    shownPlace.current = place;
    for (const [name, stored] of [
      ["x", table.x],
      ["y", table.y],
      ["rotation", table.rotation],
    ] as const) {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = String(stored);
    }
  }, [place, table]);
  const field = (name: string, label: string, fallback: string | number, description?: string) => (
    <Field
      label={label}
      errors={errors[name]}
      {...(description === undefined ? {} : { description })}
      inputProps={numberInput(name, value(name, fallback))}
    />
  );
  const title = table ? `Tisch ${table.name}` : "Neuer Tisch";
  return (
    <Panel id="table-form-title" title={title}>
      <Form
        ref={formRef}
        onSubmit={canChange ? onSubmit : undefined}
        method="post"
        noValidate
        preventScrollReset
        className="space-y-4"
        aria-labelledby="table-form-title"
      >
        <fieldset disabled={!canChange} className="min-w-0 space-y-4">
          <legend className="sr-only">{title}</legend>
          {table ? <input type="hidden" name="table_id" value={table.id} /> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Name oder Nummer"
              errors={errors.name}
              inputProps={{
                name: "name",
                defaultValue: value("name", table?.name ?? ""),
                autoComplete: "off",
                maxLength: planLimits.tableName,
              }}
            />
            <SelectField
              label="Bereich"
              errors={errors.area_id}
              options={areas.map((option) => ({ value: String(option.id), label: option.name }))}
              selectProps={{ name: "area_id", defaultValue: value("area_id", table?.areaId ?? area.id) }}
            />
            {field("seats_min", "Plätze von", table?.seatsMin ?? 2)}
            {field("seats_max", "Plätze bis", table?.seatsMax ?? 4)}
            <SelectField
              label="Form"
              errors={errors.shape}
              options={TABLE_SHAPES.map((shape) => ({ value: shape, label: shapeLabels[shape] }))}
              selectProps={{ name: "shape", defaultValue: value("shape", table?.shape ?? "square") }}
            />
            {field("rotation", "Drehung (Grad)", table?.rotation ?? 0)}
            {field("x", "Von links (cm)", table?.x ?? 0)}
            {field("y", "Von oben (cm)", table?.y ?? 0)}
            {field("width", "Breite (cm)", table?.width ?? 80, "Bei runden Tischen der Durchmesser.")}
            {field("height", "Tiefe (cm)", table?.height ?? 80, "Nur bei rechteckigen Tischen.")}
          </div>
          <Checkbox
            name="online"
            label="Online buchbar"
            defaultChecked={ticked(values, "online", table?.onlineBookable ?? true)}
          />
          {canChange ? (
            <div className="flex flex-wrap gap-2">
              <IntentButton intent="table-save" pendingText="Speichere...">
                {table ? "Tisch speichern" : "Tisch anlegen"}
              </IntentButton>
            </div>
          ) : null}
        </fieldset>
      </Form>
      {table && canChange ? (
        <Form
          method="post"
          preventScrollReset
          className="flex flex-wrap gap-2"
          aria-label={`Tisch ${table.name} ändern`}
        >
          <input type="hidden" name="table_id" value={table.id} />
          <IntentButton intent="table-rotate" pendingText="Drehe..." tone="outline" size="sm">
            <RotateCw aria-hidden="true" /> Drehen
          </IntentButton>
          <IntentButton intent="table-duplicate" pendingText="Kopiere..." tone="outline" size="sm">
            <Copy aria-hidden="true" /> Duplizieren
          </IntentButton>
          <IntentButton intent="table-delete" pendingText="Lösche..." tone="danger" size="sm">
            <Trash2 aria-hidden="true" /> Löschen
          </IntentButton>
        </Form>
      ) : null}
    </Panel>
  );
}

/** The tables of an area as a list: the plan's content for whoever does not see the drawing. */
export function TableList({
  tables,
  selectedId,
  hrefOf,
}: {
  tables: readonly DiningTable[];
  selectedId: number | undefined;
  hrefOf: (table: DiningTable) => string;
}) {
  if (tables.length === 0)
    return <p className="text-sm text-muted">In diesem Bereich stehen noch keine Tische.</p>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Tische des Bereichs</caption>
      <thead>
        <tr className="border-b border-stone-200">
          <th scope="col" className="py-2 pr-3">
            Tisch
          </th>
          <th scope="col" className="py-2 pr-3">
            Plätze
          </th>
          <th scope="col" className="py-2 pr-3">
            Form
          </th>
          <th scope="col" className="py-2">
            Online
          </th>
        </tr>
      </thead>
      <tbody>
        {tables.map((table) => (
          <tr key={table.id} className="border-b border-stone-100">
            <td className="py-2 pr-3">
              <Link
                to={hrefOf(table)}
                replace
                preventScrollReset
                aria-current={table.id === selectedId ? "true" : undefined}
                className="font-semibold text-brand-700 underline-offset-4 hover:underline aria-[current]:text-ink"
              >
                {`Tisch ${table.name}`}
              </Link>
            </td>
            <td className="py-2 pr-3">{seatsLabel(table)}</td>
            <td className="py-2 pr-3">{shapeLabels[table.shape]}</td>
            <td className="py-2">{table.onlineBookable ? "ja" : "nein"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The area's combinations with 'Entfernen', and the form for a new one. */
export function CombinationsPanel({
  tables,
  combinations,
  result,
  canChange,
}: {
  tables: readonly DiningTable[];
  combinations: readonly TableCombination[];
  result: PlanResult | undefined;
  canChange: boolean;
}) {
  const answer = answerFor(result, ["combination-save"]);
  const { values } = answer;
  const { errors, onSubmit } = useCheckedForm(checkCombination, answer.errors);
  const chosen = new Set(typeof values?.tables === "string" ? [values.tables] : (values?.tables ?? []));
  return (
    <Panel id="combinations-title" title="Kombinationen">
      <p className="text-sm text-muted">
        Tische eines Bereichs, die Sie für eine größere Gruppe zusammenstellen.
      </p>
      {combinations.length === 0 ? (
        <p className="text-sm">Noch keine Kombinationen.</p>
      ) : (
        <ul className="space-y-2">
          {combinations.map((combination) => (
            <li key={combination.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                <span className="font-semibold">{combinationLabel(combination, tables)}</span>:{" "}
                {seatsLabel(combination)}
              </span>
              {canChange ? (
                <RemoveForm
                  label={`${combinationLabel(combination, tables)} entfernen`}
                  field="combination_id"
                  id={combination.id}
                  intent="combination-delete"
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canChange && tables.length >= 2 ? (
        <Form
          method="post"
          noValidate
          preventScrollReset
          onSubmit={onSubmit}
          className="space-y-3"
          aria-label="Neue Kombination"
        >
          <fieldset
            className="min-w-0"
            aria-describedby={errors.tables ? "combination-tables-error" : undefined}
          >
            <legend className="text-sm font-medium">Tische der neuen Kombination</legend>
            <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
              {tables.map((table) => (
                <Checkbox
                  key={table.id}
                  name="tables"
                  label={`Tisch ${table.name}`}
                  value={String(table.id)}
                  defaultChecked={chosen.has(String(table.id))}
                />
              ))}
            </div>
            {errors.tables ? (
              <p id="combination-tables-error" className="mt-1 text-sm font-medium text-brand-800">
                {errors.tables}
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Plätze von"
              errors={errors.seats_min}
              inputProps={numberInput("seats_min", text(values, "seats_min", ""))}
            />
            <Field
              label="Plätze bis"
              errors={errors.seats_max}
              inputProps={numberInput("seats_max", text(values, "seats_max", ""))}
            />
          </div>
          <IntentButton intent="combination-save" pendingText="Speichere...">
            Kombination anlegen
          </IntentButton>
        </Form>
      ) : null}
    </Panel>
  );
}
