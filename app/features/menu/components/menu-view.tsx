import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { isMenuEmpty, menuTexts, type MenuViewState } from "../public-menu.ts";
import { SpeisekarteList } from "./speisekarte-list.tsx";
import { WochenkarteList } from "./wochenkarte-list.tsx";

/**
 * One card in one of its four states (loading, error, empty, loaded); the page and the home page
 * dialog both show a card through this.
 */
export function MenuView({
  menu,
  headingLevel,
  retry,
}: {
  menu: MenuViewState;
  headingLevel: 2 | 3;
  /** How to try again after an error: a button in the dialog, a reload link on the page. */
  retry?: ReactNode;
}) {
  const texts = menuTexts[menu.kind];
  if (menu.status === "loading") {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-12 text-muted">
        <LoaderCircle className="size-5 motion-safe:animate-spin" aria-hidden="true" />
        {texts.loading}
      </p>
    );
  }
  if (menu.status === "error") {
    return (
      <div role="alert" className="rounded-md border border-brand-100 bg-brand-50 px-4 py-6 text-center">
        <p className="text-brand-800">Fehler: {menu.message}</p>
        {retry ? <div className="mt-4">{retry}</div> : null}
      </div>
    );
  }
  if (isMenuEmpty(menu)) return <p className="py-12 text-center text-muted">{texts.empty}</p>;
  return menu.kind === "speisekarte" ? (
    <SpeisekarteList groups={menu.groups} headingLevel={headingLevel} />
  ) : (
    <WochenkarteList meals={menu.meals} />
  );
}
