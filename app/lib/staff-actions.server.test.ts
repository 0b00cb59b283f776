import { describe, expect, it } from "vitest";
import { errorNotice } from "./forms.ts";
import {
  done,
  failed,
  staffActionDispatcher,
  staffActionResponse,
  successNotice,
} from "./staff-actions.server.ts";

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};

describe("staffActionDispatcher: one handler per intent, one result shape", () => {
  const handle = staffActionDispatcher<"hide" | "show", { seen: string[] }>(
    {
      async hide(_form, deps) {
        deps.seen.push("hide");
        return done(successNotice("Versteckt"), 7);
      },
      async show() {
        return { ...failed(409, errorNotice("Schon sichtbar"), 7), headers: { "Retry-After": "5" } };
      },
    },
    errorNotice("Unbekannte Aktion."),
  );

  it("answers with the handler's outcome, its intent and a fresh id each time", async () => {
    const deps = { seen: [] as string[] };
    const first = await handle(form({ intent: "hide" }), deps);
    const second = await handle(form({ intent: "hide" }), deps);
    expect(first).toMatchObject({
      status: 200,
      result: { intent: "hide", outcome: "done", notice: { title: "Versteckt" }, targetId: 7 },
    });
    expect(first.result.resultId).not.toBe(second.result.resultId);
    expect(deps.seen).toEqual(["hide", "hide"]);
  });

  it("refuses an unknown or missing intent with 400 and the notice, and runs no handler", async () => {
    const deps = { seen: [] as string[] };
    for (const fields of [{ intent: "drop" }, { intent: "toString" }, {}] as Array<Record<string, string>>) {
      const answer = await handle(form(fields), deps);
      expect(answer).toMatchObject({
        status: 400,
        result: { intent: "unknown", outcome: "failed", notice: { description: "Unbekannte Aktion." } },
      });
    }
    expect(deps.seen).toEqual([]);
  });

  it("passes headers on to the response", async () => {
    const response = staffActionResponse(await handle(form({ intent: "show" }), { seen: [] }));
    expect(response.init).toMatchObject({ status: 409, headers: { "Retry-After": "5" } });
    expect(response.data).toMatchObject({ intent: "show", outcome: "failed" });
  });

  it("sends a form with a single purpose to its one handler without an intent", async () => {
    const single = staffActionDispatcher<"save", undefined, { saved: boolean }>(
      { save: async () => ({ status: 200, result: { outcome: "done", saved: true } }) },
      { intent: "save" },
    );
    expect(await single(form({}), undefined)).toMatchObject({
      status: 200,
      result: { intent: "save", saved: true },
    });
  });
});
