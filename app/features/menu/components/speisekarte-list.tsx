import type { MenuCategoryGroup } from "../public-menu.ts";
import { DishRow } from "./dish-row.tsx";

/** The Speisekarte grouped by category. The heading level follows the page or dialog around it. */
export function SpeisekarteList({
  groups,
  headingLevel,
}: {
  groups: readonly MenuCategoryGroup[];
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="space-y-10">
      {groups.map((group) => {
        const headingId = `speisekarte-${group.id ?? "weitere"}`;
        return (
          <section key={group.id ?? "weitere"} aria-labelledby={headingId}>
            <Heading
              id={headingId}
              className="flex items-center gap-3 font-serif text-2xl font-semibold text-ink after:h-px after:flex-1 after:bg-brand-100"
            >
              {group.name}
            </Heading>
            <ul className="mt-2 divide-y divide-stone-100">
              {group.dishes.map((dish) => (
                <DishRow
                  key={dish.id}
                  productCode={dish.productCode}
                  name={dish.name}
                  description={dish.description}
                  priceCents={dish.priceCents}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
