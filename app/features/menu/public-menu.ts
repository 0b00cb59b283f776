/**
 * What guests see of the two cards, shared by the server (route loaders) and the browser (pages and
 * the home page dialogs). No server imports here.
 */
import type { FeaturedDishCategory } from "../../../db/database.types.ts";

export type MenuKind = "speisekarte" | "wochenkarte";

/** Allergen letters and additive numbers of a dish (app/features/menu/marks.ts). */
export interface DishMarks {
  allergens: string[];
  additives: string[];
}

export interface ActiveDish extends DishMarks {
  id: number;
  productCode: string | null;
  name: string;
  description: string | null;
  priceCents: number;
}

export interface MenuCategoryGroup {
  id: number | null;
  name: string;
  /** 0: a main category; 1: a subcategory, shown under its main category. */
  level: 0 | 1;
  dishes: ActiveDish[];
}

export interface WeeklyDish extends DishMarks {
  id: number;
  name: string;
  description: string | null;
  priceCents: number;
}

export type MenuFailure = { kind: MenuKind; status: "error"; message: string };
export type SpeisekarteResult =
  { kind: "speisekarte"; status: "loaded"; groups: MenuCategoryGroup[] } | MenuFailure;
export type WochenkarteResult = { kind: "wochenkarte"; status: "loaded"; meals: WeeklyDish[] } | MenuFailure;
export type MenuResult = SpeisekarteResult | WochenkarteResult;
/** A card on its way (the dialog fetches it when it opens), or what the loader answered. */
export type MenuViewState = { kind: MenuKind; status: "loading" } | MenuResult;

/** The German texts of each card (docs/product/menu.md#public-cards). */
export const menuTexts = {
  speisekarte: {
    title: "Unsere Speisekarte",
    href: "/speisekarte",
    loading: "Speisekarte wird geladen...",
    failure: "Ein Fehler ist beim Laden der Speisekarte aufgetreten.",
    empty: "Momentan sind keine Gerichte auf der Speisekarte verfügbar.",
  },
  wochenkarte: {
    title: "Unsere Wochenkarte",
    href: "/wochenkarte",
    loading: "Wochenkarte wird geladen...",
    failure: "Ein Fehler ist beim Laden der Wochenkarte aufgetreten.",
    empty: "Momentan sind keine speziellen Wochengerichte verfügbar.",
  },
} as const satisfies Record<MenuKind, Record<string, string>>;

export const WOCHENKARTE_NOTE = "Alle Angebote der Wochenkarte gelten nur für begrenzte Zeit.";

/**
 * The error state guests see. Internal messages (SQL, stack traces) never reach the page; the card's
 * generic sentence stands in for them (docs/product/menu.md#public-cards).
 */
export const menuFailure = (kind: MenuKind): MenuFailure => ({
  kind,
  status: "error",
  message: menuTexts[kind].failure,
});

export function isMenuEmpty(menu: MenuResult): boolean {
  if (menu.status !== "loaded") return false;
  return menu.kind === "speisekarte" ? menu.groups.length === 0 : menu.meals.length === 0;
}

/**
 * The showcase's five categories with their German names, the tabs of 'Menu Items' and the home page
 * (docs/product/menu.md#showcase).
 */
export const SHOWCASE_CATEGORIES = [
  { id: "antipasti", label: "Vorspeisen" },
  { id: "pasta", label: "Pasta" },
  { id: "pizza", label: "Pizza" },
  { id: "secondi", label: "Hauptgerichte" },
  { id: "dolci", label: "Desserts" },
] as const satisfies ReadonlyArray<{ id: FeaturedDishCategory; label: string }>;

/** A dish of the home page's showcase, as guests see it. */
export interface ShowcaseDish extends DishMarks {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  category: FeaturedDishCategory;
  imageUrl: string | null;
}

export type ShowcaseResult = { status: "loaded"; dishes: ShowcaseDish[] } | { status: "error" };

/**
 * The texts of the home page's menu section (English, as the original had them;
 * docs/product/menu.md#showcase). Its loading text has no place here: the dishes come with the page
 * (decision 0018).
 */
export const showcaseTexts = {
  failed: "Failed to load menu items",
  retry: "Please try refreshing the page",
} as const;
