import { insertReservation as insertInto, type TestReservation } from "../../support/reservations.ts";
import type { Site } from "./site.ts";

/** A reservation straight into the site's database, as if a guest had sent it (PENDING unless said). */
export const insertReservation = (site: Site, values: TestReservation & { name: string }) =>
  insertInto(site.db, { email: "gast@example.de", ...values });
