export { addToActive, countActiveDishes, listActiveIds } from "./active-lists.server.ts";
export {
  loadShowcase,
  loadSpeisekarte,
  loadWochenkarte,
  readActiveSpeisekarte,
} from "./active-menu.server.ts";
export { listCategories, saveCategory } from "./categories.server.ts";
export { listProducts, listWeeklyMeals, saveProduct } from "./dishes.server.ts";
export {
  handleShowcaseAction,
  handleSpeisekarteAction,
  handleWochenkarteAction,
} from "./menu-actions.server.ts";
export { forgetShowcasePicture, showcasePictureUses } from "./showcase-admin.server.ts";
export { listShowcase } from "./showcase.server.ts";
export { ADDITIVES, ALLERGENS } from "./marks.ts";
