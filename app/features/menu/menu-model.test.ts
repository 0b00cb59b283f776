import { describe, expect, it } from "vitest";
import { actionFailureMessages, rowActionFailure, type ActionFailure } from "../../lib/action-failures.ts";
import { errorNotice } from "../../lib/forms.ts";
import { menuActionMessages, menuFailureNotices, type MenuIntent } from "./menu-model.ts";

describe("menuFailureNotices: what the menu screens say when no answer of the action arrives", () => {
  const failure: ActionFailure = { kind: "server", detail: actionFailureMessages.server, id: "f-1" };
  const build = rowActionFailure(menuFailureNotices, () => errorNotice(menuActionMessages.unexpected));
  const sent = (intent: string, id = "7") => {
    const form = new FormData();
    form.set("intent", intent);
    form.set("id", id);
    return form;
  };

  it("uses the catch-all texts for the active card, on both cards", () => {
    expect(build(sent("activate"), failure)).toMatchObject({
      intent: "activate",
      outcome: "failed",
      targetId: 7,
      notice: { tone: "error", title: "Fehler", description: "Fehler beim Hinzufügen zur aktiven Karte." },
    });
    expect(build(sent("deactivate"), failure).notice?.description).toBe(
      "Fehler beim Entfernen von der aktiven Karte.",
    );
  });

  it("puts the reason into the delete messages, and answers 'Menu Items' in English", () => {
    expect(build(sent("product-delete"), failure).notice?.description).toBe(
      "Fehler beim Löschen des Produkts: Ein unerwarteter Fehler ist aufgetreten.",
    );
    expect(build(sent("item-toggle"), failure).notice).toEqual(errorNotice("An error occurred.", "Error"));
  });

  it("has an error notice for every intent of the menu screens", () => {
    for (const intent of Object.keys(menuFailureNotices) as MenuIntent[])
      expect(build(sent(intent), failure).notice?.tone, intent).toBe("error");
  });
});
