import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../../app/routes.ts";

/** Every page of app/routes.ts that renders a screen (a `.tsx` module), as its path. */
function pagesOf(entries: readonly RouteConfigEntry[] = routes, prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? prefix : entry.path ? `${prefix}/${entry.path}` : prefix;
    const own = entry.file.endsWith(".tsx") && !entry.children ? [path || "/"] : [];
    return [...own, ...pagesOf(entry.children ?? [], path)];
  });
}

/** Every staff screen (the pages below /admin, not its downloads and resources). */
export const staffScreens = (): string[] => pagesOf().filter((path) => path.startsWith("/admin"));

/** Every page a guest opens without a link of her own (no `:token`, not the not-found page). */
export const guestPages = (): string[] =>
  pagesOf().filter(
    (path) => !path.startsWith("/admin") && !path.includes(":") && !path.includes("*") && path !== "/logout",
  );
