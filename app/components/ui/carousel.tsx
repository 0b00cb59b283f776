import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { cn } from "../../lib/utils.ts";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const subscribeReducedMotion = (onChange: () => void) => {
  const media = window.matchMedia(REDUCED_MOTION);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
};
const useReducedMotion = () =>
  useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );

/** Horizontal distance (px) a touch or pen must travel to count as a swipe. */
const SWIPE_PX = 40;

/**
 * A carousel of slides (WAI-ARIA carousel pattern): previous/next buttons, one dot button per slide,
 * and automatic advance every `intervalMs` with wrap-around. Autoplay pauses while the pointer is over
 * the carousel or focus is inside it, can be stopped with its own button, and never starts when the
 * visitor prefers reduced motion. Only the visible slide is exposed to assistive technology (the others
 * are `inert`); while autoplay is stopped, slide changes are announced politely. Touch swipes work too.
 *
 * All slides are in the server's HTML (the first one visible), side by side in one row, so the
 * carousel is as tall as its tallest slide and never changes height while it turns.
 */
export function Carousel({
  label,
  slides,
  intervalMs = 5000,
  className,
  slideLabel = (index, count) => `${index + 1} von ${count}`,
  index: shownIndex,
  onIndexChange,
  paused = false,
  id,
}: {
  /** What the carousel shows, e.g. 'Bewertungen unserer Gäste'. */
  label: string;
  slides: ReactNode[];
  intervalMs?: number;
  className?: string;
  slideLabel?: (index: number, count: number) => string;
  /** The slide shown, when the caller keeps it (e.g. tabs in sync with the carousel). */
  index?: number;
  onIndexChange?: (index: number) => void;
  /** Held by the caller, e.g. while the pointer or focus is on controls outside the carousel. */
  paused?: boolean;
  /** The region's id, for controls outside it (`aria-controls`). */
  id?: string;
}) {
  const count = slides.length;
  const [ownIndex, setOwnIndex] = useState(0);
  const index = shownIndex ?? ownIndex;
  const setIndex = (next: number) => {
    setOwnIndex(next);
    onIndexChange?.(next);
  };
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useReducedMotion();
  const swipeStart = useRef<{ x: number; y: number } | null>(null);

  const canAutoplay = count > 1 && !reducedMotion;
  const playing = canAutoplay && !stopped && !hovered && !focused && !paused;
  const current = count === 0 ? 0 : ((index % count) + count) % count;
  // The timer calls the latest setter, so a caller's new onIndexChange is used without restarting it.
  const advance = useRef(setIndex);
  useEffect(() => {
    advance.current = setIndex;
  });

  // One timer per slide shown: a manual change restarts the count.
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => advance.current((current + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [playing, current, count, intervalMs]);

  const go = (next: number) => setIndex(((next % count) + count) % count);

  if (count === 0) return null;

  return (
    <div
      id={id}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-playing={playing ? "true" : "false"}
      className={cn("relative", className)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="touch-pan-y overflow-clip"
        onPointerDown={(event) => {
          if (event.pointerType !== "mouse") swipeStart.current = { x: event.clientX, y: event.clientY };
        }}
        onPointerUp={(event) => {
          const start = swipeStart.current;
          swipeStart.current = null;
          if (!start) return;
          const dx = event.clientX - start.x;
          if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y))
            go(current + (dx < 0 ? 1 : -1));
        }}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${current * 100}%)` }}
          aria-live={playing ? "off" : "polite"}
        >
          {slides.map((slide, slideIndex) => {
            const visible = slideIndex === current;
            return (
              <div
                key={slideIndex}
                role="group"
                aria-roledescription="slide"
                aria-label={slideLabel(slideIndex, count)}
                aria-hidden={visible ? undefined : true}
                inert={!visible}
                className="w-full shrink-0"
              >
                {slide}
              </div>
            );
          })}
        </div>
      </div>

      {count > 1 ? (
        <div className="mt-6 flex items-center justify-center gap-2">
          <button
            type="button"
            onClick={() => go(current - 1)}
            aria-label="Vorherige"
            className="rounded-full p-2 text-ink hover:bg-stone-200"
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <div className="flex items-center">
            {slides.map((_, slideIndex) => (
              <button
                key={slideIndex}
                type="button"
                onClick={() => go(slideIndex)}
                aria-label={`Zeige ${slideLabel(slideIndex, count)}`}
                aria-current={slideIndex === current ? "true" : undefined}
                className="group grid size-6 place-items-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "block h-2.5 rounded-full transition-all motion-reduce:transition-none",
                    slideIndex === current
                      ? "w-6 bg-brand-700"
                      : "w-2.5 bg-stone-400 group-hover:bg-stone-500",
                  )}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => go(current + 1)}
            aria-label="Nächste"
            className="rounded-full p-2 text-ink hover:bg-stone-200"
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
          {/* Hidden by CSS, not by hydration, where the visitor prefers reduced motion: the server
              cannot know it, and removing the button when React takes over would move every button
              of this row under a press (decision 0029). */}
          <button
            type="button"
            onClick={() => setStopped((value) => !value)}
            aria-label={stopped ? "Automatisch weiterblättern" : "Automatisches Weiterblättern anhalten"}
            className="ml-2 rounded-full p-2 text-muted hover:bg-stone-200 hover:text-ink motion-reduce:hidden"
          >
            {stopped ? (
              <Play className="size-4" aria-hidden="true" />
            ) : (
              <Pause className="size-4" aria-hidden="true" />
            )}
          </button>
        </div>
      ) : null}
    </div>
  );
}
