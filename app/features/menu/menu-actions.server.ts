import type { Kysely } from "kysely";
import type { Database, MenuType } from "../../../db/database.types.ts";
import { formId, type Notice } from "../../lib/forms.ts";
import {
  done,
  errorNotice,
  failed,
  invalid,
  staffActionDispatcher,
  successNotice,
  type StaffActionAnswer,
  type StaffActionHandler,
} from "../../lib/staff-actions.server.ts";
import type { Logger } from "../../lib/logger.server.ts";
import { addToActive, moveActive, removeFromActive } from "./active-lists.server.ts";
import { deleteCategory, saveCategory } from "./categories.server.ts";
import { deleteDish, saveProduct, saveWeeklyMeal } from "./dishes.server.ts";
import { MenuRuleError, ruleMessages as R } from "./menu-rules.server.ts";
import {
  deleteShowcaseItem,
  moveShowcaseItem,
  saveShowcaseItem,
  setShowcaseActive,
} from "./showcase-admin.server.ts";
import { menuActionMessages as A, type MenuIntent } from "./menu-model.ts";
import {
  categoryFields,
  categorySchema,
  productFields,
  productSchema,
  showcaseFields,
  showcaseSchema,
  validateMenuForm,
  weeklyFields,
  weeklySchema,
} from "./schema.ts";

/**
 * The actions of the three menu screens (decision 0018). Each answers with a notice for a toast,
 * field messages for a form, and the id it concerns; nothing a staff member sends causes a server
 * error page: rule violations are German messages (English on 'Menu Items', as the original had
 * them), unexpected failures are logged and answered with the screen's message
 * (docs/product/menu.md#staff-screens).
 */
export interface MenuActionDependencies {
  db: Kysely<Database>;
  logger: Logger;
  username: string;
}

export type MenuActionAnswer = StaffActionAnswer<MenuIntent>;

type Handler = StaffActionHandler<MenuActionDependencies>;

const error = errorNotice;
const success = successNotice;

/** A rule broken (a German message for staff, 409) or something unexpected (logged, 500). */
function failure(
  caught: unknown,
  deps: MenuActionDependencies,
  what: string,
  unexpected: (message: string) => Notice,
  targetId?: number,
) {
  if (caught instanceof MenuRuleError) return failed(409, unexpected(caught.message), targetId);
  deps.logger.error(`${what} failed`, { error: caught, username: deps.username });
  return failed(500, unexpected(A.unexpected), targetId);
}

const activeListHandlers = (type: MenuType) => {
  const card = type === "SPEISEKARTE" ? "Speisekarte" : "Wochenkarte";
  const handlers: Record<string, Handler> = {
    async activate(form, deps) {
      const id = formId(form);
      if (id === undefined) return failed(400, error(A.activateFailed(type, A.unknownDish)));
      try {
        await addToActive(deps.db, type, id);
        deps.logger.info("dish put on the active card", { type, id, username: deps.username });
        return done(success(`Zur aktiven ${card} hinzugefügt`), id);
      } catch (caught) {
        return failure(caught, deps, "activate", (message) => error(A.activateFailed(type, message)), id);
      }
    },
    async deactivate(form, deps) {
      const id = formId(form);
      if (id === undefined) return failed(400, error(A.deactivateFailed(type, A.unknownDish)));
      try {
        await removeFromActive(deps.db, type, id);
        deps.logger.info("dish taken off the active card", { type, id, username: deps.username });
        return done(success(`Von der aktiven ${card} entfernt`), id);
      } catch (caught) {
        return failure(caught, deps, "deactivate", (message) => error(A.deactivateFailed(type, message)), id);
      }
    },
    async move(form, deps) {
      const id = formId(form);
      const direction = form.get("direction");
      if (id === undefined || (direction !== "up" && direction !== "down"))
        return failed(400, error(A.orderFailed));
      try {
        await moveActive(deps.db, type, id, direction);
        return done(success("Reihenfolge gespeichert"), id);
      } catch (caught) {
        return failure(caught, deps, "reorder", () => error(A.orderFailed), id);
      }
    },
  };
  return handlers;
};

