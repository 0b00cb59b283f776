import { describe, expect, it } from "vitest";
import { isSubmissionPending } from "./use-is-pending.ts";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};
const idle = { state: "idle", formAction: undefined, formMethod: undefined, formData: undefined } as const;
const submitting = (formAction: string, entries: Record<string, string> = {}, formMethod = "POST") =>
  ({ state: "submitting", formAction, formMethod, formData: form(entries) }) as const;
const reloading = (formAction: string) =>
  ({ state: "loading", formAction, formMethod: "POST", formData: form({}) }) as const;

describe("isSubmissionPending", () => {
  it("is false while nothing is submitted, and for a plain page load", () => {
    expect(isSubmissionPending(idle, {})).toBe(false);
    expect(
      isSubmissionPending(
        { state: "loading", formAction: undefined, formMethod: undefined, formData: undefined },
        {},
      ),
    ).toBe(false);
  });

  it("follows the current form's action, also with a query, but not another form's", () => {
    expect(isSubmissionPending(submitting("/login"), { formAction: "/login" })).toBe(true);
    expect(isSubmissionPending(submitting("/admin/content?tab=hero"), { formAction: "/admin/content" })).toBe(
      true,
    );
    expect(
      isSubmissionPending(submitting("/admin/content?tab=hero"), { formAction: "/admin/content?tab=menu" }),
    ).toBe(false);
    expect(isSubmissionPending(submitting("/logout"), { formAction: "/login" })).toBe(false);
    expect(isSubmissionPending(submitting("/login", {}, "GET"), { formAction: "/login" })).toBe(false);
  });

  it("follows one intent when asked", () => {
    const save = submitting("/admin/content", { intent: "save" });
    const listButton = submitting("/admin/content", { intent: "list:add:links:3" });
    expect(isSubmissionPending(save, { intent: "save" })).toBe(true);
    expect(isSubmissionPending(listButton, { intent: "save" })).toBe(false);
  });

  it("counts the reload after the answer unless only the submission itself is asked for", () => {
    expect(isSubmissionPending(reloading("/admin/mitteilungen"), {})).toBe(true);
    expect(isSubmissionPending(reloading("/admin/mitteilungen"), { state: "submitting" })).toBe(false);
    expect(isSubmissionPending(submitting("/admin/mitteilungen"), { state: "submitting" })).toBe(true);
  });
});
