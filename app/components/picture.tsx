import { ImageOff, type LucideIcon } from "lucide-react";
import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";
import { responsivePicture } from "../lib/uploaded-pictures.ts";
import { cn } from "../lib/utils.ts";

/**
 * A picture by its address. An uploaded one comes with its WebP variants (`srcset`; the browser picks
 * by `sizes`) and its width and height, so the page keeps its place while it loads; any other
 * address is shown as it is. Without an address, or when it cannot be loaded, a placeholder graphic
 * takes its place (the spec: a broken preview falls back to a placeholder).
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
  const [broken, setBroken] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  // A server-rendered picture may have failed before React was there to hear its error event.
  useEffect(() => {
    const element = image.current;
    if (src && element?.complete && element.naturalWidth === 0) setBroken(src);
  }, [src]);
  if (!src || broken === src)
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
      src={responsive?.src ?? src}
      srcSet={responsive?.srcSet}
      sizes={responsive ? sizes : undefined}
      width={responsive?.width}
      height={responsive?.height}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      onError={() => setBroken(src)}
      className={cn("object-cover", className)}
    />
  );
}
