export { SiteFooter } from "./components/site-footer.tsx";
export { SiteNavbar } from "./components/site-navbar.tsx";
export { siteFrameKeys, useSiteFrame } from "./site-frame.ts";
export { jsonLdText, restaurantStructuredData } from "./structured-data.ts";

/** The contact dialog loads when a guest opens it, not with the page (decision 0008). */
export const loadContactDialog = () => import("./components/contact-dialog.tsx");
