import { ArrowRight, RotateCw } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { menuTexts, type MenuKind, type MenuResult, type MenuViewState } from "../public-menu.ts";
import { MenuView } from "./menu-view.tsx";

const descriptions: Record<MenuKind, string> = {
  speisekarte: "Alle Gerichte unserer Karte mit Preisen.",
  wochenkarte: "Unsere wechselnden Gerichte dieser Woche.",
};

/**
 * 'Unsere Speisekarte' / 'Unsere Wochenkarte' over the home page. Each time it opens it reads the
 * card afresh through the page's own loader (/speisekarte, /wochenkarte), so staff changes show at
 * once (decision 0013).
 */
export function MenuDialog({
  kind,
  open,
  onOpenChange,
  restaurantName,
}: {
  kind: MenuKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  restaurantName: string;
}) {
  const texts = menuTexts[kind];
  const fetcher = useFetcher<MenuResult>();
  const { load } = fetcher;
  useEffect(() => {
    if (open) void load(texts.href);
  }, [open, load, texts.href]);

  // A reopened dialog keeps showing the card it had while the fresh copy loads; only a first load or
  // a retry after an error shows the loading state.
  const data = fetcher.data?.kind === kind ? fetcher.data : undefined;
  const menu: MenuViewState =
    !data || (data.status === "error" && fetcher.state !== "idle") ? { kind, status: "loading" } : data;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent footer={restaurantName}>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{descriptions[kind]}</DialogDescription>
        </DialogHeader>
        <MenuView
          menu={menu}
          headingLevel={3}
          retry={
            <Button variant="outline" onClick={() => void load(texts.href)}>
              <RotateCw aria-hidden="true" />
              Erneut versuchen
            </Button>
          }
        />
        <p className="mt-6 text-sm">
          {/* The dialog may live outside the page that unmounts on navigation, so it closes itself. */}
          <Link
            to={texts.href}
            onClick={() => onOpenChange(false)}
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            {kind === "speisekarte"
              ? "Speisekarte als eigene Seite öffnen"
              : "Wochenkarte als eigene Seite öffnen"}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </p>
      </DialogContent>
    </Dialog>
  );
}
