import { ContentPage, ReloadLink } from "../../../components/content-page.tsx";
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
  return (
    <ContentPage title={texts.title} intro={intros[menu.kind]} onward={onwards[menu.kind]}>
      <MenuView menu={menu} headingLevel={2} retry={<ReloadLink href={texts.href} />} />
    </ContentPage>
  );
}
