import { parentPort, workerData } from "node:worker_threads";
import { openDatabase, type DatabaseTarget } from "../../db/database.server.ts";
import { writeDueReminders } from "../../app/features/reservations/guest-self-service/reminders.server.ts";
import type { MailContext } from "../../app/features/reservations/mails/reservation-mails.server.ts";
import type { ReservationSettings } from "../../app/features/reservations/book/reservation-settings.ts";

/**
 * A reminder run in a thread of its own, with its own connection: another server process's run, as
 * far as the database can tell. (SQLite's wait for a lock blocks the thread that waits; two runs in
 * one thread would wait for each other.)
 */
const { target, settings, mail, now } = workerData as {
  target: DatabaseTarget;
  settings: ReservationSettings;
  mail: MailContext;
  now: string;
};
const handle = openDatabase(target);
try {
  const ids = await writeDueReminders(handle.db, { settings, mail, now: new Date(now) });
  parentPort?.postMessage(ids.length);
} finally {
  await handle.close();
}
