import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { FieldErrors } from "../../../../lib/forms.ts";
import { ContentField, type FormModel } from "./content-fields.tsx";
import { noticeOf } from "./content-tab-form.tsx";
import { tabFields } from "./tab-fields.ts";

const model = (draft: FormModel["draft"], errors: FieldErrors): FormModel => ({
  tab: "about",
  draft,
  errors,
  setField: () => {},
  runListAction: () => {},
  listMax: () => 6,
});
const statsSpec = tabFields.about.sections
  .flatMap((section) => section.fields)
  .find((f) => f.name === "stats");
const imageSpec = tabFields.about.sections
  .flatMap((section) => section.fields)
  .find((f) => f.name === "image_url");
const tagWithId = (html: string, id: string) =>
  new RegExp(`<(input|textarea)[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";

describe("content fields on the form kit", () => {
  it("puts a nested message (stats.1.label) on that field, after its description", () => {
    if (!statsSpec || !imageSpec) throw new Error("about tab changed");
    const draft = {
      stats: [
        { value: "30+", label: "Jahre" },
        { value: "5", label: "" },
      ],
      image_url: "x",
    };
    const html = renderToStaticMarkup(
      <ContentField
        model={model(draft, { "stats.1.label": "Bezeichnung ist erforderlich" })}
        spec={statsSpec}
      />,
    );
    const label = tagWithId(html, "about-stats-1-label");
    expect(label).toContain('aria-invalid="true"');
    expect(label).toContain('aria-describedby="about-stats-1-label-error"');
    expect(html).toContain('id="about-stats-1-label-error"');
    expect(tagWithId(html, "about-stats-0-label")).not.toContain(`aria-invalid="`);

    const image = renderToStaticMarkup(
      <ContentField model={model(draft, { image_url: "Gültige URL erforderlich" })} spec={imageSpec} />,
    );
    expect(tagWithId(image, "about-image_url")).toContain(
      'aria-describedby="about-image_url-description about-image_url-error"',
    );
  });

  it("ties a list's own message to the list and leads the keyboard to its add button", () => {
    if (!statsSpec) throw new Error("about tab changed");
    const html = renderToStaticMarkup(
      <ContentField model={model({ stats: [] }, { stats: "Mindestens eine Kennzahl" })} spec={statsSpec} />,
    );
    expect(html).toMatch(/<fieldset[^>]*aria-describedby="about-stats-description about-stats-error"/);
    expect(html).toMatch(/<button[^>]*data-invalid="true"[^>]*>.*Kennzahl hinzufügen/);
    const valid = renderToStaticMarkup(<ContentField model={model({ stats: [] }, {})} spec={statsSpec} />);
    expect(valid).not.toContain("data-invalid");
  });
});

describe("what a content submission tells staff", () => {
  it("uses the shared save texts", () => {
    expect(noticeOf({ status: "saved", block: "hero", values: {} })).toEqual({
      tone: "success",
      title: "Inhalt gespeichert",
      description: "Die Änderungen wurden erfolgreich gespeichert.",
    });
    expect(noticeOf({ status: "invalid", block: "hero", values: {}, fieldErrors: {} })).toEqual({
      tone: "error",
      title: "Fehler beim Speichern",
      description: "Die Änderungen konnten nicht gespeichert werden.",
    });
    expect(noticeOf({ status: "unexpected" })?.description).toBe("Ein unerwarteter Fehler ist aufgetreten.");
    expect(noticeOf({ status: "edited", block: "hero", values: {} })).toBeUndefined();
  });
});
