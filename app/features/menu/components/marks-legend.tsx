import { legendOf } from "../marks.ts";
import type { DishMarks } from "../public-menu.ts";

const titles = { allergens: "Allergene", additives: "Zusatzstoffe" } as const;

/**
 * The key to the marks used on a card (only those), as German menus print it under the dishes. Screen
 * readers hear each dish's marks by name already; the legend is for the eye, and readable too.
 */
export function MarksLegend({ dishes }: { dishes: readonly DishMarks[] }) {
  const legend = legendOf(dishes);
  const kinds = (["allergens", "additives"] as const).filter((kind) => legend[kind].length > 0);
  if (kinds.length === 0) return null;
  return (
    <div className="mt-8 space-y-1 border-t border-stone-200 pt-4 text-xs leading-relaxed text-muted">
      {kinds.map((kind) => (
        <p key={kind}>
          <span className="font-semibold text-stone-700">{titles[kind]}: </span>
          {legend[kind].map((mark, index) => (
            <span key={mark.code}>
              {index > 0 ? " · " : null}
              <span className="font-semibold">{mark.code}</span> {mark.name}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
