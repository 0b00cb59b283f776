import type { DatabaseHandle } from "../db/database.server.ts";
import { readMigrationRecord } from "../db/migrate.ts";
import type { Logger } from "../app/lib/logger.server.ts";
import { loggedPath } from "./request-guards.ts";

/**
 * One cheap read, given at most two seconds (a database that hangs counts as unreachable). It reads
 * the migrations' record, not a feature's table: each table has its owning feature (decision 0051).
 */
export async function databaseReachable(database: DatabaseHandle): Promise<boolean> {
  const query = readMigrationRecord(database.db).then(
    () => true,
    () => false,
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), 2000);
  });
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const UNAVAILABLE_TITLE = "Vorübergehend nicht erreichbar";
export const UNAVAILABLE_TEXT =
  "Die Website ist vorübergehend nicht erreichbar. Bitte versuchen Sie es in wenigen Minuten erneut.";
const RETRY_AFTER_SECONDS = 30;

/** The page (or, for data requests, the text) guests and staff see while the database is away. */
function unavailableResponse(request: Request): Response {
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  if (!(request.headers.get("accept") ?? "").includes("text/html"))
    return new Response(UNAVAILABLE_TEXT, {
      status: 503,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  const page = `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${UNAVAILABLE_TITLE}</title><style>body{font-family:system-ui,sans-serif;margin:0;display:grid;min-height:100vh;place-items:center;background:#faf7f2;color:#1c1917}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}</style></head><body><main><h1>${UNAVAILABLE_TITLE}</h1><p>${UNAVAILABLE_TEXT}</p></main></body></html>`;
  return new Response(page, {
    status: 503,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
  });
}

/** The 503 'vorübergehend nicht erreichbar' answer when the database cannot be reached, else nothing. */
export async function unavailableIfDatabaseAway(
  database: DatabaseHandle,
  logger: Logger,
  request: Request,
  requestId: string,
): Promise<Response | undefined> {
  if (await databaseReachable(database)) return undefined;
  logger.warn("database unreachable: answered 503", {
    requestId,
    path: loggedPath(new URL(request.url).pathname),
  });
  return unavailableResponse(request);
}

export async function healthCheck(database: DatabaseHandle, logger: Logger): Promise<Response> {
  if (await databaseReachable(database))
    return Response.json(
      { status: "ok", database: database.dialect },
      { headers: { "Cache-Control": "no-store" } },
    );
  logger.error("health check failed: database unreachable");
  return Response.json({ status: "error" }, { status: 503, headers: { "Cache-Control": "no-store" } });
}
