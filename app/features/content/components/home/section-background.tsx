import { cn } from "../../../../lib/utils.ts";
/**
 * A section's optional background picture (staff set `background_image_url`), darkened so the light
 * text on it stays readable. Decorative: empty alt text, loaded lazily.
 */
export function SectionBackground({ url }: { url: string }) {
  if (!url) return null;
  return (
    <div aria-hidden="true" className="absolute inset-0 -z-10">
      <img src={url} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
      <div className="absolute inset-0 bg-ink/80" />
    </div>
  );
}

/** Small capitals above a section heading. */
export function Eyebrow({ children, onDark = false }: { children: string; onDark?: boolean }) {
  return (
    <p
      className={
        onDark
          ? "text-sm font-semibold tracking-[0.3em] text-brand-100 uppercase"
          : "text-sm font-semibold tracking-[0.3em] text-brand-700 uppercase"
      }
    >
      {children}
    </p>
  );
}

/** A section's heading with its optional highlighted ending ('Reservieren Sie Ihren *Tisch*'). */
export function HighlightedHeading({
  id,
  heading,
  highlight,
  onDark,
}: {
  id: string;
  heading: string;
  highlight: string;
  onDark: boolean;
}) {
  return (
    <h2 id={id} className="text-4xl leading-tight font-bold text-balance md:text-5xl">
      {heading}
      {highlight ? (
        <>
          {" "}
          <span className={cn("italic", onDark ? "text-brand-300" : "text-brand-700")}>{highlight}</span>
        </>
      ) : null}
    </h2>
  );
}
