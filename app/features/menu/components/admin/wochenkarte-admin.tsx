import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../../components/ui/button.tsx";
import type { WeeklyRow } from "../../menu-model.ts";
import { weeklyFields, weeklySchema } from "../../schema.ts";
import { ActiveList, activeEntriesOf } from "./active-list.tsx";
import { ConfirmDialog } from "../../../../components/admin/confirm-dialog.tsx";
import { DishCard } from "./dish-card.tsx";
import { DishFormDialog } from "./dish-form-dialog.tsx";
import { useOptimisticActive } from "./optimistic-active.ts";
import { useRowAction } from "../../../../components/admin/use-row-action.ts";

export const WOCHENKARTE_ACTION = "/admin/wochenkarte";

/**
 * 'Wochenkarte verwalten': 'Alle Wochengerichte' (add, edit, delete with confirmation, put on or take
 * off the card) and 'Aktive Wochenkarte' in the card's order.
 */
export function WochenkarteAdmin({ meals, activeIds }: { meals: WeeklyRow[]; activeIds: number[] }) {
  const [mealDialog, setMealDialog] = useState<{ meal?: WeeklyRow; key: number } | undefined>();
  const [deleting, setDeleting] = useState<WeeklyRow | undefined>();
  const remove = useRowAction({ onDone: () => setDeleting(undefined) });
  const shownActive = useOptimisticActive(activeIds, WOCHENKARTE_ACTION);
  const activeSet = new Set(shownActive);

  return (
    <div className="space-y-6">
      <div>
        <Button onClick={() => setMealDialog({ key: Date.now() })}>
          <Plus aria-hidden="true" /> Neues Wochengericht
        </Button>
      </div>
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="weekly-heading">
          <h2 id="weekly-heading" tabIndex={-1} className="mb-3 font-sans text-xl font-semibold">
            Alle Wochengerichte
          </h2>
          {meals.length === 0 ? (
            <p className="rounded-lg border border-dashed border-stone-300 bg-white p-6 text-center text-muted">
              Noch keine Wochengerichte. Legen Sie mit „Neues Wochengericht“ das erste an.
            </p>
          ) : (
            <ul className="space-y-2">
              {meals.map((meal) => (
                <DishCard
                  key={meal.id}
                  dish={meal}
                  action={WOCHENKARTE_ACTION}
                  active={activeSet.has(meal.id)}
                  onEdit={() => setMealDialog({ meal, key: Date.now() })}
                  onDelete={() => setDeleting(meal)}
                />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="active-weekly-heading" className="lg:sticky lg:top-4 lg:self-start">
          <h2 id="active-weekly-heading" className="mb-3 font-sans text-xl font-semibold">
            Aktive Wochenkarte
          </h2>
          <ActiveList
            action={WOCHENKARTE_ACTION}
            emptyText="Die aktive Wochenkarte ist leer. Fügen Sie Wochengerichte aus der Liste hinzu."
            entries={activeEntriesOf(shownActive, meals)}
          />
        </section>
      </div>

      {mealDialog ? (
        <DishFormDialog
          key={mealDialog.key}
          open
          onOpenChange={(open) => (open ? undefined : setMealDialog(undefined))}
          title={mealDialog.meal ? "Wochengericht bearbeiten" : "Neues Wochengericht"}
          description="Pflichtfelder sind mit * markiert. Allergene und Zusatzstoffe erscheinen auf der Wochenkarte."
          intent="meal-save"
          action={WOCHENKARTE_ACTION}
          schema={weeklySchema}
          fields={weeklyFields}
          dish={mealDialog.meal}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => (open ? undefined : setDeleting(undefined))}
        title="Wochengericht löschen?"
        description={
          deleting
            ? `„${deleting.name}“ wird gelöscht und von der aktiven Wochenkarte entfernt. Das kann nicht rückgängig gemacht werden.`
            : ""
        }
        confirmLabel="Löschen"
        intent="meal-delete"
        returnFocusTo={() => document.getElementById("weekly-heading")}
        id={deleting?.id}
        action={WOCHENKARTE_ACTION}
        fetcher={remove.fetcher}
      />
    </div>
  );
}
