import type { Kysely } from "kysely";
import type { Database } from "../../../../db/database.types.ts";
import { INTENT_FIELD, saveFailedNotice, savedNotice, saveMessages } from "../../../lib/forms.ts";
import type { Logger } from "../../../lib/logger.server.ts";
import { staffActionDispatcher, type StaffActionOutcome } from "../../../lib/staff-actions.server.ts";
import {
  applyListEdit,
  parseListEdit,
  readSettingsDraft,
  unknownActionNotice,
  type SettingsResult,
} from "./settings-form.ts";
import {
  settingsDraftOf,
  settingsLabels,
  settingsMessages,
  validateSettings,
  withoutPast,
} from "./settings-schema.ts";
import { readReservationSettings, saveReservationSettings } from "./settings-store.server.ts";
import { observedStays } from "../book/index.server.ts";

/**
 * 'Reservierungseinstellungen' through the staff forms' dispatcher (decision 0010). Only owners get
 * here with a change: the route's middleware refuses everyone else first. The action checks every
 * field again with the screen's schema; a refused form changes nothing and comes back as typed.
 */
export interface SettingsActionDependencies {
  db: Kysely<Database>;
  logger: Logger;
  username: string;
  /** Today in Berlin: closures and exceptions may not lie before it. */
  today: string;
}

type Extra = Pick<SettingsResult, "values">;
type Outcome = StaffActionOutcome<Extra>;

const dispatchSettingsAction = staffActionDispatcher<
  "save" | "edit" | "take-stay",
  SettingsActionDependencies,
  Extra
>(
  {
    async save(form, { db, logger, username, today }): Promise<Outcome> {
      const draft = readSettingsDraft(form);
      const validation = validateSettings(draft, today);
      if (!validation.success)
        return {
          status: 400,
          result: {
            outcome: "invalid",
            fieldErrors: validation.fieldErrors,
            notice: saveFailedNotice(saveMessages.fixMarked),
            values: draft,
          },
        };
      try {
        // A page that showed the tables' seats has no seat inputs: what was typed before stays
        // (decision 0053), also when the last table went while the page was open.
        const seatsShown = form.has("totalSeats") || form.has("onlineSeats");
        await saveReservationSettings(db, validation.settings, username, { keepSeats: !seatsShown });
      } catch (error) {
        logger.error("reservation settings save failed", { username, error });
        return { status: 500, result: { outcome: "failed", notice: saveFailedNotice(), values: draft } };
      }
      logger.info("reservation settings saved", { username });
      return {
        status: 200,
        result: {
          outcome: "done",
          notice: savedNotice(settingsMessages.saved),
          values: settingsDraftOf(validation.settings),
        },
      };
    },

    /**
     * 'Übernehmen' next to an observed turn time (decision 0057): that stay becomes the observed median,
     * as the server reads it now, and is saved alone; what else was typed stays typed, unsaved.
     */
    async "take-stay"(form, { db, logger, username, today }): Promise<Outcome> {
      const size = form.get("stay_class");
      const draft = readSettingsDraft(form);
      if (size !== "small" && size !== "medium" && size !== "large")
        return { status: 400, result: { outcome: "failed", notice: unknownActionNotice(), values: draft } };
      const observed = (await observedStays(db, today))[size].median;
      if (observed === undefined)
        return {
          status: 409,
          result: {
            outcome: "failed",
            notice: saveFailedNotice(settingsMessages.noObservedStay),
            values: draft,
          },
        };
      const stored = withoutPast(await readReservationSettings(db), today);
      try {
        await saveReservationSettings(
          db,
          { ...stored, stayMinutes: { ...stored.stayMinutes, [size]: observed } },
          username,
          { keepSeats: true },
        );
      } catch (error) {
        logger.error("observed stay not taken over", { username, error });
        return { status: 500, result: { outcome: "failed", notice: saveFailedNotice(), values: draft } };
      }
      logger.info("observed stay taken over", { username, size, minutes: observed });
      return {
        status: 200,
        result: {
          outcome: "done",
          notice: savedNotice(settingsMessages.stayTakenOver(settingsLabels[stayLabelOf[size]], observed)),
          values: { ...draft, stayMinutes: { ...draft.stayMinutes, [size]: String(observed) } },
        },
      };
    },

    /** A list button sent without JavaScript: the rows change on the page, nothing is saved. */
    async edit(form): Promise<Outcome> {
      const edit = parseListEdit(form.get(INTENT_FIELD));
      if (!edit) return { status: 400, result: { outcome: "failed", notice: unknownActionNotice() } };
      return {
        status: 200,
        result: { outcome: "done", values: applyListEdit(readSettingsDraft(form), edit) },
      };
    },
  },
  // The list buttons name their change in the intent (`list:remove:closures:2`); 'edit' tells.
  { intent: "edit" },
);

const stayLabelOf = { small: "staySmall", medium: "stayMedium", large: "stayLarge" } as const;

/** The observed turn times' buttons name their stay in the intent (`take-stay:small`). */
export function handleSettingsAction(form: FormData, deps: SettingsActionDependencies) {
  const intent = form.get(INTENT_FIELD);
  if (typeof intent === "string" && intent.startsWith("take-stay:")) {
    form.set(INTENT_FIELD, "take-stay");
    form.set("stay_class", intent.slice("take-stay:".length));
  }
  return dispatchSettingsAction(form, deps);
}
