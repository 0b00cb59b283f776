import { useEffect } from "react";
import { data, Link, useLocation } from "react-router";
import { services } from "../../common/app-context.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/not-found";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { pathname } = url;
  services(context).logger.warn("page not found", { path: pathname });
  return data({ path: pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = () => siteMeta({ title: "Seite nicht gefunden", noindex: true });

export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <p className="font-serif text-7xl font-bold text-brand-700">404</p>
      <h1 className="text-3xl font-bold">Oops! Page not found</h1>
      <p className="text-muted">Die Seite, die Sie suchen, gibt es leider nicht.</p>
      <Link to="/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
        Zurück zur Startseite
      </Link>
    </section>
  );
}
