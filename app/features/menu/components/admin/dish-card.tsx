import { Button } from "../../../../components/ui/button.tsx";
import { formatPrice } from "../../../../lib/format.ts";
import { marksOf, printedMarks, spokenMarks } from "../../marks.ts";
import { blocked } from "../../../../components/admin/blocked.ts";
import { ActionForm, EditDeleteButtons } from "../../../../components/admin/row-controls.tsx";
import { useRowAction } from "../../../../components/admin/use-row-action.ts";

/**
 * One dish of a master list (a product of the Speisekarte, a weekly dish): code, name, category,
 * description, price, marks; add to and remove from the active card, edit, delete.
 */
export function DishCard({
  dish,
  subtitle,
  active,
  action,
  onEdit,
  onDelete,
}: {
  dish: {
    id: number;
    name: string;
    product_code?: string | null;
    description: string | null;
    price_cents: number;
    allergens: string | null;
    additives: string | null;
  };
  subtitle?: string;
  active: boolean;
  action: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const add = useRowAction({ key: `activate-${action}-${dish.id}` });
  const takeOff = useRowAction({ key: `deactivate-master-${action}-${dish.id}` });
  const allergens = marksOf("allergens", dish.allergens);
  const additives = marksOf("additives", dish.additives);
  const marks = printedMarks(allergens, additives);
  const title = `${dish.product_code ? `${dish.product_code}. ` : ""}${dish.name}`;
  return (
    <li>
      <article aria-label={title} className="rounded-lg border border-stone-200 bg-white p-3 shadow-xs">
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <h4 className="font-sans font-semibold">
              {dish.product_code ? <span className="text-muted">{dish.product_code}. </span> : null}
              {dish.name}
            </h4>
            {subtitle ? <p className="text-sm text-muted">{subtitle}</p> : null}
            {dish.description ? <p className="mt-1 text-sm">{dish.description}</p> : null}
            {marks ? (
              <p className="mt-1 text-xs text-muted">
                <span aria-hidden="true">Kennzeichnung: {marks}</span>
                <span className="sr-only">{spokenMarks(allergens, additives)}</span>
              </p>
            ) : null}
          </div>
          <p className="font-semibold whitespace-nowrap text-brand-700 tabular-nums">
            {formatPrice(dish.price_cents)}
          </p>
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-1">
          <ActionForm fetcher={add.fetcher} action={action} intent="activate" id={dish.id}>
            <Button
              type="submit"
              size="sm"
              variant={active ? "outline" : "default"}
              {...blocked(active || add.pending)}
              aria-label={active ? `${dish.name} ist aktiv` : `${dish.name} zur aktiven Karte hinzufügen`}
            >
              {active ? "Aktiv" : "Zur aktiven Karte"}
            </Button>
          </ActionForm>
          <ActionForm fetcher={takeOff.fetcher} action={action} intent="deactivate" id={dish.id}>
            <Button
              type="submit"
              size="sm"
              variant="ghost"
              {...blocked(!active || takeOff.pending)}
              aria-label={`${dish.name} von der aktiven Karte entfernen`}
            >
              Entfernen
            </Button>
          </ActionForm>
          <span className="flex-1" />
          <EditDeleteButtons
            editLabel={`${dish.name} bearbeiten`}
            deleteLabel={`${dish.name} löschen`}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </div>
      </article>
    </li>
  );
}
