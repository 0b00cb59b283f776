import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { Picture } from "../../../common/pictures/picture.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog.tsx";
import { galleryTexts as T, type PublicGalleryPicture } from "../public-gallery.ts";

/**
 * A gallery picture in full size: closed by its close button, a click outside or Escape (the shared
 * dialog keeps focus inside); ← and → and the two buttons go to the previous and next picture.
 */
export function Lightbox({
  pictures,
  index,
  onIndexChange,
  onClose,
  openerOf,
}: {
  pictures: PublicGalleryPicture[];
  index: number | undefined;
  onIndexChange: (index: number) => void;
  /** With the picture shown last. */
  onClose: (last: number) => void;
  /** The link of a picture in the gallery, for the keyboard's way back. */
  openerOf: (index: number) => HTMLElement | null;
}) {
  const count = pictures.length;
  const lastShown = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (index !== undefined) lastShown.current = index;
  }, [index]);
  const picture = index === undefined ? undefined : pictures[index];
  const go = (step: number) => {
    if (index !== undefined) onIndexChange((index + step + count) % count);
  };
  return (
    <Dialog open={picture !== undefined} onOpenChange={(open) => (open ? undefined : onClose(index ?? 0))}>
      <DialogContent
        className="max-w-6xl"
        onCloseAutoFocus={(event) => {
          const opener = lastShown.current === undefined ? null : openerOf(lastShown.current);
          if (!opener) return;
          event.preventDefault();
          // After the carousel has turned to its page (inert until then).
          requestAnimationFrame(() => opener.focus({ preventScroll: true }));
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowLeft") go(-1);
          else if (event.key === "ArrowRight") go(1);
        }}
      >
        {picture ? (
          <figure className="space-y-3">
            <DialogTitle className="sr-only">{T.lightbox}</DialogTitle>
            <Picture
              key={picture.id}
              src={picture.address}
              alt={picture.alt}
              sizes="(min-width: 72rem) 72rem, 100vw"
              loading="eager"
              className="mx-auto max-h-[75vh] w-auto max-w-full object-contain"
            />
            <figcaption className="flex items-center justify-between gap-3">
              <DialogDescription className="text-ink">
                {picture.caption ?? picture.alt}
                <span className="ml-2 text-muted">{T.position(index ?? 0, count)}</span>
              </DialogDescription>
              {count > 1 ? (
                <span className="flex shrink-0 gap-2">
                  <button
                    type="button"
                    onClick={() => go(-1)}
                    aria-label={T.previous}
                    className="rounded-full border border-stone-300 p-2 hover:bg-stone-100"
                  >
                    <ChevronLeft className="size-5" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    onClick={() => go(1)}
                    aria-label={T.next}
                    className="rounded-full border border-stone-300 p-2 hover:bg-stone-100"
                  >
                    <ChevronRight className="size-5" aria-hidden="true" />
                  </button>
                </span>
              ) : null}
            </figcaption>
          </figure>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
