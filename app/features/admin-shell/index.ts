export { AdminPage } from "./admin-page.tsx";
export { AdminSidebar } from "./admin-sidebar.tsx";
export { adminScreenAt } from "./navigation.ts";
export { AdminScreenError } from "./screen-error.tsx";
