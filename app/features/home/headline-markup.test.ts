import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { headlinePlainText, parseHeadline, renderHeadline } from "./headline-markup.ts";

const html = (markup: string) =>
  renderToStaticMarkup(
    createElement(Fragment, null, ...renderHeadline(markup, { red: "red", italic: "it" })),
  );

describe("parseHeadline", () => {
  it("reads plain text as one text node", () => {
    expect(parseHeadline("Willkommen")).toEqual([{ type: "text", text: "Willkommen" }]);
    expect(parseHeadline("")).toEqual([]);
  });

  it("reads [red], [italic] and [br]", () => {
    expect(parseHeadline("Willkommen im[br][red]Ristorante [italic]Tavola[/italic][/red]!")).toEqual([
      { type: "text", text: "Willkommen im" },
      { type: "br" },
      {
        type: "red",
        children: [
          { type: "text", text: "Ristorante " },
          { type: "italic", children: [{ type: "text", text: "Tavola" }] },
        ],
      },
      { type: "text", text: "!" },
    ]);
  });

  it("nests the same tag", () => {
    expect(parseHeadline("[italic]a[italic]b[/italic]c[/italic]")).toEqual([
      {
        type: "italic",
        children: [
          { type: "text", text: "a" },
          { type: "italic", children: [{ type: "text", text: "b" }] },
          { type: "text", text: "c" },
        ],
      },
    ]);
  });

  it("ignores the case of tag names and accepts [br/]", () => {
    expect(parseHeadline("[RED]a[/Red][BR][br/]")).toEqual([
      { type: "red", children: [{ type: "text", text: "a" }] },
      { type: "br" },
      { type: "br" },
    ]);
  });

  it("keeps unknown tags and an unmatched closing tag as text", () => {
    expect(parseHeadline("[blue]a[/blue] b[/red] [b]c[/b]")).toEqual([
      { type: "text", text: "[blue]a[/blue] b[/red] [b]c[/b]" },
    ]);
  });

  it("closes a tag left open at the end", () => {
    expect(parseHeadline("a[red]b[italic]c")).toEqual([
      { type: "text", text: "a" },
      {
        type: "red",
        children: [
          { type: "text", text: "b" },
          { type: "italic", children: [{ type: "text", text: "c" }] },
        ],
      },
    ]);
  });

  it("a closing tag also closes what was opened inside it", () => {
    expect(parseHeadline("[red]a[italic]b[/red]c[/italic]")).toEqual([
      {
        type: "red",
        children: [
          { type: "text", text: "a" },
          { type: "italic", children: [{ type: "text", text: "b" }] },
        ],
      },
      { type: "text", text: "c[/italic]" },
    ]);
  });

  it("does not choke on long or odd input", () => {
    const long = "[red]".repeat(2000) + "x" + "[/italic]".repeat(2000);
    expect(() => parseHeadline(long)).not.toThrow();
    expect(headlinePlainText(long)).toBe("x" + "[/italic]".repeat(2000));
    expect(parseHeadline("[[red]]")).toEqual([
      { type: "text", text: "[" },
      { type: "red", children: [{ type: "text", text: "]" }] },
    ]);
  });
});

describe("renderHeadline", () => {
  it("renders the elements with the given classes", () => {
    expect(html("Willkommen im[br][red]Ristorante [italic]Tavola[/italic][/red]")).toBe(
      'Willkommen im<br/><span class="red">Ristorante <em class="it">Tavola</em></span>',
    );
  });

  it("renders HTML and scripts as literal text, never as markup", () => {
    const output = html('<script>alert("x")</script>[red]<img src=x onerror=alert(1)>[/red]');
    expect(output).not.toContain("<script");
    expect(output).not.toContain("<img");
    expect(output).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<span class="red">&lt;img src=x onerror=alert(1)&gt;</span>',
    );
  });

  it("renders unbalanced markup without throwing", () => {
    expect(html("[/red]a[red]b")).toBe('[/red]a<span class="red">b</span>');
  });
});

describe("headlinePlainText", () => {
  it("drops the tags and turns line breaks into spaces", () => {
    expect(headlinePlainText("Willkommen im[br][red]Ristorante [italic]Tavola[/italic][/red]")).toBe(
      "Willkommen im Ristorante Tavola",
    );
  });
});
