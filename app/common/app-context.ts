import { createContext, type RouterContextProvider } from "react-router";
import type { Config } from "../lib/env.server.ts";
import type { DatabaseHandle } from "../../db/database.server.ts";
import type { Logger } from "../lib/logger.server.ts";
import type { LiveHub } from "./live/hub.server.ts";
import type { Mailer } from "./mail/mailer.server.ts";
import type { PictureStorage } from "./pictures/storage.server.ts";

/**
 * What the HTTP server hands every loader and action: the one database, the parsed configuration,
 * the logger and who is asking. Set once per request in server/app.ts.
 */
export interface AppServices {
  database: DatabaseHandle;
  config: Config;
  logger: Logger;
  /** Sends the outbox's e-mails (decision 0017). */
  mailer: Mailer;
  /** Where uploaded pictures are kept (decision 0019). */
  pictures: PictureStorage;
  /** The client's address: the socket's peer, or what a trusted proxy saw (docs/decisions/0009). */
  clientAddress: string;
  /** Origin for absolute links: PUBLIC_URL, else the origin the server listens on — never the Host header. */
  siteOrigin: string;
  /** This request's Content-Security-Policy nonce for the inline scripts React Router writes. */
  cspNonce: string;
  requestId: string;
  /** This process's open staff event streams and what feeds them (decision 0035). */
  live: LiveHub;
}

export const appContext = createContext<AppServices>();

export const services = (context: Readonly<RouterContextProvider>): AppServices => context.get(appContext);
