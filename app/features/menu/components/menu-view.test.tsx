import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { menuFailure, type MenuViewState } from "../public-menu.ts";
import { MenuView } from "./menu-view.tsx";

/** The card as text, the way a reader hears it (tags removed, whitespace folded). */
function text(menu: MenuViewState, retry?: string) {
  const html = renderToStaticMarkup(<MenuView menu={menu} headingLevel={2} retry={retry} />);
  return {
    html,
    text: html
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  };
}

const none = { allergens: [], additives: [] };

describe("MenuView", () => {
  it("shows the loading state as a status message", () => {
    const speise = text({ kind: "speisekarte", status: "loading" });
    expect(speise.text).toBe("Speisekarte wird geladen...");
    expect(speise.html).toContain('role="status"');
    expect(text({ kind: "wochenkarte", status: "loading" }).text).toBe("Wochenkarte wird geladen...");
  });

  it("shows the error as 'Fehler: …' with a way to try again", () => {
    const speise = text(menuFailure("speisekarte"), "Erneut versuchen");
    expect(speise.text).toBe(
      "Fehler: Ein Fehler ist beim Laden der Speisekarte aufgetreten. Erneut versuchen",
    );
    expect(speise.html).toContain('role="alert"');
    expect(text({ kind: "wochenkarte", status: "error", message: "Zeitüberschreitung" }).text).toBe(
      "Fehler: Zeitüberschreitung",
    );
  });

  it("says so when a card has nothing on it", () => {
    expect(text({ kind: "speisekarte", status: "loaded", groups: [] }).text).toBe(
      "Momentan sind keine Gerichte auf der Speisekarte verfügbar.",
    );
    const weekly = text({ kind: "wochenkarte", status: "loaded", meals: [] });
    expect(weekly.text).toBe("Momentan sind keine speziellen Wochengerichte verfügbar.");
    expect(weekly.text).not.toContain("begrenzte Zeit");
  });

  it("groups the Speisekarte under category headings, code before the name, German prices", () => {
    const { html, text: shown } = text({
      kind: "speisekarte",
      status: "loaded",
      groups: [
        {
          id: 1,
          name: "Antipasti",
          level: 0,
          dishes: [
            {
              id: 1,
              productCode: "1",
              name: "Bruschetta",
              description: "Mit Tomaten",
              priceCents: 690,
              ...none,
            },
            { id: 2, productCode: null, name: "Oliven", description: null, priceCents: 1250, ...none },
          ],
        },
        {
          id: null,
          name: "Weitere Gerichte",
          level: 0,
          dishes: [{ id: 3, productCode: "", name: "Brot", description: null, priceCents: 300, ...none }],
        },
      ],
    });
    expect(html).toMatch(/<h2[^>]*>Antipasti<\/h2>/);
    expect(html).toMatch(/<h2[^>]*>Weitere Gerichte<\/h2>/);
    // Intl puts a no-break space between amount and euro sign.
    expect(shown.replace(/\u00a0/g, " ")).toBe(
      "Antipasti 1. Bruschetta 6,90 € Mit Tomaten Oliven 12,50 € Weitere Gerichte Brot 3,00 €",
    );
  });

  it("marks dishes with their allergens and additives, names them for screen readers, and explains the marks used", () => {
    const { html, text: shown } = text({
      kind: "speisekarte",
      status: "loaded",
      groups: [
        { id: 1, name: "Pasta", level: 0, dishes: [] },
        {
          id: 2,
          name: "Hausgemacht",
          level: 1,
          dishes: [
            {
              id: 1,
              productCode: "10",
              name: "Carbonara",
              description: null,
              priceCents: 1350,
              allergens: ["A", "C", "G"],
              additives: ["3"],
            },
          ],
        },
      ],
    });
    expect(html).toMatch(/<h2[^>]*>Pasta<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>Hausgemacht<\/h3>/);
    expect(html).toMatch(/<sup aria-hidden="true"[^>]*>A, C, G, 3<\/sup>/);
    expect(shown).toContain(
      "(Allergene: Glutenhaltiges Getreide, Eier, Milch und Laktose. Zusatzstoffe: mit Antioxidationsmittel.)",
    );
    expect(shown).toContain("Allergene: A Glutenhaltiges Getreide · C Eier · G Milch und Laktose");
    expect(shown).toContain("Zusatzstoffe: 3 mit Antioxidationsmittel");
    expect(shown).not.toContain("Sellerie");
  });

  it("lists the Wochenkarte flat with the note that its offers are limited in time", () => {
    const { html, text: shown } = text({
      kind: "wochenkarte",
      status: "loaded",
      meals: [{ id: 7, name: "Ossobuco", description: "Mit Risotto", priceCents: 2690, ...none }],
    });
    expect(html).not.toMatch(/<h[23]/);
    expect(shown.replace(/\u00a0/g, " ")).toBe(
      "Ossobuco 26,90 € Mit Risotto Alle Angebote der Wochenkarte gelten nur für begrenzte Zeit.",
    );
  });
});
