export { ShowcaseAdmin } from "./components/admin/showcase-admin.tsx";
export { SpeisekarteAdmin } from "./components/admin/speisekarte-admin.tsx";
export { WochenkarteAdmin } from "./components/admin/wochenkarte-admin.tsx";
export { MenuPage } from "./components/menu-page.tsx";
export { ShowcaseCarousel } from "./components/showcase-carousel.tsx";
export { ADDITIVES, ALLERGENS } from "./marks.ts";
export { menuActionMessages, menuFailureNotices } from "./menu-model.ts";
export { categoryTree } from "./menu-tree.ts";
export { menuFailure } from "./public-menu.ts";

/** The menu's dialog loads when a guest opens it, not with the page (decision 0008). */
export const loadMenuDialog = () => import("./components/menu-dialog.tsx");