const speisekarteHandlers: Record<string, Handler> = {
  ...activeListHandlers("SPEISEKARTE"),
  async "product-save"(form, deps) {
    const id = formId(form);
    const parsed = validateMenuForm(productSchema, productFields, form);
    if (!parsed.success) return invalid(parsed.fieldErrors, id);
    try {
      const saved = await saveProduct(deps.db, parsed.data, id);
      deps.logger.info(id === undefined ? "product added" : "product saved", {
        id: saved,
        username: deps.username,
      });
      return done(
        success(id === undefined ? "Produkt hinzugefügt" : "Produkt gespeichert", parsed.data.name),
        saved,
      );
    } catch (caught) {
      if (caught instanceof MenuRuleError && caught.message === R.categoryMissing)
        return invalid({ category_id: caught.message }, id);
      return failure(
        caught,
        deps,
        "product save",
        (message) => error(message === A.unexpected ? A.productFailed : message),
        id,
      );
    }
  },
  async "product-delete"(form, deps) {
    const id = formId(form);
    if (id === undefined) return failed(400, error(A.productDeleteFailed(A.unknownDish)));
    try {
      await deleteDish(deps.db, "SPEISEKARTE", id);
      deps.logger.info("product deleted", { id, username: deps.username });
      return done(success("Produkt gelöscht"), id);
    } catch (caught) {
      return failure(caught, deps, "product delete", (message) => error(A.productDeleteFailed(message)), id);
    }
  },
  async "category-save"(form, deps) {
    const id = formId(form);
    const parsed = validateMenuForm(categorySchema, categoryFields, form);
    if (!parsed.success) return invalid(parsed.fieldErrors, id);
    try {
      const saved = await saveCategory(deps.db, parsed.data, id);
      deps.logger.info("category saved", { id: saved.id, username: deps.username });
      return done(success("Kategorie gespeichert", saved.name), saved.id);
    } catch (caught) {
      if (caught instanceof MenuRuleError && caught.message !== R.categoryMissing)
        return invalid({ parent_id: caught.message }, id);
      return failure(
        caught,
        deps,
        "category save",
        (message) => error(message === A.unexpected ? A.categoryFailed : message),
        id,
      );
    }
  },
  async "category-delete"(form, deps) {
    const id = formId(form);
    if (id === undefined) return failed(400, error(A.categoryDeleteFailed));
    try {
      const { products } = await deleteCategory(deps.db, id);
      deps.logger.info("category deleted", { id, products, username: deps.username });
      return done(success("Kategorie gelöscht", A.categoryDeleted(products)), id);
    } catch (caught) {
      return failure(caught, deps, "category delete", () => error(A.categoryDeleteFailed), id);
    }
  },
};

const wochenkarteHandlers: Record<string, Handler> = {
  ...activeListHandlers("WOCHENKARTE"),
  async "meal-save"(form, deps) {
    const id = formId(form);
    const parsed = validateMenuForm(weeklySchema, weeklyFields, form);
    if (!parsed.success) return invalid(parsed.fieldErrors, id);
    try {
      const saved = await saveWeeklyMeal(deps.db, parsed.data, id);
      deps.logger.info("weekly dish saved", { id: saved, username: deps.username });
      return done(
        success(
          id === undefined ? "Wochengericht hinzugefügt" : "Wochengericht gespeichert",
          parsed.data.name,
        ),
        saved,
      );
    } catch (caught) {
      return failure(caught, deps, "weekly dish save", () => error(A.mealFailed), id);
    }
  },
  async "meal-delete"(form, deps) {
    const id = formId(form);
    if (id === undefined) return failed(400, error(A.mealDeleteFailed(A.unknownDish)));
    try {
      await deleteDish(deps.db, "WOCHENKARTE", id);
      deps.logger.info("weekly dish deleted", { id, username: deps.username });
      return done(success("Wochengericht gelöscht"), id);
    } catch (caught) {
      return failure(caught, deps, "weekly dish delete", (message) => error(A.mealDeleteFailed(message)), id);
    }
  },
};

const englishError = (description: string) =>
  error(description === A.unexpected ? "An error occurred." : description, "Error");

const showcaseHandlers: Record<string, Handler> = {
  async "item-save"(form, deps) {
    const id = formId(form);
    const parsed = validateMenuForm(showcaseSchema, showcaseFields, form);
    if (!parsed.success) return invalid(parsed.fieldErrors, id);
    try {
      const saved = await saveShowcaseItem(deps.db, parsed.data, id);
      deps.logger.info("showcase item saved", { id: saved, username: deps.username });
      return done(success(id === undefined ? "Menu item added" : "Menu item saved", parsed.data.name), saved);
    } catch (caught) {
      return failure(caught, deps, "showcase save", (message) => englishError(message), id);
    }
  },
  async "item-toggle"(form, deps) {
    const id = formId(form);
    const active = form.get("is_active");
    if (id === undefined || (active !== "true" && active !== "false"))
      return failed(400, englishError(A.unknownAction));
    try {
      await setShowcaseActive(deps.db, id, active === "true");
      deps.logger.info("showcase item shown or hidden", { id, active, username: deps.username });
      return done(success(active === "true" ? "Menu item shown" : "Menu item hidden"), id);
    } catch (caught) {
      return failure(caught, deps, "showcase toggle", (message) => englishError(message), id);
    }
  },
  async "item-move"(form, deps) {
    const id = formId(form);
    const direction = form.get("direction");
    if (id === undefined || (direction !== "up" && direction !== "down"))
      return failed(400, englishError(A.unknownAction));
    try {
      await moveShowcaseItem(deps.db, id, direction);
      return done(success("Order saved"), id);
    } catch (caught) {
      return failure(caught, deps, "showcase move", (message) => englishError(message), id);
    }
  },
  async "item-delete"(form, deps) {
    const id = formId(form);
    if (id === undefined) return failed(400, englishError(A.unknownAction));
    try {
      await deleteShowcaseItem(deps.db, id);
      deps.logger.info("showcase item deleted", { id, username: deps.username });
      return done(success("Menu item deleted"), id);
    } catch (caught) {
      return failure(caught, deps, "showcase delete", (message) => englishError(message), id);
    }
  },
};

const handlerFor = (handlers: Record<string, Handler>) =>
  staffActionDispatcher<MenuIntent, MenuActionDependencies>(
    handlers as Record<MenuIntent, Handler>,
    error(A.unknownAction),
  );

export const handleSpeisekarteAction = handlerFor(speisekarteHandlers);
export const handleWochenkarteAction = handlerFor(wochenkarteHandlers);
export const handleShowcaseAction = handlerFor(showcaseHandlers);
