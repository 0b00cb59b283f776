import { Quote } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "../../../lib/utils.ts";
import type { AboutContent } from "../../../common/content/schemas.ts";
import { ABOUT_PICTURE } from "../../../common/content/pictures.ts";
import { responsiveAttributes, responsivePicture } from "../../../common/pictures/uploaded-pictures.ts";
import { useBrokenPicture } from "../../../common/pictures/picture.tsx";
import { SectionHeading } from "./section-frame.tsx";
import { usePrefersReducedMotion } from "./use-reduced-motion.ts";

/** The about section fades in once this share of it is visible (docs/product/site.md#timings). */
export const REVEAL_THRESHOLD = 0.1;

type RevealState = "static" | "hidden" | "shown";

/**
 * Fade-in on scroll without hiding anything from visitors without JavaScript: the server's HTML shows
 * the content. After hydration it is hidden only if it is not on screen yet, and fades in when
 * `threshold` of it becomes visible. Nothing moves when the visitor prefers reduced motion.
 */
function useReveal<T extends Element>(threshold: number) {
  const ref = useRef<T>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [state, setState] = useState<RevealState>("static");
  useEffect(() => {
    const element = ref.current;
    if (!element || reducedMotion || typeof IntersectionObserver === "undefined") return;
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting);
        if (first) {
          first = false;
          // Already (partly) on screen when the page came to life: leave it as it is.
          if (visible) observer.disconnect();
          else setState("hidden");
          return;
        }
        if (visible) {
          setState("shown");
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [reducedMotion, threshold]);
  return { ref, state: reducedMotion ? "static" : state };
}

/** 'Über uns': text, key figures, a picture with a floating quote. */
export function About({ about }: { about: AboutContent }) {
  // A picture that cannot be loaded (an address staff typed that has gone) gives way to the shipped one.
  const { image, broken, onError } = useBrokenPicture(about.image_url);
  const shownPicture = broken ? ABOUT_PICTURE.src : about.image_url;
  const uploaded = responsivePicture(shownPicture);
  const { ref, state } = useReveal<HTMLDivElement>(REVEAL_THRESHOLD);
  return (
    <section
      id="about"
      aria-labelledby="about-heading"
      className="render-when-visible scroll-mt-16 overflow-x-clip px-4 py-20 md:py-28"
    >
      <div
        ref={ref}
        data-reveal={state}
        className={cn(
          "mx-auto grid max-w-6xl items-center gap-14 md:grid-cols-2 md:gap-16",
          state === "hidden" && "translate-y-8 opacity-0",
          state === "shown" && "translate-y-0 opacity-100 transition duration-1000 ease-out",
        )}
      >
        <div>
          <SectionHeading sectionId="about" eyebrow={about.eyebrow} heading={about.heading} />
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-muted">
            {about.paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          {about.stats.length > 0 ? (
            <dl className="mt-10 grid grid-cols-3 gap-3 sm:gap-4">
              {about.stats.map((stat, index) => (
                <div
                  key={index}
                  className="flex flex-col rounded-lg border-t-4 border-brand-700 bg-white p-3 shadow-sm sm:p-4"
                >
                  <dt className="text-xs leading-snug break-words hyphens-auto text-muted sm:text-sm">
                    {stat.label}
                  </dt>
                  <dd className="order-first font-serif text-2xl font-bold text-brand-700 sm:text-3xl md:text-4xl">
                    {stat.value}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>

        <figure className="relative mx-auto w-full max-w-md md:max-w-none">
          <div
            aria-hidden="true"
            className="absolute -top-4 -right-4 hidden h-2/3 w-2/3 rounded-2xl bg-brand-100 sm:block"
          />
          <img
            {...responsiveAttributes(shownPicture, "(min-width: 768px) 40vw, min(28rem, 100vw)")}
            ref={image}
            onError={onError}
            alt={about.image_alt}
            width={uploaded?.width ?? ABOUT_PICTURE.width}
            height={uploaded?.height ?? ABOUT_PICTURE.height}
            loading="lazy"
            decoding="async"
            className="relative aspect-[4/5] w-full rounded-2xl bg-stone-200 object-cover shadow-xl"
          />
          <figcaption className="absolute right-4 -bottom-8 left-4 rounded-xl bg-white p-5 shadow-xl sm:right-auto sm:-left-6 sm:max-w-xs md:-left-10">
            <Quote className="mb-2 size-6 text-brand-700" aria-hidden="true" />
            <blockquote className="font-serif text-lg leading-snug text-ink italic">
              <p>{about.floating_quote}</p>
            </blockquote>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
