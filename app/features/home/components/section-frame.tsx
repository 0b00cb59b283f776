import type { ReactNode } from "react";
import { responsiveAttributes } from "../../../common/pictures/uploaded-pictures.ts";
import { cn } from "../../../lib/utils.ts";

/**
 * The frame of a home page section whose block has an optional `background_image_url`: with a
 * picture, the section turns dark and the picture lies behind it, darkened so the light text on it
 * stays readable (decorative: empty alt text, loaded lazily); without one, `plainClassName` colours it.
 * The content is told which of the two it sits on.
 */
export function PictureSection({
  id,
  backgroundUrl,
  plainClassName,
  children,
}: {
  id: string;
  backgroundUrl: string;
  plainClassName?: string;
  children: (onDark: boolean) => ReactNode;
}) {
  const onDark = backgroundUrl !== "";
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={cn(
        "render-when-visible relative isolate scroll-mt-16 overflow-hidden px-4 py-20 md:py-28",
        onDark ? "bg-ink text-white" : plainClassName,
      )}
    >
      {onDark ? (
        <div aria-hidden="true" className="absolute inset-0 -z-10">
          <img
            {...responsiveAttributes(backgroundUrl, "100vw")}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
          <div className="absolute inset-0 bg-ink/80" />
        </div>
      ) : null}
      {children(onDark)}
    </section>
  );
}

/**
 * A section's heading (`<h2 id="{sectionId}-heading">`): optional small capitals above it and an
 * optional highlighted ending ('Reservieren Sie Ihren *Tisch*').
 */
export function SectionHeading({
  sectionId,
  eyebrow,
  heading,
  highlight,
  onDark = false,
  level = 2,
}: {
  sectionId: string;
  eyebrow?: string;
  heading: string;
  highlight?: string;
  onDark?: boolean;
  /** 1 when the section is a page of its own (`/reservieren`). */
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <>
      {eyebrow ? (
        <p
          className={cn(
            "mb-3 text-sm font-semibold tracking-[0.3em] uppercase",
            onDark ? "text-brand-100" : "text-brand-700",
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <Heading
        id={`${sectionId}-heading`}
        className="text-4xl leading-tight font-bold text-balance md:text-5xl"
      >
        {heading}
        {highlight ? (
          <>
            {" "}
            <span className={cn("italic", onDark ? "text-brand-300" : "text-brand-700")}>{highlight}</span>
          </>
        ) : null}
      </Heading>
    </>
  );
}

/** The lead text under a section's heading. */
export function SectionDescription({ onDark, children }: { onDark: boolean; children: string }) {
  return (
    <p className={cn("mt-6 text-lg leading-relaxed", onDark ? "text-stone-200" : "text-muted")}>{children}</p>
  );
}

/** Section actions: staff may write long labels, so they wrap instead of overflowing a phone's width. */
export const sectionActionClass = "h-auto min-h-12 py-2 whitespace-normal";
