import { BookOpen, CalendarCheck, ChevronDown, Megaphone, UtensilsCrossed } from "lucide-react";
import { useEffect, useRef } from "react";
import { preload } from "react-dom";
import { coverSizes, responsivePicture, shownAddress } from "../../../common/pictures/uploaded-pictures.ts";
import { Button } from "../../../components/ui/button.tsx";
import type { HeroContent } from "../../../common/content/schemas.ts";
import { renderHeadline } from "../headline-markup.ts";
import { HERO_PICTURE } from "../../../common/content/pictures.ts";
import { sectionActionClass } from "./section-frame.tsx";
import { usePrefersReducedMotion } from "./use-reduced-motion.ts";
import { DialogLink } from "../../../components/ui/dialog-link.tsx";
import { dialogPages, type HomeDialog } from "./dialog-pages.ts";

/** The background moves at this share of the scroll distance (docs/product/site.md#timings). */
export const PARALLAX_FACTOR = 0.4;

/**
 * Parallax: while the hero is on screen, its background is shifted down by 0.4 × the scroll distance,
 * so it moves up more slowly than the page. A transform set once per frame from a passive listener;
 * nothing at all when the visitor prefers reduced motion.
 */
function useParallax(factor: number) {
  const ref = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    const layer = ref.current;
    if (!layer || reducedMotion) return;
    const hero = layer.parentElement ?? layer;
    let frame = 0;
    let applied = -1;
    const update = () => {
      frame = 0;
      const offset = Math.round(Math.min(window.scrollY, hero.offsetHeight) * factor);
      if (offset === applied) return;
      applied = offset;
      layer.style.transform = offset === 0 ? "" : `translate3d(0, ${offset}px, 0)`;
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.cancelAnimationFrame(frame);
      layer.style.transform = "";
    };
  }, [factor, reducedMotion]);
  return ref;
}

/** The shipped picture: a portrait crop for phones held upright, the landscape scene in two widths. */
function DefaultHeroPicture() {
  const { portrait } = HERO_PICTURE;
  return (
    <picture>
      <source
        media={portrait.media}
        srcSet={`${portrait.src} ${portrait.width}w`}
        sizes="100vw"
        type="image/webp"
        width={portrait.width}
        height={portrait.height}
      />
      <img
        src={HERO_PICTURE.src}
        srcSet={HERO_PICTURE.srcSet}
        sizes={HERO_PICTURE.sizes}
        width={HERO_PICTURE.width}
        height={HERO_PICTURE.height}
        alt=""
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 size-full object-cover"
      />
    </picture>
  );
}

/**
 * A picture staff chose: an uploaded one comes in the variant that covers the screen, and is
 * preloaded at that size (it is the page's largest paint); any other address as it is.
 */
function CustomHeroPicture({ address }: { address: string }) {
  const uploaded = responsivePicture(address);
  const sizes = uploaded ? coverSizes(uploaded.width, uploaded.height) : undefined;
  if (uploaded && sizes)
    preload(uploaded.src, {
      as: "image",
      imageSrcSet: uploaded.srcSet,
      imageSizes: sizes,
      fetchPriority: "high",
    });
  return (
    <img
      src={uploaded?.src ?? shownAddress(address)}
      srcSet={uploaded?.srcSet}
      sizes={sizes}
      width={uploaded?.width}
      height={uploaded?.height}
      alt=""
      fetchPriority="high"
      decoding="async"
      className="absolute inset-0 size-full object-cover"
    />
  );
}

const outlineOnDark = `${sectionActionClass} border-white/70 bg-black/20 text-white hover:bg-white/15 backdrop-blur-sm`;

/** The three actions that open a dialog (links to its page until then), with the field of `home.hero` that labels each. */
const dialogActions = [
  { dialog: "speisekarte", label: "cta_speisekarte", Icon: BookOpen },
  { dialog: "wochenkarte", label: "cta_wochenkarte", Icon: UtensilsCrossed },
  { dialog: "mitteilungen", label: "cta_mitteilungen", Icon: Megaphone },
] as const;

/** Full-screen opening section: eyebrow, headline (with its markup), subheading, four actions. */
export function Hero({
  hero,
  onOpen,
  onIntent,
}: {
  hero: HeroContent;
  onOpen: (dialog: HomeDialog) => void;
  /** The visitor is about to use an action (pointer over or focus on it): time to load the dialogs. */
  onIntent?: () => void;
}) {
  const backgroundRef = useParallax(PARALLAX_FACTOR);
  const customBackground = hero.background_image_url && hero.background_image_url !== HERO_PICTURE.src;
  return (
    <section
      id="home"
      aria-labelledby="home-heading"
      className="relative flex min-h-svh flex-col items-center justify-center overflow-hidden bg-ink px-4 pt-24 pb-28 text-center text-white"
    >
      <div ref={backgroundRef} data-parallax="" aria-hidden="true" className="absolute inset-0">
        {customBackground ? (
          <CustomHeroPicture address={hero.background_image_url ?? ""} />
        ) : (
          <DefaultHeroPicture />
        )}
      </div>
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_center,rgb(0_0_0/0.3)_0%,transparent_65%),linear-gradient(180deg,rgb(0_0_0/0.72)_0%,rgb(0_0_0/0.5)_45%,rgb(0_0_0/0.78)_100%)]"
      />

      <div className="relative max-w-4xl">
        <p className="mb-5 text-xs font-semibold tracking-[0.3em] text-brand-100 uppercase sm:text-sm">
          {hero.eyebrow}
        </p>
        <h1
          id="home-heading"
          className="text-4xl leading-tight font-bold text-balance drop-shadow-md sm:text-5xl md:text-7xl"
        >
          {renderHeadline(hero.headline, { red: "text-brand-300", italic: "italic" })}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-base leading-relaxed text-stone-200 sm:text-lg md:text-xl">
          {hero.subheading}
        </p>
        <div
          onPointerOver={onIntent}
          onFocus={onIntent}
          className="mx-auto mt-10 flex max-w-xs flex-col gap-3 sm:max-w-none sm:flex-row sm:flex-wrap sm:justify-center"
        >
          {dialogActions.map(({ dialog, label, Icon }, index) => (
            <Button
              key={dialog}
              asChild
              size="lg"
              variant={index === 0 ? "light" : "outline"}
              className={index === 0 ? sectionActionClass : outlineOnDark}
            >
              <DialogLink href={dialogPages[dialog]} onOpen={() => onOpen(dialog)}>
                <Icon aria-hidden="true" />
                {hero[label]}
              </DialogLink>
            </Button>
          ))}
          <Button asChild size="lg" className={sectionActionClass}>
            <a href="#reservations">
              <CalendarCheck aria-hidden="true" />
              {hero.cta_reservieren}
            </a>
          </Button>
        </div>
      </div>

      <a
        href="#about"
        className="absolute bottom-6 left-1/2 flex -translate-x-1/2 flex-col items-center gap-1 rounded-md px-3 py-1 text-sm text-stone-200 hover:text-white"
      >
        {hero.scroll_label}
        <ChevronDown className="size-5 motion-safe:animate-bounce" aria-hidden="true" />
      </a>
    </section>
  );
}
