import type http from "node:http";
import { createRequestListener } from "@remix-run/node-fetch-server";
import type { TavolaApp } from "./app.ts";

/**
 * The app as node:http's request listener. A guest's page kept in memory goes out straight to the
 * socket (decision 0020); every other request takes the fetch pipeline (Request in, Response out).
 * Forwarding headers are read by the app itself, from the right (server/client-address.ts).
 */
export function nodeListener(app: Pick<TavolaApp, "handle" | "serveKept">): http.RequestListener {
  const pipeline = createRequestListener(app.handle, { trustProxy: false });
  return (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") return pipeline(request, response);
    // Only an answer not yet begun goes to the pipeline: a response is never written twice.
    const fallBack = () => (response.headersSent ? undefined : pipeline(request, response));
    app.serveKept(request, response).then((served) => served || fallBack(), fallBack);
  };
}
