import { UtensilsCrossed } from "lucide-react";
import { Picture } from "../../../common/pictures/picture.tsx";

/**
 * A dish's picture, or a placeholder graphic when it has none or it cannot be loaded. Decorative:
 * the dish's name is next to it.
 */
export function DishPicture({
  src,
  className,
  sizes = "(min-width: 1280px) 30vw, (min-width: 640px) 50vw, 100vw",
}: {
  src: string | null;
  className?: string;
  sizes?: string;
}) {
  return <Picture src={src} alt="" sizes={sizes} className={className} placeholderIcon={UtensilsCrossed} />;
}
