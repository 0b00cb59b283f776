import { UtensilsCrossed } from "lucide-react";
import { useState } from "react";
import { cn } from "../../../lib/utils.ts";

/**
 * A dish's picture, or a placeholder graphic when it has none or it cannot be loaded (the spec: a
 * broken preview falls back to a placeholder). Decorative: the dish's name is next to it.
 */
export function DishPicture({ src, className }: { src: string | null; className?: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || broken === src)
    return (
      <div
        aria-hidden="true"
        className={cn(
          "grid place-items-center bg-gradient-to-br from-stone-100 to-stone-200 text-stone-400",
          className,
        )}
      >
        <UtensilsCrossed className="size-10" />
      </div>
    );
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setBroken(src)}
      className={cn("object-cover", className)}
    />
  );
}
