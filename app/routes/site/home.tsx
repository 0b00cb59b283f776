import { ChevronDown } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { ContactLines, OpeningHoursList } from "../../features/content/components/contact-details.tsx";
import { useSiteFrame } from "../../features/content/site-frame.ts";
import { readActiveSpeisekarte } from "../../features/menu/active-menu.server.ts";
import { services } from "../../lib/app-context.ts";
import { formatPrice } from "../../lib/format.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => siteMeta({});

export async function loader({ context }: Route.LoaderArgs) {
  const { database, logger } = services(context);
  try {
    return { menu: await readActiveSpeisekarte(database.db), menuError: false };
  } catch (error) {
    logger.error("home menu read failed", { error });
    return { menu: [], menuError: true };
  }
}

const stats = [
  { value: "30+", label: "Jahre Tradition" },
  { value: "100%", label: "Authentische Rezepte" },
  { value: "50+", label: "Italienische Weine" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const frame = useSiteFrame();
  const contact = frame["global.contact"];
  return (
    <>
      <section
        id="home"
        className="relative flex min-h-screen items-center justify-center overflow-hidden bg-[radial-gradient(ellipse_at_top,#7a1a15_0%,#3a1512_55%,#1f1a17_100%)] px-4 text-center text-white"
      >
        <div className="max-w-3xl">
          <p className="mb-4 text-sm font-semibold tracking-[0.3em] text-brand-100 uppercase">
            Authentische Italienische Küche
          </p>
          <h1 className="text-5xl leading-tight font-bold md:text-7xl">
            Willkommen im <span className="text-brand-100 italic">{contact.name}</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-stone-200">
            Hausgemachte Pasta, Pizza aus dem Steinofen und die Weine Italiens – mitten in der Stadt.
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <a href="#reservations">Tisch reservieren</a>
            </Button>
            <Button asChild size="lg" variant="light">
              <a href="#menu">Speisekarte ansehen</a>
            </Button>
          </div>
        </div>
        <a
          href="#about"
          className="absolute bottom-8 left-1/2 flex -translate-x-1/2 flex-col items-center gap-1 text-sm text-stone-200"
        >
          Mehr erfahren
          <ChevronDown className="size-5 motion-safe:animate-bounce" aria-hidden="true" />
        </a>
      </section>

      <section id="about" className="scroll-mt-16 px-4 py-20 md:py-28">
        <div className="mx-auto max-w-4xl text-center">
          <p className="text-sm font-semibold tracking-[0.3em] text-brand-700 uppercase">Über uns</p>
          <h2 className="mt-3 text-4xl font-bold md:text-5xl">Italienische Gastfreundschaft</h2>
          <p className="mt-6 text-lg leading-relaxed text-muted">
            Seit über dreißig Jahren kochen wir nach den Rezepten unserer Familie: mit frischen Zutaten, viel
            Zeit und Liebe zum Detail. Bei uns sind Sie Gast und Freund zugleich.
          </p>
          <dl className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-3">
            {stats.map((stat) => (
              <div key={stat.label} className="flex flex-col rounded-lg bg-white p-6 shadow-sm">
                <dt className="text-sm text-muted">{stat.label}</dt>
                <dd className="order-first font-serif text-4xl font-bold text-brand-700">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section id="menu" className="scroll-mt-16 bg-white px-4 py-20 md:py-28">
        <div className="mx-auto max-w-4xl">
          <div className="text-center">
            <p className="text-sm font-semibold tracking-[0.3em] text-brand-700 uppercase">Speisekarte</p>
            <h2 className="mt-3 text-4xl font-bold md:text-5xl">Unsere Speisekarte</h2>
          </div>
          {loaderData.menuError ? (
            <p className="mt-10 text-center text-muted">
              Ein Fehler ist beim Laden der Speisekarte aufgetreten.
            </p>
          ) : loaderData.menu.length === 0 ? (
            <p className="mt-10 text-center text-muted">
              Momentan sind keine Gerichte auf der Speisekarte verfügbar.
            </p>
          ) : (
            <div className="mt-12 grid gap-10 md:grid-cols-2">
              {loaderData.menu.map((group) => (
                <div key={group.id ?? "other"}>
                  <h3 className="mb-4 border-b border-stone-200 pb-2 text-2xl font-semibold">{group.name}</h3>
                  <ul className="space-y-4">
                    {group.dishes.map((dish) => (
                      <li key={dish.id} className="flex justify-between gap-4">
                        <div>
                          <p className="font-medium">
                            {dish.productCode ? (
                              <span className="text-muted">{dish.productCode}. </span>
                            ) : null}
                            {dish.name}
                          </p>
                          {dish.description ? <p className="text-sm text-muted">{dish.description}</p> : null}
                        </div>
                        <p className="shrink-0 font-semibold text-brand-700">
                          {formatPrice(dish.priceCents)}
                        </p>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          )}
        </div>
      </section>

      <section id="reservations" className="scroll-mt-16 px-4 py-20 md:py-28">
        <div className="mx-auto grid max-w-5xl gap-10 md:grid-cols-2">
          <div id="reservation-form-area" className="scroll-mt-16">
            <p className="text-sm font-semibold tracking-[0.3em] text-brand-700 uppercase">Reservierung</p>
            <h2 className="mt-3 text-4xl font-bold">Reservieren Sie Ihren Tisch</h2>
            <p className="mt-4 text-lg leading-relaxed text-muted">
              Rufen Sie uns an oder schreiben Sie uns eine E-Mail – wir halten Ihnen gern einen Tisch frei.
            </p>
            <ContactLines contact={contact} className="mt-8 space-y-4 text-lg" />
          </div>
          <div className="rounded-lg bg-white p-8 shadow-sm">
            <h3 className="mb-4 text-2xl font-semibold">Öffnungszeiten</h3>
            <OpeningHoursList hours={frame["global.opening_hours"]} />
          </div>
        </div>
      </section>
    </>
  );
}
