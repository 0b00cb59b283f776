import { X } from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import { formatPrice } from "../../../../lib/format.ts";
import { marksOf, printedMarks } from "../../marks.ts";
import { blocked } from "../../../../components/admin/blocked.ts";
import { ActionForm, MoveButton } from "../../../../components/admin/row-controls.tsx";
import { useRowAction } from "../../../../components/admin/use-row-action.ts";

export interface ActiveEntry {
  id: number;
  name: string;
  productCode?: string | null;
  priceCents: number;
  allergens: string[];
  additives: string[];
}

/** The active list's entries, in the card's order, from the dishes the master list holds. */
export function activeEntriesOf(
  ids: readonly number[],
  dishes: ReadonlyArray<{
    id: number;
    name: string;
    product_code?: string | null;
    price_cents: number;
    allergens: string | null;
    additives: string | null;
  }>,
): ActiveEntry[] {
  const byId = new Map(dishes.map((dish) => [dish.id, dish]));
  return ids.flatMap((id) => {
    const dish = byId.get(id);
    return dish
      ? [
          {
            id,
            name: dish.name,
            productCode: dish.product_code ?? null,
            priceCents: dish.price_cents,
            allergens: marksOf("allergens", dish.allergens),
            additives: marksOf("additives", dish.additives),
          },
        ]
      : [];
  });
}

/**
 * 'Aktive Speisekarte' / 'Aktive Wochenkarte': the dishes guests see, in the card's order, each with
 * up and down (the keyboard's way to reorder) and remove. Every button sends its own request; the
 * list reloads after each.
 */
export function ActiveList({
  entries,
  action,
  emptyText,
}: {
  entries: readonly ActiveEntry[];
  action: string;
  emptyText: string;
}) {
  if (entries.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-stone-300 bg-white p-6 text-center text-muted">
        {emptyText}
      </p>
    );
  return (
    <ol className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white">
      {entries.map((entry, index) => (
        <ActiveRow
          key={entry.id}
          entry={entry}
          position={index + 1}
          first={index === 0}
          last={index === entries.length - 1}
          action={action}
        />
      ))}
    </ol>
  );
}

function ActiveRow({
  entry,
  position,
  first,
  last,
  action,
}: {
  entry: ActiveEntry;
  position: number;
  first: boolean;
  last: boolean;
  action: string;
}) {
  const move = useRowAction({ key: `move-${action}-${entry.id}` });
  const remove = useRowAction({ key: `deactivate-${action}-${entry.id}` });
  const marks = printedMarks(entry.allergens, entry.additives);
  const moveButton = (direction: "up" | "down", atEdge: boolean) => (
    <MoveButton
      fetcher={move.fetcher}
      action={action}
      intent="move"
      id={entry.id}
      direction={direction}
      isBlocked={atEdge || move.pending}
      label={`${entry.name} ${direction === "up" ? "nach oben" : "nach unten"} verschieben`}
    />
  );
  return (
    <li className="flex items-center gap-2 px-3 py-2" aria-busy={move.pending || remove.pending || undefined}>
      <span className="w-6 text-right text-sm text-muted tabular-nums">{position}.</span>
      <span className="min-w-0 flex-1">
        <span className="font-medium">
          {entry.productCode ? <span className="text-muted">{entry.productCode}. </span> : null}
          {entry.name}
        </span>
        {marks ? <span className="ml-1 text-xs text-muted">{marks}</span> : null}
        <span className="block text-sm text-brand-700 tabular-nums">{formatPrice(entry.priceCents)}</span>
      </span>
      {moveButton("up", first)}
      {moveButton("down", last)}
      <ActionForm fetcher={remove.fetcher} action={action} intent="deactivate" id={entry.id}>
        <Button
          type="submit"
          variant="ghost"
          size="icon"
          className="text-brand-700"
          {...blocked(remove.pending)}
          aria-label={`${entry.name} von der aktiven Karte entfernen`}
        >
          <X aria-hidden="true" />
        </Button>
      </ActionForm>
    </li>
  );
}
