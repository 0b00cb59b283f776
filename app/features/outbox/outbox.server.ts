import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.types.ts";
import { errorNotice, formId, type Notice } from "../../lib/forms.ts";
import type { Logger } from "../../lib/logger.server.ts";
import { staffActionDispatcher } from "../../lib/staff-actions.server.ts";
import { NO_SMTP_MESSAGE, type Mailer } from "../../common/mail/mailer.server.ts";
import { countOutbox, listOutbox, requeueMail, type OutboxFilter } from "../../common/mail/outbox.server.ts";
import { outboxFilters, type OutboxIntent } from "./outbox-model.ts";

/**
 * The outbox (decision 0017): every e-mail the site wrote, whether it went out, and why not; and
 * 'Erneut senden'. The route has checked the staff session.
 */

export async function loadOutbox(db: Kysely<Database>, mailer: Mailer, url: URL) {
  const requested = url.searchParams.get("filter");
  const filter = outboxFilters.some((entry) => entry.value === requested)
    ? (requested as OutboxFilter)
    : "all";
  const [entries, counts] = await Promise.all([listOutbox(db, { filter }), countOutbox(db)]);
  return { filter, entries, counts, notConfigured: mailer.configured ? undefined : NO_SMTP_MESSAGE };
}

export type OutboxData = Awaited<ReturnType<typeof loadOutbox>>;

export interface OutboxDependencies {
  db: Kysely<Database>;
  logger: Logger;
  mailer: Mailer;
  username: string;
}

const unknownAction = errorNotice("Unbekannte Aktion.");

/** 'Erneut senden': the message is due again now and sent at once. */
export const handleOutboxAction = staffActionDispatcher<OutboxIntent, OutboxDependencies>(
  {
    async resend(form, { db, logger, mailer, username }) {
      const id = formId(form);
      if (id === undefined) return { status: 400, result: { outcome: "failed", notice: unknownAction } };
      if (!(await requeueMail(db, id)))
        return {
          status: 409,
          result: {
            outcome: "failed",
            notice: errorNotice("Diese E-Mail wird gerade gesendet oder existiert nicht mehr."),
          },
        };
      logger.info("mail requeued", { username, mailId: id });
      const delivery = await mailer.deliver(id);
      const notice: Notice =
        delivery.status === "sent"
          ? { tone: "success", title: "E-Mail gesendet", description: "Die E-Mail wurde erneut gesendet." }
          : delivery.status === "busy"
            ? {
                tone: "success",
                title: "E-Mail wird gesendet",
                description: "Die E-Mail wird gerade gesendet.",
              }
            : {
                tone: "error",
                title: "E-Mail Fehler",
                description: `Die E-Mail konnte nicht gesendet werden: ${delivery.error} Sie wird automatisch erneut versucht.`,
              };
      // Not sent is still an answer: the mail stays in the outbox and is tried again.
      return {
        status: 200,
        result: { outcome: delivery.status === "waiting" ? "failed" : "done", notice, targetId: id },
      };
    },
  },
  unknownAction,
);
