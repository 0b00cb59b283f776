import { WOCHENKARTE_NOTE, type WeeklyDish } from "../public-menu.ts";
import { DishRow } from "./dish-row.tsx";
import { MarksLegend } from "./marks-legend.tsx";

/** The Wochenkarte: one flat list and the note that its offers are limited in time. */
export function WochenkarteList({ meals }: { meals: readonly WeeklyDish[] }) {
  return (
    <div>
      <ul className="divide-y divide-stone-100">
        {meals.map((meal) => (
          <DishRow key={meal.id} {...meal} />
        ))}
      </ul>
      <MarksLegend dishes={meals} />
      <p className="mt-6 border-t border-stone-200 pt-4 text-center text-sm text-muted italic">
        {WOCHENKARTE_NOTE}
      </p>
    </div>
  );
}
