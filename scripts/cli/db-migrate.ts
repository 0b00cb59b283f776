import { openForCli, say } from "./config.ts";

/** `npm run db:migrate`: brings the database named by the environment up to date (the server also does this at start). */
const { database, applied } = await openForCli();
say(
  applied.length > 0
    ? `Migrationen ausgeführt: ${applied.join(", ")}`
    : "Die Datenbank ist auf dem neuesten Stand.",
);
await database.close();
