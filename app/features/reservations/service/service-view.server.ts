import { MAX_STAFF_PARTY_SIZE } from "../book/index.server.ts";

/**
 * Which view of 'Service' a device shows (decision 0057): the list (the specified one, and the
 * default) or the plan. Chosen with `?ansicht=liste|plan` and remembered in a cookie of this device,
 * so the first paint is already the chosen view, with or without scripts.
 */

export type ServiceView = "list" | "plan";

const COOKIE = "tavola_service_view";
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const asView = (value: string | null | undefined): ServiceView | undefined =>
  value === "plan" ? "plan" : value === "liste" ? "list" : undefined;

export function serviceViewOf(request: Request): { view: ServiceView; headers?: HeadersInit } {
  const asked = asView(new URL(request.url).searchParams.get("ansicht"));
  if (asked)
    return {
      view: asked,
      headers: {
        // Path /admin: the screen's data requests (`/admin/service.data`) lie outside /admin/service.
        "Set-Cookie": `${COOKIE}=${asked === "plan" ? "plan" : "liste"}; Path=/admin; Max-Age=${YEAR_SECONDS}; HttpOnly; SameSite=Lax`,
      },
    };
  const kept = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === COOKIE)?.[1];
  return { view: asView(kept) ?? "list" };
}

/**
 * `?party_size=4`, the walk-in form sent with 'Tisch vorschlagen' (a GET, without scripts): the size the
 * plan proposes tables for; else none.
 */
export function walkInSizeAsked(url: URL): number | undefined {
  const value = url.searchParams.get("party_size") ?? "";
  if (!/^\d{1,3}$/.test(value)) return undefined;
  const size = Number(value);
  return size >= 1 && size <= MAX_STAFF_PARTY_SIZE ? size : undefined;
}
