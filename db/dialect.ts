/**
 * The two database engines (decision 0003). Owned by db/ because the migrations branch on it and
 * must not depend on the application's code, which changes after a migration has run; the app's
 * database handle (db/database.server.ts) names it too.
 */
export type Dialect = "sqlite" | "postgres";
