import { BookOpen, UtensilsCrossed } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/utils.ts";
import type { MenuSectionContent } from "../../../common/content/schemas.ts";
import { DialogLink } from "../../../components/ui/dialog-link.tsx";
import { dialogPages } from "./dialog-pages.ts";
import { PictureSection, SectionDescription, SectionHeading, sectionActionClass } from "./section-frame.tsx";

/**
 * The menu section: its texts, the showcase of dishes (tabs by category and a carousel, from the menu
 * feature, given by the route as `showcase(onDark)`), and the buttons that open the Speisekarte and
 * the Wochenkarte (links to their pages until the page has hydrated).
 */
export function MenuSection({
  section,
  showcase,
  onOpenSpeisekarte,
  onOpenWochenkarte,
  onIntent,
}: {
  section: MenuSectionContent;
  showcase?: (onDark: boolean) => ReactNode;
  onOpenSpeisekarte: () => void;
  onOpenWochenkarte: () => void;
  /** Pointer over or focus on the buttons: time to load the dialogs. */
  onIntent?: () => void;
}) {
  return (
    <PictureSection id="menu" backgroundUrl={section.background_image_url} plainClassName="bg-white">
      {(onDark) => (
        <div className="mx-auto max-w-5xl text-center">
          <div className="mx-auto max-w-3xl">
            <SectionHeading
              sectionId="menu"
              eyebrow={section.eyebrow}
              heading={section.heading}
              onDark={onDark}
            />
            <div aria-hidden="true" className="mx-auto mt-6 flex items-center justify-center gap-3">
              <span className="h-px w-12 bg-brand-700/40" />
              <span className={cn("size-1.5 rotate-45", onDark ? "bg-brand-100" : "bg-brand-700")} />
              <span className="h-px w-12 bg-brand-700/40" />
            </div>
            <SectionDescription onDark={onDark}>{section.description}</SectionDescription>
          </div>
          {showcase ? <div className="mt-10">{showcase(onDark)}</div> : null}
          <div
            onPointerOver={onIntent}
            onFocus={onIntent}
            className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row"
          >
            <Button asChild size="lg" className={sectionActionClass}>
              <DialogLink href={dialogPages.speisekarte} onOpen={onOpenSpeisekarte}>
                <BookOpen aria-hidden="true" />
                {section.cta_full_menu}
              </DialogLink>
            </Button>
            <Button asChild size="lg" variant="outline" className={sectionActionClass}>
              <DialogLink href={dialogPages.wochenkarte} onOpen={onOpenWochenkarte}>
                <UtensilsCrossed aria-hidden="true" />
                Wochenkarte ansehen
              </DialogLink>
            </Button>
          </div>
        </div>
      )}
    </PictureSection>
  );
}
