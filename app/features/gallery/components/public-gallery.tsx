import { lazy, Suspense, useState } from "react";
import { Picture } from "../../../common/pictures/picture.tsx";
import { Carousel } from "../../../components/ui/carousel.tsx";
import { responsivePicture, shownAddress } from "../../../common/pictures/uploaded-pictures.ts";
import {
  GALLERY_PAGE_SIZE,
  galleryTexts as T,
  pagesOf,
  type PublicGalleryPicture,
} from "../public-gallery.ts";

/** The lightbox's code loads with the first click on a picture, not with the page. */
const Lightbox = lazy(() => import("./lightbox.tsx").then((module) => ({ default: module.Lightbox })));

/** Drawn width of a picture in the grid of 1, 2, 3 and 4 columns (sm, lg, xl; the section is at most 80 rem). */
const GRID_SIZES = "(min-width: 1280px) 20rem, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

export const galleryOpenerId = (index: number) => `galerie-bild-${index}`;

/**
 * The home page's gallery: the published pictures in pages of 8, sliding on every 5 s (the shared
 * carousel: paused under the pointer or focus, while the lightbox is open, and for reduced motion;
 * going on afterwards). Each picture links to its large version — before the page's scripts have
 * arrived that link simply opens it; afterwards it opens the lightbox. All pages are in the server's
 * HTML; pictures load lazily, from the variant that fits the grid cell.
 */
export function PublicGallery({ pictures }: { pictures: PublicGalleryPicture[] }) {
  const [open, setOpen] = useState<number | undefined>();
  const [mounted, setMounted] = useState(false);
  const [page, setPage] = useState(0);
  if (pictures.length === 0) return null;
  const pages = pagesOf(pictures);
  const show = (index: number) => {
    setMounted(true);
    setOpen(index);
  };
  return (
    <>
      <Carousel
        label={T.carousel}
        slideLabel={T.page}
        className="mx-auto mt-12 max-w-7xl"
        index={page}
        onIndexChange={setPage}
        paused={open !== undefined}
        slides={pages.map((onPage, pageIndex) => (
          <ul key={pageIndex} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {onPage.map((picture, indexOnPage) => {
              const index = pageIndex * GALLERY_PAGE_SIZE + indexOnPage;
              return (
                <li key={picture.id}>
                  <a
                    id={galleryOpenerId(index)}
                    href={responsivePicture(picture.address)?.src ?? shownAddress(picture.address)}
                    aria-haspopup="dialog"
                    aria-label={T.open(picture.alt)}
                    // A press before the page's scripts have run opens the large picture once they
                    // have (app/lib/early-input.ts); without scripts the link shows the picture.
                    data-keep-press=""
                    onClick={(event) => {
                      event.preventDefault();
                      show(index);
                    }}
                    className="group block overflow-hidden rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2"
                  >
                    <Picture
                      src={picture.address}
                      alt={picture.alt}
                      sizes={GRID_SIZES}
                      className="aspect-[4/3] w-full transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
                    />
                  </a>
                </li>
              );
            })}
          </ul>
        ))}
      />
      {mounted ? (
        <Suspense fallback={null}>
          <Lightbox
            pictures={pictures}
            index={open}
            onIndexChange={setOpen}
            onClose={(last) => {
              // Back on the page of the picture looked at last, with the keyboard on it.
              setPage(Math.floor(last / GALLERY_PAGE_SIZE));
              setOpen(undefined);
            }}
            openerOf={(index) => document.getElementById(galleryOpenerId(index))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
