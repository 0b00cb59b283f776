import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { services } from "./common/app-context.ts";
import { CspNonce } from "./lib/csp-nonce.ts";
import { hydrateAfterLoad } from "./lib/hydration-timing.server.ts";
import { redactGuestLinks, type Logger } from "./lib/logger.server.ts";

export const streamTimeout = 5_000;

/**
 * The staff screens hydrate as React Router has it: staff act there at once. Guests' pages, and the
 * signed-out doors (sign-in, password help), load their scripts after the page (decision 0008); a
 * sign-in sent before then takes the no-JavaScript way, which works the same.
 */
const isStaffPage = (pathname: string) => /^\/(admin|logout)(\/|$)/.test(pathname);

/**
 * React Router's default Node entry, plus this request's CSP nonce on every inline script React
 * and React Router write (server/request-pipeline.ts sends the matching Content-Security-Policy
 * header), and the scripts of guests' pages loaded once the page has
 * (app/lib/hydration-timing.server.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce: nonce, logger } = services(loadContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <CspNonce value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonce>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (isStaffPage(new URL(request.url).pathname)) {
            pipe(body);
          } else {
            const rewrite = hydrateAfterLoad();
            rewrite.pipe(body);
            pipe(rewrite);
          }
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error("render failed", { error });
        },
      },
    );
  });
}

/**
 * Errors of loaders and actions, and React Router's own (a POST to a page without an action names
 * its path, a guest's token included), go to the JSON log, which redacts guests' links (decision
 * 0041), rather than to React Router's plain console output.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // React Router's own refusals carry the error that says why (its message names the path).
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const cause = inner ?? error;
  let logger: Logger | undefined;
  try {
    logger = services(context).logger;
  } catch {
    // A request that failed before its context was made: no logger to ask.
  }
  if (logger) logger.error("route error", { error: cause });
  else
    console.error(redactGuestLinks(cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)));
};
