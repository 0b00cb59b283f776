import type { FeaturedDishCategory, MenuType } from "../../lib/database.types.ts";
import type { RowActionResult } from "../../lib/forms.ts";

/**
 * What the menu screens' actions answer, and their texts: the spec's messages where it has them
 * (decision 0015), shared by the server and the screens.
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

export type MenuActionResult = RowActionResult<MenuIntent | "unknown">;

const UNEXPECTED = "Ein Fehler ist aufgetreten.";
const withDetail = (text: string, message: string) => (message === UNEXPECTED ? text : `${text} ${message}`);

export const menuActionMessages = {
  unexpected: UNEXPECTED,
  unknownAction: "Unbekannte Aktion.",
  unknownDish: "Unbekanntes Gericht.",
  activateFailed: (type: MenuType, message: string) =>
    type === "SPEISEKARTE"
      ? `Konnte Produkt nicht zur aktiven Karte hinzufügen: ${message}`
      : withDetail("Fehler beim Hinzufügen zur aktiven Karte.", message),
  deactivateFailed: (type: MenuType, message: string) =>
    type === "SPEISEKARTE"
      ? `Konnte Produkt nicht von aktiver Karte entfernen: ${message}`
      : withDetail("Fehler beim Entfernen von der aktiven Karte.", message),
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
