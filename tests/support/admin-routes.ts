import type { RouteConfigEntry } from "@react-router/dev/routes";
import { RouterContextProvider } from "react-router";
import { parseConfig } from "../../app/lib/env.server.ts";
import { appContext, type AppServices } from "../../app/common/app-context.ts";
import routes from "../../app/routes.ts";
import type { DatabaseHandle } from "../../db/database.server.ts";
import { recordingLogger } from "./silent-logger.ts";

/**
 * Calls a route's loader or action the way React Router does: after the middleware of every route
 * around it and of its own, so the admin layout's staff check (decision 0030) runs first. For tests
 * that call a screen's handlers without the whole request handler.
 */
type Handler = (args: HandlerArgs) => unknown;
type Middleware = (args: HandlerArgs, next: () => Promise<unknown>) => unknown;
interface RouteModule {
  loader?: Handler;
  action?: Handler;
  middleware?: Middleware[];
}
export interface HandlerArgs {
  request: Request;
  context: unknown;
  params?: Record<string, string>;
  url?: URL;
}

const modules = import.meta.glob<RouteModule>(["/app/routes/**/*.{ts,tsx}", "!/app/routes/**/*.test.ts"]);

/** The files from the outermost route to `file`, as app/routes.ts nests them. */
function chainOf(file: string, entries: RouteConfigEntry[] = routes): string[] | undefined {
  for (const entry of entries) {
    if (entry.file === file) return [file];
    const inner = chainOf(file, entry.children ?? []);
    if (inner) return [entry.file, ...inner];
  }
  return undefined;
}

async function moduleOf(file: string): Promise<RouteModule> {
  const load = modules[`/app/${file}`];
  if (!load) throw new Error(`no route module ${file}`);
  return load();
}

/** Every route file in app/routes.ts whose address lies below /admin. */
export function adminRouteFiles(entries: RouteConfigEntry[] = routes, insideAdmin = false): string[] {
  return entries.flatMap((entry) => {
    const admin = insideAdmin || entry.path === "admin" || entry.path?.startsWith("admin/") === true;
    return [...(admin ? [entry.file] : []), ...adminRouteFiles(entry.children ?? [], admin)];
  });
}

export async function handlerOf(file: string, kind: "loader" | "action"): Promise<Handler | undefined> {
  return (await moduleOf(file))[kind];
}

export async function callRoute(
  file: string,
  kind: "loader" | "action",
  args: HandlerArgs,
): Promise<unknown> {
  const chain = chainOf(file);
  if (!chain) throw new Error(`${file} is not in app/routes.ts`);
  const loaded = await Promise.all(chain.map(moduleOf));
  const handler = loaded.at(-1)?.[kind];
  if (!handler) throw new Error(`${file} has no ${kind}`);
  const middleware = loaded.flatMap((module) => module.middleware ?? []);
  const run = async (index: number): Promise<unknown> => {
    const next = middleware[index];
    return next ? next({ params: {}, ...args }, () => run(index + 1)) : handler({ params: {}, ...args });
  };
  return run(0);
}

/**
 * `callRoute` as a signed-in staff member's browser would: a GET at `address`, or a form POST when
 * a body is given, carrying the session `cookie`.
 */
export function callAs(
  cookie: string,
  context: unknown,
  file: string,
  kind: "loader" | "action",
  address: string,
  body?: Record<string, string>,
): Promise<unknown> {
  return callRoute(file, kind, {
    request: new Request(address, {
      method: body ? "POST" : "GET",
      headers: { cookie },
      ...(body ? { body: new URLSearchParams(body) } : {}),
    }),
    context,
    url: new URL(address),
  });
}

/** A request's context with the services a staff screen's loaders and actions use. */
export function staffScreenContext(database: DatabaseHandle): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, {
    database,
    config: parseConfig({}),
    logger: recordingLogger().logger,
  } as AppServices);
  return context;
}

/** What a call throws (a refusal's Response), or what it answers when it does not. */
export async function thrownBy(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (error) {
    return error;
  }
}
