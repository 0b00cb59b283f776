import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * The public site and the staff area, visibly separate. Everything below the admin layout passes its
 * staff check first (middleware, decision 0030); the picture upload and the staff screens' live
 * updates (decision 0035) answer their own refusals.
 */
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("speisekarte", "routes/site/speisekarte.tsx"),
    route("wochenkarte", "routes/site/wochenkarte.tsx"),
    route("mitteilungen", "routes/site/mitteilungen.tsx"),
    route("reservieren", "routes/site/reservieren.tsx"),
    route("reservierung/:token", "routes/site/reservierung.tsx"),
    route("impressum", "routes/site/impressum.tsx"),
    route("datenschutz", "routes/site/datenschutz.tsx"),
    route("nutzungsbedingungen", "routes/site/nutzungsbedingungen.tsx"),
    route("cookie-richtlinie", "routes/site/cookie-richtlinie.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("api/mitteilungen", "routes/resources/announcements.ts"),
  route("api/verfuegbarkeit", "routes/resources/availability.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("admin/bilder/hochladen", "routes/resources/picture-upload.ts"),
  route("admin/reservations/freie-plaetze", "routes/resources/staff-free-seats.ts"),
  route("admin/live", "routes/resources/live.ts"),
  route("login", "routes/auth/login.tsx"),
  route("passwort-vergessen", "routes/auth/password-help.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("mitteilungen", "routes/admin/mitteilungen.tsx"),
    route("content", "routes/admin/content.tsx"),
    route("reservations", "routes/admin/reservations.tsx"),
    route("service", "routes/admin/service.tsx"),
    route("tischplan", "routes/admin/tischplan.tsx"),
    route("reservations/e-mails", "routes/admin/outbox.tsx"),
    route("reservations/einstellungen", "routes/admin/reservation-settings.tsx"),
    route("speisekarte", "routes/admin/speisekarte.tsx"),
    route("wochenkarte", "routes/admin/wochenkarte.tsx"),
    route("menu-items", "routes/admin/menu-items.tsx"),
    route("gallery", "routes/admin/gallery.tsx"),
    route("konto", "routes/admin/account.tsx"),
    route("konten", "routes/admin/accounts.tsx"),
    route("gastdaten", "routes/admin/gastdaten.tsx"),
    route("gastdaten/json", "routes/admin/gastdaten-json.ts"),
    route("statistik", "routes/admin/statistik.tsx"),
    route("statistik/csv", "routes/admin/statistik-csv.ts"),
  ]),
] satisfies RouteConfig;
