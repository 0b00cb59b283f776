export { About } from "./components/about.tsx";
export { type HomeDialog } from "./components/dialog-pages.ts";
export { GallerySection } from "./components/gallery-section.tsx";
export { Hero } from "./components/hero.tsx";
export { MenuSection } from "./components/menu-section.tsx";
export { ReservationsSection } from "./components/reservations-section.tsx";
export { Testimonials } from "./components/testimonials.tsx";
export { useAnchorLanding } from "./components/use-anchor-landing.ts";
