import type { MenuCategoryGroup } from "../public-menu.ts";
import { DishRow } from "./dish-row.tsx";
import { MarksLegend } from "./marks-legend.tsx";

/**
 * The Speisekarte grouped by category, subcategories under their main category, and the legend of
 * the marks used. The heading level follows the page or dialog around it.
 */
export function SpeisekarteList({
  groups,
  headingLevel,
}: {
  groups: readonly MenuCategoryGroup[];
  headingLevel: 2 | 3;
}) {
  const MainHeading = headingLevel === 2 ? "h2" : "h3";
  const SubHeading = headingLevel === 2 ? "h3" : "h4";
  return (
    <div>
      <div className="space-y-10">
        {groups.map((group) => {
          const headingId = `speisekarte-${group.id ?? "weitere"}`;
          const Heading = group.level === 1 ? SubHeading : MainHeading;
          return (
            <section
              key={group.id ?? "weitere"}
              aria-labelledby={headingId}
              className={group.level === 1 ? "-mt-4 pl-4" : undefined}
            >
              <Heading
                id={headingId}
                className={
                  group.level === 1
                    ? "font-serif text-xl font-semibold text-stone-800"
                    : "flex items-center gap-3 font-serif text-2xl font-semibold text-ink after:h-px after:flex-1 after:bg-brand-100"
                }
              >
                {group.name}
              </Heading>
              {group.dishes.length > 0 ? (
                <ul className="mt-2 divide-y divide-stone-100">
                  {group.dishes.map((dish) => (
                    <DishRow key={dish.id} {...dish} />
                  ))}
                </ul>
              ) : null}
            </section>
          );
        })}
      </div>
      <MarksLegend dishes={groups.flatMap((group) => group.dishes)} />
    </div>
  );
}
