import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** The public site and the staff area, visibly separate. Every admin route checks the session itself. */
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("impressum", "routes/site/impressum.tsx"),
    route("datenschutz", "routes/site/datenschutz.tsx"),
    route("nutzungsbedingungen", "routes/site/nutzungsbedingungen.tsx"),
    route("cookie-richtlinie", "routes/site/cookie-richtlinie.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("login", "routes/auth/login.tsx"),
  route("passwort-vergessen", "routes/auth/password-help.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    // Screens whose features come with later issues share one guarded module until then.
    ...["speisekarte", "wochenkarte", "reservations", "gallery", "menu-items", "mitteilungen", "content"].map(
      (path) => route(path, "routes/admin/upcoming-screen.tsx", { id: `admin-${path}` }),
    ),
  ]),
] satisfies RouteConfig;
