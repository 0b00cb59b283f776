import { redirect, UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  actionFailureMessages,
  answerOrFailure,
  FAILURE_STATUS,
  failureKindOf,
  rowActionFailure,
  type ActionFailure,
} from "./action-failures.ts";
import { errorNotice } from "./forms.ts";

/** A form post as React Router hands it to a clientAction. */
const post = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request("http://localhost/admin/speisekarte", { method: "POST", body });
};

/** serverAction() as React Router runs it: it sends the request's body, then fails or answers. */
const serverActionFor = (request: Request, outcome: () => Promise<unknown>) => async () => {
  await request.formData();
  return outcome();
};

const failures: ActionFailure[] = [];
const recordFailure = (form: FormData, failure: ActionFailure) => {
  failures.push(failure);
  return { failed: true, intent: form.get("intent"), id: form.get("id") };
};

/** What answerOrFailure hands to React Router: data(…, { status }) or the answer itself. */
const unwrap = (result: unknown): { data: unknown; status: number | undefined } =>
  typeof result === "object" && result !== null && "init" in result && "data" in result
    ? { data: result.data, status: (result.init as ResponseInit | undefined)?.status }
    : { data: result, status: undefined };

afterEach(() => {
  failures.length = 0;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("answerOrFailure: a staff screen's request that gets no answer of the action's own", () => {
  it("passes the action's answer through unchanged, also a refusal it wrote (400, 409)", async () => {
    const refusal = { outcome: "invalid", fieldErrors: { name: "Name fehlt" } };
    const request = post({ intent: "product-save" });
    const result = await answerOrFailure(
      { request, serverAction: serverActionFor(request, () => Promise.resolve(refusal)) },
      recordFailure,
    );
    expect(result).toBe(refusal);
    expect(failures).toEqual([]);
  });

  it.each([
    ["a proxy's bare 500", () => new ErrorResponse(500, "Internal Server Error", "<h1>Proxy</h1>"), "server"],
    ["a gateway's 504", () => new ErrorResponse(504, "Gateway Timeout", ""), "server"],
    ["an error thrown in the action", () => new Error("database is locked"), "server"],
    ["a dropped connection", () => new TypeError("Failed to fetch"), "offline"],
    ["an aborted request", () => new DOMException("The user aborted a request.", "AbortError"), "offline"],
  ] as const)("turns %s into the intent's failure, built from the sent form", async (_, error, kind) => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const request = post({ intent: "activate", id: "13" });
    const result = unwrap(
      await answerOrFailure(
        { request, serverAction: serverActionFor(request, () => Promise.reject(error())) },
        recordFailure,
      ),
    );
    expect(result).toEqual({
      data: { failed: true, intent: "activate", id: "13" },
      status: FAILURE_STATUS,
    });
    expect(failures).toEqual([{ kind, detail: actionFailureMessages[kind], id: expect.any(String) }]);
  });

  it("lets a redirect (an expired session) and a refusal the server decided (403) go on", async () => {
    const toLogin = redirect("/login");
    const forbidden = new ErrorResponse(403, "", "Nur Inhaber dürfen Konten verwalten.");
    for (const error of [toLogin, forbidden]) {
      const request = post({ intent: "remove", id: "2" });
      await expect(
        answerOrFailure(
          { request, serverAction: serverActionFor(request, () => Promise.reject(error)) },
          recordFailure,
        ),
      ).rejects.toBe(error);
    }
    expect(failures).toEqual([]);
  });

  it("gives up after the timeout, and a late answer changes nothing", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let answerLate: (value: unknown) => void = () => undefined;
    const request = post({ intent: "status", id: "4" });
    const pending = answerOrFailure(
      {
        request,
        serverAction: serverActionFor(request, () => new Promise((resolve) => (answerLate = resolve))),
      },
      recordFailure,
      { timeoutMs: 1000 },
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(failures).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(unwrap(await pending).data).toEqual({ failed: true, intent: "status", id: "4" });
    expect(failures.map((failure) => failure.kind)).toEqual(["timeout"]);
    answerLate({ outcome: "done" });
    await vi.runAllTimersAsync();
    expect(failures).toHaveLength(1);
  });

  it("calls a connection that fails while the browser is offline 'offline', whatever the error", () => {
    expect(failureKindOf(new Error("anything"), false)).toBe("offline");
    expect(failureKindOf(new ErrorResponse(502, "Bad Gateway", ""), true)).toBe("server");
  });

  it("gives every failure its own id, so the same failure twice is shown twice", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (let i = 0; i < 2; i++) {
      const request = post({ intent: "move", id: "1" });
      await answerOrFailure(
        { request, serverAction: () => Promise.reject(new TypeError("Failed to fetch")) },
        recordFailure,
      );
    }
    expect(new Set(failures.map((failure) => failure.id)).size).toBe(2);
  });
});

describe("rowActionFailure: the failure answer of a row-action screen", () => {
  const failure: ActionFailure = { kind: "offline", detail: actionFailureMessages.offline, id: "f-1" };
  const build = rowActionFailure(
    {
      hide: () => errorNotice("Fehler beim Verstecken."),
      delete: (why: ActionFailure) => errorNotice(`Fehler beim Löschen: ${why.detail}`),
    },
    () => errorNotice("Ein Fehler ist aufgetreten."),
  );
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return body;
  };

  it("answers as the action answers a failure: the intent, the row, the intent's message", () => {
    expect(build(form({ intent: "hide", id: "13" }), failure)).toEqual({
      intent: "hide",
      resultId: "f-1",
      outcome: "failed",
      notice: { tone: "error", title: "Fehler", description: "Fehler beim Verstecken." },
      targetId: 13,
    });
    expect(build(form({ intent: "delete", id: "2" }), failure).notice?.description).toBe(
      `Fehler beim Löschen: ${actionFailureMessages.offline}`,
    );
  });

  it("has a message for an intent it does not know, also one named like an object's property", () => {
    for (const intent of ["", "toString", "__proto__"])
      expect(build(form({ intent }), failure)).toMatchObject({
        intent: "unknown",
        notice: { description: "Ein Fehler ist aufgetreten." },
        targetId: undefined,
      });
  });
});
