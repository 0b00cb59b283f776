import { ImageOff, type LucideIcon } from "lucide-react";
import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";
import { responsivePicture, shownAddress } from "./uploaded-pictures.ts";
import { cn } from "../../lib/utils.ts";

/**
 * Whether the picture at `src` could not be loaded: heard from its error event, or — for a picture the
 * server rendered, which may fail before React is there to hear it — read from the element itself.
 */
export function useBrokenPicture(src: string | null | undefined) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    // (`currentSrc` is empty while a lazy picture has not started: not loaded yet is not broken.)
    if (src && element?.complete && element.currentSrc !== "" && element.naturalWidth === 0)
      setBrokenSrc(src);
  }, [src]);
  return {
    image,
    broken: Boolean(src) && brokenSrc === src,
    onError: () => setBrokenSrc(src ?? null),
  };
}

/**
 * A picture by its address. An uploaded one comes with its WebP variants (`srcset`; the browser picks
 * by `sizes`) and its width and height, so the page keeps its place while it loads; any other
 * address is shown as it is. Without an address, or when it cannot be loaded, a placeholder graphic
 * takes its place (docs/product/pictures.md#placeholder).
 */
export function Picture({
  src,
  alt,
  sizes,
  className,
  placeholderIcon: Icon = ImageOff,
  loading = "lazy",
  fetchPriority,
}: {
  src: string | null | undefined;
  alt: string;
  /** How wide the picture is drawn, for `srcset` ('(min-width: 768px) 25vw, 100vw'). */
  sizes: string;
  className?: string;
  placeholderIcon?: LucideIcon;
  loading?: "lazy" | "eager";
  fetchPriority?: ImgHTMLAttributes<HTMLImageElement>["fetchPriority"];
}) {
  const { image, broken, onError } = useBrokenPicture(src);
  if (!src || broken)
    return (
      <div
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={cn(
          "grid place-items-center bg-gradient-to-br from-stone-100 to-stone-200 text-stone-400",
          className,
        )}
      >
        <Icon className="size-10" aria-hidden="true" />
      </div>
    );
  const responsive = responsivePicture(src);
  return (
    <img
      ref={image}
      src={responsive?.src ?? shownAddress(src)}
      srcSet={responsive?.srcSet}
      sizes={responsive ? sizes : undefined}
      width={responsive?.width}
      height={responsive?.height}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      onError={onError}
      className={cn("object-cover", className)}
    />
  );
}
