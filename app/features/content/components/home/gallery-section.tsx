import { cn } from "../../../../lib/utils.ts";
import type { GallerySectionContent } from "../../blocks.ts";
import { Eyebrow, HighlightedHeading, SectionBackground } from "./section-background.tsx";

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
        <div className="mt-3">
          <HighlightedHeading
            id="gallery-heading"
            heading={section.heading}
            highlight={section.heading_highlight}
            onDark={onDark}
          />
        </div>
        <p className={cn("mt-6 text-lg leading-relaxed", onDark ? "text-stone-200" : "text-muted")}>
          {section.description}
        </p>
      </div>
    </section>
  );
}
