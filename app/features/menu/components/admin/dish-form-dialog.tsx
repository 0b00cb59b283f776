import { useRef, type ReactNode } from "react";
import { Field, TextareaField } from "../../../../components/forms/field.tsx";
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
import { priceInput } from "../../../../lib/money.ts";
import type { z } from "../../../../lib/zod.ts";
import { marksOf } from "../../marks.ts";
import { menuLimits, validateMenuForm } from "../../schema.ts";
import { MarksChecklist } from "./marks-checklist.tsx";
import { useRowAction } from "../../../../components/admin/use-row-action.ts";

/** What every dish form has: a name, a description, a price in euro, allergens and additives. */
export interface DishDefaults {
  id?: number;
  name?: string;
  description?: string | null;
  price_cents?: number;
  allergens?: string | null;
  additives?: string | null;
}

export interface DishFormLabels {
  name: string;
  description: string;
  price: string;
  save: string;
  cancel: string;
  saving: string;
}

export const germanDishLabels: DishFormLabels = {
  name: "Name",
  description: "Beschreibung",
  price: "Preis in Euro",
  save: "Speichern",
  cancel: "Abbrechen",
  saving: saveMessages.saving,
};

/**
 * The form of a dish in a dialog — a product of the Speisekarte, a weekly dish, a showcase item —
 * checked in the browser with the action's own schema before it is sent (decision 0010); fields
 * particular to one kind come in as `extra`. Closes when the action answers 'done'.
 */
export function DishFormDialog<Output>({
  open,
  onOpenChange,
  title,
  description,
  intent,
  action,
  schema,
  fields,
  dish,
  descriptionRequired = false,
  labels = germanDishLabels,
  english = false,
  extra,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  intent: string;
  action: string;
  schema: z.ZodType<Output>;
  fields: readonly string[];
  dish: DishDefaults | undefined;
  descriptionRequired?: boolean;
  labels?: DishFormLabels;
  english?: boolean;
  /** Fields only this kind of dish has, given the current messages. */
  extra?: (errors: FieldErrors) => ReactNode;
  /** After a successful save, with what was sent (e.g. to show the tab the dish went to). */
  onSaved?: (sent: FormData) => void;
}) {
  const sent = useRef<FormData | undefined>(undefined);
  const { fetcher, pending, fieldErrors } = useRowAction({
    onDone: () => {
      if (sent.current) onSaved?.(sent.current);
      onOpenChange(false);
    },
  });
  const { clientErrors, setClientErrors, check } = useClientCheck((values) => {
    const result = validateMenuForm(schema, fields, values);
    return result.success ? undefined : result.fieldErrors;
  });
  const errors: FieldErrors = clientErrors ?? fieldErrors ?? {};

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setClientErrors(undefined);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          action={action}
          onSubmit={(event) => {
            sent.current = check(event);
          }}
          noValidate
          className="space-y-4"
          onChange={() => clientErrors && setClientErrors(undefined)}
        >
          <input type="hidden" name={INTENT_FIELD} value={intent} />
          {dish?.id !== undefined ? <input type="hidden" name="id" value={dish.id} /> : null}
          <Field
            label={`${labels.name} *`}
            errors={errors.name}
            inputProps={{
              name: "name",
              defaultValue: dish?.name ?? "",
              maxLength: menuLimits.name,
              required: true,
            }}
          />
          <TextareaField
            label={descriptionRequired ? `${labels.description} *` : labels.description}
            optional={!descriptionRequired && !english}
            errors={errors.description}
            textareaProps={{
              name: "description",
              defaultValue: dish?.description ?? "",
              maxLength: menuLimits.description,
              rows: 3,
              required: descriptionRequired,
            }}
          />
          <Field
            label={`${labels.price} *`}
            description={english ? "e.g. 12,50 or 12.50" : "z. B. 12,50 oder 12.50"}
            errors={errors.price}
            inputProps={{
              name: "price",
              inputMode: "decimal",
              placeholder: "€12,50",
              autoComplete: "off",
              defaultValue: dish?.price_cents !== undefined ? priceInput(dish.price_cents) : "",
              required: true,
            }}
          />
          {extra?.(errors)}
          <MarksChecklist
            english={english}
            selected={{
              allergens: marksOf("allergens", dish?.allergens),
              additives: marksOf("additives", dish?.additives),
            }}
            errors={{ allergens: errors.allergens, additives: errors.additives }}
          />
          <FormActions
            className="pt-2"
            onCancel={() => onOpenChange(false)}
            cancelLabel={labels.cancel}
            pending={pending}
            pendingText={labels.saving}
          >
            {labels.save}
          </FormActions>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
