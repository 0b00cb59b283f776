import { cn } from "../../../../lib/utils.ts";
import type { GallerySectionContent } from "../../blocks.ts";
import { Eyebrow, SectionBackground } from "./section-background.tsx";

/** The gallery section's texts; the pictures themselves come with the gallery feature. */
export function GallerySection({ section }: { section: GallerySectionContent }) {
  const onDark = section.background_image_url !== "";
  return (
    <section
      id="gallery"
      aria-labelledby="gallery-heading"
      className={cn(
        "render-when-visible relative isolate scroll-mt-16 overflow-hidden px-4 py-20 md:py-28",
        onDark && "bg-ink text-white",
      )}
    >
      <SectionBackground url={section.background_image_url} />
      <div className="mx-auto max-w-3xl text-center">
        <Eyebrow onDark={onDark}>{section.eyebrow}</Eyebrow>
        <h2 id="gallery-heading" className="mt-3 text-4xl leading-tight font-bold text-balance md:text-5xl">
          {section.heading}
          {section.heading_highlight ? (
            <>
              {" "}
              <span className={cn("italic", onDark ? "text-brand-300" : "text-brand-700")}>
                {section.heading_highlight}
              </span>
            </>
          ) : null}
        </h2>
        <p className={cn("mt-6 text-lg leading-relaxed", onDark ? "text-stone-200" : "text-muted")}>
          {section.description}
        </p>
      </div>
    </section>
  );
}
