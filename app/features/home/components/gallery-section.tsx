import type { ReactNode } from "react";
import type { GallerySectionContent } from "../../../common/content/schemas.ts";
import { PictureSection, SectionDescription, SectionHeading } from "./section-frame.tsx";

/** The gallery section: its texts, and the pictures the route hands in (the pictures feature's gallery). */
export function GallerySection({
  section,
  pictures,
}: {
  section: GallerySectionContent;
  pictures?: ReactNode;
}) {
  return (
    <PictureSection id="gallery" backgroundUrl={section.background_image_url}>
      {(onDark) => (
        <>
          <div className="mx-auto max-w-3xl text-center">
            <SectionHeading
              sectionId="gallery"
              eyebrow={section.eyebrow}
              heading={section.heading}
              highlight={section.heading_highlight}
              onDark={onDark}
            />
            <SectionDescription onDark={onDark}>{section.description}</SectionDescription>
          </div>
          {pictures}
        </>
      )}
    </PictureSection>
  );
}
