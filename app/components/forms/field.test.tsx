import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorList, Field, FieldFrame, SelectField, TextareaField, fieldWiring } from "./field.tsx";

/** Attributes of the first element matching a tag (and optional attribute), from rendered HTML. */
function attributesOf(html: string, tag: string): Record<string, string> {
  const match = new RegExp(`<${tag}\\b([^>]*)>`).exec(html);
  if (!match) throw new Error(`no <${tag}> in ${html}`);
  return Object.fromEntries([...(match[1] ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}
const textOfId = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>(.*?)</`).exec(html)?.[1];

describe("Field", () => {
  it("ties label, description and message to the control", () => {
    const html = renderToStaticMarkup(
      <Field
        id="hero-eyebrow"
        label="Überzeile"
        description="Steht über der Überschrift."
        errors="Überzeile ist erforderlich"
        inputProps={{ name: "eyebrow", defaultValue: "" }}
      />,
    );
    const input = attributesOf(html, "input");
    expect(input.id).toBe("hero-eyebrow");
    expect(input.name).toBe("eyebrow");
    expect(input["aria-invalid"]).toBe("true");
    // Description first, message last: a screen reader ends on the message.
    expect(input["aria-describedby"]).toBe("hero-eyebrow-description hero-eyebrow-error");
    expect(attributesOf(html, "label").for).toBe("hero-eyebrow");
    expect(textOfId(html, "hero-eyebrow-description")).toBe("Steht über der Überschrift.");
    expect(textOfId(html, "hero-eyebrow-error")).toBe("Überzeile ist erforderlich");
  });

  it("without a message is neither invalid nor described by a message that is not there", () => {
    const html = renderToStaticMarkup(<Field id="name" label="Name" inputProps={{ name: "name" }} />);
    const input = attributesOf(html, "input");
    expect(input["aria-invalid"]).toBeUndefined();
    expect(input["aria-describedby"]).toBeUndefined();
    expect(html).not.toContain("name-error");
  });

  it("makes a stable id when none is given, and keeps the screen's own described-by ids", () => {
    const html = renderToStaticMarkup(
      <Field label="Name" errors="Fehlt" inputProps={{ "aria-describedby": "hinweis" }} />,
    );
    const input = attributesOf(html, "input");
    expect(input.id).toBeTruthy();
    expect(attributesOf(html, "label").for).toBe(input.id);
    expect(input["aria-describedby"]).toBe(`hinweis ${input.id}-error`);
    expect(renderToStaticMarkup(<Field label="Name" />)).toBe(renderToStaticMarkup(<Field label="Name" />));
  });

  it("marks optional fields in the label", () => {
    expect(renderToStaticMarkup(<Field id="x" label="Zusatz" optional />)).toContain("(optional)");
  });
});

describe("TextareaField and SelectField", () => {
  it("wire a textarea the same way", () => {
    const html = renderToStaticMarkup(
      <TextareaField
        id="a-content"
        label="Inhalt"
        errors="Inhalt ist erforderlich"
        textareaProps={{ rows: 5 }}
      />,
    );
    const textarea = attributesOf(html, "textarea");
    expect(textarea["aria-invalid"]).toBe("true");
    expect(textarea["aria-describedby"]).toBe("a-content-error");
    expect(textarea.rows).toBe("5");
  });

  it("wire a select and list its options", () => {
    const html = renderToStaticMarkup(
      <SelectField
        id="a-type"
        label="Typ"
        description="Farbe der Mitteilung"
        options={[
          { value: "info", label: "Information" },
          { value: "warning", label: "Warnung" },
        ]}
        selectProps={{ defaultValue: "warning" }}
      />,
    );
    const select = attributesOf(html, "select");
    expect(select.id).toBe("a-type");
    expect(select["aria-describedby"]).toBe("a-type-description");
    expect(html).toContain('<option value="warning" selected="">Warnung</option>');
  });
});

describe("FieldFrame", () => {
  it("hands the wiring to a control of the screen's own", () => {
    const html = renderToStaticMarkup(
      <FieldFrame id="password" label="Passwort" errors="Bitte geben Sie ein Passwort ein">
        {(wiring) => (
          <div className="relative">
            <input type="password" {...wiring} />
            <button type="button">Passwort anzeigen</button>
          </div>
        )}
      </FieldFrame>,
    );
    const input = attributesOf(html, "input");
    expect(input).toMatchObject({
      id: "password",
      "aria-invalid": "true",
      "aria-describedby": "password-error",
    });
  });
});

describe("ErrorList", () => {
  it("shows one message as a paragraph, several as a list, none as nothing", () => {
    expect(renderToStaticMarkup(<ErrorList id="e" errors="Fehlt" />)).toMatch(/^<p id="e"[^>]*>Fehlt<\/p>$/);
    const list = renderToStaticMarkup(<ErrorList id="e" errors={["Zu kurz", "Keine Zahl"]} />);
    expect(list).toMatch(/^<ul id="e"/);
    expect(list).toContain("<li>Zu kurz</li><li>Keine Zahl</li>");
    expect(renderToStaticMarkup(<ErrorList id="e" errors={undefined} />)).toBe("");
    expect(renderToStaticMarkup(<ErrorList id="e" errors={[]} />)).toBe("");
    expect(renderToStaticMarkup(<ErrorList id="e" errors="" />)).toBe("");
  });
});

describe("fieldWiring", () => {
  it("is what a group of fields (a list's fieldset) uses without the components", () => {
    expect(fieldWiring("nav-links", { description: true, errors: "Höchstens 10" })).toEqual({
      id: "nav-links",
      "aria-invalid": true,
      "aria-describedby": "nav-links-description nav-links-error",
    });
    expect(fieldWiring("nav-links", {})).toEqual({
      id: "nav-links",
      "aria-invalid": undefined,
      "aria-describedby": undefined,
    });
  });
});
