import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { services } from "./common/app-context.ts";
import { CspNonce } from "./lib/csp-nonce.ts";
import { hydrateAfterLoad } from "./lib/hydration-timing.server.ts";

export const streamTimeout = 5_000;

/**
 * The staff screens hydrate as React Router has it: staff act there at once. Guests' pages, and the
 * signed-out doors (sign-in, password help), load their scripts after the page (decision 0008); a
 * sign-in sent before then takes the no-JavaScript way, which works the same.
 */
const isStaffPage = (pathname: string) => /^\/(admin|logout)(\/|$)/.test(pathname);

/**
 * React Router's default Node entry, plus this request's CSP nonce on every inline script React
 * and React Router write (server/app.ts sends the matching Content-Security-Policy header), and the
 * scripts of guests' pages loaded once the page has (app/lib/hydration-timing.server.ts).
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
