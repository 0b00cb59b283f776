export type HomeDialog = "speisekarte" | "wochenkarte" | "mitteilungen";

/**
 * The page each home page dialog has beside it, where its opener leads until the page has hydrated
 * (app/components/ui/dialog-link.tsx).
 */
export const dialogPages: Record<HomeDialog, string> = {
  speisekarte: "/speisekarte",
  wochenkarte: "/wochenkarte",
  mitteilungen: "/mitteilungen",
};
