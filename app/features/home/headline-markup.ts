import { createElement, type ReactNode } from "react";

/**
 * The hero headline's small markup (docs/product/site.md#hero; the README names it for staff): `[red]…[/red]`
 * red text, `[italic]…[/italic]` italics (both nestable) and `[br]` a line break. Staff type it into a text
 * field, so it is parsed here into plain data and rendered as React elements: everything else — HTML,
 * `<script>`, unknown tags such as `[blue]` — stays literal text, and unbalanced markup never throws (an
 * unmatched closing tag is text, a tag left open is closed at the end).
 */
export type HeadlineNode =
  { type: "text"; text: string } | { type: "br" } | { type: "red" | "italic"; children: HeadlineNode[] };

type StyleTag = "red" | "italic";

const TOKEN = /\[(\/?)(red|italic)\]|\[br\s*\/?\]/gi;

export function parseHeadline(markup: string): HeadlineNode[] {
  const root: HeadlineNode[] = [];
  // The open elements, innermost last; the root list has no tag.
  const stack: Array<{ tag: StyleTag | null; children: HeadlineNode[] }> = [{ tag: null, children: root }];
  const current = () => stack[stack.length - 1]?.children ?? root;
  const pushText = (text: string) => {
    if (text.length === 0) return;
    const siblings = current();
    const last = siblings[siblings.length - 1];
    if (last?.type === "text") last.text += text;
    else siblings.push({ type: "text", text });
  };

  let position = 0;
  for (const match of markup.matchAll(TOKEN)) {
    pushText(markup.slice(position, match.index));
    position = match.index + match[0].length;
    const [token, slash, name] = match;
    if (name === undefined) {
      current().push({ type: "br" });
      continue;
    }
    const tag = name.toLowerCase() as StyleTag;
    if (slash === "") {
      const element: HeadlineNode = { type: tag, children: [] };
      current().push(element);
      stack.push({ tag, children: element.children });
      continue;
    }
    // A closing tag closes the innermost open element of its kind (and any opened inside it);
    // with none open it is just text.
    let depth = stack.length - 1;
    while (depth > 0 && stack[depth]?.tag !== tag) depth -= 1;
    if (depth === 0) pushText(token);
    else stack.length = depth;
  }
  pushText(markup.slice(position));
  return root;
}

/** The headline as plain text (tags removed, `[br]` as a space): for titles and labels. */
export function headlinePlainText(markup: string): string {
  const walk = (nodes: HeadlineNode[]): string =>
    nodes
      .map((node) => (node.type === "text" ? node.text : node.type === "br" ? " " : walk(node.children)))
      .join("");
  return walk(parseHeadline(markup)).replace(/\s+/g, " ").trim();
}

export interface HeadlineClasses {
  red?: string;
  italic?: string;
}

/** React elements for the headline; text is always rendered as text, never as HTML. */
export function renderHeadline(markup: string, classes: HeadlineClasses = {}): ReactNode[] {
  const render = (nodes: HeadlineNode[], path: string): ReactNode[] =>
    nodes.map((node, index) => {
      const key = `${path}${index}`;
      switch (node.type) {
        case "text":
          return node.text;
        case "br":
          return createElement("br", { key });
        case "red":
          return createElement("span", { key, className: classes.red }, ...render(node.children, `${key}.`));
        case "italic":
          return createElement("em", { key, className: classes.italic }, ...render(node.children, `${key}.`));
      }
    });
  return render(parseHeadline(markup), "");
}
