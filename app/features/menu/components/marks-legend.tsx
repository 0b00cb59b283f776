import { legendOf } from "../marks.ts";
import type { DishMarks } from "../public-menu.ts";

/**
 * The key to the marks used on a card (only those), as German menus print it under the dishes. Screen
 * readers hear each dish's marks by name already; the legend is for the eye, and readable too.
 */
export function MarksLegend({ dishes }: { dishes: readonly DishMarks[] }) {
  const legend = legendOf(dishes);
  if (legend.allergens.length === 0 && legend.additives.length === 0) return null;
  return (
    <div className="mt-8 border-t border-stone-200 pt-4 text-xs leading-relaxed text-muted">
      {legend.allergens.length > 0 ? (
        <p>
          <span className="font-semibold text-stone-700">Allergene: </span>
          {legend.allergens.map((mark, index) => (
            <span key={mark.code}>
              {index > 0 ? " · " : null}
              <span className="font-semibold">{mark.code}</span> {mark.name}
            </span>
          ))}
        </p>
      ) : null}
      {legend.additives.length > 0 ? (
        <p className={legend.allergens.length > 0 ? "mt-1" : undefined}>
          <span className="font-semibold text-stone-700">Zusatzstoffe: </span>
          {legend.additives.map((mark, index) => (
            <span key={mark.code}>
              {index > 0 ? " · " : null}
              <span className="font-semibold">{mark.code}</span> {mark.name}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
