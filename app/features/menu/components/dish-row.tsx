import { formatPrice } from "../../../lib/format.ts";
import { printedMarks, spokenMarks } from "../marks.ts";
import type { DishMarks } from "../public-menu.ts";

/**
 * One line of a card: optional product code before the name ('12. Risotto'), the dish's allergen and
 * additive marks after it (letters for the eye, names for screen readers), a dotted leader, the price
 * right-aligned in tabular figures so the prices line up; the description below.
 */
export function DishRow({
  productCode,
  name,
  description,
  priceCents,
  allergens,
  additives,
}: DishMarks & {
  productCode?: string | null;
  name: string;
  description: string | null;
  priceCents: number;
}) {
  const marks = printedMarks(allergens, additives);
  return (
    <li className="py-3">
      <div className="flex items-baseline gap-3">
        <p className="font-medium text-ink">
          {productCode ? <span className="text-muted tabular-nums">{productCode}. </span> : null}
          {name}
          {marks ? (
            <>
              <sup aria-hidden="true" className="ml-1 text-xs font-normal text-muted">
                {marks}
              </sup>
              <span className="sr-only"> ({spokenMarks(allergens, additives)})</span>
            </>
          ) : null}
        </p>
        <span
          aria-hidden="true"
          className="min-w-6 flex-1 translate-y-[-0.25em] border-b border-dotted border-stone-400"
        />
        <p className="shrink-0 text-right font-semibold whitespace-nowrap text-brand-700 tabular-nums">
          {formatPrice(priceCents)}
        </p>
      </div>
      {description ? <p className="mt-1 pr-16 text-sm leading-relaxed text-muted">{description}</p> : null}
    </li>
  );
}
