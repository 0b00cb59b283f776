import type { FeaturedDishCategory, MenuType } from "../../../db/database.types.ts";
import type { ActionFailure } from "../../lib/action-failures.ts";
import { errorNotice, type Notice, type StaffActionResult } from "../../lib/forms.ts";

/**
 * What the menu screens' actions answer, and their texts (docs/product/menu.md#staff-screens;
 * decision 0015), shared by the server and the screens.
 */
export type MenuIntent =
  | "activate"
  | "deactivate"
  | "move"
  | "product-save"
  | "product-delete"
  | "category-save"
  | "category-delete"
  | "meal-save"
  | "meal-delete"
  | "item-save"
  | "item-toggle"
  | "item-move"
  | "item-delete";

export type MenuActionResult = StaffActionResult<MenuIntent | "unknown">;

const UNEXPECTED = "Ein Fehler ist aufgetreten.";
const ADD_FAILED = "Fehler beim Hinzufügen zur aktiven Karte.";
const REMOVE_FAILED = "Fehler beim Entfernen von der aktiven Karte.";
const withDetail = (text: string, message: string) => (message === UNEXPECTED ? text : `${text} ${message}`);

export const menuActionMessages = {
  unexpected: UNEXPECTED,
  unknownAction: "Unbekannte Aktion.",
  unknownDish: "Unbekanntes Gericht.",
  activateFailed: (type: MenuType, message: string) =>
    type === "SPEISEKARTE"
      ? `Konnte Produkt nicht zur aktiven Karte hinzufügen: ${message}`
      : withDetail(ADD_FAILED, message),
  deactivateFailed: (type: MenuType, message: string) =>
    type === "SPEISEKARTE"
      ? `Konnte Produkt nicht von aktiver Karte entfernen: ${message}`
      : withDetail(REMOVE_FAILED, message),
  orderFailed: "Die Reihenfolge konnte nicht gespeichert werden. Bitte laden Sie die Seite neu.",
  productFailed: "Failed to add product.",
  productDeleteFailed: (message: string) => `Fehler beim Löschen des Produkts: ${message}`,
  categoryFailed: "Failed to save category.",
  categoryDeleteFailed: "Failed to delete category.",
  categoryDeleteConfirm:
    "Sind Sie sicher, dass Sie diese Kategorie löschen möchten? Produkte in dieser Kategorie werden nicht automatisch neu zugewiesen.",
  categoryDeleted: (products: number) =>
    products === 0
      ? ""
      : `${products} ${products === 1 ? "Produkt steht" : "Produkte stehen"} jetzt unter 'Ohne Kategorie'.`,
  mealFailed: "Speichern des Gerichts fehlgeschlagen. Keine Daten zurückgegeben.",
  mealDeleteFailed: (message: string) => `Fehler beim Löschen des Wochengerichts: ${message}`,
} as const;

const M = menuActionMessages;
const englishFailure = () => errorNotice("An error occurred.", "Error");

/**
 * What the menu screens say when an action's answer never arrives (decision 0028): the catch-all
 * texts of the menu messages above ('Fehler beim Hinzufügen zur aktiven Karte.'), with the reason
 * where the text has room for one; English on 'Menu Items', as its action answers.
 */
export const menuFailureNotices: Record<MenuIntent, (failure: ActionFailure) => Notice> = {
  activate: () => errorNotice(ADD_FAILED),
  deactivate: () => errorNotice(REMOVE_FAILED),
  move: () => errorNotice(M.orderFailed),
  "product-save": () => errorNotice(M.productFailed),
  "product-delete": (failure) => errorNotice(M.productDeleteFailed(failure.detail)),
  "category-save": () => errorNotice(M.categoryFailed),
  "category-delete": () => errorNotice(M.categoryDeleteFailed),
  "meal-save": () => errorNotice(M.mealFailed),
  "meal-delete": (failure) => errorNotice(M.mealDeleteFailed(failure.detail)),
  "item-save": englishFailure,
  "item-toggle": englishFailure,
  "item-move": englishFailure,
  "item-delete": englishFailure,
};

// The rows the staff screens receive from their loaders.

export interface CategoryRow {
  id: number;
  name: string;
  display_order: number | null;
  parent_id: number | null;
}

export interface ProductRow {
  id: number;
  name: string;
  description: string | null;
  price_cents: number;
  product_code: string | null;
  category_id: number | null;
  category_name: string | null;
  allergens: string | null;
  additives: string | null;
}

export interface WeeklyRow {
  id: number;
  name: string;
  description: string | null;
  price_cents: number;
  allergens: string | null;
  additives: string | null;
  updated_at: string;
}

export interface ShowcaseRow {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  category: FeaturedDishCategory;
  image_url: string | null;
  sort_order: number;
  is_active: boolean;
  allergens: string | null;
  additives: string | null;
}
