import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { Panel } from "../../../../components/admin/panel.tsx";
import { Field } from "../../../../components/forms/field.tsx";
import { IntentButton } from "../../../../components/forms/intent-button.tsx";
import { formatDate } from "../../../../lib/format.ts";
import { DEFAULT_PLAN_SIZE, planLimits, type FloorArea } from "../floor-plan.ts";
import type { PlanResult } from "../plan-result.ts";
import { checkArea, checkClosure } from "../plan-schemas.ts";
import { answerFor, Checkbox, numberInput, RemoveForm, useCheckedForm } from "./plan-forms.tsx";

/** An area's name, whether guests may book it online and its plan's size; new when `area` is undefined. */
export function AreaForm({
  area,
  result,
  canChange,
  isFirst,
  isLast,
}: {
  area: FloorArea | undefined;
  result: PlanResult | undefined;
  canChange: boolean;
  isFirst?: boolean;
  isLast?: boolean;
}) {
  const answer = answerFor(result, ["area-save"], "area_id", area?.id);
  const { values } = answer;
  const { errors, onSubmit } = useCheckedForm(checkArea, answer.errors);
  const value = (name: string, fallback: string | number) => {
    const typed = values?.[name];
    return typeof typed === "string" ? typed : String(fallback);
  };
  const id = area ? `area-form-${area.id}` : "area-form-new";
  const title = area ? `Bereich „${area.name}“` : "Neuer Bereich";
  return (
    <Panel id={id} title={title}>
      <Form
        method="post"
        noValidate
        preventScrollReset
        onSubmit={canChange ? onSubmit : undefined}
        className="space-y-4"
        aria-labelledby={id}
      >
        <fieldset disabled={!canChange} className="min-w-0 space-y-4">
          <legend className="sr-only">{title}</legend>
          {area ? <input type="hidden" name="area_id" value={area.id} /> : null}
          <Field
            label="Name"
            errors={errors.name}
            inputProps={{
              name: "name",
              defaultValue: value("name", area?.name ?? ""),
              autoComplete: "off",
              maxLength: planLimits.areaName,
            }}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Breite des Plans (cm)"
              errors={errors.plan_width}
              inputProps={numberInput(
                "plan_width",
                value("plan_width", area?.width ?? DEFAULT_PLAN_SIZE.width),
              )}
            />
            <Field
              label="Tiefe des Plans (cm)"
              errors={errors.plan_height}
              inputProps={numberInput(
                "plan_height",
                value("plan_height", area?.height ?? DEFAULT_PLAN_SIZE.height),
              )}
            />
          </div>
          <Checkbox
            name="online"
            label="Online buchbar"
            defaultChecked={values === undefined ? (area?.onlineBookable ?? true) : values.online === "on"}
          />
          {canChange ? (
            <IntentButton intent="area-save" pendingText="Speichere...">
              {area ? "Bereich speichern" : "Bereich anlegen"}
            </IntentButton>
          ) : null}
        </fieldset>
      </Form>
      {area && canChange ? (
        <Form
          method="post"
          preventScrollReset
          className="flex flex-wrap gap-2"
          aria-label={`Bereich „${area.name}“ ordnen oder löschen`}
        >
          <input type="hidden" name="area_id" value={area.id} />
          {isFirst ? null : (
            <IntentButton intent="area-up" pendingText="Verschiebe..." tone="outline" size="sm">
              <ArrowUp aria-hidden="true" /> Nach vorn
            </IntentButton>
          )}
          {isLast ? null : (
            <IntentButton intent="area-down" pendingText="Verschiebe..." tone="outline" size="sm">
              <ArrowDown aria-hidden="true" /> Nach hinten
            </IntentButton>
          )}
          <IntentButton intent="area-delete" pendingText="Lösche..." tone="danger" size="sm">
            <Trash2 aria-hidden="true" /> Bereich löschen
          </IntentButton>
        </Form>
      ) : null}
    </Panel>
  );
}

/** The dates an area is closed ('Terrasse geschlossen: Regen'), with a form for one more. */
export function ClosuresPanel({
  area,
  result,
  canChange,
  today,
}: {
  area: FloorArea;
  result: PlanResult | undefined;
  canChange: boolean;
  today: string;
}) {
  const answer = answerFor(result, ["closure-add"], "area_id", area.id);
  const { values } = answer;
  const { errors, onSubmit } = useCheckedForm(checkClosure, answer.errors);
  const typed = (name: string, fallback = "") => {
    const value = values?.[name];
    return typeof value === "string" ? value : fallback;
  };
  const upcoming = area.closures.filter((closure) => closure.to >= today);
  return (
    <Panel id={`closures-${area.id}`} title="Geschlossen">
      <p className="text-sm text-muted">
        An diesen Tagen bietet die Website die Tische des Bereichs nicht an, etwa bei Regen oder im Winter.
      </p>
      {upcoming.length === 0 ? (
        <p className="text-sm">Keine Schließungen geplant.</p>
      ) : (
        <ul className="space-y-2">
          {upcoming.map((closure) => (
            <li key={closure.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                {closure.from === closure.to
                  ? formatDate(closure.from)
                  : `${formatDate(closure.from)} – ${formatDate(closure.to)}`}
                {closure.note ? `: ${closure.note}` : ""}
              </span>
              {canChange ? (
                <RemoveForm
                  label={`Schließung ab ${formatDate(closure.from)} entfernen`}
                  field="closure_id"
                  id={closure.id}
                  intent="closure-delete"
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canChange ? (
        <Form
          method="post"
          noValidate
          preventScrollReset
          onSubmit={onSubmit}
          className="space-y-3"
          aria-label="Neue Schließung"
        >
          <input type="hidden" name="area_id" value={area.id} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Von"
              errors={errors.from}
              inputProps={{ type: "date", name: "from", defaultValue: typed("from", today) }}
            />
            <Field
              label="Bis"
              errors={errors.to}
              inputProps={{ type: "date", name: "to", defaultValue: typed("to", today) }}
            />
          </div>
          <Field
            label="Notiz"
            optional
            errors={errors.note}
            inputProps={{
              name: "note",
              defaultValue: typed("note"),
              maxLength: planLimits.closureNote,
              placeholder: "z. B. Regen",
            }}
          />
          <IntentButton intent="closure-add" pendingText="Speichere...">
            Schließung eintragen
          </IntentButton>
        </Form>
      ) : null}
    </Panel>
  );
}
