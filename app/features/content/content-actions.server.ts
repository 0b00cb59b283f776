import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.types.ts";
import type { Logger } from "../../lib/logger.server.ts";
import type { StaffActionResult } from "../../lib/forms.ts";
import { staffActionDispatcher } from "../../lib/staff-actions.server.ts";
import type { ContentFormResult } from "./content-form.ts";
import { submitContentForm } from "./content.server.ts";

/**
 * 'Website-Inhalte' through the staff forms' dispatcher. A tab's form has one purpose: its list
 * buttons edit the form (`edited`), its save button saves it; `submitContentForm` tells them apart.
 */
export interface ContentActionDependencies {
  db: Kysely<Database>;
  logger: Logger;
  username: string;
}

const answerOf: Record<
  ContentFormResult["status"],
  { status: number; outcome: StaffActionResult["outcome"] }
> = {
  "bad-request": { status: 400, outcome: "failed" },
  invalid: { status: 400, outcome: "invalid" },
  failed: { status: 500, outcome: "failed" },
  edited: { status: 200, outcome: "done" },
  saved: { status: 200, outcome: "done" },
};

export const handleContentAction = staffActionDispatcher<
  "save",
  ContentActionDependencies,
  ContentFormResult
>(
  {
    async save(form, { db, logger, username }) {
      const result = await submitContentForm(db, logger, form);
      if (result.status === "saved") logger.info("content saved", { username, block: result.block });
      const { status, outcome } = answerOf[result.status];
      return { status, result: { ...result, outcome } };
    },
  },
  { intent: "save" },
);
