import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsOf, formText, readForm } from "./forms.ts";

const schema = z.object({
  name: z.string().min(1, "Name fehlt").min(3, "Name zu kurz"),
  size: z.coerce.number().min(1, "Mindestens 1"),
});

describe("form helpers", () => {
  it("keeps the first message per field", () => {
    const result = schema.safeParse({ name: "", size: 0 });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrorsOf(result.error, ["name", "size"])).toEqual({
        name: "Name fehlt",
        size: "Mindestens 1",
      });
  });

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
