import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  errorsWithin,
  formId,
  fieldErrorsOf,
  formText,
  pathName,
  readForm,
  saveFailedNotice,
  savedNotice,
  withoutErrorsWithin,
} from "./forms.ts";

const schema = z.object({
  name: z.string().min(1, "Name fehlt").min(3, "Name zu kurz"),
  size: z.coerce.number().min(1, "Mindestens 1"),
});

const issuesOf = (result: { success: boolean; error?: z.ZodError }) => {
  if (result.success || !result.error) throw new Error("expected a validation failure");
  return result.error;
};

describe("fieldErrorsOf: the one mapper from Zod issues to field messages", () => {
  it("keeps the first message per field", () => {
    expect(fieldErrorsOf(issuesOf(schema.safeParse({ name: "", size: 0 })))).toEqual({
      name: "Name fehlt",
      size: "Mindestens 1",
    });
  });

  it("names nested fields by their path: list items, groups in lists, prefixed blocks", () => {
    const about = z.object({
      paragraphs: z.array(z.string().min(1, "Absatz fehlt")).min(1, "Mindestens ein Absatz"),
      stats: z.array(
        z.object({ value: z.string().min(1, "Wert fehlt"), label: z.string().min(1, "Bezeichnung fehlt") }),
      ),
      contact: z.object({ email: z.email("Gültige E-Mail erforderlich") }),
    });
    const error = issuesOf(
      about.safeParse({
        paragraphs: [],
        stats: [
          { value: "30+", label: "Jahre" },
          { value: "1", label: "x" },
          { value: "", label: "" },
        ],
        contact: { email: "keine" },
      }),
    );
    expect(fieldErrorsOf(error)).toEqual({
      paragraphs: "Mindestens ein Absatz",
      "stats.2.value": "Wert fehlt",
      "stats.2.label": "Bezeichnung fehlt",
      "contact.email": "Gültige E-Mail erforderlich",
    });
  });

  it("names a list of cards' messages by position, and the list's own message by ''", () => {
    const cards = z
      .array(z.object({ title: z.string().min(1, "Titel ist erforderlich") }))
      .refine((list) => list.length < 3, "Zu viele");
    const errors = fieldErrorsOf(issuesOf(cards.safeParse([{ title: "a" }, { title: "" }])));
    expect(errors).toEqual({ "1.title": "Titel ist erforderlich" });
    expect(errorsWithin(errors, "1")).toEqual({ title: "Titel ist erforderlich" });
    expect(errorsWithin(errors, "0")).toEqual({});
    expect(
      fieldErrorsOf(issuesOf(cards.safeParse([{ title: "a" }, { title: "b" }, { title: "c" }]))),
    ).toEqual({
      "": "Zu viele",
    });
  });

  it("keeps only the named fields when asked to", () => {
    const error = issuesOf(schema.safeParse({ name: "", size: 0 }));
    expect(fieldErrorsOf(error, ["name"])).toEqual({ name: "Name fehlt" });
  });

  it("takes any issue of the same shape, without Zod", () => {
    expect(
      fieldErrorsOf({
        issues: [
          { path: ["links", 0, "label"], message: "Bezeichnung fehlt" },
          { path: [], message: "Ganze Eingabe" },
        ],
      }),
    ).toEqual({ "links.0.label": "Bezeichnung fehlt", "": "Ganze Eingabe" });
    expect(pathName(["a", 2, "b"])).toBe("a.2.b");
  });
});

describe("messages of one part of a form", () => {
  const errors = {
    links: "Höchstens 10",
    "links.1.label": "Bezeichnung fehlt",
    linkset: "Anderes Feld",
    brand: "Markenname fehlt",
  };

  it("takes a part's messages relative to it", () => {
    expect(errorsWithin(errors, "links")).toEqual({ "": "Höchstens 10", "1.label": "Bezeichnung fehlt" });
  });

  it("drops a part's messages and keeps the rest, also fields whose name only starts alike", () => {
    expect(withoutErrorsWithin(errors, "links")).toEqual({
      linkset: "Anderes Feld",
      brand: "Markenname fehlt",
    });
  });
});

describe("reading forms", () => {
  it("reads text fields, treating files and missing fields as empty", async () => {
    const form = new FormData();
    form.set("name", "Anna");
    form.set("upload", new Blob(["x"]), "x.txt");
    expect(formText(form, ["name", "upload", "missing"])).toEqual({ name: "Anna", upload: "", missing: "" });
  });

  it("gives an empty form for a body that is not a form", async () => {
    const request = new Request("http://x/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect([...(await readForm(request)).keys()]).toEqual([]);
  });
});

describe("save messages", () => {
  it("are the texts of every staff screen", () => {
    expect(savedNotice("Inhalt gespeichert")).toEqual({
      tone: "success",
      title: "Inhalt gespeichert",
      description: "Die Änderungen wurden erfolgreich gespeichert.",
    });
    expect(saveFailedNotice()).toEqual({
      tone: "error",
      title: "Fehler beim Speichern",
      description: "Die Änderungen konnten nicht gespeichert werden.",
    });
    expect(saveFailedNotice("Ein unerwarteter Fehler ist aufgetreten.").description).toBe(
      "Ein unerwarteter Fehler ist aufgetreten.",
    );
  });
});

it("imports nothing at run time, so guests' pages that load it never load Zod", () => {
  const source = readFileSync(new URL("./forms.ts", import.meta.url), "utf8");
  const runtimeImports = source.split("\n").filter((line) => /^import (?!type )/.test(line));
  expect(runtimeImports).toEqual([]);
});

describe("formId", () => {
  const form = (id: string) => {
    const data = new FormData();
    data.set("id", id);
    return data;
  };
  it("reads ids an integer column can hold, nothing else", () => {
    expect(formId(form("42"))).toBe(42);
    expect(formId(form("2147483647"))).toBe(2_147_483_647);
    for (const forged of ["0", "2147483648", "999999999999", "-1", "1.5", "1e3", " 7", "", "abc"])
      expect(formId(form(forged)), forged).toBeUndefined();
    expect(formId(new FormData())).toBeUndefined();
  });
});
