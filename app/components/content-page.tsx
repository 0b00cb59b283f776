import { ArrowLeft, ArrowRight, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "./ui/button.tsx";

/**
 * A guests' page that shows one thing the home page also shows in a dialog (a card, the
 * announcements): heading, introduction, the content on a white sheet, and ways on.
 */
export function ContentPage({
  title,
  intro,
  onward,
  children,
}: {
  title: string;
  intro: string;
  /** A second way on besides the home page, e.g. from the Speisekarte to the Wochenkarte. */
  onward?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 md:py-20">
      <header className="text-center">
        <h1 className="text-4xl font-bold md:text-5xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-muted">{intro}</p>
      </header>
      <div className="mt-10 rounded-lg bg-white p-5 shadow-sm md:p-10">{children}</div>
      <nav aria-label="Weiter" className="mt-10 flex flex-col items-center justify-between gap-4 sm:flex-row">
        <Button asChild variant="outline">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Zurück zur Startseite
          </Link>
        </Button>
        {onward ? (
          <Button asChild variant="link">
            <Link to={onward.href}>
              {onward.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </nav>
    </div>
  );
}

/** 'Erneut versuchen' as a plain link that loads the page again: it works before (or without) scripts. */
export function ReloadLink({ href }: { href: string }) {
  return (
    <Button asChild variant="outline">
      <a href={href}>
        <RotateCw aria-hidden="true" />
        Erneut versuchen
      </a>
    </Button>
  );
}
