import { ArrowLeft, ArrowRight, RotateCw } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { menuTexts, type MenuResult } from "../public-menu.ts";
import { MenuView } from "./menu-view.tsx";

const intros = {
  speisekarte: "Antipasti, hausgemachte Pasta, Pizza aus dem Steinofen, Secondi und Dolci – buon appetito!",
  wochenkarte: "Jede Woche neu: saisonale Gerichte aus unserer Küche, frisch und nur für kurze Zeit.",
} as const;

const onwards = {
  speisekarte: { href: menuTexts.wochenkarte.href, label: "Zur Wochenkarte" },
  wochenkarte: { href: menuTexts.speisekarte.href, label: "Zur Speisekarte" },
} as const;

/** The public page of a card (/speisekarte, /wochenkarte): heading, the card, ways on. */
export function MenuPage({ menu }: { menu: MenuResult }) {
  const texts = menuTexts[menu.kind];
  const onward = onwards[menu.kind];
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 md:py-20">
      <header className="text-center">
        <h1 className="text-4xl font-bold md:text-5xl">{texts.title}</h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-muted">{intros[menu.kind]}</p>
      </header>
      <div className="mt-10 rounded-lg bg-white p-5 shadow-sm md:p-10">
        <MenuView
          menu={menu}
          headingLevel={2}
          retry={
            // A plain link reloads the whole page, which works before (or without) JavaScript too.
            <Button asChild variant="outline">
              <a href={texts.href}>
                <RotateCw aria-hidden="true" />
                Erneut versuchen
              </a>
            </Button>
          }
        />
      </div>
      <nav aria-label="Weiter" className="mt-10 flex flex-col items-center justify-between gap-4 sm:flex-row">
        <Button asChild variant="outline">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Zurück zur Startseite
          </Link>
        </Button>
        <Button asChild variant="link">
          <Link to={onward.href}>
            {onward.label}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </nav>
    </div>
  );
}
