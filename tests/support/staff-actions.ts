import type { Kysely } from "kysely";
import type { Database } from "../../db/database.types.ts";
import { contentDefaults } from "../../app/common/content/defaults.ts";
import { createMailer, type MailTransport, type Mailer } from "../../app/common/mail/mailer.server.ts";
import type { Logger } from "../../app/lib/logger.server.ts";
import type { MailContext } from "../../app/features/reservations/mails/reservation-mails.server.ts";
import { recordingLogger } from "./silent-logger.ts";

/** A mail server that takes every message and keeps none. */
const quietTransport: MailTransport = { async send() {}, close() {} };

/**
 * What a staff action of the reservations area gets, for a test: the database, a recording logger, a
 * mailer whose messages go nowhere, the default contact as the mails' sender, and a staff member.
 */
export function staffActionDependencies(db: Kysely<Database>, username = "chef") {
  const { logger } = recordingLogger();
  const mail: MailContext = {
    contact: contentDefaults["global.contact"],
    notifyEmail: undefined,
    siteOrigin: "http://localhost",
  };
  const mailer: Mailer = createMailer({
    db,
    logger,
    transport: quietTransport,
    from: undefined,
    retryBaseMs: 60_000,
  });
  return { db, logger: logger as Logger, mailer, mail, username };
}
