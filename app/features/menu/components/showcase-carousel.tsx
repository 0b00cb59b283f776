import { useState } from "react";
import { Carousel } from "../../../components/ui/carousel.tsx";
import { formatPrice } from "../../../lib/format.ts";
import { cn } from "../../../lib/utils.ts";
import { printedMarks, spokenMarks } from "../marks.ts";
import {
  SHOWCASE_CATEGORIES,
  showcaseTexts,
  type ShowcaseDish,
  type ShowcaseResult,
} from "../public-menu.ts";
import { DishPicture } from "./dish-picture.tsx";

const labelOf = (category: ShowcaseDish["category"]) =>
  SHOWCASE_CATEGORIES.find((entry) => entry.id === category)?.label ?? category;

/**
 * The home page's dishes: category tabs above a carousel of the active showcase items, kept in sync
 * both ways — the carousel turning into the next category moves the tab, a tab jumps to its
 * category's first dish. The carousel turns every 5 s, wraps around, pauses on hover and focus and
 * respects reduced motion (app/components/ui/carousel.tsx). Server-rendered: the first dish is in the HTML.
 */
export function ShowcaseCarousel({
  showcase,
  onDark = false,
}: {
  showcase: ShowcaseResult;
  onDark?: boolean;
}) {
  const [index, setIndex] = useState(0);
  // The tabs belong to the carousel: pointing at them or focusing one holds it still too.
  const [hoveringTabs, setHoveringTabs] = useState(false);
  const [focusInTabs, setFocusInTabs] = useState(false);
  // Pictures load for the dish shown and its neighbours only, and lazily (the section is below the
  // fold): nine pictures must not compete with the page's first paint.
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([0, 1]));
  const count = showcase.status === "loaded" ? showcase.dishes.length : 0;
  const show = (next: number) => {
    setIndex(next);
    setNear((seen) => {
      const wanted = [next, (next + 1) % count, (next - 1 + count) % count];
      return wanted.every((slide) => seen.has(slide)) ? seen : new Set([...seen, ...wanted]);
    });
  };
  if (showcase.status === "error")
    return (
      <div
        role="alert"
        className="mx-auto max-w-md rounded-lg border border-brand-100 bg-white/95 p-6 text-center text-ink"
      >
        <p className="font-semibold">{showcaseTexts.failed}</p>
        <p className="mt-1 text-sm text-muted">{showcaseTexts.retry}</p>
      </div>
    );
  const { dishes } = showcase;
  const carouselId = "showcase-carousel";
  if (dishes.length === 0) return null;
  const categories = SHOWCASE_CATEGORIES.filter((category) =>
    dishes.some((dish) => dish.category === category.id),
  );
  const currentCategory = dishes[Math.min(index, dishes.length - 1)]?.category;

  return (
    <div>
      <div
        role="group"
        aria-label="Gerichte nach Kategorie"
        className="flex flex-wrap justify-center gap-2"
        onMouseEnter={() => setHoveringTabs(true)}
        onMouseLeave={() => setHoveringTabs(false)}
        onFocus={() => setFocusInTabs(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInTabs(false);
        }}
      >
        {categories.map((category) => {
          const selected = category.id === currentCategory;
          return (
            <button
              key={category.id}
              type="button"
              aria-pressed={selected}
              aria-controls={carouselId}
              onClick={() => show(dishes.findIndex((dish) => dish.category === category.id))}
              className={cn(
                "rounded-full border px-4 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                selected
                  ? "border-brand-700 bg-brand-700 text-white"
                  : onDark
                    ? "border-white/60 bg-black/30 text-white hover:bg-black/50"
                    : "border-stone-300 bg-white text-ink hover:bg-stone-100",
              )}
            >
              {category.label}
            </button>
          );
        })}
      </div>
      <Carousel
        id={carouselId}
        label="Gerichte aus unserer Küche"
        className="mt-8"
        paused={hoveringTabs || focusInTabs}
        index={index}
        onIndexChange={show}
        slideLabel={(slide, count) => `${dishes[slide]?.name ?? ""}, ${slide + 1} von ${count}`}
        slides={dishes.map((dish, slide) => (
          <ShowcaseSlide key={dish.id} dish={dish} withPicture={near.has(slide)} />
        ))}
      />
    </div>
  );
}

function ShowcaseSlide({ dish, withPicture }: { dish: ShowcaseDish; withPicture: boolean }) {
  const marks = printedMarks(dish.allergens, dish.additives);
  return (
    // The padding leaves room for the card's shadow inside the carousel's clipped track.
    <div className="px-3 pt-1 pb-6">
      <article className="mx-auto grid max-w-4xl overflow-hidden rounded-xl bg-white text-left text-ink shadow-lg md:grid-cols-2">
        {withPicture ? (
          <DishPicture
            src={dish.imageUrl}
            sizes="(min-width: 768px) 28rem, 100vw"
            className="aspect-[4/3] h-full w-full"
          />
        ) : (
          <div aria-hidden="true" className="aspect-[4/3] h-full w-full bg-stone-100" />
        )}
        <div className="flex flex-col justify-center gap-3 p-6 md:p-8">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {labelOf(dish.category)}
          </p>
          <h3 className="font-serif text-2xl font-semibold">
            {dish.name}
            {marks ? (
              <>
                <sup aria-hidden="true" className="ml-1 font-sans text-xs font-normal text-muted">
                  {marks}
                </sup>
                <span className="sr-only"> ({spokenMarks(dish.allergens, dish.additives)})</span>
              </>
            ) : null}
          </h3>
          <p className="leading-relaxed text-muted">{dish.description}</p>
          <p className="text-xl font-semibold text-brand-700 tabular-nums">{formatPrice(dish.priceCents)}</p>
        </div>
      </article>
    </div>
  );
}
