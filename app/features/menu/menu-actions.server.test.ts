import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/database.server.ts";
import { recordingLogger } from "../../../tests/support/silent-logger.ts";
import { testDatabases } from "../../../tests/support/test-databases.ts";
import {
  handleShowcaseAction,
  handleSpeisekarteAction,
  handleWochenkarteAction,
} from "./menu-actions.server.ts";
import { listActiveIds } from "./active-lists.server.ts";
import { listProducts, saveProduct } from "./dishes.server.ts";

const form = (values: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values))
    for (const item of Array.isArray(value) ? value : [value]) data.append(key, item);
  return data;
};

describe.each(testDatabases())("menu actions on $dialect", (engine) => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());
  const deps = () => ({ db: handle.db, logger: recordingLogger().logger, username: "chef" });

  it("stores a valid product and answers with a notice; invalid input stores nothing", async () => {
    handle = await engine.open();
    const saved = await handleSpeisekarteAction(
      form({ intent: "product-save", name: "Tiramisu", price: "6,90", allergens: ["C", "G"] }),
      deps(),
    );
    expect(saved).toMatchObject({
      status: 200,
      result: { outcome: "done", notice: { title: "Produkt hinzugefügt" } },
    });
    const forged = await handleSpeisekarteAction(
      form({ intent: "product-save", name: "Gift", price: "1", allergens: ["X"], additives: ["99"] }),
      deps(),
    );
    expect(forged).toMatchObject({
      status: 400,
      result: {
        outcome: "invalid",
        fieldErrors: { allergens: "Unbekannte Kennzeichnung", additives: "Unbekannte Kennzeichnung" },
      },
    });
    const json = await handleSpeisekarteAction(new FormData(), deps());
    expect(json).toMatchObject({ status: 400, result: { intent: "unknown", outcome: "failed" } });
    expect((await listProducts(handle.db)).map((product) => [product.name, product.price_cents])).toEqual([
      ["Tiramisu", 690],
    ]);
  });

  it("answers a broken rule with its German message and 409, never an error page", async () => {
    handle = await engine.open();
    const refused = await handleSpeisekarteAction(form({ intent: "activate", id: "4711" }), deps());
    expect(refused).toMatchObject({
      status: 409,
      result: {
        outcome: "failed",
        notice: {
          description:
            "Konnte Produkt nicht zur aktiven Karte hinzufügen: Dieses Produkt gibt es nicht (mehr).",
        },
      },
    });
    const weekly = await handleWochenkarteAction(form({ intent: "activate", id: "4711" }), deps());
    expect(weekly.result.notice?.description).toBe(
      "Fehler beim Hinzufügen zur aktiven Karte. Dieses Wochengericht gibt es nicht (mehr).",
    );
    const ownParent = await handleSpeisekarteAction(
      form({ intent: "category-save", name: "X", parent_id: "99" }),
      deps(),
    );
    expect(ownParent).toMatchObject({
      status: 400,
      result: { fieldErrors: { parent_id: "Die gewählte Oberkategorie gibt es nicht (mehr)." } },
    });
    const deleteMissing = await handleSpeisekarteAction(
      form({ intent: "category-delete", id: "99" }),
      deps(),
    );
    expect(deleteMissing.result.notice?.description).toBe("Failed to delete category.");
  });

  it("moves a dish on the active card; the other card stays as it was", async () => {
    handle = await engine.open();
    const ids = [];
    for (const name of ["A", "B", "C"]) {
      const id = await saveProduct(handle.db, {
        name,
        description: null,
        price: 100,
        category_id: null,
        product_code: null,
        allergens: [],
        additives: [],
      });
      ids.push(id);
      await handleSpeisekarteAction(form({ intent: "activate", id: String(id) }), deps());
    }
    await handleSpeisekarteAction(form({ intent: "move", id: String(ids[2]), direction: "up" }), deps());
    expect(await listActiveIds(handle.db, "SPEISEKARTE")).toEqual([ids[0], ids[2], ids[1]]);
    const bad = await handleSpeisekarteAction(
      form({ intent: "move", id: String(ids[0]), direction: "sideways" }),
      deps(),
    );
    expect(bad.status).toBe(400);
    expect(await listActiveIds(handle.db, "WOCHENKARTE")).toEqual([]);
  });

  it("showcase: English messages, a forged category or picture address is refused", async () => {
    handle = await engine.open();
    const bad = await handleShowcaseAction(
      form({
        intent: "item-save",
        name: "X",
        price: "1",
        description: "Y",
        category: "sushi",
        image_url: "javascript:alert(1)",
      }),
      deps(),
    );
    expect(bad.result.fieldErrors).toEqual({
      category: "Please choose a category.",
      image_url: "Gültige URL erforderlich",
    });
    const missing = await handleShowcaseAction(
      form({ intent: "item-toggle", id: "5", is_active: "false" }),
      deps(),
    );
    expect(missing).toMatchObject({
      status: 409,
      result: { notice: { title: "Error", description: "This menu item no longer exists." } },
    });
  });
});
