import { BookOpen, UtensilsCrossed } from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import { cn } from "../../../../lib/utils.ts";
import type { MenuSectionContent } from "../../blocks.ts";
import { Eyebrow, SectionBackground } from "./section-background.tsx";

/**
 * The menu section: its texts and the buttons that open the Speisekarte and the Wochenkarte. The
 * showcase of dishes (tabs by category and a carousel) comes with its own feature.
 */
export function MenuSection({
  section,
  onOpenSpeisekarte,
  onOpenWochenkarte,
  onIntent,
}: {
  section: MenuSectionContent;
  onOpenSpeisekarte: () => void;
  onOpenWochenkarte: () => void;
  /** Pointer over or focus on the buttons: time to load the dialogs. */
  onIntent?: () => void;
}) {
  const onDark = section.background_image_url !== "";
  return (
    <section
      id="menu"
      aria-labelledby="menu-heading"
      className={cn(
        "render-when-visible relative isolate scroll-mt-16 overflow-hidden px-4 py-20 md:py-28",
        onDark ? "bg-ink text-white" : "bg-white",
      )}
    >
      <SectionBackground url={section.background_image_url} />
      <div className="mx-auto max-w-3xl text-center">
        <Eyebrow onDark={onDark}>{section.eyebrow}</Eyebrow>
        <h2 id="menu-heading" className="mt-3 text-4xl leading-tight font-bold text-balance md:text-5xl">
          {section.heading}
        </h2>
        <div aria-hidden="true" className="mx-auto mt-6 flex items-center justify-center gap-3">
          <span className="h-px w-12 bg-brand-700/40" />
          <span className={cn("size-1.5 rotate-45", onDark ? "bg-brand-100" : "bg-brand-700")} />
          <span className="h-px w-12 bg-brand-700/40" />
        </div>
        <p className={cn("mt-6 text-lg leading-relaxed", onDark ? "text-stone-200" : "text-muted")}>
          {section.description}
        </p>
        <div
          onPointerOver={onIntent}
          onFocus={onIntent}
          className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row"
        >
          <Button
            size="lg"
            className="h-auto min-h-12 py-2 whitespace-normal"
            onClick={onOpenSpeisekarte}
            aria-haspopup="dialog"
          >
            <BookOpen aria-hidden="true" />
            {section.cta_full_menu}
          </Button>
          <Button
            size="lg"
            variant="outline"
            className="h-auto min-h-12 py-2 whitespace-normal"
            onClick={onOpenWochenkarte}
            aria-haspopup="dialog"
          >
            <UtensilsCrossed aria-hidden="true" />
            Wochenkarte ansehen
          </Button>
        </div>
      </div>
    </section>
  );
}
